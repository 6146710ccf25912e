/** A histogram's bucket: a value and how many times it occurs. */
export interface Bucket {
  value: number;
  n: number;
}

/**
 * PostgreSQL's percentile_cont over the values a histogram holds (buckets in ascending value): the
 * value at position fraction × (count − 1) of the sorted values, interpolated between its two
 * neighbours; null when the histogram is empty.
 */
export function percentileCont(buckets: Bucket[], fraction: number): number | null {
  const total = buckets.reduce((sum, b) => sum + b.n, 0);
  if (total === 0) return null;
  const position = fraction * (total - 1);
  const below = Math.floor(position);
  const lower = valueAt(buckets, below);
  const upper = valueAt(buckets, Math.ceil(position));
  return lower + (position - below) * (upper - lower);
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
