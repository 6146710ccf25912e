import type { Pool } from 'pg';
import type { ActivityItem, AdminEvaluationQuery, CriterionAverage, EssayType, EvaluationStatus, Results } from '@corestone/contracts';
import { fillDays, oneDecimal, type Period } from '../domain/periods';
import { VISIBLE } from './evaluations';
import { SHOWN_STATUS, adminFilter } from './admin';

/** The percent a completed evaluation scored (admin edits recompute it). */
const PERCENT = `(results->>'percentage')::float8`;
const DAY = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
/** Users the dashboard counts: known to the users service and not deleted. */
const LIVE_USER = 'deleted_at IS NULL';

export interface SubmissionFigures {
  total: number;
  completed: number;
  processing: number;
  failed: number;
  average_percent: number | null;
}

export interface ExportRow {
  id: string;
  title: string;
  file_name: string;
  user_name: string;
  user_email: string;
  user_type: string;
  essay_type: EssayType;
  subject_area: string;
  status: EvaluationStatus;
  approval_status: string;
  overall_score: number | null;
  results: Results | null;
  word_count: number;
  rubric_title: string;
  created_at: Date;
  completed_at: Date | null;
  ai_feedback: string | null;
  admin_notes: string | null;
  essay_text?: string | null;
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The dashboard's figures, read from the evaluations and from `user_directory` (fed by users'
 * events). Every figure counts visible evaluations only (never `charging`/`refused` rows).
 */
export class DashboardStore {
  constructor(private readonly pool: Pool) {}

