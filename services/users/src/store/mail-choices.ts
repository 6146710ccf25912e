import type { Queryable } from '@corestone/service-kit';
import type { Account } from '../domain/view';

export type MailChoiceRow = Pick<Account, 'id' | 'email' | 'first_name' | 'last_name' | 'display_name' | 'email_notifications'>;

/** The active accounts among `ids` with what a mail to them needs: address, name parts and switches. */
export async function readMailChoices(db: Queryable, ids: readonly string[]): Promise<MailChoiceRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<MailChoiceRow>(
    `SELECT id, email, first_name, last_name, display_name, email_notifications FROM accounts WHERE id = ANY($1::uuid[]) AND is_active`,
    [ids],
  );
  return rows;
}
