import type { Pool } from 'pg';
import { Events, type Results } from '@corestone/contracts';
import { enqueueEvent, withTransaction, type Queryable } from '@corestone/service-kit';
import type { NeedsReviewFacts, StandingRow, StoredReview } from '../domain/assignment';
import { VISIBLE } from './evaluations';

/**
 * SQL of submissions into class assignments (issue 31; columns of migration 010): each student's
 * latest submission with its attempts, the teacher's review and the release (with the mail's
 * event, in one transaction), the released reviews agreement is computed over, and a student's
 * line of drafts for growth.
 */

/** A student's latest submission into an assignment, as the gradebook, lists and CSV read it. */
export type LatestRow = StandingRow &
  NeedsReviewFacts & {
    user_id: string;
    assignment_id: string;
    attempts: number;
    /** Each criterion's AI mark (the result's), for the CSV. */
    criteria: Array<{ code: string; name: string; score: number; maxScore: number }> | null;
  };

const LATEST_COLUMNS = `id, user_id, assignment_id, status, created_at, completed_at, late, teacher_review, released_at, release_mode,
  show_ai_marks, assignment_kind, class_id, class_school_id, assignment_title, class_name, essay_type, word_count,
  (results->>'totalPoints')::float8 AS results_total, (results->>'maxPoints')::float8 AS results_max,
  results->>'overallGrade' AS results_grade,
  CASE WHEN results IS NULL THEN NULL ELSE jsonb_build_object('totalPoints', results->'totalPoints', 'maxPoints',
    results->'maxPoints', 'grader', results->'grader', 'fallbackReason', results->'fallbackReason', 'consistency',
    results->'consistency', 'textMetrics', results->'textMetrics') END AS results,
  jsonb_build_object('scoring_structure', jsonb_build_object('grade_boundaries', rubric->'scoring_structure'->'grade_boundaries')) AS rubric,
  (SELECT jsonb_agg(jsonb_build_object('code', c->'code', 'name', c->'name', 'score', c->'score', 'maxScore', c->'maxScore'))
     FROM jsonb_array_elements(results->'criteria') c) AS criteria`;

/** A released review agreement counts: the teacher's marks beside the AI's. */
export interface ReleasedReview {
  teacher_review: StoredReview;
  ai_total: number | null;
  rubric_id: string;
  rubric_title: string | null;
}

/** A submission of a student's line (growth): what the growth route compares and lists. */
export interface LineRow {
  id: string;
  assignment_id: string | null;
  assignment_kind: 'draft' | 'final' | null;
  status: string;
  created_at: Date;
  results: Results | null;
  teacher_review: StoredReview | null;
  released_at: Date | null;
  release_mode: 'immediate' | 'after_review' | null;
  show_ai_marks: boolean;
  class_id: string | null;
}

export class AssignmentStore {
  constructor(readonly pool: Pool) {}

  /** Each student's latest visible submission into each of these assignments, with how many they made. */
  async latest(assignmentIds: string[]): Promise<LatestRow[]> {
    if (assignmentIds.length === 0) return [];
    const { rows } = await this.pool.query<LatestRow>(
      `SELECT DISTINCT ON (assignment_id, user_id) ${LATEST_COLUMNS},
         (count(*) OVER (PARTITION BY assignment_id, user_id))::int AS attempts
       FROM evaluations WHERE assignment_id = ANY($1::uuid[]) AND ${VISIBLE}
       ORDER BY assignment_id, user_id, created_at DESC, id DESC`,
      [assignmentIds],
    );
    return rows;
  }

  /** A student's latest visible submission into each of these assignments. */
  async latestOfStudent(userId: string, assignmentIds: string[]): Promise<LatestRow[]> {
    if (assignmentIds.length === 0) return [];
    const { rows } = await this.pool.query<LatestRow>(
      `SELECT DISTINCT ON (assignment_id) ${LATEST_COLUMNS}, 1 AS attempts
       FROM evaluations WHERE user_id = $1 AND assignment_id = ANY($2::uuid[]) AND ${VISIBLE}
       ORDER BY assignment_id, created_at DESC, id DESC`,
      [userId, assignmentIds],
    );
    return rows;
  }

