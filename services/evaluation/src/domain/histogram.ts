/** A histogram's bucket: a value and how many times it occurs. */
export interface Bucket {
  value: number;
  n: number;
}

/** The value at 0-based `rank` of the sorted values. */
function valueAt(buckets: Bucket[], rank: number): number {
  let seen = 0;
  for (const b of buckets) {
    seen += b.n;
    if (rank < seen) return b.value;
  }
  return buckets[buckets.length - 1].value;
}

/** How many values a histogram holds. */
export const countOf = (buckets: Bucket[]): number => buckets.reduce((sum, b) => sum + b.n, 0);

/** Where a percentile of `fraction` falls among `total` values, and the 0-based ranks it interpolates between (one, or two). */
function ranksOf(total: number, fraction: number) {
  const position = fraction * (total - 1);
  return { position, below: Math.floor(position), above: Math.ceil(position) };
}

/**
 * The coarse buckets (values ascending) holding the ranks the percentiles of `fractions` read: the
 * only ones whose fine values percentileContRefined needs.
 */
export function bucketsRead(coarse: Bucket[], fractions: number[]): number[] {
  const total = countOf(coarse);
  if (total === 0) return [];
  const values = fractions.flatMap((f) => {
    const { below, above } = ranksOf(total, f);
    return [valueAt(coarse, below), valueAt(coarse, above)];
  });
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * PostgreSQL's percentile_cont (the value at position fraction × (count − 1) of the sorted values,
 * interpolated between its two neighbours; null when there are none) over values counted at two
 * precisions: `coarse` counts every value by its coarse bucket (`coarseOf(value)`), `fine` holds the
 * exact values of the coarse buckets bucketsRead named. One precision only: coarse = fine, coarseOf
 * the identity.
 */
export function percentileContRefined(
  coarse: Bucket[],
  fine: Bucket[],
  coarseOf: (value: number) => number,
  fraction: number,
): number | null {
  const total = countOf(coarse);
  if (total === 0) return null;
  const at = (rank: number): number => {
    let before = 0;
    for (const b of coarse) {
      if (rank < before + b.n) {
        const inside = fine.filter((f) => coarseOf(f.value) === b.value);
        if (inside.length === 0) throw new Error(`no fine values for bucket ${b.value}`);
        return valueAt(inside, rank - before);
      }
      before += b.n;
    }
    throw new Error(`rank ${rank} beyond the ${total} values`);
  };
  const { position, below, above } = ranksOf(total, fraction);
  const lower = at(below);
  return lower + (position - below) * (at(above) - lower);
}
