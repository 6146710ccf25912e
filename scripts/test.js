#!/usr/bin/env node
/**
 * npm test: the fast static checks first — `npm run lint` (ESLint, then entry-point imports),
 * `npm run format:check` (Prettier) and
 * `npm run typecheck` (tsc over the workspaces) — so a slip fails in about two minutes; then every
 * test — unit, integration against the real servers, system tests across services, browser
 * tests in real Chromium. Builds before the type check (workspaces check against the built
 * declarations of the packages they use) and the tests (system and browser tests run the built
 * services and frontends), makes sure the local servers run, then runs jest: every project but the
 * browser tests in parallel, then the browser tests alone (fullRun below).
 * Extra arguments go to jest (e.g. `npm test -- --selectProjects unit`); SKIP_CHECKS=1 skips
 * lint and typecheck (for a quick re-run of some tests).
 */
const fs = require('node:fs');
const os = require('node:os');
const { spawnSync } = require('node:child_process');
const { root, installIfNeeded, build, ensurePdfReader } = require('./prepare');

/** Runs an npm script; exits with its status when it fails. */
function check(script) {
  const started = Date.now();
  console.log(`npm run ${script}…`);
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error(`npm run ${script} failed: fix it before the tests run.`);
    process.exit(result.status ?? 1);
  }
  console.log(`npm run ${script}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function main() {
  installIfNeeded();
  const checks = process.env.SKIP_CHECKS !== '1';
  if (checks) {
    check('lint');
    check('format:check');
  }
  build();
  if (checks) check('typecheck');
  if (!fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
    throw new Error("The browser tests need Debian's Chromium: apt-get install -y chromium (never a downloaded browser).");
  }
  ensurePdfReader();
  const { ensureLocalServers } = require('@corestone/devstack');
  await ensureLocalServers();
  await vacuumTestCatalogs();
  const extra = process.argv.slice(2);
  const runs = extra.length > 0 ? [extra] : fullRun();
  let status = 0;
  for (const args of runs) {
    const started = Date.now();
    const before = cpuTimes();
    const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--ci', ...args], { cwd: root, stdio: 'inherit' });
    if (jest.status !== 0) status = jest.status ?? 1;
    console.log(`jest ${args.join(' ')}: ${((Date.now() - started) / 1000).toFixed(0)} s, ${cpuBusy(before, cpuTimes())}`);
  }
  process.exit(status);
}

/**
 * Every test makes and drops its own schemas in the test database: thousands of tables a run. With
 * autovacuum off (as on our machines) the system catalogs fill with dead rows — 206,000 dead
 * pg_attribute rows beside 8,000 live after a day's runs — and every migration and plan reads
 * through them: the system tests ran three to four times slower. Vacuuming them first takes a
 * second or two; a database we may not vacuum is left as it is.
 */
async function vacuumTestCatalogs() {
  const { Client } = require('pg');
  const { TEST_DATABASE_URL } = require('@corestone/service-kit/testing');
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  try {
    await client.connect();
    await client.query(
      'VACUUM pg_catalog.pg_attribute, pg_catalog.pg_class, pg_catalog.pg_depend, pg_catalog.pg_index, pg_catalog.pg_type, pg_catalog.pg_constraint, pg_catalog.pg_attrdef, pg_catalog.pg_trigger, pg_catalog.pg_proc, pg_catalog.pg_namespace, pg_catalog.pg_statistic',
    );
  } catch (err) {
    console.log(`test database catalogs not vacuumed: ${err.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The machine's CPU ticks so far (/proc/stat's first line): busy and idle; null off Linux. */
function cpuTimes() {
  try {
    const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = ticks[3] + ticks[4]; // idle + iowait
    return { busy: ticks.reduce((a, b) => a + b, 0) - idle, idle };
  } catch {
    return null;
  }
}

/**
 * How busy the cores were over a run: tells whether a slow run waited on the cores (then only less
 * work helps) or on servers and timers (then more parallel work would).
 */
function cpuBusy(before, after) {
  if (!before || !after) return 'CPU use not known';
  const busy = after.busy - before.busy;
  const total = busy + after.idle - before.idle;
  return `cores ${total > 0 ? Math.round((100 * busy) / total) : 0}% busy (${os.availableParallelism()} cores)`;
}

/**
 * Every project but the browser tests with at least two workers (jest's default on 2 cores is one:
 * each suite waits on servers far more than it computes), then the browser tests, also two files
 * at a time: alone, one file kept the cores only ~55 % busy (each waits on its platform's start
 * and on Chromium), so two halve the phase's idle time. (Long ago the upload wizard's last step
 * once failed under two workers; the browser tests wait on conditions, never on time.)
 */
function fullRun() {
  const workers = Math.max(2, os.availableParallelism() - 1);
  return [
    ['--ignoreProjects', 'browser', `--maxWorkers=${workers}`],
    ['--selectProjects', 'browser', `--maxWorkers=${workers}`],
  ];
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
