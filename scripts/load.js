#!/usr/bin/env node
/**
 * npm run load: the k6 journeys (deploy/k6) run by a Node load generator against the local stack,
 * bounded in count and time. Starts the platform on free ports (isolated like a test run), makes a
 * first admin, provisions load users through the admin API (deploy/load/users.js), runs the deadline
 * surge with browsing beside it, prints the k6 thresholds (deploy/k6/thresholds.json) with their
 * values, per-process CPU and memory, and a PASS/FAIL line; removes the users and stops.
 *
 * Settings (environment): LOAD_USERS (20), LOAD_PEAK_RATE uploads/s (4), LOAD_DURATION_S (30),
 * LOAD_BROWSE_RATE browse iterations/s (5), LOAD_MAX_VUS (64), LOAD_POLL_MS (250).
 */
const fs = require('node:fs');
const path = require('node:path');
const { root, installIfNeeded, build } = require('./prepare');

const bounded = (name, fallback, max) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number in (0, ${max}]`);
  return value;
};

async function main() {
  const userCount = bounded('LOAD_USERS', 20, 1000);
  const settings = {
    peakRate: bounded('LOAD_PEAK_RATE', 4, 100),
    durationSeconds: bounded('LOAD_DURATION_S', 30, 600),
    browseRate: bounded('LOAD_BROWSE_RATE', 5, 200),
    maxVUs: bounded('LOAD_MAX_VUS', 64, 1000),
    pollMs: bounded('LOAD_POLL_MS', 250, 10_000),
  };
  installIfNeeded();
  build();
  const { ensureLocalServers, startPlatform } = require('@corestone/devstack');
  const { createTestRun } = require('@corestone/service-kit/testing');
  const { createClient, signIn } = require('../deploy/load/client');
  const { createLoadUsers, removeLoadUsers } = require('../deploy/load/users');
  const { runLoad } = require('../deploy/load/generator');
  const { evaluateThresholds } = require('../deploy/load/thresholds');
  const { processFigures } = require('../deploy/load/process-metrics');
  const thresholds = JSON.parse(fs.readFileSync(path.join(root, 'deploy', 'k6', 'thresholds.json'), 'utf8'));

  await ensureLocalServers();
  const run = createTestRun('load');
  const logDir = path.join(root, 'tests', 'artifacts', 'logs', run.id);
  // Generous sign-in budgets: every load user signs in from this one address.
  const platform = await startPlatform({
    ports: 'random',
    output: { dir: logDir },
    env: { ...run.env, LOG_LEVEL: 'warn', RATE_LOGIN_ADDRESS_MAX: '100000' },
  });
  let passed;
  try {
    const base = platform.gatewayUrl;
    const client = createClient(base);
    const admin = { email: `load.admin.${run.id}@load-test.example.org`, password: `load-${run.id}-admin` };
    const setup = await client.call('POST', '/auth/setup-admin', { json: { name: 'Load Admin', ...admin, user_type: 'super-admin' } });
    if (setup.status !== 200) throw new Error(`setup-admin: ${setup.status} ${JSON.stringify(setup.body)}`);
    const adminToken = await signIn(client, admin.email, admin.password);
    console.log(`Provisioning ${userCount} load users through the admin API…`);
    const file = await createLoadUsers({ baseUrl: base, adminToken, count: userCount, credits: -1 });

    console.log(
      `Running: uploads ramp to ${settings.peakRate}/s (25% up, 50% hold, 25% down) over ${settings.durationSeconds}s, browsing ${settings.browseRate}/s, at most ${settings.maxVUs} in flight.`,
    );
    const before = await processFigures(platform.urls);
    const result = await runLoad({ ...settings, baseUrl: base, users: file.users });
    const after = await processFigures(platform.urls);

    const rows = evaluateThresholds(thresholds, result.metrics).map((r) => ({
      metric: r.metric,
      threshold: r.expr,
      value: r.value === null ? 'no data' : Math.round(r.value * 1000) / 1000,
      ok: r.ok ? '✓' : '✗',
    }));
    console.log('\nThresholds (deploy/k6/thresholds.json; durations in ms)');
    console.table(rows);
    const c = result.counts;
    console.log('Counts');
    console.table([
      {
        ...c,
        seconds: Math.round(result.seconds),
        intake_per_s: round(c.accepted / result.seconds, 2),
        graded_per_s: round(c.completed / result.seconds, 2),
      },
    ]);
    console.log('Per process during the run (CPU from process_cpu_seconds_total, memory from process_resident_memory_bytes)');
    console.table(
      Object.fromEntries(
        Object.keys(after).map((name) => {
          const cpu = after[name].cpu - before[name].cpu;
          return [
            name,
            {
              cpu_s: round(cpu, 2),
              cpu_ms_per_essay: c.accepted ? round((cpu * 1000) / c.accepted, 1) : null,
              rss_mb: round(after[name].rss / 2 ** 20, 0),
            },
          ];
        }),
      ),
    );
    if (result.errors.length) console.log(`Iterations that threw (first ${result.errors.length}):\n  ${result.errors.join('\n  ')}`);
    passed = rows.every((r) => r.ok === '✓') && c.accepted > 0 && c.iterationErrors === 0;
    await removeLoadUsers({ baseUrl: base, adminToken, users: file.users });
    console.log(
      `\nload: ${passed ? 'PASS' : 'FAIL'} — ${rows.filter((r) => r.ok === '✓').length}/${rows.length} thresholds met; ${c.accepted} essays accepted, ${c.completed} graded, ${c.dropped} iterations dropped, ${c.failed} failed requests, ${c.iterationErrors} iterations threw`,
    );
  } finally {
    await platform.stop();
    await run.cleanup();
  }
  process.exit(passed ? 0 : 1);
}

const round = (n, d) => Math.round(n * 10 ** d) / 10 ** d;

main().catch((err) => {
  console.error(err.stack || err.message);
  process.exit(1);
});
