import type { Pool } from 'pg';
import {
  Events,
  type ClassMember,
  type ClassRole,
  type Locale,
  type MembershipStatus,
  type School,
  type SchoolClass,
  type SchoolMember,
  type SchoolRole,
  type SchoolSettings,
} from '@corestone/contracts';
import { enqueueEvent, markProcessed, newId, enqueueEvents, outboxRow, withTransaction, type Queryable } from '@corestone/service-kit';
import { displayJoinCode } from '../domain/join-codes';
import { likePattern } from '../domain/schools';
import type { Membership } from '../domain/access';

/**
 * The schools service's tables: schools (with their domains and tenants), memberships, classes and
 * class members. Every change that other services follow writes its event (school_changed,
 * membership_changed) through the kit's outbox in the same transaction. `transaction(fn)` runs `fn`
 * with a store bound to one transaction; the use cases (app/) decide, this file only reads and writes.
 */

export type JoinedBy = SchoolMember['joined_by'];
export type Awaiting = 'school' | 'member' | null;

/** Someone to make a member of a school (an invitation or a roster row whose account auth made or found). */
export interface Admission {
  user_id: string;
  email: string;
  name: string;
  school_role: SchoolRole;
  /** auth made the account just now: an active member at once; else pending until they accept. */
  created: boolean;
}

/**
 * What `admit` did for one person: a new membership, the approval of someone waiting for the
 * school (in the role given), or a refusal (a member already, or of another school).
 */
export type AdmissionOutcome = 'added' | 'approved' | 'already_member' | 'in_another_school';

/** An enrolment to make: the member, the class, the class role. */
export interface Enrolment {
  class_id: string;
  user_id: string;
  role: ClassRole;
}

/** Why an enrolment was not made (as POST /classes/{id}/members refuses it). */
export type EnrolmentRefusal = 'class_not_found' | 'class_archived' | 'member_not_found' | 'member_not_active' | 'role_mismatch';

export interface NewSchool {
  name: string;
  country: string | null;
  ib_school_code: string | null;
  time_zone: string;
  settings: SchoolSettings;
  default_locale: Locale;
}

/** A school that invites people: what their invitation mails say and are written in. */
export interface Inviter {
  name: string;
  locale: Locale;
}

export interface SchoolChange {
  name?: string;
  country?: string | null;
  ib_school_code?: string | null;
  time_zone?: string;
  settings?: SchoolSettings;
  default_locale?: Locale;
}

export interface MemberFilter {
  role?: SchoolRole;
  status?: MembershipStatus;
  search?: string;
  limit: number;
  offset: number;
}

export interface ClassFilter {
  /** Only classes this user is a member of (as teacher or student). */
  memberId?: string;
  archived?: boolean;
  search?: string;
}

export interface ClassRow {
  id: string;
  school_id: string;
  name: string;
  subject: string | null;
  session: string | null;
  join_code: string;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  teachers: Array<{ user_id: string; name: string }>;
  student_count: number;
  pool_cap: number | null;
}

const iso = (d: Date) => d.toISOString();

const SCHOOL_SELECT = `
  SELECT s.id, s.name, s.country, s.ib_school_code, s.time_zone, s.settings, s.default_locale, s.created_at, s.updated_at,
    COALESCE((SELECT array_agg(d.domain ORDER BY d.domain) FROM school_domains d WHERE d.school_id = s.id), '{}') AS email_domains,
    COALESCE((SELECT array_agg(t.tenant_id ORDER BY t.tenant_id) FROM school_tenants t WHERE t.school_id = s.id), '{}') AS microsoft_tenant_ids,
    (SELECT json_build_object(
        'school_admins', count(*) FILTER (WHERE m.school_role = 'school_admin' AND m.status = 'active'),
        'teachers', count(*) FILTER (WHERE m.school_role = 'teacher' AND m.status = 'active'),
        'students', count(*) FILTER (WHERE m.school_role = 'student' AND m.status = 'active'),
        'pending', count(*) FILTER (WHERE m.status = 'pending'),
        'deactivated', count(*) FILTER (WHERE m.status = 'deactivated'))
      FROM memberships m WHERE m.school_id = s.id) AS member_counts,
    (SELECT json_build_object(
        'classes', count(*) FILTER (WHERE c.archived_at IS NULL),
        'archived_classes', count(*) FILTER (WHERE c.archived_at IS NOT NULL))
      FROM classes c WHERE c.school_id = s.id) AS class_counts
  FROM schools s`;

