import type { Pool, PoolClient } from 'pg';
import {
  Codes,
  Events,
  Messages,
  UNLIMITED,
  type CreditAccount,
  type EmailNotifications,
  type Locale,
  type Role,
  type SchoolMembership,
} from '@corestone/contracts';
import {
  conflict,
  enqueueEvent,
  enqueueEvents,
  eraseAggregates,
  markProcessed,
  isUuid,
  keysetAfter,
  keysetAt,
  keysetPage,
  notFound,
  outboxRow,
  withTransaction,
  type Bus,
  type Queryable,
} from '@corestone/service-kit';
import type { Account, MirroredCredits, MirroredMembership, SchoolName } from '../domain/view';
import { messageAllowance, messageLimitReached } from '../domain/rules';
import { cleanSearch, searchText } from './search-text';

const COLUMNS = `a.id, a.email, a.role, a.is_active, a.first_name, a.last_name, a.display_name, a.is_anonymous, a.avatar,
  a.message_count, a.max_chatbot, a.assigned_personas, a.openai_api_key_masked, a.email_notifications, a.locale, a.created_at`;
const CREDIT_COLUMNS = `m.essay_credits AS m_essay_credits, m.max_essay_credits AS m_max_essay_credits,
  m.subscription_plan AS m_subscription_plan, m.subscription_status AS m_subscription_status, m.version AS m_version`;

const SCHOOL_COLUMNS = `s.school_id AS s_school_id, s.school_role AS s_school_role, s.status AS s_status, s.version AS s_version,
  n.name AS n_name, n.default_locale AS n_default_locale, n.version AS n_version`;
/** An account with its mirrored credits, membership and school name. */
const FROM = `accounts a LEFT JOIN credit_mirror m ON m.user_id = a.id::text
  LEFT JOIN school_membership s ON s.user_id = a.id::text LEFT JOIN school_names n ON n.school_id = s.school_id`;

const GET_ONE = `SELECT ${COLUMNS}, ${CREDIT_COLUMNS}, ${SCHOOL_COLUMNS} FROM ${FROM} WHERE a.id = $1`;

type Row = Account & {
  m_essay_credits?: number | null;
  m_max_essay_credits?: number | null;
  m_subscription_plan?: string | null;
  m_subscription_status?: string | null;
  m_version?: string | null; // bigint
  s_school_id?: string | null;
  s_school_role?: string | null;
  s_status?: string | null;
  s_version?: string | null; // bigint
  n_name?: string | null;
  n_default_locale?: Locale | null;
  n_version?: string | null; // bigint
};

export interface AccountWithCredits {
  account: Account;
  /** The mirrored copy of billing's account; null when billing never spoke about this user. */
  credits: MirroredCredits | null;
  /** The mirrored membership (null: schools never spoke about this user) and its school's mirrored name. */
  school: { membership: MirroredMembership; name: SchoolName | null } | null;
}

function split(row: Row): AccountWithCredits {
  const {
    m_essay_credits,
    m_max_essay_credits,
    m_subscription_plan,
    m_subscription_status,
    m_version,
    s_school_id,
    s_school_role,
    s_status,
    s_version,
    n_name,
    n_default_locale,
    n_version,
    ...account
  } = row;
  const school =
    s_version === null || s_version === undefined
      ? null
      : {
          membership: {
            school_id: s_school_id ?? null,
            school_role: (s_school_role ?? null) as MirroredMembership['school_role'],
            status: (s_status ?? null) as MirroredMembership['status'],
            version: Number(s_version),
          },
          name:
            n_name === null || n_name === undefined
              ? null
              : { name: n_name, default_locale: n_default_locale ?? null, version: Number(n_version) },
        };
  const credits =
    m_essay_credits === null || m_essay_credits === undefined
      ? null
      : {
          essay_credits: m_essay_credits,
          max_essay_credits: m_max_essay_credits!,
          subscription_plan: m_subscription_plan!,
          subscription_status: m_subscription_status!,
          version: Number(m_version),
        };
  return { account: account as Account, credits, school };
}

export const userNotFound = () => notFound(Messages.USER_NOT_FOUND, Codes.USER_NOT_FOUND);

export interface NewAccount {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
}

/**
 * Every change to what a user's `User` view shows (besides credits, which billing announces) writes
 * `users.view_changed.v1` in its transaction; the relay publishes it before the change is answered
 * (start.ts: holdAnswers), so auth's `/auth/me` cache drops the view at once (services/auth/README.md).
 */
