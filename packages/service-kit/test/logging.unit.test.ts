import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { createServiceApp, redactUrl } from '@corestone/service-kit';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

afterAll(() => {
  trace.disable();
  context.disable();
});

test('secret query values never reach the log: OAuth code and state, tokens, API keys', async () => {
  const { lines, stream } = capture();
  const app = createServiceApp({ name: 'log-test', logStream: stream });
  app.get('/auth/google/callback', async () => ({ ok: true }));
  await app.inject({ url: '/auth/google/callback?code=4%2F0AX-secret&state=s3cret-state&scope=email' });
  await app.close();
  const text = JSON.stringify(lines);
  expect(text).not.toContain('secret');
  expect(text).not.toContain('s3cret-state');
  expect(text).toContain('code=%5BREDACTED%5D');
  expect(text).toContain('scope=email');
  expect(redactUrl('/x?access_token=a&api_key=b&page=2')).toBe('/x?access_token=%5BREDACTED%5D&api_key=%5BREDACTED%5D&page=2');
});

test('every log line of a traced request carries its trace id and span id', async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider());
  const { lines, stream } = capture();
  const app = createServiceApp({ name: 'log-test', logStream: stream });
  app.get('/work', async (req) => {
    req.log.info('working');
    return { ok: true };
  });
  await app.ready();
  // The span a request handler runs in (in a process, @fastify/otel opens it for each request).
  const span = trace.getTracer('test').startSpan('request');
  await context.with(trace.setSpan(context.active(), span), async () => {
    await app.inject({ url: '/work' });
  });
  span.end();
  await app.close();
  const working = lines.find((l) => l.msg === 'working');
  expect(working).toMatchObject({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId, service: 'log-test' });
});

test('errors Fastify raises before a route runs use the {detail, code} envelope', async () => {
  const app = createServiceApp({ name: 'framework-errors', logLevel: 'silent' });
  app.get('/things/:id', async () => ({ ok: true }));
  const res = await app.inject({ url: `/things/${'x'.repeat(500)}` });
  await app.close();
  expect(res.statusCode).toBe(414);
  expect(res.json()).toEqual({ detail: 'A value in the address is too long', code: expect.any(String) });
});
