import type { Queryable } from '@corestone/service-kit';
import type { Locale } from '@corestone/contracts';
import type { Account } from '../domain/view';

export type MailChoiceRow = Pick<Account, 'id' | 'email' | 'first_name' | 'last_name' | 'display_name' | 'email_notifications'> & {
  locale: Locale | null;
  /** The default language of the school they are a member of (null: none, or not heard yet). */
  school_default_locale: Locale | null;
};

/**
 * The active accounts among `ids` with what a mail to them needs: address, name parts, switches and
 * language (their own, and their school's default from the mirror; an old mirrored school is `en`).
 */
export async function readMailChoices(db: Queryable, ids: readonly string[]): Promise<MailChoiceRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<MailChoiceRow>(
    `SELECT a.id, a.email, a.first_name, a.last_name, a.display_name, a.email_notifications, a.locale,
       CASE WHEN n.school_id IS NULL THEN NULL ELSE COALESCE(n.default_locale, 'en') END AS school_default_locale
     FROM accounts a LEFT JOIN school_membership s ON s.user_id = a.id::text LEFT JOIN school_names n ON n.school_id = s.school_id
     WHERE a.id = ANY($1::uuid[]) AND a.is_active`,
    [ids],
  );
  return rows;
}
