import type { Pool } from 'pg';
import { Events, type AdminEvaluationQuery, type AdminEvaluationStats, type Results } from '@corestone/contracts';
import { enqueueEvent, withTransaction, type Queryable } from '@corestone/service-kit';
import type { ListRow } from '../domain/evaluation';
import { feedbackChanged, reviewMailDue, type ReviewState } from '../domain/review';
import { LIST_COLUMNS, SHOWN_STATUS, VISIBLE } from './evaluations';

export { SHOWN_STATUS };

/** The spec's three in-progress spellings: a filter on any one of them finds all. */
const IN_PROGRESS = ['pending', 'processing', 'in_progress'];

/** ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  notes_for_student?: boolean;
}

const REVIEW_COLUMNS = 'user_id, approval_status, ai_feedback, admin_notes, notes_for_student, feedback_at, decided_at';
type ReviewRow = ReviewState & { user_id: string };

/** The row's review, locked until the transaction ends; null when it is not visible. */
async function lockReview(db: Queryable, id: string): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM evaluations WHERE id = $1 AND ${VISIBLE} FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/**
 * Announces the review when the student is due a mail about it (domain reviewMailDue) and notes
 * that event as the row's latest review: the mail consumer writes only for the latest.
 */
async function announceReview(db: Queryable, id: string, before: ReviewRow, after: Omit<ReviewState, 'feedback_at' | 'decided_at'>) {
  if (!reviewMailDue(before, after)) return;
  const eventId = await enqueueEvent(db, Events.evaluationReviewed, {
    evaluation_id: id,
    user_id: before.user_id,
    approval_status: after.approval_status,
  });
  await db.query(`UPDATE evaluations SET review_event_id = $2 WHERE id = $1`, [id, eventId]);
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

  /**
   * Saves an admin's review fields (and, when the student is due one, the review mail's event, in
   * the same transaction); false when the row is gone.
   */
  async saveReview(id: string, c: ReviewChanges, reviewer: string): Promise<boolean> {
    return withTransaction(this.pool, async (db) => {
      const before = await lockReview(db, id);
      if (!before) return false;
      const after = {
        approval_status: before.approval_status,
        ai_feedback: c.ai_feedback ?? before.ai_feedback,
        admin_notes: c.admin_notes ?? before.admin_notes,
        notes_for_student: c.notes_for_student ?? before.notes_for_student,
      };
      await db.query(
        `UPDATE evaluations SET
           ai_feedback = $2, overall_score = COALESCE($3, overall_score), results = COALESCE($4::jsonb, results),
           admin_notes = $5, notes_for_student = $6, feedback_at = CASE WHEN $7 THEN now() ELSE feedback_at END,
           reviewed_by = $8, reviewed_at = now(), updated_at = now()
         WHERE id = $1`,
        [
          id,
          after.ai_feedback,
          c.overall_score ?? null,
          c.results ? JSON.stringify(c.results) : null,
          after.admin_notes,
          after.notes_for_student,
          feedbackChanged(before, after),
          reviewer,
        ],
      );
      await announceReview(db, id, before, after);
      return true;
    });
  }

  /**
   * Approve or reject a completed evaluation; false when it is not (or no longer) completed. Notes
   * sent replace the admin notes and say whether the student sees them (`forStudent`); no notes
   * keep both as they were.
   */
  async decide(
    id: string,
    decision: 'approved' | 'rejected',
    notes: { text: string; forStudent: boolean } | undefined,
    reviewer: string,
  ): Promise<boolean> {
    return withTransaction(this.pool, async (db) => {
      const before = await lockReview(db, id);
      if (!before) return false;
      const after = {
        approval_status: decision,
        ai_feedback: before.ai_feedback,
        admin_notes: notes ? notes.text : before.admin_notes,
        notes_for_student: notes ? notes.forStudent : before.notes_for_student,
      };
      const res = await db.query(
        `UPDATE evaluations SET approval_status = $2, admin_notes = $3, notes_for_student = $4,
           feedback_at = CASE WHEN $5 THEN now() ELSE feedback_at END,
           decided_at = now(), reviewed_by = $6, reviewed_at = now(), updated_at = now()
         WHERE id = $1 AND status = 'completed'`,
        [id, decision, after.admin_notes, after.notes_for_student, feedbackChanged(before, after), reviewer],
      );
      if (res.rowCount !== 1) return false;
      await announceReview(db, id, before, after);
      return true;
    });
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