const viewChanged = (client: Queryable, userId: string) => enqueueEvent(client, Events.usersViewChanged, { user_id: userId });

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AccountListQuery {
  search?: string;
  role?: Role;
  limit: number;
  offset: number;
  cursor?: string;
}

/**
 * The admin users list's two statements (issue 34: 200,000 accounts). The page: newest first, after
 * `cursor` (keyset: read from the (created_at, id) index where the last page ended, however deep)
 * or, without one, after `offset` rows (the spec's paging, fine for the first pages); LIMIT limit + 1
 * tells whether there is a next page. The count: every match (without a search, the kept counts per
 * role of migration 006). A search is one ILIKE over
 * searchText, which the trigram index answers. Unnamed statements: planned at each call for the
 * table as it is then, so no plan made on an empty table is kept (test/list-plans.int.test.ts).
 */
export function listStatements(q: AccountListQuery): {
  count: { text: string; values: unknown[] };
  page: { text: string; values: unknown[] };
} {
  const where: string[] = [];
  const args: unknown[] = [];
  const search = cleanSearch(q.search ?? '');
  if (search) {
    args.push(likePattern(search));
    where.push(`${searchText('a')} ILIKE $${args.length}`);
  }
  if (q.role) {
    args.push(q.role);
    where.push(`a.role = $${args.length}`);
  }
  // without a search, the total is the kept count per role (migration 006), not a count of every account
  const count = search
    ? { text: `SELECT count(*) AS n FROM accounts a WHERE ${where.join(' AND ')}`, values: args }
    : { text: `SELECT coalesce(sum(n), 0) AS n FROM account_counts ${q.role ? 'WHERE role = $1' : ''}`, values: args };
  const values = [...args];
  const after = keysetAfter(q.cursor, values, { at: 'a.created_at', id: 'a.id' });
  values.push(q.limit + 1, after ? 0 : q.offset);
  const limit = `ORDER BY a.created_at DESC, a.id DESC LIMIT $${values.length - 1} OFFSET $${values.length}`;
  // The page's keys first (from an index alone: an offset skips index entries, not joined rows),
  // then their rows. A search's matches come from the trigram index before they are sorted: planned
  // as one query, a rare name would be looked for along the whole (created_at) index whenever the
  // planner guessed it common (no statistics on a new table), reading every account to fill a page.
  const keys = search
    ? `found AS MATERIALIZED (SELECT a.id FROM accounts a WHERE ${where.join(' AND ')}),
       keys AS (SELECT a.id FROM found JOIN accounts a ON a.id = found.id ${after ? `WHERE ${after}` : ''} ${limit})`
    : `keys AS (SELECT a.id FROM accounts a ${[...where, ...(after ? [after] : [])].map((w, i) => `${i ? 'AND' : 'WHERE'} ${w}`).join(' ')} ${limit})`;
  // Each key's row by its primary key (LIMIT 1 keeps the subquery per key: joined as a whole, a
  // planner without statistics may read every account and mirror row to join 51 keys).
  const page = {
    text: `WITH ${keys}
      SELECT r.* FROM keys CROSS JOIN LATERAL (
        SELECT ${COLUMNS}, ${CREDIT_COLUMNS}, ${SCHOOL_COLUMNS}, ${keysetAt('a.created_at')} FROM ${FROM} WHERE a.id = keys.id LIMIT 1) r
      ORDER BY r.created_at DESC, r.id DESC`,
    values,
  };
  return { count, page };
}

export class AccountStore {
  constructor(
    private readonly pool: Pool,
    private readonly schema: string,
    /** Erases a deleted user's users.created message (e-mail, name) from the users stream. */
    private readonly bus?: Bus,
  ) {}

  async get(id: string, db: Queryable = this.pool): Promise<AccountWithCredits | null> {
    if (!isUuid(id)) return null;
    // Named: prepared once per connection (every /auth/me and /users/me reads through here).
    const { rows } = await db.query<Row>({ name: 'users-account-get', text: GET_ONE, values: [id] });
    return rows[0] ? split(rows[0]) : null;
  }

