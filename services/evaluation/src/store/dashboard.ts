import type { Pool } from 'pg';
import type { ActivityItem, AdminEvaluationQuery, CriterionAverage, EssayType, EvaluationStatus, Results } from '@corestone/contracts';
import { keysetAfter, keysetAt, keysetPage, withTransaction, type Queryable } from '@corestone/service-kit';
import { fillDays, oneDecimal, type Period } from '../domain/periods';
import { bucketsRead, countOf, percentileContRefined, type Bucket } from '../domain/histogram';
import { VISIBLE } from './evaluations';
import { SHOWN_STATUS, adminFilter, newestMatching } from './admin';
import { createdCount, createdFigures, splitDays } from './rollup';

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
/** The first day of a period as a date (the rollup's key). */
const dayOf = (p: Period) => p.since.toISOString().slice(0, 10);
/** The whole second a time in tenths of a second falls in (processing_seconds' `secs`: SQL's integer division). */
const secondOf = (tenths: number) => Math.trunc(tenths / 10);
/** Timed gradings ($1: the period's start) completed before its first whole day ($2), which the rollups do not hold. */
const PARTIAL_FIRST_DAY = `status = 'completed' AND completed_at IS NOT NULL AND completed_at >= $1 AND completed_at < $2::date::timestamptz
             AND processing_time IS NOT NULL AND reused_from IS NULL`;
/** The first UTC midnight at or after `t`, as YYYY-MM-DD. */
const firstWholeDay = (t: Date) => new Date(Math.ceil(t.getTime() / 86_400_000) * 86_400_000).toISOString().slice(0, 10);

/** How many gradings of the period took each tenth of a second within the whole `seconds` given (ascending). */
async function tenthsOf(db: Queryable, p: Period, firstDay: string, seconds: number[]): Promise<Bucket[]> {
  const { rows } = await db.query<{ tenths: number; n: string }>({
    text: `SELECT tenths, sum(n) AS n FROM (
         SELECT tenths, n FROM processing_rollup
         WHERE day >= $2::date AND tenths >= $4 AND tenths < $5 AND tenths / 10 = ANY($3::int[])
         UNION ALL
         SELECT round(processing_time * 10)::int, 1 FROM evaluations
         WHERE ${PARTIAL_FIRST_DAY} AND round(processing_time * 10)::int / 10 = ANY($3::int[])) h
       GROUP BY tenths HAVING sum(n) <> 0 ORDER BY tenths`,
    values: [p.since, firstDay, seconds, seconds[0] * 10, (seconds[seconds.length - 1] + 1) * 10],
  });
  return rows.map((r) => ({ value: r.tenths, n: Number(r.n) }));
}

/**
 * The dashboard's figures, read from the evaluations and from `user_directory` (fed by users'
 * events). Every figure counts visible evaluations only (never `charging`/`refused` rows).
 */
export class DashboardStore {
  constructor(private readonly pool: Pool) {}

  /** Submission counters, overall or created since a moment (rollup: store/rollup.ts). */
  async submissions(since?: Date): Promise<SubmissionFigures> {
    const r = await createdFigures(this.pool, { from: since });
    return {
      total: r.total,
      completed: r.completed,
      processing: r.processing,
      failed: r.failed,
      average_percent: r.pct_n === 0 ? null : oneDecimal(r.pct_sum / r.pct_n),
    };
  }

  /** Submissions created in [from, to). */
  async submissionsBetween(from: Date, to: Date): Promise<number> {
    return createdCount(this.pool, { from, to });
  }

  /** Users known and not deleted, by role. */
  async usersByRole(): Promise<Record<string, number>> {
    const { rows } = await this.pool.query(`SELECT role, sum(n)::int AS n FROM user_rollup GROUP BY role HAVING sum(n) <> 0 ORDER BY role`);
    return Object.fromEntries(rows.map((r) => [r.role, r.n]));
  }

