import { bucketsRead, percentileContRefined, type Bucket } from '../src/domain/histogram';

/** PostgreSQL's percentile_cont over a plain list, as the reference. */
function reference(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lo = Math.floor(position);
  return sorted[lo] + (position - lo) * (sorted[Math.ceil(position)] - sorted[lo]);
}

/** One precision: every value is its own bucket. */
const percentileCont = (buckets: Bucket[], fraction: number) => percentileContRefined(buckets, buckets, (v) => v, fraction);
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

describe('two precisions (whole seconds, then the tenths of the seconds a percentile falls in)', () => {
  const secondOf = (tenths: number) => Math.trunc(tenths / 10);
  /** Tenths of a second drawn from a seeded generator: grading times of 0–60 s, bunched as a model grader's are. */
  function tenthsSample(seed: number, count: number): number[] {
    let x = seed;
    const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    return Array.from({ length: count }, () => Math.round(next() < 0.9 ? 200 + next() * 300 : next() * 600));
  }

  test('equals percentile_cont over every tenth, reading the tenths of one or two seconds per fraction only', () => {
    const samples = [[7], [7, 13], [9, 10], [5, 5, 5, 95], ...[1, 2, 3, 4, 5].map((seed) => tenthsSample(seed, 50 + seed * 97))];
    for (const values of samples) {
      const fine = histogramOf(values);
      const coarse = histogramOf(values.map(secondOf));
      for (const f of [0, 0.05, 0.5, 0.95, 1]) {
        const read = bucketsRead(coarse, [f]);
        expect(read.length).toBeGreaterThanOrEqual(1);
        expect(read.length).toBeLessThanOrEqual(2);
        const fineRead = fine.filter((b) => read.includes(secondOf(b.value)));
        expect({ values, f, p: percentileContRefined(coarse, fineRead, secondOf, f) }).toEqual({
          values,
          f,
          p: expect.closeTo(reference(values, f), 9),
        });
      }
    }
  });

  test('p50 and p95 together name the seconds both need, once each, ascending', () => {
    const values = [12, 15, 31, 33, 35, 37, 38, 52, 57, 91];
    expect(bucketsRead(histogramOf(values.map(secondOf)), [0.5, 0.95])).toEqual([3, 5, 9]);
    expect(bucketsRead([], [0.5])).toEqual([]);
    expect(percentileContRefined([], [], secondOf, 0.5)).toBeNull();
  });

  test('a second named as read but left out of the fine values is an error, not a wrong figure', () => {
    expect(() => percentileContRefined([{ value: 3, n: 2 }], [], secondOf, 0.5)).toThrow(/no fine values/);
  });
});
