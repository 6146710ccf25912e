import type { Pool, PoolClient } from 'pg';
import { Codes, Events, FREE_PLAN_CREDITS, Messages, UNLIMITED, type CreditAccount } from '@corestone/contracts';
import {
  HttpError,
  conflict,
  enqueueEvent,
  newId,
  queryWithSqlEvent,
  sqlEvent,
  withTransaction,
  type Queryable,
} from '@corestone/service-kit';
import { creditMetrics } from './credit-metrics';
import type { SchoolPoolStore } from './school-pools';
import type { CreditSource } from '../domain/credit-source';

interface Row {
  user_id: string;
  essay_credits: number;
  max_essay_credits: number;
  subscription_plan: string;
  subscription_status: string;
  version: string; // bigint
}

const toAccount = (r: Row): CreditAccount => ({
  user_id: r.user_id,
  essay_credits: r.essay_credits,
  max_essay_credits: r.max_essay_credits,
  subscription_plan: r.subscription_plan,
  subscription_status: r.subscription_status,
  version: Number(r.version),
});

const COLUMNS = 'user_id, essay_credits, max_essay_credits, subscription_plan, subscription_status, version';
const UNIQUE_VIOLATION = '23505';

interface LedgerLine {
  userId: string;
  kind: 'open' | 'consume' | 'refund' | 'set' | 'grant';
  delta: number;
  /** Unique over the whole ledger: the same change can never be written twice. */
  key: string;
  /** Who caused it: `user:<id>`, `admin:<id>` or `system:<what>`. */
  actor: string;
}

const SYSTEM = 'system';
const REFUND_ACTOR = 'system:evaluation-failed';
const userActor = (userId: string) => `user:${userId}`;

export interface ConsumeResult {
  account: CreditAccount;
  charged: boolean;
  /** The ledger charged (for a repeat: the one the first charge used). */
  ledger: 'personal' | 'school';
  /** The school whose pool was charged. */
  school_id?: string;
}

export interface RefundResult {
  account: CreditAccount | null;
  refunded: boolean;
}

/**
 * The essay-credit ledger. Every balance change happens in one transaction that locks the
 * account row, writes a ledger line, bumps `version` and enqueues `billing.account_updated.v1`.
 * Idempotency per evaluation rests on the unique (kind, evaluation_id) index of the ledger.
 */
export class AccountStore {
  constructor(
    private readonly pool: Pool,
    private readonly pools: SchoolPoolStore,
  ) {}

  /**
   * Opens the user's account with the free credit if it does not exist yet (replicas and
   * concurrent requests racing here open it once), then locks and returns it.
   */
  private async openAndLock(client: PoolClient, userId: string): Promise<Row> {
    const opened = await client.query<Row>(
      `INSERT INTO accounts (user_id, essay_credits, max_essay_credits) VALUES ($1, $2, $2)
       ON CONFLICT (user_id) DO NOTHING RETURNING ${COLUMNS}`,
      [userId, FREE_PLAN_CREDITS],
    );
    if (opened.rows[0]) {
      await this.ledger(client, { userId, kind: 'open', delta: FREE_PLAN_CREDITS, key: `open:${userId}`, actor: SYSTEM });
      await enqueueEvent(client, Events.billingAccountUpdated, toAccount(opened.rows[0]));
      return opened.rows[0];
    }
    const { rows } = await client.query<Row>(`SELECT ${COLUMNS} FROM accounts WHERE user_id = $1 FOR UPDATE`, [userId]);
    return rows[0];
  }

  /** Appends one ledger line; its idempotency key is unique (a repeat fails, it never adds twice). */
  private async ledger(client: PoolClient, line: LedgerLine): Promise<void> {
    await client.query(`INSERT INTO ledger (id, user_id, kind, delta, idempotency_key, actor) VALUES ($1, $2, $3, $4, $5, $6)`, [
      newId(),
      line.userId,
      line.kind,
      line.delta,
      line.key,
      line.actor,
    ]);
  }

  /** Applies a balance change: bumps the version and announces the new state in the same transaction. */
  private async change(client: PoolClient, userId: string, setSql: string, params: unknown[]): Promise<CreditAccount> {
    const { rows } = await client.query<Row>(
      `UPDATE accounts SET ${setSql}, version = version + 1, updated_at = now() WHERE user_id = $1 RETURNING ${COLUMNS}`,
      [userId, ...params],
    );
    const account = toAccount(rows[0]);
    await enqueueEvent(client, Events.billingAccountUpdated, account);
    return account;
  }

  async get(userId: string): Promise<CreditAccount> {
    return withTransaction(this.pool, async (client) => toAccount(await this.openAndLock(client, userId)));
  }

