import type { Pool } from 'pg';

/** A rubric id as Postgres prints a uuid; an event spelling it any other way counts for no rubric. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface UsageFigures {
  submission_count: number;
  evaluations_in_use: number;
  completed_count: number;
  average_percent: number | null;
  first_used_at: string | null;
  last_used_at: string | null;
}

/**
 * Which evaluations use which rubric and how they scored, kept from evaluation's events. Keyed by
 * evaluation id, so a redelivered event, or a retry's second `evaluation.submitted`, never counts
 * twice; a deletion or completion seen before its submission leaves a row the submission completes.
 */
export class UsageStore {
  // The statements run once per essay are named: prepared once per connection, not planned each time.
  constructor(private readonly pool: Pool) {}

  /**
   * Counts the evaluation once for its rubric. True when this call counted it. `maxPoints` is the
   * total of the rubric snapshot it is graded against (its score is read against that).
   */
  async recordSubmission(evaluationId: string, rubricId: string, maxPoints: number, at: Date): Promise<boolean> {
    // One statement, atomic on its own. A redelivery (even concurrent) finds the row counted: the
    // conflict's WHERE is rechecked on the row locked, nothing is returned and nothing is bumped.
    const { rows } = await this.pool.query<{ counted: boolean }>({
      name: 'rubric-usage-submitted',
      text: `WITH counted AS (
         INSERT INTO rubric_usage (evaluation_id, rubric_id, counted, submitted_at, max_points) VALUES ($1, $2, true, $3, $4)
         ON CONFLICT (evaluation_id) DO UPDATE SET rubric_id = EXCLUDED.rubric_id, counted = true, submitted_at = EXCLUDED.submitted_at, max_points = EXCLUDED.max_points
         WHERE NOT rubric_usage.counted
         RETURNING 1
       ), bumped AS (
         UPDATE rubrics SET submission_count = submission_count + 1 WHERE id = $5 AND EXISTS (SELECT 1 FROM counted) RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM counted) AS counted`,
      // Compared as a uuid so the primary key is used; any other string names no rubric.
      values: [evaluationId, rubricId, at, maxPoints, CANONICAL_UUID.test(rubricId) ? rubricId : null],
    });
    return rows[0].counted;
  }

  /** The latest grading of an evaluation (a regrade replaces the score). Unknown evaluations are kept for their submission. */
  async recordCompletion(evaluationId: string, score: number, at: Date): Promise<void> {
    await this.pool.query({
      name: 'rubric-usage-completed',
      text: `INSERT INTO rubric_usage (evaluation_id, rubric_id, score, completed_at) VALUES ($1, '', $2, $3)
       ON CONFLICT (evaluation_id) DO UPDATE SET score = EXCLUDED.score, completed_at = EXCLUDED.completed_at
       WHERE rubric_usage.completed_at IS NULL OR rubric_usage.completed_at <= EXCLUDED.completed_at`,
      values: [evaluationId, score, at],
    });
  }

  async recordDeletion(evaluationId: string, rubricId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO rubric_usage (evaluation_id, rubric_id, deleted_at) VALUES ($1, $2, now())
       ON CONFLICT (evaluation_id) DO UPDATE SET deleted_at = COALESCE(rubric_usage.deleted_at, now())`,
      [evaluationId, rubricId],
    );
  }

  async figures(rubricId: string): Promise<UsageFigures> {
    const { rows } = await this.pool.query<{
      counted: string;
      live: string;
      completed: string;
      average: string | null;
      first: Date | null;
      last: Date | null;
    }>(
      `SELECT count(*) FILTER (WHERE counted) AS counted,
              count(*) FILTER (WHERE counted AND deleted_at IS NULL) AS live,
              count(*) FILTER (WHERE counted AND deleted_at IS NULL AND score IS NOT NULL) AS completed,
              avg(score * 100 / max_points) FILTER (WHERE counted AND deleted_at IS NULL AND score IS NOT NULL AND max_points > 0) AS average,
              min(submitted_at) AS first, max(submitted_at) AS last
         FROM rubric_usage WHERE rubric_id = $1`,
      [rubricId],
    );
    const r = rows[0];
    return {
      submission_count: Number(r.counted),
      evaluations_in_use: Number(r.live),
      completed_count: Number(r.completed),
      average_percent: r.average === null ? null : Math.round(Number(r.average) * 10) / 10,
      first_used_at: r.first?.toISOString() ?? null,
      last_used_at: r.last?.toISOString() ?? null,
    };
  }
}
