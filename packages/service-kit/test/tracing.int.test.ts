import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Events, Rpc } from '@corestone/contracts';
import {
  HttpError,
  callRpc,
  connectBus,
  createServiceApp,
  enqueueEvent,
  ensureStream,
  newId,
  openDatabase,
  publishEvent,
  serveRpc,
  startConsumer,
  startOutboxRelay,
  withTransaction,
  type Bus,
  type Database,
} from '@corestone/service-kit';
import { createTestRun } from '../src/testing';

/**
 * Trace context across NATS, against the real server: an in-memory tracer provider stands in for
 * the SDK that startTracing starts in a process, so the spans the kit opens can be read back.
 */
const exporter = new InMemorySpanExporter();
const run = createTestRun('trc');
let db: Database;
let bus: Bus;
const log = createServiceApp({ name: 'tracing-test', logLevel: 'silent' }).log;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  db = await openDatabase({ url: run.env.DATABASE_URL, schema: `${run.id}_trc`, migrations: [] });
  bus = await connectBus({ url: run.env.NATS_URL, prefix: run.env.NATS_PREFIX, name: 'tracing-test' });
  await ensureStream(bus, 'users');
});
afterAll(async () => {
  await bus.close();
  await db.close();
  await run.cleanup();
  trace.disable();
  propagation.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

/** Runs fn inside a span standing for an incoming HTTP request. */
async function inRequest<T>(fn: () => Promise<T>): Promise<{ root: Span; result: T }> {
  const root = trace.getTracer('test').startSpan('request', { kind: SpanKind.SERVER });
  try {
    return { root, result: await context.with(trace.setSpan(context.active(), root), fn) };
  } finally {
    root.end();
  }
}

async function spanNamed(name: string, kind: SpanKind, count = 1): Promise<ReadableSpan[]> {
  for (let i = 0; i < 100; i++) {
    const found = exporter.getFinishedSpans().filter((s) => s.name === name && s.kind === kind);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `no ${SpanKind[kind]} span "${name}"; have: ${exporter
      .getFinishedSpans()
      .map((s) => s.name)
      .join(', ')}`,
  );
}

const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

describe('trace context across NATS', () => {
  it('callRpc opens a client span; serveRpc runs the handler in a server span, its child', async () => {
    let activeInHandler: string | undefined;
    const sub = serveRpc(
      bus,
      Rpc.billingGetAccount,
      async ({ user_id }) => {
        activeInHandler = trace.getActiveSpan()?.spanContext().spanId;
        if (user_id === 'missing') throw new HttpError(404, 'NOT_FOUND', 'no such account');
        return {
          account: {
            user_id,
            essay_credits: 1,
            max_essay_credits: 1,
            subscription_plan: 'free',
            subscription_status: 'active',
            version: 1,
          },
        };
      },
      log,
    );
    try {
      const { root } = await inRequest(() => callRpc(bus, Rpc.billingGetAccount, { user_id: 'u1' }));
      const [client] = await spanNamed('rpc billing.get_account', SpanKind.CLIENT);
      const [server] = await spanNamed('rpc billing.get_account', SpanKind.SERVER);
      const traceId = root.spanContext().traceId;
      expect(client.spanContext().traceId).toBe(traceId);
      expect(server.spanContext().traceId).toBe(traceId);
      expect(parentOf(client)).toBe(root.spanContext().spanId);
      expect(parentOf(server)).toBe(client.spanContext().spanId);
      expect(activeInHandler).toBe(server.spanContext().spanId);
      expect(server.status.code).not.toBe(SpanStatusCode.ERROR);

      // A refusal: both sides record it.
      exporter.reset();
      await expect(inRequest(() => callRpc(bus, Rpc.billingGetAccount, { user_id: 'missing' }))).rejects.toMatchObject({ statusCode: 404 });
      const [failedServer] = await spanNamed('rpc billing.get_account', SpanKind.SERVER);
      const [failedClient] = await spanNamed('rpc billing.get_account', SpanKind.CLIENT);
      expect(failedServer.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'no such account' });
      expect(failedClient.status.code).toBe(SpanStatusCode.ERROR);
      expect(parentOf(failedServer)).toBe(failedClient.spanContext().spanId);
    } finally {
      sub.unsubscribe();
    }
  });

  it('an outbox event links producer and consumer to the request that enqueued it; a failed try is recorded', async () => {
    let tries = 0;
    const consumer = await startConsumer({
      bus,
      stream: 'users',
      durable: 'trc-outbox',
      subjects: [Events.usersDeleted.subject],
      logger: log,
      backoffMs: () => 50,
      handler: async () => {
        if (++tries === 1) throw new Error('first try fails');
      },
    });
    const relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger: log });
    try {
      const { root } = await inRequest(() =>
        withTransaction(db.pool, (c) => enqueueEvent(c, Events.usersDeleted, { user_id: 'u-7' }, newId())),
      );
      // Flushed outside the request: the trace context comes from the stored headers.
      await relay.flush();
      const [producer] = await spanNamed('users.deleted.v1 publish', SpanKind.PRODUCER);
      const [failed, ok] = await spanNamed('users.deleted.v1 process', SpanKind.CONSUMER, 2);
      const traceId = root.spanContext().traceId;
      for (const s of [producer, failed, ok]) expect(s.spanContext().traceId).toBe(traceId);
      expect(parentOf(producer)).toBe(root.spanContext().spanId);
      expect(parentOf(failed)).toBe(producer.spanContext().spanId);
      expect(parentOf(ok)).toBe(producer.spanContext().spanId);
      expect(failed.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'first try fails' });
      expect(failed.events.map((e) => e.name)).toEqual(['exception']);
      expect(ok.status.code).not.toBe(SpanStatusCode.ERROR);
      expect(ok.attributes).toMatchObject({ 'messaging.destination.name': 'users.deleted.v1', 'messaging.nats.delivery_count': 2 });
    } finally {
      await relay.stop();
      await consumer.stop();
    }
  });

  it('publishEvent opens a producer span in the active trace; the consumer span is its child', async () => {
    const consumer = await startConsumer({
      bus,
      stream: 'users',
      durable: 'trc-direct',
      subjects: [Events.usersCreated.subject],
      logger: log,
      handler: async () => undefined,
    });
    try {
      const { root } = await inRequest(() =>
        publishEvent(bus, Events.usersCreated, { user_id: 'u', email: 'e@x.io', role: 'student', first_name: 'a', last_name: 'b' }),
      );
      const [producer] = await spanNamed('users.created.v1 publish', SpanKind.PRODUCER);
      const [processed] = await spanNamed('users.created.v1 process', SpanKind.CONSUMER);
      expect(producer.spanContext().traceId).toBe(root.spanContext().traceId);
      expect(processed.spanContext().traceId).toBe(root.spanContext().traceId);
      expect(parentOf(producer)).toBe(root.spanContext().spanId);
      expect(parentOf(processed)).toBe(producer.spanContext().spanId);
    } finally {
      await consumer.stop();
    }
  });
});
