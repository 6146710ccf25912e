/**
 * OpenTelemetry end to end: every process exports to a fake OTLP/HTTP collector, and one upload
 * is one trace — gateway HTTP span → evaluation (HTTP, rpc to billing) → evaluation.submitted.v1
 * published from the outbox → consumed by grading.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { EE_ESSAY } from '../fixtures/essays';

/** One span as exported, flattened (OTLP JSON: ids in hex, kind 2 server, 3 client, 4 producer, 5 consumer). */
interface Exported {
  service: string;
  /** The instrumentation that made it. */
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
const valueOf = (v: AnyValue) => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
const attrs = (list: KeyValue[] = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** A collector that accepts OTLP/HTTP JSON on POST /v1/traces and keeps every span. */
function startCollector() {
  const spans: Exported[] = [];
  const problems: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !req.headers['content-type']?.startsWith('application/json')) {
        problems.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{
          resource: { attributes: KeyValue[] };
          scopeSpans: Array<{
            scope: { name: string };
            spans: Array<Omit<Exported, 'service' | 'scope' | 'attributes'> & { attributes?: KeyValue[] }>;
          }>;
        }>;
      };
      for (const rs of body.resourceSpans) {
        const service = String(attrs(rs.resource.attributes)['service.name']);
        for (const ss of rs.scopeSpans) {
          for (const s of ss.spans) {
            spans.push({
              service,
              scope: ss.scope.name,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              name: s.name,
              kind: s.kind,
              attributes: attrs(s.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    spans,
    problems,
    listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const collector = startCollector();
let p: TestPlatform;

beforeAll(async () => {
  const port = await collector.listen();
  p = await startTestPlatform({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_BSP_SCHEDULE_DELAY: '200' });
});
afterAll(async () => {
  await p?.shutdown();
  await collector.close();
});

/** Waits until `find` returns something from the spans received so far (exports arrive in batches). */
async function eventually<T>(what: string, find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) {
      const seen = [...new Set(collector.spans.map((s) => `${s.service}: ${s.name}`))].join('\n  ');
      throw new Error(`collector never received ${what}; problems: ${collector.problems.join(', ') || 'none'}; spans seen:\n  ${seen}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('exports one trace per upload: gateway → evaluation → billing rpc → outbox event → grading', async () => {
  const signup = await p.api.signup(uniqueEmail('trace'));
  expect(signup.status).toBeLessThan(300);
  const token = signup.body.access_token as string;
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  const upload = await p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(EE_ESSAY, {
      title: 'Influenza and public health',
      essay_type: 'ee',
      rubric_id: rubric.id,
      subject_area: 'History',
    }),
  });
  expect(upload.status).toBeLessThan(300);
  expect((await p.api.waitForEvaluation(upload.body.id, token)).status).toBe('completed');

  // The gateway's HTTP server span for the upload is the root of the trace. It comes from the http
  // instrumentation, which hooks only when startTracing runs before anything loads http.
  const root = await eventually('the gateway span of the upload', () =>
    collector.spans.find(
      (s) =>
        s.service === 'gateway' &&
        s.kind === SERVER &&
        !s.parentSpanId &&
        Object.values(s.attributes).some((v) => String(v).includes('/evaluation/evaluate-async')),
    ),
  );
  expect(root.scope).toBe('@opentelemetry/instrumentation-http');
  const inTrace = (service: string, kind: number, name?: string, scope?: string) =>
    collector.spans.find(
      (s) =>
        s.traceId === root.traceId &&
        s.service === service &&
        s.kind === kind &&
        (name === undefined || s.name === name) &&
        (scope === undefined || s.scope === scope),
    );
  const byId = (id: string) => collector.spans.find((s) => s.traceId === root.traceId && s.spanId === id);

  // evaluation answers the proxied request inside the gateway's trace, as a child of a gateway span
  const evaluationServer = await eventually('the evaluation HTTP span in the trace', () =>
    collector.spans.find(
      (s) => s.traceId === root.traceId && s.service === 'evaluation' && s.kind === SERVER && byId(s.parentSpanId)?.service === 'gateway',
    ),
  );
  expect(evaluationServer.scope).toBe('@opentelemetry/instrumentation-http');
  // and its queries are traced too
  await eventually("evaluation's Postgres spans in the trace", () =>
    inTrace('evaluation', CLIENT, undefined, '@opentelemetry/instrumentation-pg'),
  );

  // rpc evaluation → billing: client span in evaluation, server span in billing, its child
  const charge = await eventually('the billing rpc client span', () => inTrace('evaluation', CLIENT, 'rpc billing.consume_credit'));
  const charged = await eventually('the billing rpc server span', () => inTrace('billing', SERVER, 'rpc billing.consume_credit'));
  expect(charged.parentSpanId).toBe(charge.spanId);

  // evaluation.submitted.v1: published by evaluation's outbox relay, processed by grading, in the same trace
  const published = await eventually('the evaluation.submitted.v1 producer span', () =>
    inTrace('evaluation', PRODUCER, 'evaluation.submitted.v1 publish'),
  );
  const processed = await eventually('the grading consumer span', () => inTrace('grading', CONSUMER, 'evaluation.submitted.v1 process'));
  expect(processed.parentSpanId).toBe(published.spanId);
  expect(processed.attributes['messaging.destination.name']).toBe('evaluation.submitted.v1');

  // Every one of these spans leads back to the gateway's root span through exported parents.
  const pathToRoot = (span: Exported) => {
    const services: string[] = [];
    for (let s: Exported | undefined = span; s; s = s.parentSpanId ? byId(s.parentSpanId) : undefined) {
      services.push(s.service);
      if (s === root) return services;
    }
    return null;
  };
  const chain = await eventually('a complete parent chain from grading to the gateway', () => pathToRoot(processed) ?? undefined);
  expect([...new Set(chain)]).toEqual(['grading', 'evaluation', 'gateway']);
  for (const s of [evaluationServer, charge, charged, published]) expect(pathToRoot(s)).not.toBeNull();
  expect(collector.problems).toEqual([]);
});
