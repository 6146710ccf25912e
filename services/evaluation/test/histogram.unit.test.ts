import { percentileCont, type Bucket } from '../src/domain/histogram';

/** PostgreSQL's percentile_cont over a plain list, as the reference. */
function reference(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lo = Math.floor(position);
  return sorted[lo] + (position - lo) * (sorted[Math.ceil(position)] - sorted[lo]);
}

const histogramOf = (values: number[]): Bucket[] =>
  [...new Set(values)].sort((a, b) => a - b).map((value) => ({ value, n: values.filter((v) => v === value).length }));

test('an empty histogram has no percentile', () => {
  expect(percentileCont([], 0.5)).toBeNull();
});

test('equals percentile_cont over the values the histogram holds, for any fraction', () => {
  const samples = [[4.2], [1, 2], [1, 1, 1, 9], [3, 3.5, 3.5, 3.5, 7, 12.1, 12.1, 60], Array.from({ length: 101 }, (_, i) => (i * 7) % 13)];
  for (const values of samples) {
    for (const f of [0, 0.05, 0.25, 0.5, 0.95, 0.99, 1]) {
      expect({ values, f, p: percentileCont(histogramOf(values), f) }).toEqual({ values, f, p: expect.closeTo(reference(values, f), 9) });
    }
  }
});