interface SchoolRow {
  id: string;
  name: string;
  country: string | null;
  ib_school_code: string | null;
  time_zone: string;
  settings: SchoolSettings;
  default_locale: Locale;
  created_at: Date;
  updated_at: Date;
  email_domains: string[];
  microsoft_tenant_ids: string[];
  member_counts: Omit<School['counts'], 'classes' | 'archived_classes'>;
  class_counts: Pick<School['counts'], 'classes' | 'archived_classes'>;
}

const toSchool = (r: SchoolRow): School => ({
  id: r.id,
  name: r.name,
  country: r.country,
  ib_school_code: r.ib_school_code,
  time_zone: r.time_zone,
  email_domains: r.email_domains,
  microsoft_tenant_ids: r.microsoft_tenant_ids,
  settings: r.settings,
  default_locale: r.default_locale,
  counts: { ...r.member_counts, ...r.class_counts },
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const MEMBER_COLUMNS = 'user_id, school_id, email, name, school_role, status, awaiting, joined_by, created_at, updated_at';
interface MemberRow extends Omit<SchoolMember, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}
const toMember = (r: MemberRow): SchoolMember => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

/**
 * A page of a school's members by name and its count. Unnamed statements, planned at each call with
 * the filter's values; the page comes in order from memberships_school_name (migration 008) — plans
 * checked at 0 and a few thousand members in test/member-list-plans.int.test.ts.
 */
export function memberListStatements(
  schoolId: string,
  f: MemberFilter,
): { page: { text: string; values: unknown[] }; count: { text: string; values: unknown[] } } {
  const where = `WHERE school_id = $1 AND ($2::text IS NULL OR school_role = $2) AND ($3::text IS NULL OR status = $3)
      AND ($4::text IS NULL OR name ILIKE $4 OR email ILIKE $4)`;
  const params = [schoolId, f.role ?? null, f.status ?? null, f.search ? likePattern(f.search) : null];
  return {
    page: {
      text: `SELECT ${MEMBER_COLUMNS} FROM memberships ${where} ORDER BY lower(name), user_id LIMIT $5 OFFSET $6`,
      values: [...params, f.limit, f.offset],
    },
    count: { text: `SELECT count(*)::int AS total FROM memberships ${where}`, values: params },
  };
}

const CLASS_SELECT = `
  SELECT c.id, c.school_id, c.name, c.subject, c.session, c.join_code, c.archived_at, c.created_at, c.updated_at, c.pool_cap,
    COALESCE((SELECT json_agg(json_build_object('user_id', m.user_id, 'name', m.name) ORDER BY lower(m.name), m.user_id)
      FROM class_members cm JOIN memberships m ON m.user_id = cm.user_id
      WHERE cm.class_id = c.id AND cm.role = 'teacher'), '[]') AS teachers,
    (SELECT count(*)::int FROM class_members cm WHERE cm.class_id = c.id AND cm.role = 'student') AS student_count
  FROM classes c`;

/** A class as the API shows it; the join code only when `showCode`. */
export const toClass = (r: ClassRow, showCode: boolean): SchoolClass => ({
  id: r.id,
  school_id: r.school_id,
  name: r.name,
  subject: r.subject,
  session: r.session,
  join_code: showCode ? displayJoinCode(r.join_code) : null,
  archived_at: r.archived_at ? iso(r.archived_at) : null,
  teachers: r.teachers,
  student_count: r.student_count,
  pool_cap: r.pool_cap,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export class SchoolStore {
  constructor(
    private readonly db: Queryable,
    private readonly pool: Pool | null = null,
  ) {}

  /** `fn` with a store whose statements run in one transaction (committed when `fn` resolves). */
  transaction<T>(fn: (tx: SchoolStore) => Promise<T>): Promise<T> {
    if (!this.pool) return fn(this); // already inside one
    return withTransaction(this.pool, (client) => fn(new SchoolStore(client)));
  }

  /** Records that `consumer` handled an event, in this store's transaction; false when it already had. */
  markProcessed(consumer: string, eventId: string): Promise<boolean> {
    return markProcessed(this.db, consumer, eventId);
  }

  // ---- schools ----

  async createSchool(input: NewSchool): Promise<string> {
    const id = newId();
    await this.db.query(
      `INSERT INTO schools (id, name, country, ib_school_code, time_zone, settings, default_locale) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, input.name, input.country, input.ib_school_code, input.time_zone, JSON.stringify(input.settings), input.default_locale],
    );
    return id;
  }

  async getSchool(id: string, opts: { lock?: boolean } = {}): Promise<School | null> {
    if (opts.lock) await this.db.query(`SELECT 1 FROM schools WHERE id = $1 FOR UPDATE`, [id]);
    const { rows } = await this.db.query<SchoolRow>(`${SCHOOL_SELECT} WHERE s.id = $1`, [id]);
    return rows[0] ? toSchool(rows[0]) : null;
  }

  /** All schools, or those of `ids`, by name. */
  async listSchools(opts: {
    ids?: string[];
    search?: string;
    limit: number;
    offset: number;
  }): Promise<{ schools: School[]; total: number }> {
    const where = `WHERE ($1::uuid[] IS NULL OR s.id = ANY($1::uuid[])) AND ($2::text IS NULL OR s.name ILIKE $2)`;
    const params = [opts.ids ?? null, opts.search ? likePattern(opts.search) : null];
    const [{ rows }, count] = await Promise.all([
      this.db.query<SchoolRow>(`${SCHOOL_SELECT} ${where} ORDER BY lower(s.name), s.id LIMIT $3 OFFSET $4`, [
        ...params,
        opts.limit,
        opts.offset,
      ]),
      this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM schools s ${where}`, params),
    ]);
    return { schools: rows.map(toSchool), total: count.rows[0].total };
  }

  async updateSchool(id: string, change: SchoolChange): Promise<void> {
    await this.db.query(
      `UPDATE schools SET
         name = CASE WHEN $2 THEN $3 ELSE name END,
         country = CASE WHEN $4 THEN $5 ELSE country END,
         ib_school_code = CASE WHEN $6 THEN $7 ELSE ib_school_code END,
         time_zone = COALESCE($8, time_zone),
         settings = COALESCE($9::jsonb, settings),
         default_locale = COALESCE($10, default_locale),
         updated_at = now()
       WHERE id = $1`,
      [
        id,
        change.name !== undefined,
        change.name ?? null,
        change.country !== undefined,
        change.country ?? null,
        change.ib_school_code !== undefined,
        change.ib_school_code ?? null,
        change.time_zone ?? null,
        change.settings ? JSON.stringify(change.settings) : null,
        change.default_locale ?? null,
      ],
    );
  }

  /**
   * Makes `domains` the school's verified domains (and `table`'s other kind alike); answers those
   * that belong to another school (then nothing of theirs is taken; the caller refuses).
   */
  async setDomains(schoolId: string, kind: 'domains' | 'tenants', values: string[]): Promise<string[]> {
    const [table, column] = kind === 'domains' ? ['school_domains', 'domain'] : ['school_tenants', 'tenant_id'];
    const { rows } = await this.db.query<{ value: string }>(
      `SELECT ${column} AS value FROM ${table} WHERE ${column} = ANY($1::text[]) AND school_id <> $2 ORDER BY 1`,
      [values, schoolId],
    );
    if (rows.length) return rows.map((r) => r.value);
    await this.db.query(`DELETE FROM ${table} WHERE school_id = $1 AND NOT (${column} = ANY($2::text[]))`, [schoolId, values]);
    // A concurrent claim of the same value by another school fails on the primary key (the caller answers 409).
    await this.db.query(`INSERT INTO ${table} (${column}, school_id) SELECT unnest($2::text[]), $1 ON CONFLICT (${column}) DO NOTHING`, [
      schoolId,
      values,
    ]);
    const taken = await this.db.query<{ value: string }>(
      `SELECT ${column} AS value FROM ${table} WHERE ${column} = ANY($1::text[]) AND school_id <> $2 ORDER BY 1`,
      [values, schoolId],
    );
    return taken.rows.map((r) => r.value);
  }

  /** The school whose verified domain an e-mail address has, if any, with its name and settings (domain sign-up). */
  async schoolOfDomain(domain: string): Promise<{ id: string; name: string; settings: SchoolSettings } | null> {
    const { rows } = await this.db.query<{ id: string; name: string; settings: SchoolSettings }>(
      `SELECT s.id, s.name, s.settings FROM school_domains d JOIN schools s ON s.id = d.school_id WHERE d.domain = $1`,
      [domain],
    );
    return rows[0] ?? null;
  }

  /** Issue 32: the school that verified a Google Workspace domain or a Microsoft tenant (SSO sign-in), with its name and settings. */
  async schoolOfSsoKey(key: {
    domain?: string;
    tenant_id?: string;
  }): Promise<{ id: string; name: string; settings: SchoolSettings } | null> {
    if (key.domain) return this.schoolOfDomain(key.domain);
    if (!key.tenant_id) return null;
    const { rows } = await this.db.query<{ id: string; name: string; settings: SchoolSettings }>(
      `SELECT s.id, s.name, s.settings FROM school_tenants t JOIN schools s ON s.id = t.school_id WHERE t.tenant_id = $1`,
      [key.tenant_id],
    );
    return rows[0] ?? null;
  }

  async announceSchool(schoolId: string): Promise<void> {
    const { rows } = await this.db.query<{ name: string; settings: SchoolSettings; default_locale: Locale }>(
      `SELECT name, settings, default_locale FROM schools WHERE id = $1`,
      [schoolId],
    );
    if (!rows[0]) return;
    await enqueueEvent(this.db, Events.schoolsSchoolChanged, { school_id: schoolId, ...rows[0] }, undefined, { orderKey: schoolId });
  }

  /** schools.class_changed.v1: the class's pool cap, for billing (ordered per class). */
  async announceClass(classId: string): Promise<void> {
    const { rows } = await this.db.query<{ school_id: string; pool_cap: number | null }>(
      `SELECT school_id, pool_cap FROM classes WHERE id = $1`,
      [classId],
    );
    if (!rows[0]) return;
    await enqueueEvent(this.db, Events.schoolsClassChanged, { class_id: classId, ...rows[0] }, undefined, { orderKey: classId });
  }

  // ---- memberships ----

  /**
   * The user's membership; with `lock`, the user is held for the rest of the transaction (an
   * advisory lock on the user id, so it holds also while they have no membership row: two requests
   * that would each make one — an invitation and a domain sign-up — take turns).
   */
  async membershipOf(userId: string, opts: { lock?: boolean } = {}): Promise<(Membership & { awaiting: Awaiting }) | null> {
    if (opts.lock) await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended('schools.membership:' || $1, 0))`, [userId]);
    const { rows } = await this.db.query<Membership & { awaiting: Awaiting }>(
      `SELECT school_id, school_role, status, awaiting FROM memberships WHERE user_id = $1 ${opts.lock ? 'FOR UPDATE' : ''}`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async getMember(schoolId: string, userId: string): Promise<SchoolMember | null> {
    const { rows } = await this.db.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM memberships WHERE school_id = $1 AND user_id = $2`, [
      schoolId,
      userId,
    ]);
    return rows[0] ? toMember(rows[0]) : null;
  }

  /**
   * A new membership; false when the user already has one (in any school: the primary key keeps a
   * user in one school, also under concurrent requests).
   */
  async insertMembership(m: {
    user_id: string;
    school_id: string;
    email: string;
    name: string;
    school_role: SchoolRole;
    status: MembershipStatus;
    awaiting: Awaiting;
    joined_by: JoinedBy;
  }): Promise<boolean> {
    const res = await this.db.query(
      `INSERT INTO memberships (user_id, school_id, email, name, school_role, status, awaiting, joined_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id) DO NOTHING`,
      [m.user_id, m.school_id, m.email, m.name, m.school_role, m.status, m.awaiting, m.joined_by],
    );
    return res.rowCount === 1;
  }

  async updateMembership(
    userId: string,
    change: { school_role?: SchoolRole; status?: MembershipStatus; awaiting?: Awaiting },
  ): Promise<void> {
    await this.db.query(
      `UPDATE memberships SET school_role = COALESCE($2, school_role), status = COALESCE($3, status),
         awaiting = CASE WHEN $4 THEN $5 ELSE awaiting END, updated_at = now()
       WHERE user_id = $1`,
      [userId, change.school_role ?? null, change.status ?? null, change.awaiting !== undefined, change.awaiting ?? null],
    );
  }

  async deleteMembership(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM memberships WHERE user_id = $1`, [userId]);
  }

  /** The school's name (no counts: for use cases that only need to know it exists). */
  async schoolName(id: string): Promise<string | null> {
    const { rows } = await this.db.query<{ name: string }>(`SELECT name FROM schools WHERE id = $1`, [id]);
    return rows[0]?.name ?? null;
  }

  /** The school as its invitation mails name it: its name and default language (issue 36); null when there is none. */
  async inviter(id: string): Promise<Inviter | null> {
    const { rows } = await this.db.query<Inviter>(`SELECT name, default_locale AS locale FROM schools WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Makes each person a member of `schoolId` (inside a transaction: `transaction(fn)`), as an
   * invitation does: everyone is held first (the advisory locks membershipOf takes, in one order so
   * two batches never wait on each other), then one read of their memberships, one INSERT of the
   * new ones (`joined_by`), an update per approval (rare), and one statement writing every
   * membership_changed event. Outcomes in the order of `people`; a person twice is `already_member`
   * the second time.
   */
  async admit(schoolId: string, people: readonly Admission[], joinedBy: JoinedBy): Promise<AdmissionOutcome[]> {
    if (!people.length) return [];
    const ids = [...new Set(people.map((p) => p.user_id))];
    await this.db.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('schools.membership:' || u, 0)) FROM (SELECT unnest($1::text[]) AS u ORDER BY 1) held`,
      [ids],
    );
    const { rows } = await this.db.query<Membership & { user_id: string; awaiting: Awaiting }>(
      `SELECT user_id, school_id, school_role, status, awaiting FROM memberships WHERE user_id = ANY($1::uuid[]) FOR UPDATE`,
      [ids],
    );
    const current = new Map(rows.map((r) => [r.user_id, r]));
    const seen = new Set<string>();
    const outcomes: AdmissionOutcome[] = [];
    const fresh: Admission[] = [];
    const changed: string[] = [];
    for (const p of people) {
      const m = current.get(p.user_id);
      if (seen.has(p.user_id)) outcomes.push('already_member');
      else if (m && m.school_id === schoolId && m.awaiting === 'school') {
        // Signed up with the school's domain and waiting for approval: the invitation approves them, in the role it gives.
        await this.updateMembership(p.user_id, { school_role: p.school_role, status: 'active', awaiting: null });
        if (m.school_role !== p.school_role) await this.dropUnfittingClassPlaces(p.user_id, p.school_role);
        outcomes.push('approved');
        changed.push(p.user_id);
      } else if (m) outcomes.push(m.school_id === schoolId ? 'already_member' : 'in_another_school');
      else {
        outcomes.push('added');
        fresh.push(p);
      }
      seen.add(p.user_id);
    }
    if (fresh.length) {
      const inserted = await this.db.query<{ user_id: string }>(
        `INSERT INTO memberships (user_id, school_id, email, name, school_role, status, awaiting, joined_by)
         SELECT u, $1, e, n, r, CASE WHEN c THEN 'active' ELSE 'pending' END, CASE WHEN c THEN NULL ELSE 'member' END, $7
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::boolean[]) AS t(u, e, n, r, c)
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        [
          schoolId,
          fresh.map((p) => p.user_id),
          fresh.map((p) => p.email),
          fresh.map((p) => p.name),
          fresh.map((p) => p.school_role),
          fresh.map((p) => p.created),
          joinedBy,
        ],
      );
      // Every one of them is held (the locks above), so none can have joined meanwhile; kept as the primary key's last word.
      const made = new Set(inserted.rows.map((r) => r.user_id));
      people.forEach((p, i) => {
        if (outcomes[i] === 'added' && !made.has(p.user_id)) outcomes[i] = 'already_member';
      });
      changed.push(...made);
    }
    await this.announceMemberships(changed);
    return outcomes;
  }

  /**
   * membership_changed for each user's membership as it now is, written in one statement by the
   * kit (enqueueEvents: each row checked against the contract, ordered per user, the relay woken,
   * the answer held until they are published).
   */
  async announceMemberships(userIds: readonly string[]): Promise<void> {
    if (!userIds.length) return;
    const { rows } = await this.db.query<{
      user_id: string;
      school_id: string | null;
      school_role: SchoolRole | null;
      status: MembershipStatus | null;
    }>(`SELECT u AS user_id, m.school_id, m.school_role, m.status FROM unnest($1::uuid[]) AS u LEFT JOIN memberships m ON m.user_id = u`, [
      userIds,
    ]);
    const events = rows.map((m) =>
      outboxRow(Events.schoolsMembershipChanged, {
        user_id: m.user_id,
        school_id: m.school_id,
        school_role: m.school_role,
        status: m.status,
      }),
    );
    await enqueueEvents(this.db, events);
  }

  /**
   * Enrols members in classes of `schoolId` in one read and one write, as POST /classes/{id}/members
   * does one by one: the class must be the school's and not archived, the person an active member
   * whose school role fits the class role (`fits`). The members are read FOR SHARE, so a change of
   * their membership waits until these enrolments are in. Answers, in order, null for an enrolment
   * made (or already there) or why it was refused.
   */
  async enrolMany(
    schoolId: string,
    enrolments: readonly Enrolment[],
    fits: (schoolRole: SchoolRole, classRole: ClassRole) => boolean,
  ): Promise<Array<EnrolmentRefusal | null>> {
    if (!enrolments.length) return [];
    const userIds = [...new Set(enrolments.map((e) => e.user_id))];
    const classIds = [...new Set(enrolments.map((e) => e.class_id))];
    const [members, classes] = await Promise.all([
      this.db.query<{ user_id: string; school_id: string; school_role: SchoolRole; status: MembershipStatus }>(
        `SELECT user_id, school_id, school_role, status FROM memberships WHERE user_id = ANY($1::uuid[]) FOR SHARE`,
        [userIds],
      ),
      this.db.query<{ id: string; school_id: string; archived: boolean }>(
        `SELECT id, school_id, archived_at IS NOT NULL AS archived FROM classes WHERE id = ANY($1::uuid[]) FOR SHARE`,
        [classIds],
      ),
    ]);
    const member = new Map(members.rows.map((m) => [m.user_id, m]));
    const cls = new Map(classes.rows.map((c) => [c.id, c]));
    const verdicts = enrolments.map((e): EnrolmentRefusal | null => {
      const c = cls.get(e.class_id);
      if (!c || c.school_id !== schoolId) return 'class_not_found';
      if (c.archived) return 'class_archived';
      const m = member.get(e.user_id);
      if (!m || m.school_id !== schoolId) return 'member_not_found';
      if (m.status !== 'active') return 'member_not_active';
      return fits(m.school_role, e.role) ? null : 'role_mismatch';
    });
    const ok = enrolments.filter((_, i) => verdicts[i] === null);
    if (ok.length) {
      await this.db.query(
        `INSERT INTO class_members (class_id, user_id, role)
         SELECT DISTINCT ON (c, u) c, u, r FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS t(c, u, r)
         ON CONFLICT (class_id, user_id) DO UPDATE SET role = EXCLUDED.role WHERE class_members.role <> EXCLUDED.role`,
        [ok.map((e) => e.class_id), ok.map((e) => e.user_id), ok.map((e) => e.role)],
      );
    }
    return verdicts;
  }

  /** membership_changed for the user's membership as it now is (school null when it ended). */
  async announceMembership(userId: string): Promise<void> {
    const m = await this.membershipOf(userId);
    await enqueueEvent(this.db, Events.schoolsMembershipChanged, {
      user_id: userId,
      school_id: m?.school_id ?? null,
      school_role: m?.school_role ?? null,
      status: m?.status ?? null,
    });
  }

  async listMembers(schoolId: string, f: MemberFilter): Promise<{ members: SchoolMember[]; total: number }> {
    const { page, count } = memberListStatements(schoolId, f);
    const [{ rows }, counted] = await Promise.all([this.db.query<MemberRow>(page), this.db.query<{ total: number }>(count)]);
    return { members: rows.map(toMember), total: counted.rows[0].total };
  }

  // ---- classes ----

  /** A new class; null when the join code is taken (the caller makes another). */
  async createClass(c: {
    school_id: string;
    name: string;
    subject: string | null;
    session: string | null;
    join_code: string;
  }): Promise<string | null> {
    const id = newId();
    const res = await this.db.query(
      `INSERT INTO classes (id, school_id, name, subject, session, join_code) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (join_code) DO NOTHING`,
      [id, c.school_id, c.name, c.subject, c.session, c.join_code],
    );
    return res.rowCount === 1 ? id : null;
  }

  async getClass(id: string, opts: { lock?: boolean } = {}): Promise<ClassRow | null> {
    if (opts.lock) await this.db.query(`SELECT 1 FROM classes WHERE id = $1 FOR UPDATE`, [id]);
    const { rows } = await this.db.query<ClassRow>(`${CLASS_SELECT} WHERE c.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async classByCode(code: string): Promise<ClassRow | null> {
    const { rows } = await this.db.query<ClassRow>(`${CLASS_SELECT} WHERE c.join_code = $1`, [code]);
    return rows[0] ?? null;
  }

  async listClasses(schoolId: string, f: ClassFilter): Promise<ClassRow[]> {
    const { rows } = await this.db.query<ClassRow>(
      `${CLASS_SELECT} WHERE c.school_id = $1
         AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM class_members cm WHERE cm.class_id = c.id AND cm.user_id = $2))
         AND ($3::boolean IS NULL OR (c.archived_at IS NOT NULL) = $3)
         AND ($4::text IS NULL OR c.name ILIKE $4 OR c.subject ILIKE $4)
       ORDER BY c.archived_at IS NOT NULL, lower(c.name), c.id`,
      [schoolId, f.memberId ?? null, f.archived ?? null, f.search ? likePattern(f.search) : null],
    );
    return rows;
  }

  /** false when the new join code is taken. */
  async updateClass(
    id: string,
    change: {
      name?: string;
      subject?: string | null;
      session?: string | null;
      archived?: boolean;
      join_code?: string;
      pool_cap?: number | null;
    },
  ): Promise<boolean> {
    const res = await this.db.query(
      `UPDATE classes SET
         name = COALESCE($2, name),
         subject = CASE WHEN $3 THEN $4 ELSE subject END,
         session = CASE WHEN $5 THEN $6 ELSE session END,
         archived_at = CASE WHEN $7::boolean IS NULL THEN archived_at WHEN $7 THEN COALESCE(archived_at, now()) ELSE NULL END,
         join_code = COALESCE($8, join_code),
         pool_cap = CASE WHEN $9 THEN $10::int ELSE pool_cap END,
         updated_at = now()
       WHERE id = $1 AND ($8::text IS NULL OR NOT EXISTS (SELECT 1 FROM classes o WHERE o.join_code = $8))`,
      [
        id,
        change.name ?? null,
        change.subject !== undefined,
        change.subject ?? null,
        change.session !== undefined,
        change.session ?? null,
        change.archived ?? null,
        change.join_code ?? null,
        change.pool_cap !== undefined,
        change.pool_cap ?? null,
      ],
    );
    return res.rowCount === 1;
  }

  async classRoleOf(classId: string, userId: string): Promise<ClassRole | null> {
    const { rows } = await this.db.query<{ role: ClassRole }>(`SELECT role FROM class_members WHERE class_id = $1 AND user_id = $2`, [
      classId,
      userId,
    ]);
    return rows[0]?.role ?? null;
  }

  /** Adds or changes a member's role in a class; answers whether anything changed. */
  async putClassMember(classId: string, userId: string, role: ClassRole): Promise<boolean> {
    const res = await this.db.query(
      `INSERT INTO class_members (class_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (class_id, user_id) DO UPDATE SET role = EXCLUDED.role WHERE class_members.role <> EXCLUDED.role`,
      [classId, userId, role],
    );
    return res.rowCount === 1;
  }

  async removeClassMember(classId: string, userId: string): Promise<boolean> {
    const res = await this.db.query(`DELETE FROM class_members WHERE class_id = $1 AND user_id = $2`, [classId, userId]);
    return res.rowCount === 1;
  }

  /** A member's class places that no longer fit their school role (a teacher who became a student stops teaching). */
  async dropUnfittingClassPlaces(userId: string, schoolRole: SchoolRole): Promise<void> {
    await this.db.query(`DELETE FROM class_members WHERE user_id = $1 AND role <> $2`, [
      userId,
      schoolRole === 'student' ? 'student' : 'teacher',
    ]);
  }

  async getClassMember(classId: string, userId: string): Promise<ClassMember | null> {
    const { rows } = await this.db.query<Omit<ClassMember, 'added_at'> & { added_at: Date }>(
      `SELECT m.user_id, m.email, m.name, cm.role, m.status, cm.added_at
       FROM class_members cm JOIN memberships m ON m.user_id = cm.user_id
       WHERE cm.class_id = $1 AND cm.user_id = $2`,
      [classId, userId],
    );
    return rows[0] ? { ...rows[0], added_at: iso(rows[0].added_at) } : null;
  }

  async listClassMembers(classId: string): Promise<ClassMember[]> {
    const { rows } = await this.db.query<Omit<ClassMember, 'added_at'> & { added_at: Date }>(
      `SELECT m.user_id, m.email, m.name, cm.role, m.status, cm.added_at
       FROM class_members cm JOIN memberships m ON m.user_id = cm.user_id
       WHERE cm.class_id = $1 ORDER BY cm.role DESC, lower(m.name), m.user_id`,
      [classId],
    );
    return rows.map((r) => ({ ...r, added_at: iso(r.added_at) }));
  }
}
