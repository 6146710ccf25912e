import type { Pool, PoolClient } from 'pg';
import {
  ADMIN_ROLES,
  Events,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type EventData,
  type Locale,
  type Role,
  type SignInMethod,
  type SsoProvider,
} from '@corestone/contracts';
import {
  enqueueEvent,
  enqueueEvents,
  isUuid,
  markProcessed,
  newId,
  outboxRow,
  withTransaction,
  type Queryable,
} from '@corestone/service-kit';
import { canComplete } from '../domain/validation';

/** The school that invites an account: its name and default language (issue 36), for the invitation mail. */
export interface Invitation {
  schoolName: string;
  schoolLocale?: Locale;
}

const invitationRequested = (userId: string, i: Invitation): EventData<typeof Events.authInvitationRequested> => ({
  user_id: userId,
  school_name: i.schoolName,
  ...(i.schoolLocale ? { school_locale: i.schoolLocale } : {}),
});

export type Origin = 'signup' | 'admin' | 'setup' | 'google' | 'school' | 'microsoft';

/** What users.create needs to (re)create the account of a pending credential. */
export interface PendingProfile {
  first_name: string;
  last_name: string;
  essay_credits?: number;
  max_essay_credits?: number;
}

export interface Credential {
  user_id: string;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  status: 'pending' | 'active';
  role: Role;
  is_active: boolean;
  origin: Origin;
  profile: PendingProfile;
  claim_id: string | null;
}

export type ClaimResult = { kind: 'claimed'; credential: Credential; claimId: string } | { kind: 'exists'; credential: Credential | null };

export type RotateResult =
  | { kind: 'rotated' | 'grace'; userId: string; familyId: string; tokenId: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: string; familyId: string };

const COLUMNS = 'user_id, email, password_hash, google_sub, status, role, is_active, origin, profile, claim_id';

/**
 * An invited account's profile once active: only its first name, kept for the greeting of its
 * invitation mail (the invitation consumer clears it when the mail is sent), so the sender need
 * not ask users for it. Every other active credential's profile is empty.
 */
const INVITED_PROFILE = `jsonb_build_object('first_name', profile->>'first_name')`;

/** Postgres access for auth's own schema: credentials, sessions (refresh-token families), reset tokens, setup. */
export class AuthStore {
  constructor(readonly pool: Pool) {}

  // ------------------------------------------------------------------ credentials

  async findByEmail(email: string, db: Queryable = this.pool): Promise<Credential | null> {
    const { rows } = await db.query<Credential>(`SELECT ${COLUMNS} FROM credentials WHERE email = $1`, [email]);
    return rows[0] ?? null;
  }

  async findById(userId: string, db: Queryable = this.pool): Promise<Credential | null> {
    const { rows } = await db.query<Credential>(`SELECT ${COLUMNS} FROM credentials WHERE user_id = $1`, [userId]);
    return rows[0] ?? null;
  }

  async findByGoogleSub(sub: string): Promise<Credential | null> {
    const { rows } = await this.pool.query<Credential>(`SELECT ${COLUMNS} FROM credentials WHERE google_sub = $1`, [sub]);
    return rows[0] ?? null;
  }