  /**
   * Charges one credit for an evaluation to the ledger `source` names (app/consume.ts chooses it:
   * the school pool or the user's account) — the credit rule (README, "The credit rule"):
   * - one credit per evaluation id, once, in whichever ledger: a repeat (also after a refund, and
   *   whatever `source` says now) answers the first outcome without charging again;
   * - a pool charge takes a credit only if the pool has one (else 403 SCHOOL_POOL_EMPTY), the
   *   student is under the school's cap (else 403 SCHOOL_POOL_CAP_REACHED) and `classId`'s class
   *   under its cap (else 403 CLASS_POOL_CAP_REACHED); the use line records the class;
   * - an unlimited account (`max_essay_credits = -1`) is never charged (a 0-credit line records it);
   * - otherwise a credit is taken only if one is left (never below zero), else 403 INSUFFICIENT_CREDITS;
   * - an account not opened yet is opened with the free credit first;
   * - the same evaluation id on another user's account is refused (409).
   * The decisions run inside the `consume_credit` SQL function (one round trip, see `charge`).
   */
  async consume(
    userId: string,
    evaluationId: string,
    source: CreditSource = { ledger: 'personal' },
    classId: string | null = null,
  ): Promise<ConsumeResult> {
    try {
      // An account not opened yet (the user's first use): opened and charged in one transaction.
      const result =
        (await this.charge(this.pool, userId, evaluationId, source, classId)) ??
        (await withTransaction(this.pool, async (client) => {
          await this.openAndLock(client, userId);
          return (await this.charge(client, userId, evaluationId, source, classId))!;
        }));
      if (result.outcome === 'charged' || result.outcome === 'charged_pool') creditMetrics.consumed.inc(); // committed by now
      const { outcome: _outcome, ...answer } = result;
      return answer;
    } catch (err) {
      // The same evaluation id charged meanwhile on another user's account (never in normal use).
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw evaluationOfAnotherUser();
      throw err;
    }
  }