  /** Users created in [from, to) who still exist: whole days from user_rollup, the partial ends from the rows (index user_directory_created). */
  async usersCreatedBetween(from: Date, to: Date): Promise<number> {
    const split = splitDays(from, to);
    if (!split) {
      const { rows } = await this.pool.query(
        `SELECT count(*)::int AS n FROM user_directory WHERE ${LIVE_USER} AND created_at >= $1 AND created_at < $2`,
        [from, to],
      );
      return rows[0].n;
    }
    const { rows } = await this.pool.query(
      `SELECT (SELECT coalesce(sum(n), 0) FROM user_rollup WHERE day >= $3::date AND day < $4::date)
         + (SELECT count(*) FROM user_directory WHERE ${LIVE_USER} AND created_at >= $1 AND created_at < $3::date::timestamptz)
         + (SELECT count(*) FROM user_directory WHERE ${LIVE_USER} AND created_at >= $4::date::timestamptz AND created_at < $2) AS n`,
      [from, to, split.firstDay.toISOString().slice(0, 10), split.endDay.toISOString().slice(0, 10)],
    );
    return Number(rows[0].n);
  }

  /** Sign-ups per day of the period of users who still exist (user_rollup, migration 013). */
  async signupsPerDay(p: Period) {
    const { rows } = await this.pool.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(n)::int AS count FROM user_rollup WHERE day >= $1::date GROUP BY 1`,
      [dayOf(p)],
    );
    return fillDays(p, rows);
  }

  /**
   * Users with a visible submission created in the period: those whose latest one is in it, counted
   * per day of it (submitter_days, migration 015; the period's partial first day from submitter_last).
   */
  async activeSubmitters(p: Period): Promise<number> {
    const { rows } = await this.pool.query(
      `SELECT (SELECT coalesce(sum(n), 0) FROM submitter_days WHERE day >= $2::date)
         + (SELECT count(*) FROM submitter_last WHERE last_at >= $1 AND last_at < $2::date::timestamptz) AS n`,
      [p.since, firstWholeDay(p.since)],
    );
    return Number(rows[0].n);
  }

  /** Completed evaluations still awaiting an admin's review. */
  async awaitingReview(): Promise<number> {
    return createdCount(this.pool, {}, { statuses: ['completed'], approval: 'pending_review' });
  }

  /** Per day of the period: submissions (by type) and completions, and the completed ones' mean percent (rollup). */
  async perDay(p: Period) {
    const [created, completed] = await Promise.all([
      this.pool.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(n)::int AS count,
           coalesce(sum(n) FILTER (WHERE essay_type = 'ee'), 0)::int AS ee, coalesce(sum(n) FILTER (WHERE essay_type = 'tok'), 0)::int AS tok
         FROM evaluation_rollup WHERE kind = 'created' AND day >= $1::date GROUP BY 1`,
        [dayOf(p)],
      ),
      this.pool.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(n)::int AS count, sum(pct_sum) / NULLIF(sum(pct_n), 0) AS average_percent
         FROM evaluation_rollup WHERE kind = 'completed' AND day >= $1::date GROUP BY 1`,
        [dayOf(p)],
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

  /**
   * Gradings finished in the period: how long they took (seconds: the average exact, p50 and p95
   * those of the times rounded to 0.1 s, as shown) and how many completed or failed. Whole days come
   * from the rollups, the period's partial first day from the rows (index evaluations_completed_at,
   * covering). The percentiles take two reads: every second's count (processing_seconds, migration
   * 016), then the tenths (processing_rollup, 014) of the seconds the percentiles fall in.
   */
  async processing(p: Period) {
    const firstDay = firstWholeDay(p.since);
    const [times, counts] = await Promise.all([
      // one snapshot for both reads: a grading deleted between them could leave a second without its tenths
      withTransaction(this.pool, async (db) => {
        await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const { rows } = await db.query<{ secs: number; n: string; seconds: string }>({
          text: `SELECT secs, sum(n) AS n, sum(seconds) AS seconds FROM (
             SELECT secs, n, seconds_sum AS seconds FROM processing_seconds WHERE day >= $2::date
             UNION ALL
             SELECT round(processing_time * 10)::int / 10, 1, processing_time::numeric FROM evaluations
             WHERE ${PARTIAL_FIRST_DAY}) h
           GROUP BY secs HAVING sum(n) <> 0 ORDER BY secs`,
          values: [p.since, firstDay],
        });
        const coarse = rows.map((r) => ({ value: r.secs, n: Number(r.n) }));
        const read = bucketsRead(coarse, [0.5, 0.95]);
        return {
          coarse,
          seconds: rows.reduce((sum, r) => sum + Number(r.seconds), 0),
          tenths: read.length === 0 ? [] : await tenthsOf(db, p, firstDay, read),
        };
      }),
      this.pool.query({
        text: `SELECT coalesce(sum(n) FILTER (WHERE kind = 'completed'), 0)::int AS completed,
           coalesce(sum(n) FILTER (WHERE kind = 'failed'), 0)::int AS failed
         FROM evaluation_rollup WHERE kind IN ('completed', 'failed') AND day >= $1::date`,
        values: [dayOf(p)],
      }),
    ]);
    const n = countOf(times.coarse);
    // in whole tenths, so that a percentile halfway between two tenths is exactly .x5 and rounds up as SQL's round does
    const percentile = (fraction: number) => {
      const t = percentileContRefined(times.coarse, times.tenths, secondOf, fraction);
      return t === null ? null : Math.round(t) / 10;
    };
    const c = counts.rows[0];
    return {
      average: n === 0 ? null : oneDecimal(times.seconds / n),
      p50: percentile(0.5),
      p95: percentile(0.95),
      completed: c.completed,
      failed: c.failed,
    };
  }

  /** Gradings completed in the period per overall grade (rollup). */
  async gradeDistribution(p: Period) {
    const { rows } = await this.pool.query(
      `SELECT grade, sum(n)::int AS count FROM evaluation_rollup
       WHERE kind = 'completed' AND day >= $1::date GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1`,
      [dayOf(p)],
    );
    return rows as Array<{ grade: string; count: number }>;
  }

  /** Mean score per criterion (by essay type, criterion code and name) of the gradings completed in the period (rollup). */
  async criteriaAverages(p: Period): Promise<CriterionAverage[]> {
    const { rows } = await this.pool.query(
      `SELECT essay_type, code, name, sum(score_sum) / NULLIF(sum(score_n), 0) AS average_score,
         max(max_score) FILTER (WHERE max_score > '-Infinity') AS max_score,
         sum(ratio_sum) / NULLIF(sum(ratio_n), 0) * 100 AS average_percent
       FROM (SELECT essay_type, code, name, max_score, sum(n) AS n, sum(score_n) AS score_n, sum(score_sum) AS score_sum,
               sum(ratio_n) AS ratio_n, sum(ratio_sum) AS ratio_sum
             FROM criteria_rollup WHERE day >= $1::date GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0) k
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [dayOf(p)],
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

