import type { Pool } from 'pg';
import type { AdminEvaluationQuery, AdminEvaluationStats, Results } from '@corestone/contracts';
import type { Queryable } from '@corestone/service-kit';
import type { ListRow } from '../domain/evaluation';
import { LIST_COLUMNS, SHOWN_STATUS, VISIBLE } from './evaluations';

export { SHOWN_STATUS };

/** The spec's three in-progress spellings: a filter on any one of them finds all. */
const IN_PROGRESS = ['pending', 'processing', 'in_progress'];

/** ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The WHERE clause of the admin filters (visible rows only) and its parameters. The search covers
 * the title, the file name, and the student's name and e-mail — as submitted, and as the users
 * service knows them now (user_directory).
 */
export function adminFilter(f: Omit<AdminEvaluationQuery, 'limit'>, alias = 'evaluations'): { sql: string; params: unknown[] } {
  const where = [VISIBLE];
  const params: unknown[] = [];
  const add = (value: unknown, sql: (n: string) => string) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.status) add(IN_PROGRESS.includes(f.status) ? IN_PROGRESS : [f.status], (n) => `${SHOWN_STATUS} = ANY(${n}::text[])`);
  if (f.essay_type) add(f.essay_type, (n) => `essay_type = ${n}`);
  if (f.user_type) add(f.user_type, (n) => `user_type = ${n}`);
  const q = f.search_query?.trim();
  if (q) {
    add(
      containsPattern(q),
      (n) => `(title ILIKE ${n} OR file_name ILIKE ${n} OR user_name ILIKE ${n} OR user_email ILIKE ${n} OR EXISTS (
        SELECT 1 FROM user_directory d WHERE d.user_id = ${alias}.user_id
          AND (d.email ILIKE ${n} OR (d.first_name || ' ' || d.last_name) ILIKE ${n})))`,
    );
  }
  return { sql: where.join(' AND '), params };
}

/** Review changes an admin saves (PUT /evaluation/admin/{id}); absent fields stay as they are. */
export interface ReviewChanges {
  ai_feedback?: string;
  overall_score?: number;
  results?: Results;
  admin_notes?: string;
}

export class AdminStore {
  constructor(private readonly pool: Pool) {}

  /** Every submission matching the filter, newest first, as lists show them; and how many match. */
  async list(f: AdminEvaluationQuery & { limit: number }): Promise<{ rows: ListRow[]; total: number }> {
    const { sql, params } = adminFilter(f);
    const [list, count] = await Promise.all([
      this.pool.query<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM evaluations WHERE ${sql} ORDER BY created_at DESC, id DESC LIMIT ${Math.floor(f.limit)}`,
        params,
      ),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM evaluations WHERE ${sql}`, params),
    ]);
    return { rows: list.rows, total: count.rows[0].n };
  }

  async stats(): Promise<AdminEvaluationStats> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS total,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*) FILTER (WHERE ${SHOWN_STATUS} IN ('pending', 'processing'))::int AS processing,
         count(*) FILTER (WHERE status = 'failed')::int AS failed,
         count(*) FILTER (WHERE essay_type = 'ee')::int AS ee,
         count(*) FILTER (WHERE essay_type = 'tok')::int AS tok,
         count(*) FILTER (WHERE approval_status = 'pending_review')::int AS pending_review,
         count(*) FILTER (WHERE approval_status = 'under_review')::int AS under_review,
         count(*) FILTER (WHERE approval_status = 'approved')::int AS approved,
         count(*) FILTER (WHERE approval_status = 'rejected')::int AS rejected,
         count(*) FILTER (WHERE status = 'completed' AND completed_at >= now() - interval '7 days')::int AS this_week,
         count(*) FILTER (WHERE status = 'completed' AND completed_at >= now() - interval '14 days'
                                AND completed_at < now() - interval '7 days')::int AS previous_week
       FROM evaluations WHERE ${VISIBLE}`,
    );
    const r = rows[0];
    return {
      total: r.total,
      completed: r.completed,
      processing: r.processing,
      failed: r.failed,
      by_type: { ee: r.ee, tok: r.tok },
      by_approval: { pending_review: r.pending_review, under_review: r.under_review, approved: r.approved, rejected: r.rejected },
      completed_this_week: r.this_week,
      completed_previous_week: r.previous_week,
    };
  }

  /** Saves an admin's review fields; false when the row is gone. */
  async saveReview(id: string, c: ReviewChanges, reviewer: string): Promise<boolean> {
    const res = await this.pool.query(
      `UPDATE evaluations SET
         ai_feedback = COALESCE($2, ai_feedback),
         overall_score = COALESCE($3, overall_score),
         results = COALESCE($4::jsonb, results),
         admin_notes = COALESCE($5, admin_notes),
         reviewed_by = $6, reviewed_at = now(), updated_at = now()
       WHERE id = $1 AND ${VISIBLE}`,
      [id, c.ai_feedback ?? null, c.overall_score ?? null, c.results ? JSON.stringify(c.results) : null, c.admin_notes ?? null, reviewer],
    );
    return res.rowCount === 1;
  }

  /** Approve or reject a completed evaluation; false when it is not (or no longer) completed. */
  async decide(id: string, decision: 'approved' | 'rejected', notes: string | undefined, reviewer: string): Promise<boolean> {
    const res = await this.pool.query(
      `UPDATE evaluations SET approval_status = $2, admin_notes = COALESCE($3, admin_notes), reviewed_by = $4,
         reviewed_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'completed'`,
      [id, decision, notes ?? null, reviewer],
    );
    return res.rowCount === 1;
  }

  /** The stored essay texts of these evaluations (CSV export with essay content). */
  async essayTexts(db: Queryable, ids: string[]): Promise<Map<string, string>> {
    const { rows } = await db.query<{ id: string; essay_text: string | null }>(
      `SELECT id, essay_text FROM evaluations WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.essay_text ?? '']));
  }
}
