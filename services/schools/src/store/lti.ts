import type { Pool } from 'pg';
import { newId, withTransaction, type Queryable } from '@corestone/service-kit';

export interface PlatformRow {
  id: string;
  school_id: string;
  issuer: string;
  client_id: string;
  deployment_ids: string[];
  auth_login_url: string;
  auth_token_url: string;
  key_set_url: string;
  created_at: Date;
}

export interface ToolKeyRow {
  kid: string;
  private_jwk_sealed: string;
  public_jwk: Record<string, unknown>;
  status: 'next' | 'current' | 'retired';
}

export interface LaunchRow {
  id: string;
  platform_id: string;
  user_id: string;
  class_id: string | null;
  message_type: string;
  deployment_id: string;
  claims: Record<string, unknown>;
}

export interface PassbackRow {
  id: string;
  platform_id: string;
  assignment_id: string;
  evaluation_id: string;
  user_id: string;
  lti_sub: string;
  lineitem_url: string;
  score_given: number;
  score_maximum: number;
  comment: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  updated_at: Date;
}

const PASSBACK_COLUMNS = `id, platform_id, assignment_id, evaluation_id, user_id, lti_sub, lineitem_url, score_given, score_maximum, comment,
  status, attempts, next_attempt_at, last_error, sent_at, updated_at`;

const PLATFORM_COLUMNS = 'id, school_id, issuer, client_id, deployment_ids, auth_login_url, auth_token_url, key_set_url, created_at';

/** The LTI tables (store/lti-migrations.ts); the use cases in app/lti.ts decide. */
export class LtiStore {
  constructor(
    private readonly db: Queryable,
    private readonly pool: Pool | null = null,
  ) {}

  transaction<T>(fn: (tx: LtiStore) => Promise<T>): Promise<T> {
    if (!this.pool) return fn(this);
    return withTransaction(this.pool, (client) => fn(new LtiStore(client)));
  }

  // ---- tool keys ----

  /** Keys that are published (current and next), current first. */
  async publishedKeys(): Promise<ToolKeyRow[]> {
    const { rows } = await this.db.query<ToolKeyRow>(
      `SELECT kid, private_jwk_sealed, public_jwk, status FROM lti_tool_keys WHERE status IN ('current', 'next')
       ORDER BY status = 'current' DESC`,
    );
    return rows;
  }

  /** Adds a key in `status` unless one already holds it (another replica was first): answers whether it was added. */
  async addKey(k: Omit<ToolKeyRow, 'status'>, status: 'next' | 'current'): Promise<boolean> {
    const res = await this.db.query(
      `INSERT INTO lti_tool_keys (kid, private_jwk_sealed, public_jwk, status) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [k.kid, k.private_jwk_sealed, JSON.stringify(k.public_jwk), status],
    );
    return res.rowCount === 1;
  }

  /** The next key takes over: current → retired (no longer published), next → current. */
  async promoteNext(): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended('schools.lti-keys', 0))`);
    const { rowCount } = await this.db.query(`SELECT 1 FROM lti_tool_keys WHERE status = 'next'`);
    if (!rowCount) return;
    await this.db.query(`UPDATE lti_tool_keys SET status = 'retired' WHERE status = 'current'`);
    await this.db.query(`UPDATE lti_tool_keys SET status = 'current' WHERE status = 'next'`);
  }

  // ---- platforms ----

  /** A new platform; null when this issuer and client id are registered already. */
  async insertPlatform(p: Omit<PlatformRow, 'id' | 'created_at'>): Promise<PlatformRow | null> {
    const { rows } = await this.db.query<PlatformRow>(
      `INSERT INTO lti_platforms (id, school_id, issuer, client_id, deployment_ids, auth_login_url, auth_token_url, key_set_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (issuer, client_id) DO NOTHING RETURNING ${PLATFORM_COLUMNS}`,
      [newId(), p.school_id, p.issuer, p.client_id, p.deployment_ids, p.auth_login_url, p.auth_token_url, p.key_set_url],
    );
    return rows[0] ?? null;
  }

  async listPlatforms(schoolId: string): Promise<PlatformRow[]> {
    const { rows } = await this.db.query<PlatformRow>(
      `SELECT ${PLATFORM_COLUMNS} FROM lti_platforms WHERE school_id = $1 ORDER BY created_at, id`,
      [schoolId],
    );
    return rows;
  }