  /**
   * The charge itself: one call of the `consume_credit` SQL function (migration 005, 004's with
   * the school pool), null when the account does not exist. Charging is on every submission's
   * path, so it is one round trip rather than a transaction of 6–9 statements: a function, not one
   * WITH statement, because its statements run in turn with a fresh snapshot each — earlier charges
   * are read after the account lock is taken, so a concurrent charge of the same evaluation is
   * seen, as in a transaction. Run alone it is its own transaction. It enqueues a personal charge's
   * `billing.account_updated.v1` itself, since only it knows the new balance, through the kit's
   * door (`sqlEvent` + `kit_enqueue_event`); the kit's `queryWithSqlEvent` then holds the answer
   * until the event is published (committed when run alone, or once the caller's transaction
   * commits). test/charge-event.int.test.ts checks the payload against its contract.
   */
  private async charge(
    db: Queryable,
    userId: string,
    evaluationId: string,
    source: CreditSource,
    classId: string | null,
  ): Promise<(ConsumeResult & { outcome: string }) | null> {
    const event = sqlEvent(Events.billingAccountUpdated);
    const row = await queryWithSqlEvent<{
      outcome: string;
      charged: boolean;
      account: Row | null;
      enqueued: boolean | null;
      charged_ledger: 'personal' | 'school' | null;
      charged_school_id: string | null;
      class_cap: number | null;
    }>(
      db,
      event,
      `SELECT outcome, charged, account, enqueued, charged_ledger, charged_school_id, class_cap
       FROM consume_credit($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        userId,
        evaluationId,
        UNLIMITED,
        newId(),
        userActor(userId),
        event.id,
        event.subject,
        event.payloadHead,
        event.headers,
        source.ledger === 'school' ? source.schoolId : null,
        source.ledger === 'school' ? source.cap : null,
        null, // p_refuse: nothing is refused any more (a school with AI off gets the built-in grader)
        classId,
      ],
    );
    const { outcome, charged, account } = row;
    if (outcome === 'missing') return null;
    if (outcome === 'no_credits') throw new HttpError(403, Codes.NO_CREDITS, Messages.NO_CREDITS);
    if (outcome === 'pool_empty') throw new HttpError(403, Codes.SCHOOL_POOL_EMPTY, Messages.SCHOOL_POOL_EMPTY);
    if (outcome === 'pool_cap' && source.ledger === 'school') {
      const cap = source.cap ?? 0;
      throw new HttpError(403, Codes.SCHOOL_POOL_CAP_REACHED, Messages.SCHOOL_POOL_CAP_REACHED(cap), {}, [cap]);
    }
    if (outcome === 'class_cap') {
      const cap = row.class_cap ?? 0;
      throw new HttpError(403, Codes.CLASS_POOL_CAP_REACHED, Messages.CLASS_POOL_CAP_REACHED(cap), {}, [cap]);
    }
    if (outcome === 'other_user') throw evaluationOfAnotherUser();
    return {
      outcome,
      charged,
      account: toAccount(account!),
      ledger: row.charged_ledger ?? 'personal',
      ...(row.charged_school_id ? { school_id: row.charged_school_id } : {}),
    };
  }

  /**
   * Gives back what an evaluation was charged, once. `refunded` tells whether that evaluation's
   * credit has been given back (by this call or an earlier one); false when nothing was charged.
   */
  async refund(evaluationId: string): Promise<RefundResult> {
    let refunded = false; // this call gave the credit back (counted once committed)
    const result = await withTransaction(this.pool, async (client) => {
      const charge = await client.query<{ user_id: string; delta: number }>(
        `SELECT user_id, delta FROM ledger WHERE kind = 'consume' AND evaluation_id = $1`,
        [evaluationId],
      );
      if (!charge.rows[0]) {
        // Charged to a school's pool: the credit goes back to that pool (the ledger it came from).
        const use = await this.pools.useOf(client, evaluationId);
        if (!use) return { account: null, refunded: false };
        // The account's lock first, as a charge takes it (account, then pool): never a deadlock.
        const row = await this.openAndLock(client, use.user_id);
        refunded = await this.pools.refundIn(client, use, evaluationId);
        return { account: toAccount(row), refunded: true };
      }
      const { user_id: userId, delta } = charge.rows[0];
      const row = await this.openAndLock(client, userId);
      const inserted = await client.query(
        `INSERT INTO ledger (id, user_id, evaluation_id, kind, delta, idempotency_key, actor) VALUES ($1, $2, $3, 'refund', $4, $5, $6)
         ON CONFLICT DO NOTHING`,
        [newId(), userId, evaluationId, -delta, `refund:${evaluationId}`, REFUND_ACTOR],
      );
      if (inserted.rowCount === 0 || delta === 0) return { account: toAccount(row), refunded: delta !== 0 };
      const account = await this.change(client, userId, 'essay_credits = essay_credits + $2', [-delta]);
      refunded = true;
      return { account, refunded: true };
    });
    if (refunded) creditMetrics.refunded.inc();
    return result;
  }

  /**
   * Admin adjustment (users forwards PUT /users/admin/users/{id}/credits here): a `set` line with
   * the difference, keyed per change, naming the admin. Setting the same values changes nothing.
   */
  async setCredits(userId: string, essayCredits: number, maxEssayCredits: number, actorId?: string): Promise<CreditAccount> {
    return withTransaction(this.pool, async (client) => {
      const row = await this.openAndLock(client, userId);
      if (row.essay_credits === essayCredits && row.max_essay_credits === maxEssayCredits) return toAccount(row);
      const version = Number(row.version);
      // One `set` per account version: the key is unique because every change bumps the version.
      await this.ledger(client, {
        userId,
        kind: 'set',
        delta: essayCredits - row.essay_credits,
        key: `set:${userId}:v${version}`,
        actor: actorId ? `admin:${actorId}` : SYSTEM,
      });
      return this.change(client, userId, 'essay_credits = $2, max_essay_credits = $3', [essayCredits, maxEssayCredits]);
    });
  }

  /**
   * Grants a paid purchase's credits inside the caller's transaction (the fulfilment's), once per
   * purchase: the ledger key `grant:<purchase id>` makes a second grant a no-op. The plan becomes
   * the one bought; `max_essay_credits` grows to the new balance (unlimited stays unlimited).
   */
  async grantPurchaseIn(
    client: PoolClient,
    grant: { purchaseId: string; userId: string; plan: string; credits: number },
  ): Promise<{ account: CreditAccount; granted: boolean }> {
    const row = await this.openAndLock(client, grant.userId);
    const inserted = await client.query(
      `INSERT INTO ledger (id, user_id, kind, delta, idempotency_key, actor) VALUES ($1, $2, 'grant', $3, $4, $5)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [newId(), grant.userId, grant.credits, `grant:${grant.purchaseId}`, userActor(grant.userId)],
    );
    if (inserted.rowCount === 0) return { account: toAccount(row), granted: false };
    const account = await this.change(
      client,
      grant.userId,
      `essay_credits = essay_credits + $2,
       max_essay_credits = CASE WHEN max_essay_credits = ${UNLIMITED} THEN max_essay_credits
                                ELSE GREATEST(max_essay_credits, essay_credits + $2) END,
       subscription_plan = $3, subscription_status = 'active'`,
      [grant.credits, grant.plan],
    );
    return { account, granted: true };
  }

  /** Sets the subscription status (cancelling the Power User plan); unchanged status changes nothing. */
  async setStatus(userId: string, status: string): Promise<CreditAccount> {
    return withTransaction(this.pool, async (client) => {
      const row = await this.openAndLock(client, userId);
      if (row.subscription_status === status) return toAccount(row);
      return this.change(client, userId, 'subscription_status = $2', [status]);
    });
  }

  /** Ledger lines of one user, oldest first (tests and support). */
  async ledgerOf(userId: string): Promise<Array<{ kind: string; delta: number; evaluation_id: string | null }>> {
    const { rows } = await this.pool.query(`SELECT kind, delta, evaluation_id FROM ledger WHERE user_id = $1 ORDER BY created_at, id`, [
      userId,
    ]);
    return rows;
  }

  /** Full ledger lines of one user with their keys and actors, oldest first (tests and support). */
  async auditOf(userId: string): Promise<Array<{ kind: string; delta: number; idempotency_key: string; actor: string }>> {
    const { rows } = await this.pool.query(
      `SELECT kind, delta, idempotency_key, actor FROM ledger WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows;
  }
}

function evaluationOfAnotherUser(): HttpError {
  return conflict('This evaluation has already been charged to another account', Codes.EVALUATION_ALREADY_CHARGED);
}
