/**
 * What an operator watches, scraped from every process's /metrics after real traffic: a graded
 * essay, a failed one (refunded), a message given up on (dead letter) and a spent rate-limit
 * budget. Each figure named in issue 5 is found with a value that fits what happened; the Grafana
 * dashboard queries only metrics these scrapes declare; the dead letter is listed for admins at
 * GET /dashboard/dead-letters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { PLATFORM_PROCESSES as PROCESS_NAMES } from '@corestone/devstack';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';
import { EE_ESSAY } from '../fixtures/essays';
import { TEST_NATS_URL } from '@corestone/service-kit/testing';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseMetrics(text: string): { samples: Sample[]; declared: Set<string> } {
  const samples: Sample[] = [];
  const declared = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) declared.add(type[1]);
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return { samples, declared };
}

/** The sum of a metric's samples whose labels include `labels`; undefined when there is none. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const hits = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return hits.length ? hits.reduce((a, s) => a + s.value, 0) : undefined;
}

let p: TestPlatform;
let nc: NatsConnection;
let superToken: string;

beforeAll(async () => {
  p = await startTestPlatform({ RATE_FORGOT_PASSWORD_ADDRESS_MAX: '2' });
  nc = await connect({ servers: TEST_NATS_URL });
  const email = uniqueEmail('ops');
  await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Olga Ops', email, password: 'super-secret-1', user_type: 'super-admin' },
  });
  superToken = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'super-secret-1' } })).body.access_token;
});
afterAll(async () => {
  await nc?.close();
  await p?.shutdown();
});

async function upload(label: string) {
  const token = (await p.api.signup(uniqueEmail(label))).body.access_token as string;
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  const res = await p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(`${EE_ESSAY}\n\nWritten for ${label}.`, {
      title: label,
      essay_type: 'ee',
      rubric_id: rubric.id,
      subject_area: 'History',
    }),
  });
  expect(res.status).toBeLessThan(300);
  return { token, id: res.body.id as string };
}

const publishRaw = (subject: string, data: unknown) =>
  jetstream(nc).publish(`${p.run.id}.${subject}`, typeof data === 'string' ? data : JSON.stringify(data));

it('exports the figures an operator needs, with values that fit the traffic', async () => {
  // 1. A graded essay.
  const graded = await upload('metrics-graded');
  expect((await p.api.waitForEvaluation(graded.id, graded.token)).status).toBe('completed');

  // 2. A failed one, refunded: no worker runs, and the grading outcome is a failure.
  await p.stopProcess('grading', 'SIGKILL');
  const failing = await upload('metrics-failed');
  await publishRaw('grading.failed.v1', {
    id: '0190b6a4-7a00-7000-8000-00000000f001',
    type: 'grading.failed.v1',
    version: 1,
    occurredAt: new Date().toISOString(),
    data: { evaluation_id: failing.id, code: 'GRADING_FAILED', reason: 'metrics test' },
  });
  expect((await p.api.waitForEvaluation(failing.id, failing.token)).status).toBe('failed');
  await waitFor('the refund', async () => (await p.api.call('GET', '/auth/me', { token: failing.token })).body.essay_credits === 1);
  await p.startProcess('grading'); // takes the queued job (its result is ignored: the evaluation failed)

  // 3. A message evaluation's grading consumer cannot read: dead-lettered at once.
  await publishRaw('grading.completed.v1', 'this is not an event');

  // 4. A spent budget at the gateway: the third reset request from one address in the window.
  const forgot = () => p.api.call('POST', '/auth/forgot-password', { json: { email: uniqueEmail('nobody') } });
  const statuses = [(await forgot()).status, (await forgot()).status, (await forgot()).status];
  expect(statuses[2]).toBe(429);

  const scrape = async (name: string) => parseMetrics(await (await fetch(`${p.urls[name as keyof typeof p.urls]}/metrics`)).text());
  await waitFor(
    'the dead letter to be counted',
    async () =>
      (value((await scrape('evaluation')).samples, 'nats_consumer_dead_letters_total', { consumer: 'evaluation-grading' }) ?? 0) >= 1,
  );
  // (the restarted worker's counters start at zero: it sees the queued job only)
  await waitFor(
    'the queued job to be taken',
    async () => (value((await scrape('grading')).samples, 'grading_queue_wait_seconds_count') ?? 0) >= 1,
  );

  const all = Object.fromEntries(await Promise.all(PROCESS_NAMES.map(async (n) => [n, await scrape(n)] as const)));
  const evaluation = all.evaluation.samples;
  const grading = all.grading.samples;
  const billing = all.billing.samples;
  const gateway = all.gateway.samples;

  // HTTP request durations by route and status, in every process (labelled by service)
  for (const n of PROCESS_NAMES) {
    expect(all[n].samples.some((s) => s.name === 'http_request_duration_seconds_count' && s.labels.service && s.labels.status)).toBe(true);
  }
  const intake = { method: 'POST', route: '/evaluation/evaluate-async', status: '201' };
  expect(value(evaluation, 'http_request_duration_seconds_count', intake)).toBeGreaterThanOrEqual(2);
  const intakeSeconds =
    value(evaluation, 'http_request_duration_seconds_sum', intake)! / value(evaluation, 'http_request_duration_seconds_count', intake)!;
  expect(intakeSeconds).toBeGreaterThan(0);
  expect(intakeSeconds).toBeLessThan(30);
  expect(value(gateway, 'http_request_duration_seconds_count', { status: '429' })).toBeGreaterThanOrEqual(1);

  // Outbox: depth and oldest age read from the table (drained by now), publishes, no failures
  expect(value(evaluation, 'outbox_depth', { state: 'pending' })).toBe(0);
  expect(value(evaluation, 'outbox_depth', { state: 'parked' })).toBe(0);
  expect(value(evaluation, 'outbox_oldest_age_seconds')).toBe(0);
  expect(value(evaluation, 'outbox_published_total')).toBeGreaterThanOrEqual(4); // submitted ×2, completed, failed
  expect(value(evaluation, 'outbox_publish_failures_total')).toBe(0);
  expect(value(billing, 'outbox_published_total')).toBeGreaterThanOrEqual(2); // account updates

  // Consumers: deliveries, redeliveries, acks, naks, dead letters, per consumer
  expect(value(grading, 'nats_consumer_deliveries_total', { consumer: 'grading' })).toBeGreaterThanOrEqual(1);
  expect(value(grading, 'nats_consumer_acks_total', { consumer: 'grading' })).toBeGreaterThanOrEqual(1);
  expect(value(grading, 'nats_consumer_redeliveries_total', { consumer: 'grading' })).toBeDefined();
  expect(value(grading, 'nats_consumer_naks_total', { consumer: 'grading' })).toBeDefined();
  expect(value(evaluation, 'nats_consumer_acks_total', { consumer: 'evaluation-grading' })).toBeGreaterThanOrEqual(2); // completed, failed (a built-in grading publishes no progress: grading's GRADING_PROGRESS_AFTER_MS)
  expect(value(evaluation, 'nats_consumer_dead_letters_total', { consumer: 'evaluation-grading' })).toBe(1);
  expect(value(evaluation, 'nats_dead_letters_stored', { consumer: 'evaluation-grading' })).toBe(1);
  expect(value(billing, 'nats_consumer_acks_total', { consumer: 'billing-refunds' })).toBeGreaterThanOrEqual(1);

  // Grading (the restarted worker): duration and queue wait of the job that waited while no worker ran
  const graded1 = value(grading, 'grading_duration_seconds_count', { grader: 'builtin' })!;
  expect(graded1).toBeGreaterThanOrEqual(1);
  const gradingSeconds = value(grading, 'grading_duration_seconds_sum', { grader: 'builtin' })! / graded1;
  expect(gradingSeconds).toBeGreaterThan(0);
  expect(gradingSeconds).toBeLessThan(30);
  const waits = value(grading, 'grading_queue_wait_seconds_count')!;
  expect(waits).toBe(1);
  const waited = value(grading, 'grading_queue_wait_seconds_sum')!;
  expect(waited).toBeGreaterThan(0.1); // it waited for the worker to come back
  expect(waited).toBeLessThan(120);

  // Credits: two charged, one given back
  expect(value(billing, 'billing_credits_consumed_total')).toBe(2);
  expect(value(billing, 'billing_credits_refunded_total')).toBe(1);

  // Rate limits: the refused reset request
  expect(value(gateway, 'rate_limit_refusals_total', { bucket: 'forgot_password' })).toBe(1);

  // The dashboard queries only what these processes declare
  const dashboard = JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', '..', 'charts', 'corestone', 'dashboards', 'corestone.json'), 'utf8'),
  ) as {
    panels: Array<{ targets?: Array<{ expr: string }> }>;
  };
  const declared = new Set(PROCESS_NAMES.flatMap((n) => [...all[n].declared]));
  const used = dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).flatMap((t) => [...t.expr.matchAll(/([a-z_:][a-z0-9_:]*)[{[]/g)].map((m) => m[1])),
  );
  expect(used.length).toBeGreaterThan(5);
  const missing = used.filter((name) => name !== 'up' && !declared.has(name) && !declared.has(name.replace(/_(bucket|count|sum)$/, '')));
  expect(missing).toEqual([]);
});

it('lists dead letters for admins, without their data', async () => {
  await waitFor('a dead letter', async () => (await p.api.call('GET', '/dashboard/dead-letters', { token: superToken })).body?.total >= 1);
  const res = await p.api.call('GET', '/dashboard/dead-letters?consumer=evaluation-grading', { token: superToken });
  expect(res.status).toBe(200);
  expect(res.body.counts['evaluation-grading']).toBe(1);
  expect(res.body.items).toEqual([
    expect.objectContaining({
      consumer: 'evaluation-grading',
      original_subject: `${p.run.id}.grading.completed.v1`,
      error: expect.stringMatching(/^malformed/),
      event_id: null,
    }),
  ]);
  expect(JSON.stringify(res.body)).not.toContain('this is not an event');
  const student = (await p.api.signup(uniqueEmail('curious'))).body.access_token;
  expect((await p.api.call('GET', '/dashboard/dead-letters', { token: student })).status).toBe(403);
  expect((await p.api.call('GET', '/dashboard/dead-letters?limit=0', { token: superToken })).status).toBe(400);
});