  /** @internal the row, locked for the transaction of `client`. */
  async lock(client: PoolClient, id: string): Promise<Account | null> {
    if (!isUuid(id)) return null;
    const { rows } = await client.query<Account>(`SELECT ${COLUMNS} FROM accounts a WHERE a.id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /** @internal */
  async mustGet(id: string, db: Queryable): Promise<AccountWithCredits> {
    const found = await this.get(id, db);
    if (!found) throw userNotFound();
    return found;
  }

  /**
   * A page of accounts, newest first (listStatements), with the count of every match and the next
   * page's cursor (null on the last page).
   */
  async list(q: AccountListQuery): Promise<{ items: AccountWithCredits[]; total: number; next_cursor: string | null }> {
    const { count, page } = listStatements(q);
    const [counted, read] = await Promise.all([this.pool.query<{ n: string }>(count), this.pool.query<Row & { cursor_at: string }>(page)]);
    const { rows, next_cursor } = keysetPage(read.rows, q.limit, (r) => r.id);
    return { items: rows.map((r) => split(r as Row)), total: Number(counted.rows[0].n), next_cursor };
  }

  /**
   * Creates the account, or returns the existing one with this id (a retried sign-up).
   * Another id with an existing e-mail is a 409.
   */
  async create(input: NewAccount): Promise<{ found: AccountWithCredits; created: boolean }> {
    return withTransaction(this.pool, async (client) => {
      const inserted = await client.query(
        `INSERT INTO accounts (id, email, role, first_name, last_name) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [input.user_id, input.email, input.role, input.first_name, input.last_name],
      );
      if (inserted.rowCount === 1) {
        await enqueueEvent(client, Events.usersCreated, {
          user_id: input.user_id,
          email: input.email,
          role: input.role,
          first_name: input.first_name,
          last_name: input.last_name,
        });
        return { found: await this.mustGet(input.user_id, client), created: true };
      }
      const existing = await this.get(input.user_id, client);
      if (existing) return { found: existing, created: false };
      throw conflict(Messages.EMAIL_EXISTS, Codes.EMAIL_EXISTS);
    });
  }

  /**
   * `create` for a batch (auth's provision_users): the new records in one statement and their
   * `users.created.v1` in another, one transaction. Per item, in order: the record's id, role and
   * activation and whether this call made it — an existing record with the item's id answers
   * `created: false` (a retried batch) — or null when another id holds the e-mail (409 for that item).
   */
  async createMany(
    inputs: readonly NewAccount[],
  ): Promise<Array<{ user_id: string; role: Role; is_active: boolean; created: boolean } | null>> {
    if (!inputs.length) return [];
    return withTransaction(this.pool, async (client) => {
      const column = (k: keyof NewAccount) => inputs.map((i) => i[k]);
      const { rows: inserted } = await client.query<{ id: string }>(
        `INSERT INTO accounts (id, email, role, first_name, last_name)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])
         ON CONFLICT DO NOTHING RETURNING id`,
        [column('user_id'), column('email'), column('role'), column('first_name'), column('last_name')],
      );
      const made = new Set(inserted.map((r) => r.id));
      await enqueueEvents(
        client,
        inputs
          .filter((i) => made.has(i.user_id))
          .map((i) =>
            outboxRow(Events.usersCreated, {
              user_id: i.user_id,
              email: i.email,
              role: i.role,
              first_name: i.first_name,
              last_name: i.last_name,
            }),
          ),
      );
      const { rows } = await client.query<{ id: string; role: Role; is_active: boolean }>(
        `SELECT id, role, is_active FROM accounts WHERE id = ANY($1::uuid[])`,
        [column('user_id')],
      );
      const found = new Map(rows.map((r) => [r.id, r]));
      return inputs.map((i) => {
        const r = found.get(i.user_id);
        return r ? { user_id: r.id, role: r.role, is_active: r.is_active, created: made.has(r.id) } : null;
      });
    });
  }

  /**
   * Runs `work` in one transaction with a handle for the steps of an account change (the use cases
   * in app/account-changes.ts decide; the handle reads, locks and writes with their events).
   */
  transaction<T>(work: (tx: AccountTransaction) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, (client) => work(new AccountTransaction(client, this, this.schema, this.bus)));
  }

  /** Sets (or clears, with null) the avatar file name; returns the previous one to remove. */
  async setAvatar(id: string, name: string | null): Promise<{ found: AccountWithCredits; previous: string | null }> {
    return withTransaction(this.pool, async (client) => {
      const current = await this.lock(client, id);
      if (!current) throw userNotFound();
      await client.query(`UPDATE accounts SET avatar = $2, updated_at = now() WHERE id = $1`, [id, name]);
      await viewChanged(client, id);
      return { found: await this.mustGet(id, client), previous: current.avatar };
    });
  }

  async setAnonymous(id: string, enabled: boolean): Promise<boolean> {
    if (!isUuid(id)) throw userNotFound();
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ is_anonymous: boolean }>(
        `UPDATE accounts SET is_anonymous = $2, updated_at = now() WHERE id = $1 RETURNING is_anonymous`,
        [id, enabled],
      );
      if (!rows[0]) throw userNotFound();
      await viewChanged(client, id);
      return rows[0].is_anonymous;
    });
  }

  /**
   * One more message, atomically; a student at the limit is refused and nothing is counted.
   * `unlimited` (billing: the user's plan has unlimited credits) lifts the limit.
   */
  async incrementMessages(id: string, opts: { unlimited?: boolean } = {}) {
    if (!isUuid(id)) throw userNotFound();
    const unlimited = opts.unlimited === true;
    const rows = await withTransaction(this.pool, async (client) => {
      const res = await client.query<{ role: Role; message_count: number; max_chatbot: number }>(
        `UPDATE accounts SET message_count = message_count + 1, updated_at = now()
         WHERE id = $1 AND ($2 OR role <> 'student' OR message_count < max_chatbot)
         RETURNING role, message_count, max_chatbot`,
        [id, unlimited],
      );
      if (res.rows[0]) await viewChanged(client, id); // chatbot_count is in the view
      return res.rows;
    });
    if (!rows[0]) {
      if (await this.get(id)) throw messageLimitReached();
      throw userNotFound();
    }
    if (unlimited) return { can_send: true, message_count: rows[0].message_count, max_messages: UNLIMITED };
    return messageAllowance(rows[0].role, rows[0].message_count, rows[0].max_chatbot);
  }

  async setApiKey(id: string, sealed: string | null, masked: string | null): Promise<AccountWithCredits> {
    if (!isUuid(id)) throw userNotFound();
    return withTransaction(this.pool, async (client) => {
      const res = await client.query(
        `UPDATE accounts SET openai_api_key_sealed = $2, openai_api_key_masked = $3, updated_at = now() WHERE id = $1`,
        [id, sealed, masked],
      );
      if (res.rowCount !== 1) throw userNotFound();
      await viewChanged(client, id);
      return this.mustGet(id, client);
    });
  }

  /** The sealed (encrypted) key, for a future server-side reader; never sent to clients. */
  async sealedApiKey(id: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ k: string | null }>(`SELECT openai_api_key_sealed AS k FROM accounts WHERE id = $1`, [id]);
    return rows[0]?.k ?? null;
  }

  /** Keeps billing's account copy; an older or equal version never overwrites a newer one. */
  async mirrorCredits(a: CreditAccount, db: Queryable = this.pool): Promise<boolean> {
    const res = await db.query(
      `INSERT INTO credit_mirror (user_id, essay_credits, max_essay_credits, subscription_plan, subscription_status, version)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET essay_credits = EXCLUDED.essay_credits, max_essay_credits = EXCLUDED.max_essay_credits,
         subscription_plan = EXCLUDED.subscription_plan, subscription_status = EXCLUDED.subscription_status,
         version = EXCLUDED.version, updated_at = now()
       WHERE credit_mirror.version < EXCLUDED.version`,
      [a.user_id, a.essay_credits, a.max_essay_credits, a.subscription_plan, a.subscription_status, a.version],
    );
    return res.rowCount === 1;
  }

  /**
   * One `schools.membership_changed.v1` (version = its stream sequence): recorded as processed and
   * kept in one transaction; an older event never overwrites a newer one. False when it changed nothing.
   */
  async applyMembership(consumer: string, eventId: string, m: SchoolMembership, version: number): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      if (!(await markProcessed(client, consumer, eventId))) return false;
      const res = await client.query(
        `INSERT INTO school_membership (user_id, school_id, school_role, status, version) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET school_id = EXCLUDED.school_id, school_role = EXCLUDED.school_role,
           status = EXCLUDED.status, version = EXCLUDED.version, updated_at = now()
         WHERE school_membership.version < EXCLUDED.version`,
        [m.user_id, m.school_id, m.school_role, m.status, version],
      );
      return res.rowCount === 1;
    });
  }

  /** One `schools.school_changed.v1`: the school's name and default language, kept like a membership (newest stream sequence wins). */
  async applySchoolName(
    consumer: string,
    eventId: string,
    schoolId: string,
    school: Pick<SchoolName, 'name' | 'default_locale'>,
    version: number,
  ): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      if (!(await markProcessed(client, consumer, eventId))) return false;
      const res = await client.query(
        `INSERT INTO school_names (school_id, name, default_locale, version) VALUES ($1, $2, $3, $4)
         ON CONFLICT (school_id) DO UPDATE SET name = EXCLUDED.name, default_locale = EXCLUDED.default_locale,
           version = EXCLUDED.version, updated_at = now()
         WHERE school_names.version < EXCLUDED.version`,
        [schoolId, school.name, school.default_locale ?? null, version],
      );
      return res.rowCount === 1;
    });
  }

  /** A school's mirrored name (a view whose membership was heard ahead of the mirror, for another school). */
  async schoolName(schoolId: string): Promise<SchoolName | null> {
    const { rows } = await this.pool.query<{ name: string; default_locale: Locale | null; version: string }>(
      `SELECT name, default_locale, version FROM school_names WHERE school_id = $1`,
      [schoolId],
    );
    return rows[0] ? { ...rows[0], version: Number(rows[0].version) } : null;
  }

  /** One `billing.account_updated.v1`: recorded as processed and mirrored in one transaction. */
  async applyAccountUpdated(consumer: string, eventId: string, a: CreditAccount): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      if (!(await markProcessed(client, consumer, eventId))) return false;
      return this.mirrorCredits(a, client);
    });
  }
}

