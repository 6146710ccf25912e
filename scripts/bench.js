#!/usr/bin/env node
/**
 * npm run bench: builds, starts the platform on free ports (isolated like a test run), runs each
 * benchmark in tests/bench/*.bench.js and prints its figures and ratios side by side, then every
 * benchmark's goal lines together in one table.
 * Loopback only; every loop is bounded in count and time.
 *
 * A benchmark module exports { title, measures, run(platform) }; run returns the rows of its table,
 * or { rows, summary: [{ what, now, goal, met }] } where each summary line is a goal (issue 12) with
 * the figure measured now and whether it is met.
 * HTTP load comes from Debian's wrk (tests/bench/load.js), pages load in Debian's Chromium; both are
 * installed here when missing.
 */
const fs = require('node:fs');
const path = require('node:path');
const { root, installIfNeeded, build, ensureDebianPackage, ensurePdfReader } = require('./prepare');

function ensureWrk() {
  const { wrkPath } = require(path.join(root, 'tests', 'bench', 'load.js'));
  ensureDebianPackage({
    pkg: 'wrk',
    what: 'wrk (the HTTP load generator of the benchmarks)',
    present: () => Boolean(wrkPath()),
    override: 'WRK_PATH',
    without: 'the benchmarks that generate HTTP load fail',
  });
}

/** Debian's Chromium for the page-load benchmarks (never a downloaded browser). */
function ensureChromium() {
  ensureDebianPackage({
    pkg: 'chromium',
    what: "Chromium (Debian's, for the page-load benchmarks)",
    present: () => fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
    override: 'CHROMIUM_PATH',
    without: 'the page-load benchmarks fail',
  });
}

/** Rows of a plain text table (no index column), columns padded to their widest cell. */
function printTable(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => `  ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')}`;
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(columns.map((c) => r[c])));
}

async function main() {
  installIfNeeded();
  build();
  ensureWrk();
  ensureChromium();
  ensurePdfReader();
  const { ensureLocalServers, startPlatform } = require('@corestone/devstack');
  await ensureLocalServers();
  const only = process.argv.slice(2);
  const benches = fs
    .readdirSync(path.join(root, 'tests', 'bench'))
    .filter((f) => f.endsWith('.bench.js') && (only.length === 0 || only.some((o) => f.includes(o))));
  // A bench with `ownPlatform` starts its own (the scale bench: on the seeded database); the shared
  // platform is started only when a selected bench needs it.
  const shared = benches.some((file) => !require(path.join(root, 'tests', 'bench', file)).ownPlatform);
  const { createTestRun } = require('@corestone/service-kit/testing');
  const run = createTestRun('bench');
  const logDir = path.join(root, 'tests', 'artifacts', 'logs', run.id);
  // a shared, busy machine can take well over the default 30 s to start nine processes
  const platform = shared
    ? await startPlatform({
        ports: 'random',
        output: { dir: logDir },
        env: { ...run.env, LOG_LEVEL: 'warn' },
        readyTimeoutMs: 120_000,
      })
    : null;
  const goals = [];
  let failed = false;
  try {
    for (const file of benches) {
      const bench = require(path.join(root, 'tests', 'bench', file));
      console.log(`\n== ${bench.title}\n   ${bench.measures}`);
      const t0 = Date.now();
      try {
        const result = await bench.run(platform);
        const { rows, summary = [] } = Array.isArray(result) ? { rows: result } : result;
        console.table(rows);
        for (const s of summary) goals.push({ ...s, met: s.met ? '✓' : '✗' });
      } catch (err) {
        failed = true;
        console.error(`   failed: ${err.stack || err.message}`);
        goals.push({ what: `${file}: failed, no figures`, now: String(err.message).split('\n')[0].slice(0, 80), goal: '', met: '✗' });
      }
      console.log(`   (${Math.round((Date.now() - t0) / 1000)} s)`);
    }
  } finally {
    await platform?.stop();
    await run.cleanup();
  }
  if (goals.length > 0) {
    console.log('\n== Issue 12 goals (figures of this run)');
    printTable(goals, ['what', 'now', 'goal', 'met']);
  }
  process.exit(failed ? 1 : 0);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

module.exports = { ensureWrk };
