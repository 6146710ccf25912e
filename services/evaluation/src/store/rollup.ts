import type { Queryable } from '@corestone/service-kit';
import { VISIBLE } from './evaluations';

/**
 * Reading the daily rollups (migration 012, store/year-of-data.ts): whole UTC days come from
 * `evaluation_rollup`; the part of a day at either end of a window that does not start at midnight
 * (the last 7 or 30 days counted from now) is counted from the rows themselves, through an index, so
 * every figure stays exact at any size.
 */

/** What the dashboard counts of submissions: by status as shown, with the completed ones' percents. */
export interface CreatedFigures {
  total: number;
  completed: number;
  processing: number;
  failed: number;
  pct_n: number;
  pct_sum: number;
}

const DAY_MS = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const num = (v: unknown) => Number(v ?? 0);

/** The figures of rows as `SELECT … FROM <source>` sums them (`shown` the status as shown, `pct` the percent). */
const FIGURES = (n: string, shown: string, pct: string) => `coalesce(sum(${n}), 0) AS total,
  coalesce(sum(${n}) FILTER (WHERE ${shown} = 'completed'), 0) AS completed,
  coalesce(sum(${n}) FILTER (WHERE ${shown} IN ('pending', 'processing')), 0) AS processing,
  coalesce(sum(${n}) FILTER (WHERE ${shown} = 'failed'), 0) AS failed, ${pct}`;

const ROLLUP_FIGURES = FIGURES('n', 'status', 'coalesce(sum(pct_n), 0) AS pct_n, coalesce(sum(pct_sum), 0) AS pct_sum');
const ROW_FIGURES = FIGURES(
  '1',
  `(CASE WHEN status = 'charging' THEN 'pending' ELSE status END)`,
  `count(results_summary->'percentage') FILTER (WHERE status = 'completed' AND jsonb_typeof(results_summary->'percentage') = 'number') AS pct_n,
   coalesce(sum((results_summary->>'percentage')::numeric) FILTER (WHERE status = 'completed' AND jsonb_typeof(results_summary->'percentage') = 'number'), 0) AS pct_sum`,
);

function figuresOf(r: Record<string, unknown>): CreatedFigures {
  return {
    total: num(r.total),
    completed: num(r.completed),
    processing: num(r.processing),
    failed: num(r.failed),
    pct_n: num(r.pct_n),
    pct_sum: num(r.pct_sum),
  };
}

const add = (a: CreatedFigures, b: CreatedFigures): CreatedFigures => ({
  total: a.total + b.total,
  completed: a.completed + b.completed,
  processing: a.processing + b.processing,
  failed: a.failed + b.failed,
  pct_n: a.pct_n + b.pct_n,
  pct_sum: a.pct_sum + b.pct_sum,
});

/**
 * Whole days [firstDay, endDay) of the window [from, to) and its partial ends, or null when the
 * window holds no whole day (counted from the rows alone).
 */
export function splitDays(from: Date, to: Date): { firstDay: Date; endDay: Date } | null {
  const firstDay = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
  const endDay = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
  return firstDay.getTime() <= endDay.getTime() ? { firstDay, endDay } : null;
}

type CreatedWindow = { from?: Date; to?: Date };
type CreatedFilter = { statuses?: string[]; essay_type?: string; user_type?: string; approval?: string };

/**
 * Visible submissions created in [from, to) (from omitted: since the first; to omitted: until now),
 * by status, with the completed ones' percents. `filter` narrows by the rollup's dimensions.
 */
export async function createdFigures(db: Queryable, window: CreatedWindow = {}, filter: CreatedFilter = {}): Promise<CreatedFigures> {
  return (await sumCreated(db, window, filter, ROLLUP_FIGURES, ROW_FIGURES)).map(figuresOf).reduce(add);
}

/**
 * How many of them: createdFigures' total alone, without reading each partial day's results (the
 * percents' JSON was most of the time of a window's count at a million rows).
 */
