#!/usr/bin/env node
/**
 * npm run capacity: the per-process figures docs/capacity.md is built on, measured on this machine.
 * Starts the platform on free ports (isolated like a test run) and measures, one at a time:
 *  1. /auth/me through the gateway with wrk (requests/s, CPU ms per request of each process);
 *  2. intake: ESSAYS uploads, CONCURRENCY at a time, with the grading worker stopped (accepted/s,
 *     CPU ms per essay of gateway, evaluation, billing, rubric…);
 *  3. grading: the worker started on the full queue (built-in grader, default concurrency), time
 *     to drain it (gradings/s) and CPU ms per essay of grading and of evaluation storing results;
 *  4. resident memory of every process afterwards.
 * Bounded: CAPACITY_ESSAYS (150), CAPACITY_CONCURRENCY (16), CAPACITY_WRK_SECONDS (10).
 * CAPACITY_WORDS (0 = the k6 sample essays as they are, ~300–430 words) lengthens each essay to about
 * that many words by repeating its body paragraphs (an EE is up to 4,000 words). CAPACITY_FORMAT
 * `txt` (default) or `docx` (a real Word document per essay, read by evaluation's extraction pool).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { root, installIfNeeded, build } = require('../../scripts/prepare');
const { createClient, signIn, mapLimit } = require('../load/client');
const { ESSAYS } = require('../load/generator');
const { processFigures } = require('../load/process-metrics');

const ESSAY_COUNT = Math.min(1000, Number(process.env.CAPACITY_ESSAYS ?? 150));
const CONCURRENCY = Math.min(64, Number(process.env.CAPACITY_CONCURRENCY ?? 16));
const WRK_SECONDS = Math.min(60, Number(process.env.CAPACITY_WRK_SECONDS ?? 10));
const WORDS = Math.min(20_000, Number(process.env.CAPACITY_WORDS ?? 0));

/** The sample essay grown to about `words` words: its paragraphs repeated, headings kept once. */
function lengthened(essay, words) {
  const paragraphs = essay.text.split(/\n\s*\n/);
  const body = paragraphs.slice(1, -1);
  const out = [paragraphs[0]];
  const count = () => out.join(' ').split(/\s+/).length;
  for (let i = 0; count() < words - 60; i++) out.push(body[i % body.length]);
  out.push(paragraphs[paragraphs.length - 1]);
  return { ...essay, text: out.join('\n\n') };
}
const SAMPLES = WORDS > 0 ? ESSAYS.map((e) => lengthened(e, WORDS)) : ESSAYS;
const FORMAT = process.env.CAPACITY_FORMAT === 'docx' ? 'docx' : 'txt';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The upload of one sample essay in FORMAT: { blob, filename }. */
async function uploadFile(essay) {
  if (FORMAT === 'txt') return { blob: new Blob([essay.text], { type: 'text/plain' }), filename: `${essay.name}.txt` };
  const { makeDocx } = require('@corestone/documents/testing');
  const docx = await makeDocx(essay.text.split(/\n\s*\n/));
  return { blob: new Blob([docx], { type: DOCX_TYPE }), filename: `${essay.name}.docx` };
}
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * CPU milliseconds per operation of each process that spent at least 0.5 ms per operation. A process
 * (re)started during the measurement counts from zero, start-up included.
 */
function cpuPerOp(before, after, ops) {
  return Object.fromEntries(
    Object.keys(after)
      .map((n) => [
        n,
        round(((after[n].cpu - (Number.isFinite(before[n]?.cpu) && before[n].cpu <= after[n].cpu ? before[n].cpu : 0)) * 1000) / ops, 2),
      ])
      .filter(([, ms]) => ms >= 0.5),
  );
}