export interface AccountWrite {
  role: Role;
  is_active: boolean;
  first_name: string;
  last_name: string;
  display_name: string | null;
  assigned_personas: string[];
}

/**
 * One transaction's steps of an account change: reads, locks, and writes that carry their events
 * (`users.access_changed.v1` when role or activation changed, `users.view_changed.v1` always,
 * `users.deleted.v1` on delete). No rules here: app/account-changes.ts holds them.
 */
export class AccountTransaction {
  constructor(
    private readonly client: PoolClient,
    private readonly store: AccountStore,
    private readonly schema: string,
    private readonly bus?: Bus,
  ) {}

  /** Serialises every change that could remove "the other" super admin (transaction-scoped advisory lock). */
  async lockSuperAdmins(): Promise<void> {
    await this.client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${this.schema}:super_admins`]);
  }

  get(id: string): Promise<AccountWithCredits | null> {
    return this.store.get(id, this.client);
  }

  /** The account row, locked until the transaction ends; null when there is none. */
  lock(id: string): Promise<Account | null> {
    return this.store.lock(this.client, id);
  }

  mustGet(id: string): Promise<AccountWithCredits> {
    return this.store.mustGet(id, this.client);
  }

  async countOtherActiveSuperAdmins(exceptId: string): Promise<number> {
    const { rows } = await this.client.query<{ n: string }>(
      `SELECT count(*) AS n FROM accounts WHERE role = 'super_admin' AND is_active AND id <> $1`,
      [exceptId],
    );
    return Number(rows[0].n);
  }

  /** Sets the mail switches named in `change` (issue 31); the others stay. The caller's write announces the view. */
  async mergeEmailNotifications(id: string, change: Partial<EmailNotifications>): Promise<void> {
    await this.client.query(
      `UPDATE accounts SET email_notifications = COALESCE(email_notifications, '{}'::jsonb) || $2::jsonb WHERE id = $1`,
      [id, JSON.stringify(change)],
    );
  }

  /** Sets the user's own language (issue 36). The caller's write announces the view. */
  async setLocale(id: string, locale: Locale | null): Promise<void> {
    await this.client.query(`UPDATE accounts SET locale = $2 WHERE id = $1`, [id, locale]);
  }

  /** Writes the account's editable columns; announces an access change when role or activation changed. */
  async write(before: Account, after: AccountWrite): Promise<void> {
    await this.client.query(
      `UPDATE accounts SET role = $2, is_active = $3, first_name = $4, last_name = $5, display_name = $6, assigned_personas = $7,
         updated_at = now()
       WHERE id = $1`,
      [before.id, after.role, after.is_active, after.first_name, after.last_name, after.display_name, after.assigned_personas],
    );
    if (after.role !== before.role || after.is_active !== before.is_active) {
      await enqueueEvent(this.client, Events.usersAccessChanged, { user_id: before.id, role: after.role, is_active: after.is_active });
    }
    await viewChanged(this.client, before.id);
  }

  /** Deletes the account and its mirrored credits, announces it, and erases its users.created message. */
  async delete(id: string): Promise<void> {
    await this.client.query(`DELETE FROM accounts WHERE id = $1`, [id]);
    await this.client.query(`DELETE FROM credit_mirror WHERE user_id = $1`, [id]);
    await this.client.query(`DELETE FROM school_membership WHERE user_id = $1`, [id]);
    await enqueueEvent(this.client, Events.usersDeleted, { user_id: id });
    if (this.bus) await eraseAggregates(this.client, this.bus, [id]);
  }
}