export async function createdCount(db: Queryable, window: CreatedWindow = {}, filter: CreatedFilter = {}): Promise<number> {
  const rows = await sumCreated(db, window, filter, 'coalesce(sum(n), 0) AS total', 'count(*) AS total');
  return rows.reduce((n, r) => n + num(r.total), 0);
}

/** The rows of sums (`rollupSums` over the rollup's whole days, `rowSums` over the partial ends' rows) of a window. */
async function sumCreated(
  db: Queryable,
  window: CreatedWindow,
  filter: CreatedFilter,
  rollupSums: string,
  rowSums: string,
): Promise<Array<Record<string, unknown>>> {
  const params: unknown[] = [filter.statuses ?? null, filter.essay_type ?? null, filter.user_type ?? null, filter.approval ?? null];
  const rollupWhere = `kind = 'created' AND ($1::text[] IS NULL OR status = ANY($1)) AND ($2::text IS NULL OR essay_type = $2)
    AND ($3::text IS NULL OR user_type = $3) AND ($4::text IS NULL OR approval = $4)`;
  const rowWhere = `${VISIBLE} AND ($1::text[] IS NULL OR (CASE WHEN status = 'charging' THEN 'pending' ELSE status END) = ANY($1))
    AND ($2::text IS NULL OR essay_type = $2) AND ($3::text IS NULL OR user_type = $3) AND ($4::text IS NULL OR approval_status = $4)`;
  const now = new Date();
  const from = window.from;
  const to = window.to ?? null;
  const split = splitDays(from ?? new Date(0), to ?? new Date(now.getTime() + DAY_MS));
  if (!split) {
    const { rows } = await db.query(`SELECT ${rowSums} FROM evaluations WHERE ${rowWhere} AND created_at >= $5 AND created_at < $6`, [
      ...params,
      from,
      to,
    ]);
    return rows;
  }
  // Whole days from the rollup (to omitted: through today, every row of today being before now);
  // the partial first and last day from the rows (index evaluations_list).
  const { rows } = await db.query(
    `SELECT ${rollupSums} FROM evaluation_rollup
       WHERE ${rollupWhere} AND ($5::date IS NULL OR day >= $5) AND ($6::date IS NULL OR day < $6)
     UNION ALL SELECT ${rowSums} FROM evaluations WHERE ${rowWhere} AND $7::timestamptz IS NOT NULL AND created_at >= $7 AND created_at < $5::date::timestamptz
     UNION ALL SELECT ${rowSums} FROM evaluations WHERE ${rowWhere} AND $6::date IS NOT NULL AND created_at >= $6::date::timestamptz AND created_at < $8`,
    [...params, from ? dayOf(split.firstDay.getTime()) : null, to ? dayOf(split.endDay.getTime()) : null, from ?? null, to],
  );
  return rows;
}

/** Completed evaluations whose completion falls in [from, to): whole days from the rollup, the ends from the rows. */
export async function completedBetween(db: Queryable, from: Date, to: Date): Promise<number> {
  const split = splitDays(from, to);
  if (!split) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM evaluations WHERE status = 'completed' AND completed_at IS NOT NULL AND completed_at >= $1 AND completed_at < $2`,
      [from, to],
    );
    return rows[0].n;
  }
  const { rows } = await db.query(
    `SELECT (SELECT coalesce(sum(n), 0) FROM evaluation_rollup WHERE kind = 'completed' AND day >= $3::date AND day < $4::date)
      + (SELECT count(*) FROM evaluations WHERE status = 'completed' AND completed_at IS NOT NULL AND completed_at >= $1 AND completed_at < $3::date::timestamptz)
      + (SELECT count(*) FROM evaluations WHERE status = 'completed' AND completed_at IS NOT NULL AND completed_at >= $4::date::timestamptz AND completed_at < $2) AS n`,
    [from, to, dayOf(split.firstDay.getTime()), dayOf(split.endDay.getTime())],
  );
  return num(rows[0].n);
}
