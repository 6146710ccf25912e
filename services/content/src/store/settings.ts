import type { Pool } from 'pg';
import type { ContentSettings, ContentSettingsUpdate } from '@corestone/contracts';
import type { OrganisationDetails } from '../domain/placeholders';

type SettingKey = keyof ContentSettingsUpdate;
const KEYS: readonly SettingKey[] = [
  'organisation_name',
  'contact_email',
  'safeguarding_email',
  'postal_address',
  'enquiry_notification_email',
];

/**
 * The operator's settings, one row per key. Organisation details start empty (not set: the
 * policies show a visible marker); the enquiries inbox starts as `CONTACT_TO`.
 */
export class SettingsStore {
  constructor(
    private readonly pool: Pool,
    private readonly defaults: { enquiry_notification_email: string },
  ) {}

  /** Stores the first inbox once; later starts never overwrite an edited setting. */
  async seed(): Promise<void> {
    const inbox = this.defaults.enquiry_notification_email;
    const address = /<([^<>]+)>\s*$/.exec(inbox)?.[1] ?? inbox; // 'Name <a@b>' → 'a@b'
    await this.pool.query(`INSERT INTO settings (key, value) VALUES ('enquiry_notification_email', $1) ON CONFLICT (key) DO NOTHING`, [
      address.trim(),
    ]);
  }

  async all(): Promise<ContentSettings> {
    const { rows } = await this.pool.query<{ key: string; value: string; last_updated: Date; updated_by: string | null }>(
      `SELECT key, value, last_updated, updated_by FROM settings`,
    );
    const value = (k: SettingKey) => rows.find((r) => r.key === k)?.value;
    const latest = rows.filter((r) => r.updated_by !== null).sort((a, b) => b.last_updated.getTime() - a.last_updated.getTime())[0];
    return {
      organisation_name: value('organisation_name') ?? '',
      contact_email: value('contact_email') ?? '',
      safeguarding_email: value('safeguarding_email') ?? '',
      postal_address: value('postal_address') ?? '',
      enquiry_notification_email: value('enquiry_notification_email') ?? this.defaults.enquiry_notification_email,
      last_updated: latest ? latest.last_updated.toISOString() : null,
      updated_by: latest?.updated_by ?? null,
    };
  }

  async organisation(): Promise<OrganisationDetails> {
    const { organisation_name, contact_email, safeguarding_email, postal_address } = await this.all();
    return { organisation_name, contact_email, safeguarding_email, postal_address };
  }

  async enquiryInbox(): Promise<string> {
    return (await this.all()).enquiry_notification_email;
  }

  /** Saves the settings sent (trimmed); the others are kept. */
  async update(change: ContentSettingsUpdate, editor: string): Promise<void> {
    const entries = KEYS.filter((k) => change[k] !== undefined).map((k) => [k, change[k]!.trim()] as const);
    await this.pool.query(
      `INSERT INTO settings (key, value, last_updated, updated_by)
       SELECT k, v, now(), $3 FROM unnest($1::text[], $2::text[]) AS t(k, v)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, last_updated = now(), updated_by = excluded.updated_by`,
      [entries.map(([k]) => k), entries.map(([, v]) => v), editor],
    );
  }
}