  /**
   * Writes (or takes over) the pending credential for an e-mail. A new e-mail gets a new user id;
   * a pending one is completed by this request when `canComplete` allows it (the password hash is
   * replaced by the new one); an active one answers 'exists'. The returned claimId must be shown
   * to `activate`, so of two racing requests only the last claimant activates.
   */
  async claimPending(input: {
    email: string;
    passwordHash: string | null;
    googleSub?: string | null;
    role: Role;
    origin: Origin;
    profile: PendingProfile;
  }): Promise<ClaimResult> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await withTransaction(this.pool, async (tx): Promise<ClaimResult | null> => {
        const claimId = newId();
        const { rows } = await tx.query<Credential>(`SELECT ${COLUMNS} FROM credentials WHERE email = $1 FOR UPDATE`, [input.email]);
        const existing = rows[0];
        if (!existing) {
          const inserted = await tx.query<Credential>(
            `INSERT INTO credentials (user_id, email, password_hash, google_sub, status, role, origin, profile, claim_id)
             VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8)
             ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
            [
              newId(),
              input.email,
              input.passwordHash,
              input.googleSub ?? null,
              input.role,
              input.origin,
              JSON.stringify(input.profile),
              claimId,
            ],
          );
          return inserted.rows[0] ? { kind: 'claimed', credential: inserted.rows[0], claimId } : null;
        }
        if (existing.status === 'active' || !canComplete(existing.role, input.role)) return { kind: 'exists', credential: existing };
        const updated = await tx.query<Credential>(
          `UPDATE credentials SET password_hash = $2, google_sub = $3, role = $4, origin = $5, profile = $6, claim_id = $7, updated_at = now()
           WHERE user_id = $1 RETURNING ${COLUMNS}`,
          [existing.user_id, input.passwordHash, input.googleSub ?? null, input.role, input.origin, JSON.stringify(input.profile), claimId],
        );
        return { kind: 'claimed', credential: updated.rows[0], claimId };
      }).catch((err: { code?: string }) => {
        if (err.code === '23505') return { kind: 'exists', credential: null } as ClaimResult; // google_sub taken meanwhile
        throw err;
      });
      if (result) return result;
    }
    return { kind: 'exists', credential: null };
  }

  /**
   * Marks a pending credential active (only for the request holding the current claim). With
   * `invitation` (an account a school invited) the account's `auth.invitation_requested.v1` is
   * written in the same transaction: an activated invited account always has its one invitation,
   * and a claim that lost the race writes none.
   */
  async activate(userId: string, claimId: string, role: Role, isActive: boolean, invitation?: Invitation): Promise<boolean> {
    const activate = async (db: Queryable) => {
      const res = await db.query(
        `UPDATE credentials SET status = 'active', role = $3, is_active = $4, claim_id = NULL, profile = ${invitation ? INVITED_PROFILE : `'{}'`},
           updated_at = now()
         WHERE user_id = $1 AND status = 'pending' AND claim_id = $2`,
        [userId, claimId, role, isActive],
      );
      return res.rowCount === 1;
    };
    if (!invitation) return activate(this.pool);
    return withTransaction(this.pool, async (tx) => {
      if (!(await activate(tx))) return false;
      await enqueueEvent(tx, Events.authInvitationRequested, invitationRequested(userId, invitation));
      return true;
    });
  }

  /**
   * claimPending for many new e-mails at once (a school's batch): one statement writes a pending
   * credential (no password, origin `school`) for each e-mail that has none and answers those it
   * wrote, each with its user id and claim id. E-mails that already have a credential are not
   * touched (the caller asks claimPending for them, one by one, with its rules).
   */
  async claimNewSchoolAccounts(
    people: ReadonlyArray<{ email: string; role: Role; profile: PendingProfile }>,
  ): Promise<Map<string, { userId: string; claimId: string }>> {
    if (!people.length) return new Map();
    const ids = people.map(() => newId());
    const claims = people.map(() => newId());
    const { rows } = await this.pool.query<{ email: string; user_id: string; claim_id: string }>(
      `INSERT INTO credentials (user_id, email, password_hash, google_sub, status, role, origin, profile, claim_id)
       SELECT u, e, NULL, NULL, 'pending', r, 'school', p, c FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::uuid[]) AS t(u, e, r, p, c)
       ON CONFLICT (email) DO NOTHING RETURNING email, user_id, claim_id`,
      [ids, people.map((p) => p.email), people.map((p) => p.role), people.map((p) => JSON.stringify(p.profile)), claims],
    );
    return new Map(rows.map((r) => [r.email, { userId: r.user_id, claimId: r.claim_id }]));
  }

  /**
   * activate for many accounts a school invited, in one transaction with each activated account's
   * `auth.invitation_requested.v1`. Answers the user ids activated (a claim another request took
   * over meanwhile is left to that request).
   */
  async activateSchoolAccounts(
    accounts: ReadonlyArray<{ userId: string; claimId: string; role: Role; isActive: boolean }>,
    invitation: Invitation,
  ): Promise<Set<string>> {
    if (!accounts.length) return new Set();
    return withTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ user_id: string }>(
        `UPDATE credentials c SET status = 'active', role = t.r, is_active = t.a, claim_id = NULL, profile = ${INVITED_PROFILE}, updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::boolean[]) AS t(u, k, r, a)
         WHERE c.user_id = t.u AND c.status = 'pending' AND c.claim_id = t.k
         RETURNING c.user_id`,
        [accounts.map((a) => a.userId), accounts.map((a) => a.claimId), accounts.map((a) => a.role), accounts.map((a) => a.isActive)],
      );
      await enqueueEvents(
        tx,
        rows.map((r) => outboxRow(Events.authInvitationRequested, invitationRequested(r.user_id, invitation))),
      );
      return new Set(rows.map((r) => r.user_id));
    });
  }

  /** The invitation mail is out: the first name kept for it goes (in the consumer's transaction). */
  async clearInvitedProfile(userId: string, db: Queryable = this.pool): Promise<void> {
    await db.query(`UPDATE credentials SET profile = '{}' WHERE user_id = $1 AND status = 'active' AND profile <> '{}'`, [userId]);
  }

  async setPassword(userId: string, passwordHash: string, db: Queryable = this.pool): Promise<void> {
    await db.query(`UPDATE credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1`, [userId, passwordHash]);
  }

  /** The credential linked to a provider's subject (Google: google_sub; Microsoft: sso_identities). */
  async findByIdentity(provider: SsoProvider, sub: string): Promise<Credential | null> {
    if (provider === 'google') return this.findByGoogleSub(sub);
    const { rows } = await this.pool.query<Credential>(
      `SELECT ${COLUMNS} FROM credentials WHERE user_id = (SELECT user_id FROM sso_identities WHERE provider = $1 AND subject = $2)`,
      [provider, sub],
    );
    return rows[0] ?? null;
  }

  /** Links a provider's subject to an account; false when the account is linked to another subject there (or the subject to another account). */
  async linkIdentity(provider: SsoProvider, userId: string, sub: string): Promise<boolean> {
    if (provider === 'google') return this.linkGoogle(userId, sub);
    const { rows } = await this.pool.query<{ user_id: string }>(
      `INSERT INTO sso_identities (provider, subject, user_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [provider, sub, userId],
    );
    if (rows.length) return true;
    return (await this.findByIdentity(provider, sub))?.user_id === userId;
  }

  /** How and when each of these users last signed in (users never signed in are left out). */
  async lastSignIns(userIds: readonly string[]): Promise<Array<{ user_id: string; method: SignInMethod; at: string }>> {
    const { rows } = await this.pool.query<{ user_id: string; method: SignInMethod; at: Date }>(
      `SELECT user_id, last_sign_in_method AS method, last_sign_in_at AS at FROM credentials
       WHERE user_id = ANY($1::uuid[]) AND last_sign_in_at IS NOT NULL`,
      [userIds.filter(isUuid)],
    );
    return rows.map((r) => ({ user_id: r.user_id, method: r.method, at: r.at.toISOString() }));
  }

  /** Keeps a school's SSO requirement from schools.school_changed.v1; an older event than the kept one changes nothing. */
  async setSchoolPolicy(schoolId: string, requireSso: boolean, eventAt: string, db: Queryable = this.pool): Promise<void> {
    await db.query(
      `INSERT INTO school_policies (school_id, require_sso, event_at) VALUES ($1, $2, $3)
       ON CONFLICT (school_id) DO UPDATE SET require_sso = EXCLUDED.require_sso, event_at = EXCLUDED.event_at
       WHERE school_policies.event_at <= EXCLUDED.event_at`,
      [schoolId, requireSso, eventAt],
    );
  }

  async schoolRequiresSso(schoolId: string): Promise<boolean> {
    if (!isUuid(schoolId)) return false;
    const { rows } = await this.pool.query<{ require_sso: boolean }>(`SELECT require_sso FROM school_policies WHERE school_id = $1`, [
      schoolId,
    ]);
    return rows[0]?.require_sso === true;
  }

  async linkGoogle(userId: string, sub: string): Promise<boolean> {
    const res = await this.pool.query(
      `UPDATE credentials SET google_sub = $2, updated_at = now() WHERE user_id = $1 AND (google_sub IS NULL OR google_sub = $2)`,
      [userId, sub],
    );
    return res.rowCount === 1;
  }

  /** Mirrors role and activation from users (login and refresh also read the live user view). */
  async setAccess(userId: string, role: Role, isActive: boolean, db: Queryable = this.pool): Promise<void> {
    await db.query(`UPDATE credentials SET role = $2, is_active = $3, updated_at = now() WHERE user_id = $1`, [userId, role, isActive]);
  }

  async deleteCredential(userId: string, db: Queryable = this.pool): Promise<void> {
    await db.query(`DELETE FROM credentials WHERE user_id = $1`, [userId]);
  }

  // ------------------------------------------------------------------ sessions

  /** A new session: its family and first refresh token; the sign-in's method is noted on the credential. */
  /** `method` null (a session minted for another service's sign-in, LTI's) leaves the last sign-in method as it was. */
  async createSession(userId: string, method: SignInMethod | null = 'password'): Promise<{ familyId: string; tokenId: string }> {
    const familyId = newId();
    const tokenId = newId();
    await withTransaction(this.pool, async (tx) => {
      await tx.query(`INSERT INTO session_families (id, user_id) VALUES ($1, $2)`, [familyId, userId]);
      if (method)
        await tx.query(`UPDATE credentials SET last_sign_in_method = $2, last_sign_in_at = now() WHERE user_id = $1`, [userId, method]);
      await tx.query(`INSERT INTO refresh_tokens (id, family_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
        tokenId,
        familyId,
        REFRESH_TOKEN_TTL_SECONDS,
      ]);
    });
    return { familyId, tokenId };
  }

  /** Who a refresh token belongs to, without using it (null when unknown, expired or revoked). */
  async peekRefresh(tokenId: string): Promise<{ userId: string; familyId: string } | null> {
    const { rows } = await this.pool.query<{ user_id: string; family_id: string }>(
      `SELECT f.user_id, t.family_id FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id
       WHERE t.id = $1 AND f.revoked_at IS NULL AND t.expires_at > now()`,
      [tokenId],
    );
    return rows[0] ? { userId: rows[0].user_id, familyId: rows[0].family_id } : null;
  }

  /** The user a refresh token was issued to, whether or not it still works (null when unknown). */
  async refreshTokenUser(tokenId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT f.user_id FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id WHERE t.id = $1`,
      [tokenId],
    );
    return rows[0]?.user_id ?? null;
  }

  /**
   * Uses a refresh token: the first use rotates it (a successor in the same family); a use within
   * the grace window after rotation returns that same successor (two tabs); a later use is reuse
   * of a stolen token, and the whole family is revoked.
   */
  async rotate(tokenId: string): Promise<RotateResult> {
    return withTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{
        family_id: string;
        user_id: string;
        revoked: boolean;
        expired: boolean;
        rotated: boolean;
        in_grace: boolean;
        successor_id: string | null;
      }>(
        `SELECT t.family_id, f.user_id, f.revoked_at IS NOT NULL AS revoked, t.expires_at <= now() AS expired,
                t.rotated_at IS NOT NULL AS rotated,
                (t.rotated_at IS NOT NULL AND now() - t.rotated_at <= make_interval(secs => $2)) AS in_grace,
                t.successor_id
         FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id
         WHERE t.id = $1 FOR UPDATE OF t, f`,
        [tokenId, REFRESH_REUSE_GRACE_SECONDS],
      );
      const row = rows[0];
      if (!row || row.revoked || row.expired) return { kind: 'invalid' };
      if (!row.rotated) {
        const successor = newId();
        await tx.query(`INSERT INTO refresh_tokens (id, family_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
          successor,
          row.family_id,
          REFRESH_TOKEN_TTL_SECONDS,
        ]);
        await tx.query(`UPDATE refresh_tokens SET rotated_at = now(), successor_id = $2 WHERE id = $1`, [tokenId, successor]);
        return { kind: 'rotated', userId: row.user_id, familyId: row.family_id, tokenId: successor };
      }
      if (row.in_grace && row.successor_id) {
        return { kind: 'grace', userId: row.user_id, familyId: row.family_id, tokenId: row.successor_id };
      }
      await this.revokeFamilyIn(tx, row.family_id, 'refresh token reuse');
      return { kind: 'reused', userId: row.user_id, familyId: row.family_id };
    });
  }

  async isSessionLive(familyId: string, userId: string): Promise<boolean> {
    // Named: prepared once per connection (every bearer request to auth asks it).
    const { rows } = await this.pool.query({
      name: 'auth-session-live',
      text: `SELECT 1 FROM session_families WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      values: [familyId, userId],
    });
    return rows.length === 1;
  }

  /** The ids of a user's live sessions (/auth/me keeps them with the user's view: messaging/me-cache.ts). */
  async liveSessions(userId: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ id: string }>({
      name: 'auth-live-sessions',
      text: `SELECT id FROM session_families WHERE user_id = $1 AND revoked_at IS NULL`,
      values: [userId],
    });
    return new Set(rows.map((r) => r.id));
  }

  /*
   * Every revocation writes `auth.sessions_revoked.v1` in its transaction: auth's outbox relay
   * publishes it before the change is answered, and every replica's /auth/me cache forgets the
   * user's sessions before anyone can hear "signed out".
   */

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await withTransaction(this.pool, (tx) => this.revokeFamilyIn(tx, familyId, reason));
  }

  private async revokeFamilyIn(db: Queryable, familyId: string, reason: string): Promise<void> {
    const { rows } = await db.query<{ user_id: string }>(
      `UPDATE session_families SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING user_id`,
      [familyId, reason],
    );
    if (rows[0]) await enqueueEvent(db, Events.authSessionsRevoked, { user_id: rows[0].user_id });
  }

  /**
   * Revokes every live session of a user, except `keepFamily` (the caller's own, on password change);
   * in the caller's transaction `db`, else in one of its own.
   */
  async revokeUser(userId: string, reason: string, keepFamily: string | null = null, db?: Queryable): Promise<number> {
    if (!db) return withTransaction(this.pool, (tx) => this.revokeUser(userId, reason, keepFamily, tx));
    const res = await db.query(
      `UPDATE session_families SET revoked_at = now(), revoked_reason = $2
       WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [userId, reason, keepFamily],
    );
    const revoked = res.rowCount ?? 0;
    if (revoked > 0) await enqueueEvent(db, Events.authSessionsRevoked, { user_id: userId });
    return revoked;
  }

  async liveSessionCount(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM session_families WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    return Number(rows[0].n);
  }

  /** Housekeeping: drops refresh tokens long expired, families with none left, used or stale reset tokens. */
  async purgeExpired(): Promise<void> {
    await this.pool.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`);
    await this.pool.query(
      `DELETE FROM session_families f WHERE created_at < now() - interval '31 days'
       AND NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = f.id)`,
    );
    await this.pool.query(`DELETE FROM reset_tokens WHERE expires_at < now() - interval '1 day'`);
  }

  // ------------------------------------------------------------------ password reset

  async createResetToken(userId: string, tokenHash: string, ttlSeconds: number, db: Queryable = this.pool): Promise<void> {
    await db.query(`INSERT INTO reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      tokenHash,
      userId,
      ttlSeconds,
    ]);
  }

  /**
   * Uses a reset token once: sets the new password, voids the user's other reset tokens and
   * revokes all their sessions, in one transaction. Null when the token is unknown, used or expired,
   * or its account is deactivated.
   */
  async consumeResetToken(tokenHash: string, passwordHash: string): Promise<string | null> {
    return withTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ user_id: string }>(
        `SELECT r.user_id FROM reset_tokens r JOIN credentials c ON c.user_id = r.user_id
         WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND c.status = 'active' AND c.is_active
         FOR UPDATE OF r`,
        [tokenHash],
      );
      const userId = rows[0]?.user_id;
      if (!userId) return null;
      await tx.query(`UPDATE reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      await this.setPassword(userId, passwordHash, tx);
      await this.revokeUser(userId, 'password reset', null, tx);
      return userId;
    });
  }

