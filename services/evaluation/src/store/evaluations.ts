import type { Pool } from 'pg';
import type { EssayType, EvaluationStatus, Results, RubricSnapshot } from '@corestone/contracts';
import type { Queryable } from '@corestone/service-kit';
import { VISIBLE_STATES, type EvaluationRow } from '../domain/evaluation';

/** Every column a response needs; never the essay text. */
export const VIEW_COLUMNS = `id, user_id, user_name, user_email, user_type, file_name, title, essay_type, subject_area,
  status, approval_status, overall_score, rubric_id, rubric, word_count, processing_time, evaluation_time, progress,
  error_message, created_at, completed_at, suggestions, admin_notes, results`;

const VISIBLE = `status IN (${VISIBLE_STATES.map((s) => `'${s}'`).join(', ')})`;

/** A submission as first written (state `charging`): the row's identity fields plus the essay text. */
export type NewSubmission = Pick<
  EvaluationRow,
  'id' | 'user_id' | 'user_name' | 'user_email' | 'user_type' | 'file_name' | 'title' | 'essay_type' | 'subject_area' | 'rubric' | 'word_count'
> & { essay_text: string };

/** What the `evaluation.submitted.v1` event needs, read in the transaction that makes the row pending. */
export interface SubmittedRow {
  id: string;
  user_id: string;
  essay_type: EssayType;
  title: string;
  subject_area: string;
  essay_text: string;
  word_count: number;
  rubric: RubricSnapshot;
}

export class EvaluationStore {
  constructor(readonly pool: Pool) {}

  /** Step 1 of a submission: the row exists (state `charging`) before any credit is charged. */
  async insertCharging(s: NewSubmission): Promise<void> {
    await this.pool.query(
      `INSERT INTO evaluations (id, user_id, user_name, user_email, user_type, file_name, title, essay_type, subject_area,
         status, rubric_id, rubric, essay_text, word_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'charging', $10, $11, $12, $13)`,
      [
        s.id,
        s.user_id,
        s.user_name,
        s.user_email,
        s.user_type,
        s.file_name,
        s.title,
        s.essay_type,
        s.subject_area,
        s.rubric.id,
        JSON.stringify(s.rubric),
        s.essay_text,
        s.word_count,
      ],
    );
  }

  /** `charging` → `pending`; null when the row is no longer charging (someone else settled it). */
  async markPending(db: Queryable, id: string): Promise<SubmittedRow | null> {
    const { rows } = await db.query<SubmittedRow>(
      `UPDATE evaluations SET status = 'pending', charge_error = NULL, updated_at = now()
       WHERE id = $1 AND status = 'charging'
       RETURNING id, user_id, essay_type, title, subject_area, essay_text, word_count, rubric`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** `charging` → `refused`: the essay text is dropped, the row stays for the audit trail only. */
  async markRefused(db: Queryable, id: string, reason: string): Promise<boolean> {
    const res = await db.query(
      `UPDATE evaluations SET status = 'refused', essay_text = NULL, charge_error = $2, updated_at = now()
       WHERE id = $1 AND status = 'charging'`,
      [id, reason.slice(0, 500)],
    );
    return res.rowCount === 1;
  }

  async noteChargeAttempt(db: Queryable, id: string, error: string): Promise<void> {
    await db.query(
      `UPDATE evaluations SET charge_attempts = charge_attempts + 1, charge_error = $2, updated_at = now() WHERE id = $1`,
      [id, error.slice(0, 500)],
    );
  }

  /** A row users may see (never `charging` or `refused`). */
  async getVisible(id: string): Promise<EvaluationRow | null> {
    const { rows } = await this.pool.query<EvaluationRow>(`SELECT ${VIEW_COLUMNS} FROM evaluations WHERE id = $1 AND ${VISIBLE}`, [id]);
    return rows[0] ?? null;
  }

  async listForUser(userId: string, filter: { status?: EvaluationStatus; essay_type?: EssayType }): Promise<EvaluationRow[]> {
    const { rows } = await this.pool.query<EvaluationRow>(
      `SELECT ${VIEW_COLUMNS} FROM evaluations
       WHERE user_id = $1 AND ${VISIBLE} AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR essay_type = $3)
       ORDER BY created_at DESC, id DESC`,
      [userId, filter.status ?? null, filter.essay_type ?? null],
    );
    return rows;
  }

  async delete(id: string): Promise<boolean> {
    const res = await this.pool.query(`DELETE FROM evaluations WHERE id = $1 AND ${VISIBLE}`, [id]);
    return res.rowCount === 1;
  }

  // --- grading outcomes (each guarded by status so late or repeated events change nothing) ---

  async markProgress(db: Queryable, id: string, stage: string, percent: number): Promise<boolean> {
    const res = await db.query(
      `UPDATE evaluations SET status = 'processing', stage = $2, progress = GREATEST(progress, $3), updated_at = now()
       WHERE id = $1 AND status IN ('pending', 'processing')`,
      [id, stage.slice(0, 200), Math.max(0, Math.min(99, percent))],
    );
    return res.rowCount === 1;
  }

  async markCompleted(
    db: Queryable,
    id: string,
    c: { results: Results; grader: string; seconds: number; suggestions: string[] },
  ): Promise<{ user_id: string } | null> {
    const { rows } = await db.query<{ user_id: string }>(
      `UPDATE evaluations SET status = 'completed', results = $2, overall_score = $3, grader = $4,
         processing_time = $5, evaluation_time = $5, suggestions = $6, progress = 100, stage = 'completed',
         error_message = NULL, completed_at = now(), updated_at = now()
       WHERE id = $1 AND status IN ('pending', 'processing')
       RETURNING user_id`,
      [id, JSON.stringify(c.results), c.results.totalPoints, c.grader, c.seconds, JSON.stringify(c.suggestions)],
    );
    return rows[0] ?? null;
  }

  async markFailed(db: Queryable, id: string, message: string): Promise<{ user_id: string } | null> {
    const { rows } = await db.query<{ user_id: string }>(
      `UPDATE evaluations SET status = 'failed', error_message = $2, stage = 'failed', updated_at = now()
       WHERE id = $1 AND status IN ('pending', 'processing')
       RETURNING user_id`,
      [id, message.slice(0, 1000)],
    );
    return rows[0] ?? null;
  }
}