  /** Submission counters, overall or created since a moment. */
  async submissions(since?: Date): Promise<SubmissionFigures> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS total,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*) FILTER (WHERE ${SHOWN_STATUS} IN ('pending', 'processing'))::int AS processing,
         count(*) FILTER (WHERE status = 'failed')::int AS failed,
         avg(${PERCENT}) FILTER (WHERE status = 'completed') AS average_percent
       FROM evaluations WHERE ${VISIBLE} AND ($1::timestamptz IS NULL OR created_at >= $1)`,
      [since ?? null],
    );
    const r = rows[0];
    return {
      total: r.total,
      completed: r.completed,
      processing: r.processing,
      failed: r.failed,
      average_percent: oneDecimal(r.average_percent),
    };
  }

  /** Submissions created in [from, to). */
  async submissionsBetween(from: Date, to: Date): Promise<number> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS n FROM evaluations WHERE ${VISIBLE} AND created_at >= $1 AND created_at < $2`,
      [from, to],
    );
    return rows[0].n;
  }

  /** Users known and not deleted, by role. */
  async usersByRole(): Promise<Record<string, number>> {
    const { rows } = await this.pool.query(
      `SELECT role, count(*)::int AS n FROM user_directory WHERE ${LIVE_USER} GROUP BY role ORDER BY role`,
    );
    return Object.fromEntries(rows.map((r) => [r.role, r.n]));
  }

  /** Users created in [from, to) who still exist. */
  async usersCreatedBetween(from: Date, to: Date): Promise<number> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS n FROM user_directory WHERE ${LIVE_USER} AND created_at >= $1 AND created_at < $2`,
      [from, to],
    );
    return rows[0].n;
  }

  async signupsPerDay(p: Period) {
    const { rows } = await this.pool.query(
      `SELECT ${DAY('created_at')} AS date, count(*)::int AS count FROM user_directory
       WHERE ${LIVE_USER} AND created_at >= $1 GROUP BY 1`,
      [p.since],
    );
    return fillDays(p, rows);
  }

  async activeSubmitters(p: Period): Promise<number> {
    const { rows } = await this.pool.query(
      `SELECT count(DISTINCT user_id)::int AS n FROM evaluations WHERE ${VISIBLE} AND created_at >= $1`,
      [p.since],
    );
    return rows[0].n;
  }

  /** Completed evaluations still awaiting an admin's review. */
  async awaitingReview(): Promise<number> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS n FROM evaluations WHERE status = 'completed' AND approval_status = 'pending_review'`,
    );
    return rows[0].n;
  }

  /** Per day of the period: submissions (by type) and completions, and the completed ones' mean percent. */
  async perDay(p: Period) {
    const [created, completed] = await Promise.all([
      this.pool.query(
        `SELECT ${DAY('created_at')} AS date, count(*)::int AS count,
           count(*) FILTER (WHERE essay_type = 'ee')::int AS ee, count(*) FILTER (WHERE essay_type = 'tok')::int AS tok
         FROM evaluations WHERE ${VISIBLE} AND created_at >= $1 GROUP BY 1`,
        [p.since],
      ),
      this.pool.query(
        `SELECT ${DAY('completed_at')} AS date, count(*)::int AS count, avg(${PERCENT}) AS average_percent
         FROM evaluations WHERE status = 'completed' AND completed_at >= $1 GROUP BY 1`,
        [p.since],
      ),
    ]);
    const byType = new Map(created.rows.map((r) => [r.date, r]));
    const avg = new Map(completed.rows.map((r) => [r.date, oneDecimal(r.average_percent)]));
    return {
      submissions_per_day: fillDays(p, created.rows),
      completed_per_day: fillDays(p, completed.rows),
      by_type: p.dates.map((date) => ({ date, ee: num(byType.get(date)?.ee), tok: num(byType.get(date)?.tok) })),
      average_score_per_day: p.dates.map((date) => ({ date, average_percent: avg.get(date) ?? null })),
    };
  }

  /** Gradings finished in the period: how long they took (seconds) and how many completed or failed. */
  async processing(p: Period) {
    const { rows } = await this.pool.query(
      `SELECT avg(processing_time) FILTER (WHERE status = 'completed' AND reused_from IS NULL) AS average,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY processing_time) FILTER (WHERE status = 'completed' AND reused_from IS NULL) AS p50,
         percentile_cont(0.95) WITHIN GROUP (ORDER BY processing_time) FILTER (WHERE status = 'completed' AND reused_from IS NULL) AS p95,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM evaluations
       WHERE (status = 'completed' AND completed_at >= $1) OR (status = 'failed' AND updated_at >= $1)`,
      [p.since],
    );
    const r = rows[0];
    return { average: oneDecimal(r.average), p50: oneDecimal(r.p50), p95: oneDecimal(r.p95), completed: r.completed, failed: r.failed };
  }

  /** Gradings completed in the period per overall grade (from the summary column: no full result is read). */
  async gradeDistribution(p: Period) {
    const { rows } = await this.pool.query(
      `SELECT results_summary->>'overallGrade' AS grade, count(*)::int AS count FROM evaluations
       WHERE status = 'completed' AND results_summary IS NOT NULL AND completed_at >= $1 GROUP BY 1 ORDER BY 1`,
      [p.since],
    );
    return rows as Array<{ grade: string; count: number }>;
  }

  /** Mean score per criterion (by essay type, criterion code and name) of the gradings completed in the period. */
  async criteriaAverages(p: Period): Promise<CriterionAverage[]> {
    const { rows } = await this.pool.query(
      `SELECT essay_type, c->>'code' AS code, c->>'name' AS name,
         avg((c->>'score')::float8) AS average_score, max((c->>'maxScore')::float8) AS max_score,
         avg((c->>'score')::float8 / NULLIF((c->>'maxScore')::float8, 0)) * 100 AS average_percent
       FROM evaluations, jsonb_array_elements(results->'criteria') AS c
       WHERE status = 'completed' AND results IS NOT NULL AND completed_at >= $1
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [p.since],
    );
    return rows.map((r) => ({
      essay_type: r.essay_type,
      code: r.code,
      name: r.name,
      average_score: oneDecimal(r.average_score) ?? 0,
      max_score: num(r.max_score),
      average_percent: oneDecimal(r.average_percent) ?? 0,
    }));
  }

  /** Submissions per rubric in the period (title as in the latest snapshot), with the completed ones' mean percent. */
  async rubricUsage(p: Period) {
    const { rows } = await this.pool.query(
      `SELECT rubric_id, (array_agg(rubric->>'title' ORDER BY created_at DESC))[1] AS title, min(essay_type) AS essay_type,
         count(*)::int AS submissions, avg(${PERCENT}) FILTER (WHERE status = 'completed') AS average_percent
       FROM evaluations WHERE ${VISIBLE} AND created_at >= $1
       GROUP BY rubric_id ORDER BY submissions DESC, title`,
      [p.since],
    );
    return rows.map((r) => ({
      rubric_id: r.rubric_id,
      title: r.title,
      essay_type: r.essay_type as EssayType,
      submissions: r.submissions,
      average_percent: oneDecimal(r.average_percent),
    }));
  }

  /**
   * What happened lately, newest first: submissions, completions, failures and review decisions,
   * each an item (`<kind>:<evaluation id>`).
   */
  async recentActivity(limit: number): Promise<{ activities: ActivityItem[]; total: number }> {
    const events = `
      SELECT id, 'submitted' AS kind, created_at AS at FROM evaluations WHERE ${VISIBLE}
      UNION ALL SELECT id, 'completed', completed_at FROM evaluations WHERE status = 'completed' AND completed_at IS NOT NULL
      UNION ALL SELECT id, 'failed', updated_at FROM evaluations WHERE status = 'failed'
      UNION ALL SELECT id, approval_status, reviewed_at FROM evaluations
        WHERE approval_status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL AND ${VISIBLE}`;
    const [list, count] = await Promise.all([
      this.pool.query(
        `SELECT a.kind, a.at, e.id, e.title, e.user_name, e.essay_type, ${SHOWN_STATUS.replace(/status/g, 'e.status')} AS status
         FROM (${events}) a JOIN evaluations e ON e.id = a.id
         ORDER BY a.at DESC, a.kind LIMIT $1`,
        [limit],
      ),
      this.pool.query(`SELECT count(*)::int AS n FROM (${events}) a`),
    ]);
    return {
      activities: list.rows.map((r) => ({
        id: `${r.kind}:${r.id}`,
        kind: r.kind,
        evaluation_id: r.id,
        title: r.title,
        user_name: r.user_name,
        essay_type: r.essay_type,
        status: r.status,
        at: (r.at as Date).toISOString(),
      })),
      total: count.rows[0].n,
    };
  }

  /** The submissions an export covers (admin filters; newest first), with the essay text only when asked. */
  async exportRows(filters: AdminEvaluationQuery, withText: boolean): Promise<ExportRow[]> {
    const { limit, ...f } = filters;
    const { sql, params } = adminFilter(f);
    const { rows } = await this.pool.query<ExportRow>(
      `SELECT id, title, file_name, user_name, user_email, user_type, essay_type, subject_area, ${SHOWN_STATUS} AS status,
         approval_status, overall_score, results, word_count, rubric->>'title' AS rubric_title, created_at, completed_at,
         ai_feedback, admin_notes${withText ? ', essay_text' : ''}
       FROM evaluations WHERE ${sql} ORDER BY created_at DESC, id DESC ${limit ? `LIMIT ${Math.floor(limit)}` : ''}`,
      params,
    );
    return rows;
  }
}