  /** Submissions per rubric in the period (rollup; title as in the latest snapshot), with the completed ones' mean percent. */
  async rubricUsage(p: Period) {
    const { rows } = await this.pool.query(
      `SELECT r.rubric_id, r.essay_type, r.submissions, r.average_percent,
         (SELECT rubric->>'title' FROM evaluations e WHERE e.rubric_id = r.rubric_id AND ${VISIBLE} AND created_at >= $2
          ORDER BY created_at DESC LIMIT 1) AS title
       FROM (SELECT rubric_id, min(essay_type) AS essay_type, sum(n)::int AS submissions, sum(pct_sum) / NULLIF(sum(pct_n), 0) AS average_percent
             FROM (SELECT rubric_id, essay_type, sum(n) AS n, sum(pct_n) AS pct_n, sum(pct_sum) AS pct_sum FROM evaluation_rollup
                   WHERE kind = 'rubric' AND day >= $1::date GROUP BY 1, 2 HAVING sum(n) <> 0) k
             GROUP BY 1) r
       ORDER BY r.submissions DESC, title`,
      [dayOf(p), p.since],
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
   * each an item (`<kind>:<evaluation id>`). Each kind's newest `limit` come from its own index
   * (migration 012); how many there are in all, from the rollup.
   */
  async recentActivity(limit: number): Promise<{ activities: ActivityItem[]; total: number }> {
    const newest = (select: string, at: string, where: string) =>
      `(SELECT id, ${select} AS kind, ${at} AS at FROM evaluations WHERE ${where} ORDER BY ${at} DESC LIMIT $1)`;
    const events = [
      newest(`'submitted'`, 'created_at', VISIBLE),
      newest(`'completed'`, 'completed_at', `status = 'completed' AND completed_at IS NOT NULL`),
      newest(`'failed'`, 'updated_at', `status = 'failed'`),
      newest('approval_status', 'reviewed_at', `approval_status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL AND ${VISIBLE}`),
    ].join(' UNION ALL ');
    const [list, count] = await Promise.all([
      this.pool.query(
        `SELECT a.kind, a.at, e.id, e.title, e.user_name, e.essay_type, ${SHOWN_STATUS.replace(/status/g, 'e.status')} AS status
         FROM (${events}) a JOIN evaluations e ON e.id = a.id
         ORDER BY a.at DESC, a.kind LIMIT $1`,
        [limit],
      ),
      // Every visible row is submitted; completed and failed rows once more; a decision (approved or
      // rejected, reviewed_at always set with it) once more.
      this.pool.query(
        `SELECT coalesce(sum(n * CASE WHEN kind = 'created' AND approval IN ('approved', 'rejected') THEN 2 ELSE 1 END), 0)::int AS n
         FROM evaluation_rollup WHERE kind IN ('created', 'completed', 'failed')`,
      ),
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

  /**
   * The submissions an export covers (admin filters, at most `limit`; newest first), with the essay
   * text only when asked, in batches of `batch` rows read by keyset inside one read-only
   * repeatable-read transaction: one consistent snapshot, and never more than a batch in memory
   * however many rows match. The caller pulls batch after batch (app/export-csv.ts streams each as
   * it comes); stopping early (a client gone) ends the transaction.
   */
  async *exportBatches(filters: AdminEvaluationQuery, withText: boolean, batch = withText ? 100 : 1000): AsyncGenerator<ExportRow[]> {
    const { limit, cursor: _, ...f } = filters;
    const filter = adminFilter(f);
    const client = await this.pool.connect();
    let left = limit ?? Infinity;
    let open = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      open = true;
      let after: string | undefined;
      while (left > 0) {
        const pageParams = [...filter.params];
        const size = Math.min(batch, left);
        const { rows } = await client.query<ExportRow & { cursor_at: string }>(
          newestMatching(
            `id, title, file_name, user_name, user_email, user_type, essay_type, subject_area, ${SHOWN_STATUS} AS status,
             approval_status, overall_score, results, word_count, rubric->>'title' AS rubric_title, created_at, completed_at,
             ai_feedback, admin_notes${withText ? ', essay_text' : ''}, ${keysetAt()}`,
            filter,
            keysetAfter(after, pageParams),
            size + 1,
          ),
          pageParams,
        );
        const page = keysetPage(rows, size, (r) => r.id);
        if (page.rows.length > 0) yield page.rows as ExportRow[];
        left -= page.rows.length;
        if (!page.next_cursor) break;
        after = page.next_cursor;
      }
      await client.query('COMMIT');
      open = false;
    } finally {
      // An error, or the consumer stopped early (return()): the transaction ends here.
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }
}
