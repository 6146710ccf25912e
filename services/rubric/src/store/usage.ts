import type { Pool } from 'pg';

/** A rubric id as Postgres prints a uuid; an event spelling it any other way counts for no rubric. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface Submission {
  evaluationId: string;
  rubricId: string;
  maxPoints: number;
  at: Date;
}
export interface Completion {
  evaluationId: string;
  score: number;
  at: Date;
}
export interface Deletion {
  evaluationId: string;
  rubricId: string;
}
export interface UsageChanges {
  submissions: Submission[];
  completions: Completion[];
  deletions: Deletion[];
}

/**
 * One entry per evaluation (`keep` chooses between two of the same): an upsert may touch a row only
 * once. (The statements insert in evaluation id order, so concurrent ones lock rows in one order.)
 */
function uniqueBy<T extends { evaluationId: string }>(list: T[], keep: (a: T, b: T) => T): T[] {
  const byId = new Map<string, T>();
  for (const item of list) {
    const seen = byId.get(item.evaluationId);
    byId.set(item.evaluationId, seen ? keep(seen, item) : item);
  }
  return [...byId.values()];
}

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
  // The statements run for every essay are named: prepared once per connection, not planned each time.
  constructor(private readonly pool: Pool) {}

  /** Counts the evaluation once for its rubric; true when this call counted it (recordSubmissions of one). */
  async recordSubmission(evaluationId: string, rubricId: string, maxPoints: number, at: Date): Promise<boolean> {
    return (await this.recordSubmissions([{ evaluationId, rubricId, maxPoints, at }])) === 1;
  }

  /**
   * Counts each evaluation once for its rubric, in one statement (atomic on its own); answers how
   * many this call counted. `maxPoints` is the total of the rubric snapshot it is graded against
   * (its score is read against that). A redelivery, even a concurrent one, finds its row counted:
   * the conflict's WHERE is rechecked on the row locked, nothing is returned and nothing is bumped.
   */
  async recordSubmissions(list: Submission[]): Promise<number> {
    const rows = uniqueBy(list, (a) => a);
    if (rows.length === 0) return 0;
    const { rows: result } = await this.pool.query<{ counted: number }>({
      name: 'rubric-usage-submissions',
      text: `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::numeric[], $5::uuid[])
           AS t(evaluation_id, rubric_id, submitted_at, max_points, rubric_uuid)
       ), counted AS (
         INSERT INTO rubric_usage (evaluation_id, rubric_id, counted, submitted_at, max_points)
         SELECT evaluation_id, rubric_id, true, submitted_at, max_points FROM input ORDER BY evaluation_id
         ON CONFLICT (evaluation_id) DO UPDATE SET rubric_id = EXCLUDED.rubric_id, counted = true, submitted_at = EXCLUDED.submitted_at, max_points = EXCLUDED.max_points
         WHERE NOT rubric_usage.counted
         RETURNING evaluation_id
       ), bumped AS (
         UPDATE rubrics r SET submission_count = r.submission_count + b.n
         FROM (SELECT i.rubric_uuid, count(*) AS n FROM counted c JOIN input i USING (evaluation_id)
               WHERE i.rubric_uuid IS NOT NULL GROUP BY i.rubric_uuid) b
         WHERE r.id = b.rubric_uuid
       )
       SELECT count(*)::int AS counted FROM counted`,
      values: [
        rows.map((r) => r.evaluationId),
        rows.map((r) => r.rubricId),
        rows.map((r) => r.at),
        rows.map((r) => r.maxPoints),
        // Compared as a uuid so the primary key is used; any other spelling names no rubric.
        rows.map((r) => (CANONICAL_UUID.test(r.rubricId) ? r.rubricId : null)),
      ],
    });
    return result[0].counted;
  }

  /** The latest grading of an evaluation (a regrade replaces the score). Unknown evaluations are kept for their submission. */
  async recordCompletion(evaluationId: string, score: number, at: Date): Promise<void> {
    await this.recordCompletions([{ evaluationId, score, at }]);
  }

  /** recordCompletion for several, in one statement; of two gradings of one evaluation the later counts. */
  async recordCompletions(list: Completion[]): Promise<void> {
    const rows = uniqueBy(list, (a, b) => (b.at > a.at ? b : a));
    if (rows.length === 0) return;
    await this.pool.query({
      name: 'rubric-usage-completions',
      text: `INSERT INTO rubric_usage (evaluation_id, rubric_id, score, completed_at)
       SELECT evaluation_id, '', score, completed_at FROM unnest($1::text[], $2::numeric[], $3::timestamptz[]) AS t(evaluation_id, score, completed_at)
       ORDER BY evaluation_id
       ON CONFLICT (evaluation_id) DO UPDATE SET score = EXCLUDED.score, completed_at = EXCLUDED.completed_at
       WHERE rubric_usage.completed_at IS NULL OR rubric_usage.completed_at <= EXCLUDED.completed_at`,
      values: [rows.map((r) => r.evaluationId), rows.map((r) => r.score), rows.map((r) => r.at)],
    });
  }

  async recordDeletion(evaluationId: string, rubricId: string): Promise<void> {
    await this.recordDeletions([{ evaluationId, rubricId }]);
  }

  async recordDeletions(list: Deletion[]): Promise<void> {
    const rows = uniqueBy(list, (a) => a);
    if (rows.length === 0) return;
    await this.pool.query({
      name: 'rubric-usage-deletions',
      text: `INSERT INTO rubric_usage (evaluation_id, rubric_id, deleted_at)
       SELECT evaluation_id, rubric_id, now() FROM unnest($1::text[], $2::text[]) AS t(evaluation_id, rubric_id) ORDER BY evaluation_id
       ON CONFLICT (evaluation_id) DO UPDATE SET deleted_at = COALESCE(rubric_usage.deleted_at, now())`,
      values: [rows.map((r) => r.evaluationId), rows.map((r) => r.rubricId)],
    });
  }

  /**
   * Several events' changes: submissions, then completions, then deletions, each kind one
   * statement (each atomic on its own, all idempotent, so a failure part-way is simply retried).
   */
  async apply(changes: UsageChanges): Promise<void> {
    await this.recordSubmissions(changes.submissions);
    await this.recordCompletions(changes.completions);
    await this.recordDeletions(changes.deletions);
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