async function main() {
  installIfNeeded();
  build();
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) throw new Error('wrk is needed: apt-get install -y wrk');
  const { ensureLocalServers, startPlatform } = require('@corestone/devstack');
  const { createTestRun } = require('@corestone/service-kit/testing');
  await ensureLocalServers();
  const run = createTestRun('cap');
  const platform = await startPlatform({
    ports: 'random',
    output: { dir: path.join(root, 'tests', 'artifacts', 'logs', run.id) },
    env: { ...run.env, LOG_LEVEL: 'warn', RATE_LOGIN_ADDRESS_MAX: '100000' },
  });
  const results = [];
  try {
    const client = createClient(platform.gatewayUrl);
    const admin = { email: `cap.admin.${run.id}@load-test.example.org`, password: `cap-${run.id}-admin` };
    const setup = await client.call('POST', '/auth/setup-admin', { json: { name: 'Capacity Admin', ...admin, user_type: 'super-admin' } });
    if (setup.status !== 200) throw new Error(`setup-admin: ${setup.status}`);
    const adminToken = await signIn(client, admin.email, admin.password);
    const student = { email: `cap.student.${run.id}@load-test.example.org`, password: `cap-${run.id}-student` };
    const created = await client.call('POST', '/users/admin/create-user', {
      token: adminToken,
      json: { first_name: 'Capacity', last_name: 'Student', ...student, user_type: 'student', essay_credits: 0, max_essay_credits: -1 },
    });
    if (created.status !== 201) throw new Error(`create-user: ${created.status}`);
    const token = await signIn(client, student.email, student.password);

    // 1. /auth/me
    let before = await processFigures(platform.urls);
    const wrk = spawnSync(
      'wrk',
      ['-t2', '-c16', `-d${WRK_SECONDS}s`, '--latency', '-H', `authorization: Bearer ${token}`, `${platform.gatewayUrl}/api/v1/auth/me`],
      { encoding: 'utf8' },
    );
    let after = await processFigures(platform.urls);
    const rps = Number((wrk.stdout.match(/Requests\/sec:\s+([\d.]+)/) ?? [])[1]);
    const p99 = (wrk.stdout.match(/99%\s+(\S+)/) ?? [])[1];
    const non2xx = Number((wrk.stdout.match(/Non-2xx or 3xx responses: (\d+)/) ?? [0, 0])[1]);
    results.push({
      measure: '/auth/me through the gateway (wrk -c16)',
      per_second: round(rps),
      p99,
      errors: non2xx,
      cpu_ms_per_op: cpuPerOp(before, after, rps * WRK_SECONDS),
    });

    // 2. intake, grading stopped
    const rubrics = {};
    for (const type of ['ee', 'tok'])
      rubrics[type] = (await client.call('GET', `/rubrics/active?rubric_type=${type}`, { token })).body[0].id;
    await platform.stopProcess('grading');
    before = await processFigures(platform.urls);
    let t0 = performance.now();
    const files = await Promise.all(SAMPLES.map(uploadFile));
    const ids = await mapLimit(
      Array.from({ length: ESSAY_COUNT }, (_, i) => i % SAMPLES.length),
      CONCURRENCY,
      async (i) => {
        const essay = SAMPLES[i];
        const res = await client.call('POST', '/evaluation/evaluate-async', {
          token,
          retries: 0,
          form: () => {
            const form = new FormData();
            form.append('title', essay.name);
            form.append('essay_type', essay.type);
            form.append('rubric_id', rubrics[essay.type]);
            form.append('file', files[i].blob, files[i].filename);
            return form;
          },
        });
        return res.status === 201 ? res.body.id : null;
      },
    );
    const intakeSeconds = (performance.now() - t0) / 1000;
    after = await processFigures(platform.urls);
    const accepted = ids.filter(Boolean).length;
    const words = Math.round(SAMPLES.reduce((n, e) => n + e.text.split(/\s+/).length, 0) / SAMPLES.length);
    results.push({
      measure: `intake: ${ESSAY_COUNT} .${FORMAT} essays of ~${words} words, ${CONCURRENCY} at a time`,
      per_second: round(accepted / intakeSeconds),
      p99: '-',
      errors: ESSAY_COUNT - accepted,
      cpu_ms_per_op: cpuPerOp(before, after, accepted),
    });

    // 3. grading drains the queue
    before = await processFigures(platform.urls);
    t0 = performance.now();
    await platform.startProcess('grading');
    let done = 0;
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      const list = await client.call('GET', '/evaluation/my-evaluations?status=completed', { token });
      done = list.body?.total ?? 0;
      if (done >= accepted) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const gradeSeconds = (performance.now() - t0) / 1000;
    after = await processFigures(platform.urls);
    results.push({
      measure: `built-in grading: drain ${accepted} queued jobs (one worker process, default concurrency; includes its start-up)`,
      per_second: round(done / gradeSeconds),
      p99: '-',
      errors: accepted - done,
      cpu_ms_per_op: cpuPerOp(before, after, done),
    });

    // 4. memory
    const memory = await processFigures(platform.urls);
    console.log('\nPer-process figures (this machine):');
    console.table(results.map((r) => ({ ...r, cpu_ms_per_op: JSON.stringify(r.cpu_ms_per_op) })));
    console.table(Object.fromEntries(Object.entries(memory).map(([n, m]) => [n, { rss_mb: round(m.rss / 2 ** 20, 0) }])));
    console.log(`machine: ${require('node:os').cpus().length} cores (${require('node:os').cpus()[0].model}), Node ${process.version}`);
  } finally {
    await platform.stop();
    await run.cleanup();
  }
}

main().catch((err) => {
  console.error(err.stack || err.message);
  process.exit(1);
});