  // ------------------------------------------------------------------ first-admin setup

  /** True once setup has completed or any active admin/super_admin credential exists. */
  async adminExists(): Promise<boolean> {
    const { rows } = await this.pool.query<{ done: boolean }>(
      `SELECT (SELECT completed_at IS NOT NULL FROM setup_state WHERE id = 1)
           OR EXISTS (SELECT 1 FROM credentials WHERE status = 'active' AND role = ANY($1::text[])) AS done`,
      [ADMIN_ROLES],
    );
    return rows[0].done;
  }

  async markSetupDone(adminUserId: string | null): Promise<void> {
    await this.pool.query(`UPDATE setup_state SET completed_at = now(), admin_user_id = $1 WHERE id = 1 AND completed_at IS NULL`, [
      adminUserId,
    ]);
  }

  /**
   * Runs `fn` while holding the setup lock (a Postgres advisory lock on its own connection), so
   * concurrent setup attempts, on any replica, run one after the other.
   */
  async withSetupLock<T>(fn: () => Promise<T>): Promise<T> {
    // One waiter per process holds a connection; the others queue here, so waiting never drains the pool.
    const previous = this.setupQueue;
    let release!: () => void;
    this.setupQueue = new Promise<void>((r) => (release = r));
    await previous;
    try {
      return await this.withAdvisorySetupLock(fn);
    } finally {
      release();
    }
  }

  private setupQueue: Promise<void> = Promise.resolve();

  private async withAdvisorySetupLock<T>(fn: () => Promise<T>): Promise<T> {
    const client: PoolClient = await this.pool.connect();
    try {
      await client.query(`SELECT pg_advisory_lock(hashtext(current_schema() || ':setup-admin'))`);
      try {
        return await fn();
      } finally {
        await client.query(`SELECT pg_advisory_unlock(hashtext(current_schema() || ':setup-admin'))`);
      }
    } finally {
      client.release();
    }
  }

  // ------------------------------------------------------------------ events

  /** Runs an event's changes and its processed-mark in one transaction; skips an event seen before. */
  async onceForEvent(consumer: string, eventId: string, fn: (tx: PoolClient) => Promise<void>): Promise<boolean> {
    return withTransaction(this.pool, async (tx) => {
      if (!(await markProcessed(tx, consumer, eventId))) return false;
      await fn(tx);
      return true;
    });
  }
}
