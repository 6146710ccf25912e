/**
 * The Grafana dashboard queries only metrics our processes really export at /metrics: the app's own
 * (request durations, process defaults), the process-wide ones of a running JetStream consumer
 * (started here against a nats-server of the test's own), of the outbox relay and the rate limiter.
 * A service's own metrics (`grading_…`, `billing_…`) must be declared in its source. Offline; the same
 * check against a whole running platform's scrapes is tests/system/observability.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Events } from '@corestone/contracts';
import {
  Limiter,
  connectBus,
  createServiceApp,
  outboxMetrics,
  publishEvent,
  startConsumer,
  type Bus,
  type Redis,
  type RunningConsumer,
} from '@corestone/service-kit';
import { chartDir, repoRoot, startNatsServer } from './support';

const dashboard = JSON.parse(fs.readFileSync(path.join(chartDir, 'dashboards', 'corestone.json'), 'utf8')) as {
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
};
// Series Prometheus itself adds for every scrape target.
const scrapeSeries = new Set(['up']);
// A histogram is declared under its base name and queried through these series.
const base = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

/** Metric names a service declares in its source (`name: '…'` or `processCounter('…'`). */
const serviceSources = fs
  .readdirSync(path.join(repoRoot, 'services'))
  .flatMap((svc) => {
    const src = path.join(repoRoot, 'services', svc, 'src');
    if (!fs.existsSync(src)) return [];
    return fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => fs.readFileSync(path.join(src, f), 'utf8'));
  })
  .join('\n');
const declaredByService = (name: string) => new RegExp(`(name: |processCounter\\()'${name}'`).test(serviceSources);

let nats: Awaited<ReturnType<typeof startNatsServer>>;
let bus: Bus;
let consumer: RunningConsumer;
beforeAll(async () => {
  nats = await startNatsServer();
  bus = await connectBus({ url: nats.url, prefix: '', name: 'dashboard-test' });
  let handled!: () => void;
  const done = new Promise<void>((r) => (handled = r));
  consumer = await startConsumer({
    bus,
    stream: 'grading',
    durable: 'dashboard-test',
    subjects: [Events.gradingProgress.subject],
    logger: createServiceApp({ name: 'dashboard-test', logLevel: 'silent' }).log,
    handler: async () => handled(),
  });
  await publishEvent(bus, Events.gradingProgress, { evaluation_id: '0190b6a4-7a00-7000-8000-000000000001', stage: 'started', percent: 5 });
  await done;
  // Declared by a running relay and limiter; nothing is asked of PostgreSQL or Redis here (the
  // depth gauge reads on scrape and skips when the database cannot be reached).
  outboxMetrics(unreachable);
  new Limiter({} as Redis, 'dashboard-test:');
});
/** No database here: the depth gauge's read fails and the scrape goes on without it. */
const unreachable = { query: () => Promise.reject(new Error('no database in this test')) } as unknown as Parameters<
  typeof outboxMetrics
>[0];
afterAll(async () => {
  await consumer?.stop();
  await bus?.close();
  await nats?.stop();
});

it('queries only metric names a service declares at /metrics, labelled by service', async () => {
  const app = createServiceApp({ name: 'grading', logLevel: 'silent' });
  app.get('/ping', async () => ({ ok: true }));
  await app.ready();
  try {
    await app.inject({ method: 'GET', url: '/ping' });
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const declared = new Set([...metrics.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    expect(metrics).toContain('service="grading"');
    const used = dashboard.panels.flatMap((p) =>
      p.targets.flatMap((t) => [...t.expr.matchAll(/([a-z_:][a-z0-9_:]*)[{[]/g)].map((m) => m[1])),
    );
    expect(used).toEqual(
      expect.arrayContaining([
        'http_request_duration_seconds_bucket',
        'nats_consumer_acks_total',
        'process_resident_memory_bytes',
        'outbox_depth',
        'outbox_oldest_age_seconds',
        'outbox_publish_failures_total',
        'nats_dead_letters_stored',
        'grading_queue_wait_seconds_bucket',
        'grading_duration_seconds_bucket',
        'billing_credits_consumed_total',
        'billing_credits_refunded_total',
        'rate_limit_refusals_total',
      ]),
    );
    const missing = used.filter(
      (name) => !scrapeSeries.has(name) && !declared.has(name) && !declared.has(base(name)) && !declaredByService(base(name)),
    );
    expect(missing).toEqual([]);
  } finally {
    await app.close();
  }
});
