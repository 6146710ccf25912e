import type { Pool, PoolClient } from 'pg';
import type { SchoolCreditGrantResult, SchoolCredits, SchoolLedgerEntry } from '@corestone/contracts';
import { newId, withTransaction } from '@corestone/service-kit';

interface TotalsRow {
  school_id: string;
  balance: string; // bigint
  granted_total: string;
  used_total: string;
}

interface EntryRow {
  id: string;
  kind: SchoolLedgerEntry['kind'];
  credits: number;
  note: string | null;
  user_id: string | null;
  actor: string;
  charge_key: string | null;
  created_at: Date;
}

const toTotals = (r: TotalsRow) => ({
  school_id: r.school_id,
  balance: Number(r.balance),
  granted_total: Number(r.granted_total),
  used_total: Number(r.used_total),
});

const toEntry = (r: EntryRow): SchoolLedgerEntry => ({
  id: r.id,
  kind: r.kind,
  credits: r.credits,
  note: r.note,
  user_id: r.user_id,
  actor: r.actor,
  charge_key: r.charge_key,
  created_at: r.created_at.toISOString(),
});

const TOTALS = 'school_id, balance, granted_total, used_total';
const ENTRY = 'id, kind, credits, note, user_id, actor, charge_key, created_at';
const POOL_REFUND_ACTOR = 'system:evaluation-failed';

/** A school's use per member, most first: from the totals the ledger's trigger keeps (migration 007). */
export const usageByStudent = `SELECT user_id, used FROM school_student_usage WHERE school_id = $1 ORDER BY used DESC, user_id`;
/** Every class with a recorded use and every class with a cap (0 used), most used first. */
export const usageByClass = `SELECT class_id, COALESCE(u.used, 0) AS used, COALESCE(u.refunded, 0) AS refunded, c.pool_cap AS cap
  FROM (SELECT class_id, used, refunded FROM school_class_usage WHERE school_id = $1) u
  FULL JOIN (SELECT class_id, pool_cap FROM school_classes WHERE school_id = $1 AND pool_cap IS NOT NULL) c USING (class_id)
  ORDER BY 2 DESC, 1`;

/** A pool use as a refund needs it: whose pool, whose essay, which class (null: none recorded). */
export interface PoolUse {
  school_id: string;
  user_id: string;
  class_id: string | null;
}

/**
 * The school credit pools: one row per school (balance, granted and used totals) and the
 * append-only `school_ledger` (grant | use | refund). Uses are written by the `consume_credit` SQL
 * function (AccountStore.consume); grants and refunds here, each in one transaction holding the
 * pool row's lock, so balance = granted_total − used_total always and never below zero.
 */
export class SchoolPoolStore {
  constructor(private readonly pool: Pool) {}

  /** Adds `credits` to the school's pool (opened at its first grant) with the super admin's note. */
  async grant(schoolId: string, credits: number, note: string, adminId: string): Promise<SchoolCreditGrantResult> {
    return withTransaction(this.pool, async (client) => {
      await client.query(`INSERT INTO school_pools (school_id) VALUES ($1) ON CONFLICT (school_id) DO NOTHING`, [schoolId]);
      const id = newId();
      const entry = await client.query<EntryRow>(
        `INSERT INTO school_ledger (id, school_id, kind, credits, user_id, note, idempotency_key, actor)
         VALUES ($1, $2, 'grant', $3, $4, $5, $6, $7) RETURNING ${ENTRY}`,
        [id, schoolId, credits, adminId, note, `grant:${id}`, `admin:${adminId}`],
      );
      const totals = await client.query<TotalsRow>(
        `UPDATE school_pools SET balance = balance + $2, granted_total = granted_total + $2, updated_at = now()
         WHERE school_id = $1 RETURNING ${TOTALS}`,
        [schoolId, credits],
      );
      return { ...toTotals(totals.rows[0]), entry: toEntry(entry.rows[0]) };
    });
  }

  /** The pool's totals, its `limit` most recent lines (newest first), its use per member and per class. */
  async view(schoolId: string, limit: number): Promise<SchoolCredits> {
    const [totals, entries, usage, byClass] = await Promise.all([
      this.pool.query<TotalsRow>(`SELECT ${TOTALS} FROM school_pools WHERE school_id = $1`, [schoolId]),
      this.pool.query<EntryRow>(`SELECT ${ENTRY} FROM school_ledger WHERE school_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, [
        schoolId,
        limit,
      ]),
      this.pool.query<{ user_id: string; used: string }>(usageByStudent, [schoolId]),
      // Every class with a recorded use, and every class with a cap (shown with 0 used).
      this.pool.query<{ class_id: string; used: string; refunded: string; cap: number | null }>(usageByClass, [schoolId]),
    ]);
    const row = totals.rows[0] ?? { school_id: schoolId, balance: '0', granted_total: '0', used_total: '0' };
    return {
      ...toTotals(row),
      entries: entries.rows.map(toEntry),
      usage_by_student: usage.rows.map((u) => ({ user_id: u.user_id, used: Number(u.used) })),
      usage_by_class: byClass.rows.map((c) => ({ class_id: c.class_id, used: Number(c.used), refunded: Number(c.refunded), cap: c.cap })),
    };
  }

  /** The pool use of a charge key, if the key was charged to a pool. */
  async useOf(client: PoolClient, chargeKey: string): Promise<PoolUse | null> {
    const { rows } = await client.query<PoolUse>(
      `SELECT school_id, user_id, class_id FROM school_ledger WHERE kind = 'use' AND charge_key = $1`,
      [chargeKey],
    );
    return rows[0] ?? null;
  }

  /**
   * Gives the credit of a pool use back to its pool, once (inside the caller's transaction): the
   * unique (kind, charge_key) index makes a second refund a no-op. Answers whether this call refunded.
   */
  async refundIn(client: PoolClient, use: PoolUse, chargeKey: string): Promise<boolean> {
    await client.query(`SELECT 1 FROM school_pools WHERE school_id = $1 FOR UPDATE`, [use.school_id]);
    const inserted = await client.query(
      `INSERT INTO school_ledger (id, school_id, kind, credits, user_id, charge_key, idempotency_key, actor, class_id)
       VALUES ($1, $2, 'refund', 1, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [newId(), use.school_id, use.user_id, chargeKey, `refund:${chargeKey}`, POOL_REFUND_ACTOR, use.class_id],
    );
    if (inserted.rowCount === 0) return false;
    await client.query(
      `UPDATE school_pools SET balance = balance + 1, used_total = used_total - 1, updated_at = now() WHERE school_id = $1`,
      [use.school_id],
    );
    return true;
  }
}