  /** Who has a visible submission in an assignment (rpc.evaluation.assignment_submitters). */
  async submitters(assignmentId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT DISTINCT user_id FROM evaluations WHERE assignment_id = $1 AND ${VISIBLE}`,
      [assignmentId],
    );
    return rows.map((r) => r.user_id);
  }

  /** Stores a teacher's review of a graded submission; false when it is not (or no longer) completed. */
  async saveReview(id: string, review: StoredReview): Promise<boolean> {
    const res = await this.pool.query(
      `UPDATE evaluations SET teacher_review = $2, updated_at = now() WHERE id = $1 AND status = 'completed' AND assignment_id IS NOT NULL`,
      [id, JSON.stringify(review)],
    );
    return res.rowCount === 1;
  }

  /**
   * Releases reviewed results to their students (the given ids, those of `assignmentId` that are
   * reviewed and not yet released, or both) with the assignment's current show_ai_marks, and
   * enqueues each one's `evaluation.released.v1` (the "result released" mail) in the same
   * transaction. Answers the ids released now; one already released is left as it is.
   */
  async release(filter: { id?: string; assignmentId?: string }, showAiMarks: boolean | null): Promise<string[]> {
    return withTransaction(this.pool, async (db) => {
      const { rows } = await db.query<ReleasedRow>(
        `UPDATE evaluations SET released_at = now(), show_ai_marks = coalesce($3, show_ai_marks), updated_at = now()
         WHERE ($1::uuid IS NULL OR id = $1) AND ($2::uuid IS NULL OR assignment_id = $2) AND assignment_id IS NOT NULL
           AND status = 'completed' AND teacher_review IS NOT NULL AND released_at IS NULL
         RETURNING id, user_id, assignment_id::text AS assignment_id, (teacher_review->>'total')::float8 AS total,
           (teacher_review->>'max_total')::float8 AS max_total, coalesce(teacher_review->>'comment', '') AS comment`,
        [filter.id ?? null, filter.assignmentId ?? null, showAiMarks],
      );
      for (const r of rows) await announceRelease(db, r);
      return rows.map((r) => r.id);
    });
  }

  /** Released teacher reviews of a school (or every school), optionally of one rubric and of some classes. */
  async releasedReviews(f: { schoolId: string | null; rubricId?: string; classIds?: string[] }): Promise<ReleasedReview[]> {
    const { rows } = await this.pool.query<ReleasedReview>(
      `SELECT teacher_review, (results->>'totalPoints')::float8 AS ai_total, rubric_id, rubric->>'title' AS rubric_title
       FROM evaluations
       WHERE teacher_review IS NOT NULL AND released_at IS NOT NULL AND status = 'completed' AND results IS NOT NULL
         AND ($1::text IS NULL OR class_school_id = $1) AND ($2::text IS NULL OR rubric_id = $2)
         AND ($3::text[] IS NULL OR class_id = ANY($3::text[]))
       ORDER BY created_at, id`,
      [f.schoolId, f.rubricId ?? null, f.classIds ?? null],
    );
    return rows;
  }

  /**
   * A student's line for growth: their completed submissions into the assignment and, when it is a
   * final, into the draft assignments of the same class and essay type, oldest first.
   */
  async line(userId: string, a: { assignmentId: string; classId: string; essayType: string; final: boolean }): Promise<LineRow[]> {
    const { rows } = await this.pool.query<LineRow>(
      `SELECT id, assignment_id::text AS assignment_id, assignment_kind, status, created_at, results, teacher_review, released_at,
         release_mode, show_ai_marks, class_id
       FROM evaluations
       WHERE user_id = $1 AND status = 'completed' AND results IS NOT NULL
         AND (assignment_id = $2 OR ($5 AND class_id = $3 AND essay_type = $4 AND assignment_kind = 'draft'))
       ORDER BY created_at, id`,
      [userId, a.assignmentId, a.classId, a.essayType, a.final],
    );
    return rows;
  }

  /** The stored essay texts of these evaluations. */
  async texts(db: Queryable, ids: string[]): Promise<Map<string, string>> {
    const { rows } = await db.query<{ id: string; essay_text: string | null }>(
      `SELECT id::text AS id, essay_text FROM evaluations WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.essay_text ?? '']));
  }
}

interface ReleasedRow {
  id: string;
  user_id: string;
  assignment_id: string;
  total: number | null;
  max_total: number | null;
  comment: string;
}

/**
 * The "result released" event (the mail; schools' LTI grade passback reads the mark in it); the
 * row notes it, so only the latest release of a row mails.
 */
async function announceRelease(db: Queryable, r: ReleasedRow): Promise<void> {
  const eventId = await enqueueEvent(db, Events.evaluationReleased, {
    evaluation_id: r.id,
    user_id: r.user_id,
    assignment_id: r.assignment_id,
    ...(r.total !== null && r.max_total !== null ? { score: { given: r.total, maximum: r.max_total, comment: r.comment } } : {}),
  });
  await db.query(`UPDATE evaluations SET release_event_id = $2 WHERE id = $1`, [r.id, eventId]);
}