  async getPlatform(id: string): Promise<PlatformRow | null> {
    const { rows } = await this.db.query<PlatformRow>(`SELECT ${PLATFORM_COLUMNS} FROM lti_platforms WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Platforms of an issuer (a client id narrows it to one). */
  async platformsOf(issuer: string, clientId: string | null): Promise<PlatformRow[]> {
    const { rows } = await this.db.query<PlatformRow>(
      `SELECT ${PLATFORM_COLUMNS} FROM lti_platforms WHERE issuer = $1 AND ($2::text IS NULL OR client_id = $2) ORDER BY created_at LIMIT 2`,
      [issuer, clientId],
    );
    return rows;
  }

  async deletePlatform(schoolId: string, id: string): Promise<boolean> {
    const res = await this.db.query(`DELETE FROM lti_platforms WHERE id = $1 AND school_id = $2`, [id, schoolId]);
    return res.rowCount === 1;
  }

  // ---- login states ----

  async saveState(s: { state: string; nonce: string; platform_id: string; ttlSeconds: number }): Promise<void> {
    await this.db.query(`DELETE FROM lti_login_states WHERE expires_at < now()`);
    await this.db.query(
      `INSERT INTO lti_login_states (state, nonce, platform_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [s.state, s.nonce, s.platform_id, s.ttlSeconds],
    );
  }

  /** Uses a login state up (a second launch with it finds nothing); null when unknown, used or expired. */
  async takeState(state: string): Promise<{ nonce: string; platform_id: string } | null> {
    const { rows } = await this.db.query<{ nonce: string; platform_id: string; live: boolean }>(
      `DELETE FROM lti_login_states WHERE state = $1 RETURNING nonce, platform_id, expires_at > now() AS live`,
      [state],
    );
    return rows[0]?.live ? rows[0] : null;
  }

  // ---- accounts, contexts, launches ----

  async linkedUser(platformId: string, sub: string): Promise<string | null> {
    const { rows } = await this.db.query<{ user_id: string }>(`SELECT user_id FROM lti_accounts WHERE platform_id = $1 AND sub = $2`, [
      platformId,
      sub,
    ]);
    return rows[0]?.user_id ?? null;
  }

  async linkUser(platformId: string, sub: string, userId: string): Promise<void> {
    await this.db.query(`INSERT INTO lti_accounts (platform_id, sub, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      platformId,
      sub,
      userId,
    ]);
  }

  /** The class an LMS context maps to (the row locked: one first launch creates it). */
  async contextClass(platformId: string, contextId: string): Promise<string | null> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended('schools.lti-context:' || $1 || ':' || $2, 0))`, [
      platformId,
      contextId,
    ]);
    const { rows } = await this.db.query<{ class_id: string }>(
      `SELECT class_id FROM lti_contexts WHERE platform_id = $1 AND context_id = $2`,
      [platformId, contextId],
    );
    return rows[0]?.class_id ?? null;
  }

  async mapContext(platformId: string, contextId: string, classId: string): Promise<void> {
    await this.db.query(`INSERT INTO lti_contexts (platform_id, context_id, class_id) VALUES ($1, $2, $3)`, [
      platformId,
      contextId,
      classId,
    ]);
  }

  async insertLaunch(l: Omit<LaunchRow, 'id'>): Promise<string> {
    const id = newId();
    await this.db.query(
      `INSERT INTO lti_launches (id, platform_id, user_id, class_id, message_type, deployment_id, claims) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, l.platform_id, l.user_id, l.class_id, l.message_type, l.deployment_id, JSON.stringify(l.claims)],
    );
    return id;
  }

  async getLaunch(id: string): Promise<LaunchRow | null> {
    const { rows } = await this.db.query<LaunchRow>(
      `SELECT id, platform_id, user_id, class_id, message_type, deployment_id, claims FROM lti_launches WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  // ---- resource links ----

  /** The assignment a resource link was placed for, and its line item (learnt at a launch). */
  async putResourceLink(platformId: string, resourceLinkId: string, assignmentId: string, lineitemUrl: string | null): Promise<void> {
    await this.db.query(
      `INSERT INTO lti_resource_links (platform_id, resource_link_id, assignment_id, lineitem_url) VALUES ($1, $2, $3, $4)
       ON CONFLICT (platform_id, resource_link_id) DO UPDATE SET assignment_id = EXCLUDED.assignment_id,
         lineitem_url = COALESCE(EXCLUDED.lineitem_url, lti_resource_links.lineitem_url)`,
      [platformId, resourceLinkId, assignmentId, lineitemUrl],
    );
  }

  async resourceLink(platformId: string, resourceLinkId: string): Promise<{ assignment_id: string; lineitem_url: string | null } | null> {
    const { rows } = await this.db.query<{ assignment_id: string; lineitem_url: string | null }>(
      `SELECT assignment_id, lineitem_url FROM lti_resource_links WHERE platform_id = $1 AND resource_link_id = $2`,
      [platformId, resourceLinkId],
    );
    return rows[0] ?? null;
  }

  // ---- grade passback ----

  /**
   * A passback for each line item of the assignment on a platform where the student has an LTI
   * account (the LMS knows them by that sub); a result released again replaces a waiting or failed one.
   */
  async queuePassbacks(r: {
    evaluation_id: string;
    user_id: string;
    assignment_id: string;
    given: number;
    maximum: number;
    comment: string;
  }) {
    const { rows } = await this.db.query<{ platform_id: string; sub: string; lineitem_url: string }>(
      `SELECT l.platform_id, a.sub, l.lineitem_url
       FROM lti_resource_links l JOIN lti_accounts a ON a.platform_id = l.platform_id AND a.user_id = $1
       WHERE l.assignment_id = $2 AND l.lineitem_url IS NOT NULL`,
      [r.user_id, r.assignment_id],
    );
    for (const t of rows) {
      await this.db.query(
        `INSERT INTO lti_passbacks (id, platform_id, assignment_id, evaluation_id, user_id, lti_sub, lineitem_url, score_given, score_maximum, comment, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending')
         ON CONFLICT (evaluation_id, lineitem_url) DO UPDATE SET score_given = EXCLUDED.score_given, score_maximum = EXCLUDED.score_maximum,
           comment = EXCLUDED.comment, status = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now()`,
        [newId(), t.platform_id, r.assignment_id, r.evaluation_id, r.user_id, t.sub, t.lineitem_url, r.given, r.maximum, r.comment],
      );
    }
    return rows.length;
  }

  /** Due passbacks, claimed for `leaseSeconds` (another replica skips them meanwhile). */
  async claimDuePassbacks(limit: number, leaseSeconds: number): Promise<PassbackRow[]> {
    const { rows } = await this.db.query<PassbackRow>(
      `UPDATE lti_passbacks SET next_attempt_at = now() + make_interval(secs => $2), attempts = attempts + 1, updated_at = now()
       WHERE id IN (SELECT id FROM lti_passbacks WHERE status = 'pending' AND next_attempt_at <= now()
                    ORDER BY next_attempt_at FOR UPDATE SKIP LOCKED LIMIT $1)
       RETURNING ${PASSBACK_COLUMNS}`,
      [limit, leaseSeconds],
    );
    return rows;
  }

  async passbackSent(id: string): Promise<void> {
    await this.db.query(`UPDATE lti_passbacks SET status = 'sent', sent_at = now(), last_error = NULL, updated_at = now() WHERE id = $1`, [
      id,
    ]);
  }

  /** A failed attempt: tried again after `retryInSeconds`, or failed for good (null). */
  async passbackFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.db.query(
      `UPDATE lti_passbacks SET last_error = $2, updated_at = now(),
         status = CASE WHEN $3::float8 IS NULL THEN 'failed' ELSE 'pending' END,
         next_attempt_at = CASE WHEN $3::float8 IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $3::float8) END
       WHERE id = $1`,
      [id, error.slice(0, 1000), retryInSeconds],
    );
  }

  async passbacksOf(assignmentId: string): Promise<PassbackRow[]> {
    const { rows } = await this.db.query<PassbackRow>(
      `SELECT ${PASSBACK_COLUMNS} FROM lti_passbacks WHERE assignment_id = $1 ORDER BY created_at, id`,
      [assignmentId],
    );
    return rows;
  }

  /** The assignment's failed passbacks (or one of them) waiting again, with fresh attempts; answers how many. */
  async retryPassbacks(assignmentId: string, id: string | null): Promise<number> {
    const { rowCount } = await this.db.query(
      `UPDATE lti_passbacks SET status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
       WHERE assignment_id = $1 AND status = 'failed' AND ($2::uuid IS NULL OR id = $2)`,
      [assignmentId, id],
    );
    return rowCount ?? 0;
  }

  // ---- roster (NRPS) ----

  async setMembershipsUrl(platformId: string, contextId: string, url: string): Promise<void> {
    await this.db.query(
      `UPDATE lti_contexts SET memberships_url = $3 WHERE platform_id = $1 AND context_id = $2 AND memberships_url IS DISTINCT FROM $3`,
      [platformId, contextId, url],
    );
  }

  /** The LMS courses mapped to a class that offer a roster service. */
  async rosterSources(classId: string): Promise<Array<{ platform_id: string; context_id: string; memberships_url: string }>> {
    const { rows } = await this.db.query<{ platform_id: string; context_id: string; memberships_url: string }>(
      `SELECT platform_id, context_id, memberships_url FROM lti_contexts WHERE class_id = $1 AND memberships_url IS NOT NULL`,
      [classId],
    );
    return rows;
  }

  /** The class's members that came with an LTI account of this platform: user id → sub. */
  async linkedClassMembers(classId: string, platformId: string): Promise<Map<string, string>> {
    const { rows } = await this.db.query<{ user_id: string; sub: string }>(
      `SELECT m.user_id, a.sub FROM class_members m JOIN lti_accounts a ON a.user_id = m.user_id AND a.platform_id = $2 WHERE m.class_id = $1`,
      [classId, platformId],
    );
    return new Map(rows.map((r) => [r.user_id, r.sub]));
  }
}
