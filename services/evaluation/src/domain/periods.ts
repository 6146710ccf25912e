import type { DayCount, Growth } from '@corestone/contracts';

/** Analytics periods are whole UTC days ending today: `days` = 7 means today and the 6 days before. */
export interface Period {
  days: number;
  /** Start of the first day (UTC midnight). */
  since: Date;
  /** Every day of the period, oldest first, as YYYY-MM-DD. */
  dates: string[];
}

const DAY_MS = 86_400_000;

export function periodOf(days: number, now = new Date()): Period {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const dates = Array.from({ length: days }, (_, i) => new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { days, since, dates };
}

/** One entry per day of the period (0 where nothing happened) from sparse `{date, count}` rows. */
export function fillDays(period: Period, rows: Array<{ date: string; count: number }>): DayCount[] {
  const byDate = new Map(rows.map((r) => [r.date, Number(r.count)]));
  return period.dates.map((date) => ({ date, count: byDate.get(date) ?? 0 }));
}

/** A figure now and in the period before; the change in percent (one decimal), null when the earlier one is 0. */
export function growthOf(current: number, previous: number): Growth {
  return { current, previous, change_percent: previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10 };
}

/** Rounds to one decimal; null stays null. */
export const oneDecimal = (n: number | string | null | undefined): number | null =>
  n === null || n === undefined || Number.isNaN(Number(n)) ? null : Math.round(Number(n) * 10) / 10;

/** completed / (completed + failed) in percent, one decimal; null when nothing finished. */
export const successRate = (completed: number, failed: number): number | null =>
  completed + failed === 0 ? null : oneDecimal((completed / (completed + failed)) * 100);
