import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, Rpc, attemptKey } from '@corestone/contracts';
import { HttpError, callRpc, startSingletonJob, withTransaction, type Bus, type Queryable } from '@corestone/service-kit';
import type { EvaluationStore } from '../store/evaluations';
import type { EvaluationRow } from '../domain/evaluation';

/**
 * Charging one credit for a submission, so no credit is ever lost or spent twice:
 *  1. the row exists as `charging` before billing is asked (the route inserts it);
 *  2. billing charges idempotently by the attempt's key (`<id>`, or `<id>#<n>` for retry n);
 *  3. one statement turns the row `pending` and writes `evaluation.submitted.v1` to the outbox.
 * A crash or a lost reply between the steps leaves the row `charging`; the sweeper asks billing
 * again (same evaluation id, so at most one charge) and finishes or refuses it.
 */
export type ChargeOutcome = { kind: 'charged' } | { kind: 'refused'; error: HttpError } | { kind: 'unavailable'; error: HttpError };

export interface SweepResult {
  completed: number;
  refused: number;
  unavailable: number;
}

export class Charging {
  constructor(
    private readonly store: EvaluationStore,
    private readonly bus: Bus,
    private readonly opts: { timeoutMs: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Asks billing for the credit of one attempt (billing's idempotency key is its `evaluation_id`
   * field: we send the attempt's key). Refusals are definite; timeouts and 5xx mean "ask again later".
   * `classId`: the class of the assignment the essay went into (billing counts the school pool's use
   * per class and holds the class's cap; issue 30).
   */
  async charge(chargeKey: string, userId: string, classId: string | null = null): Promise<ChargeOutcome> {
    try {
      await callRpc(
        this.bus,
        Rpc.billingConsumeCredit,
        { user_id: userId, evaluation_id: chargeKey, ...(classId ? { class_id: classId } : {}) },
        { timeoutMs: this.opts.timeoutMs },
      );
      return { kind: 'charged' };
    } catch (err) {
      const error =
        err instanceof HttpError ? err : new HttpError(503, Codes.UNAVAILABLE, `billing answered badly: ${(err as Error).message}`);
      if (error.statusCode >= 400 && error.statusCode < 500) {
        return {
          kind: 'refused',
          error: error.code === Codes.NO_CREDITS ? new HttpError(403, Codes.NO_CREDITS, Messages.NO_CREDITS) : error,
        };
      }
      return { kind: 'unavailable', error };
    }
  }

  /**
   * Step 3: `pending` + the outbox event, written by one statement (`db`: the pool, or the caller's
   * transaction) that builds the event from the row (the essay's size was checked on submission).
   * The row as now shown; null when already settled.
   */
  async complete(evaluationId: string, attempt: number, chargeKey: string, db: Queryable = this.store.pool): Promise<EvaluationRow | null> {
    return this.store.markPending(db, evaluationId, attempt, chargeKey);
  }

  /**
   * Charges an attempt and settles its row: `pending` + the job when charged, back to `refused`
   * (first attempt) or `failed` (retry) when refused. Throws the HTTP error to answer otherwise;
   * billing not answering leaves the row `charging` for the sweeper. Answers the row as settled
   * here (what the response shows), or null when the sweeper settled it first.
   */
  async chargeAndQueue(
    evaluationId: string,
    attempt: number,
    userId: string,
    log: FastifyBaseLogger,
    classId: string | null = null,
  ): Promise<EvaluationRow | null> {
    const key = attemptKey(evaluationId, attempt);
    const outcome = await this.charge(key, userId, classId);
    if (outcome.kind === 'refused') {
      await this.refuse(evaluationId, `${outcome.error.code}: ${outcome.error.detail}`);
      throw outcome.error;
    }
    if (outcome.kind === 'unavailable') {
      log.warn(
        { evaluation_id: evaluationId, charge_key: key, err: outcome.error.detail },
        'credit not confirmed; the sweeper will settle it',
      );
      throw new HttpError(503, Codes.CREDIT_UNCONFIRMED, Messages.CREDIT_UNCONFIRMED);
    }
    return this.complete(evaluationId, attempt, key); // a no-op (null) if the sweeper already did it
  }

  async refuse(evaluationId: string, reason: string): Promise<boolean> {
    return this.store.markRefused(this.store.pool, evaluationId, reason);
  }

  /**
   * Settles rows left `charging` for longer than `olderThanMs`, one row per transaction.
   * `FOR UPDATE SKIP LOCKED`: replicas sweeping together never settle the same row twice.
   */
  async sweepOnce(olderThanMs: number, limit = 50): Promise<SweepResult> {
    const result: SweepResult = { completed: 0, refused: 0, unavailable: 0 };
    for (let i = 0; i < limit; i++) {
      const done = await withTransaction(this.store.pool, async (client) => {
        // updated_at: a retry's row is old, but its charge only began when the retry was asked for.
        const { rows } = await client.query<{ id: string; user_id: string; attempt: number; class_id: string | null }>(
          `SELECT id, user_id, attempt, class_id FROM evaluations
           WHERE status = 'charging' AND updated_at < now() - ($1::int * interval '1 millisecond')
           ORDER BY updated_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [olderThanMs],
        );
        const row = rows[0];
        if (!row) return 'empty' as const;
        const key = attemptKey(row.id, row.attempt);
        const outcome = await this.charge(key, row.user_id, row.class_id);
        if (outcome.kind === 'charged') {
          await this.complete(row.id, row.attempt, key, client);
          result.completed++;
          this.log.info({ evaluation_id: row.id }, 'sweeper completed a submission left charging');
        } else if (outcome.kind === 'refused') {
          await this.store.markRefused(client, row.id, `${outcome.error.code}: ${outcome.error.detail}`);
          result.refused++;
          this.log.info({ evaluation_id: row.id, code: outcome.error.code }, 'sweeper refused a submission left charging');
        } else {
          await this.store.noteChargeAttempt(client, row.id, outcome.error.detail);
          result.unavailable++;
          return 'unavailable' as const;
        }
        return 'settled' as const;
      });
      // Nothing left, or billing is down: try again on the next tick.
      if (done !== 'settled') break;
    }
    return result;
  }

  /**
   * The sweeper, every `intervalMs`, in the one evaluation replica holding its lease (the kit's
   * singleton jobs): replicas never sweep at the same time, and the lease moves when its holder dies.
   */
  startSweeper(intervalMs: number, olderThanMs: number): { stop(): Promise<void> } {
    return startSingletonJob({
      pool: this.store.pool,
      name: 'evaluation.charging-sweep',
      everyMs: intervalMs,
      logger: this.log,
      run: () => this.sweepOnce(olderThanMs),
    });
  }
}
