#!/usr/bin/env node
/**
 * npm run bench: builds, starts the platform on free ports (isolated like a test run), runs each
 * benchmark in tests/bench/*.bench.js and prints its figures and ratios side by side.
 * Loopback only; every loop is bounded in count and time.
 */
const fs = require('node:fs');
const path = require('node:path');
const { root, installIfNeeded, build } = require('./prepare');

async function main() {
  installIfNeeded();
  build();
  const { ensureLocalServers, startPlatform } = require('@corestone/devstack');
  await ensureLocalServers();
  const { createTestRun } = require('@corestone/service-kit/testing');
  const run = createTestRun('bench');
  const logDir = path.join(root, 'tests', 'artifacts', 'logs', run.id);
  const platform = await startPlatform({ ports: 'random', output: { dir: logDir }, env: { ...run.env, LOG_LEVEL: 'warn' } });
  const only = process.argv.slice(2);
  const benches = fs
    .readdirSync(path.join(root, 'tests', 'bench'))
    .filter((f) => f.endsWith('.bench.js') && (only.length === 0 || only.some((o) => f.includes(o))));
  let failed = false;
  try {
    for (const file of benches) {
      const bench = require(path.join(root, 'tests', 'bench', file));
      console.log(`\n== ${bench.title}\n   ${bench.measures}`);
      try {
        const rows = await bench.run(platform);
        console.table(rows);
      } catch (err) {
        failed = true;
        console.error(`   failed: ${err.stack || err.message}`);
      }
    }
  } finally {
    await platform.stop();
    await run.cleanup();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
