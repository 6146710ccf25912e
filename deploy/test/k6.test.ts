/** The k6 scripts type-check against @types/k6; the thresholds they share with `npm run load` parse. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './support';
import { evaluateThresholds, parseThreshold, percentile } from '../load/thresholds';
import { surgeRate } from '../load/generator';

const k6Dir = path.join(repoRoot, 'deploy', 'k6');
const thresholds: Record<string, string[]> = JSON.parse(fs.readFileSync(path.join(k6Dir, 'thresholds.json'), 'utf8'));

it('type-checks every k6 script with tsc --checkJs and @types/k6', () => {
  const tsconfig = JSON.parse(fs.readFileSync(path.join(k6Dir, 'tsconfig.json'), 'utf8'));
  expect(tsconfig.compilerOptions).toMatchObject({ checkJs: true, strict: true, noEmit: true, types: ['k6'] });
  // One compiler run: --listFiles names what was checked, and errors would print as `error TS…`.
  const res = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(k6Dir, 'tsconfig.json'), '--listFiles'], {
    encoding: 'utf8',
  });
  const lines = (res.stdout + res.stderr).split('\n').filter(Boolean);
  expect(lines.filter((l) => l.includes('error TS'))).toEqual([]);
  expect(res.status).toBe(0);
  const checked = lines
    .filter((f) => f.startsWith(k6Dir))
    .map((f) => path.relative(k6Dir, f))
    .sort();
  expect(checked).toEqual(['browse.js', 'grading.js', 'lib/api.js', 'lib/config.js', 'lib/essays.js', 'lib/users.js']);
  expect(lines.some((f) => f.includes('@types/k6/'))).toBe(true);
});

it('holds thresholds on upload p95, time-to-graded p95, error rate and dropped iterations', () => {
  expect(Object.keys(thresholds)).toEqual(
    expect.arrayContaining(['http_req_failed', 'http_req_duration{kind:upload}', 'time_to_graded', 'dropped_iterations']),
  );
  for (const exprs of Object.values(thresholds)) for (const expr of exprs) expect(() => parseThreshold(expr)).not.toThrow();
});

it('reads the sample essays the scripts open', () => {
  const essays = fs.readFileSync(path.join(k6Dir, 'lib', 'essays.js'), 'utf8');
  for (const [, file] of essays.matchAll(/open\('\.\.\/essays\/([^']+)'\)/g)) {
    expect(fs.readFileSync(path.join(k6Dir, 'essays', file), 'utf8').split(/\s+/).length).toBeGreaterThan(250);
  }
});

describe('threshold evaluation of npm run load (as k6 evaluates them)', () => {
  it('interpolates percentiles between ranks', () => {
    expect(percentile([10, 20, 30, 40], 50)).toBe(25);
    expect(percentile([10, 20, 30, 40], 95)).toBeCloseTo(38.5);
    expect(percentile([], 95)).toBe(0);
  });

  it('passes and fails on trend, rate and count, and fails a metric without data', () => {
    const results = evaluateThresholds(
      {
        'http_req_duration{kind:upload}': ['p(95)<100', 'max<=50'],
        http_req_failed: ['rate<0.01'],
        dropped_iterations: ['count<1'],
        time_to_graded: ['p(95)<1'],
      },
      { 'http_req_duration{kind:upload}': { values: [10, 20, 60] }, http_req_failed: { rate: 0.02 }, dropped_iterations: { count: 0 } },
    );
    expect(results.map((r: { expr: string; ok: boolean }) => [r.expr, r.ok])).toEqual([
      ['p(95)<100', true],
      ['max<=50', false],
      ['rate<0.01', false],
      ['count<1', true],
      ['p(95)<1', false],
    ]);
  });

  it('refuses expressions k6 would not understand', () => {
    expect(() => parseThreshold('p95 < 3000')).toThrow('unsupported threshold expression');
  });

  it('ramps the deadline surge up, holds it and ramps down', () => {
    const profile = { peak: 4, rampUp: 10, hold: 20, rampDown: 10 };
    expect([0, 5, 10, 25, 35, 40, 45].map((t) => surgeRate(t, profile))).toEqual([0, 2, 4, 4, 2, 0, 0]);
  });
});
