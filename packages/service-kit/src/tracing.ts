import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context } from '@opentelemetry/api';

/**
 * OpenTelemetry. A process calls `startTracing(name)` first thing in server.ts, imported from
 * `@corestone/service-kit/dist/tracing` so that http, pg and fastify are not loaded before the
 * instrumentations hook them (the package index loads them all). It exports only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise the API below is a no-op.
 * NATS has no tracing of its own: rpc, publish and consume open spans here and carry the
 * W3C trace context in message headers.
 */
let sdk: { shutdown(): Promise<void> } | null = null;

export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): void {
  if (sdk || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg');
  const { FastifyOtelInstrumentation } = require('@fastify/otel');
  const { resourceFromAttributes } = require('@opentelemetry/resources');
  const nodeSdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // probes and scrapes every few seconds would bury real traces
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: { url?: string }) => /^\/(livez|readyz|metrics)(\?|$)/.test(req.url ?? ''),
      }),
      new PgInstrumentation({ requireParentSpan: true }), // no stray traces from outbox polling
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  nodeSdk.start();
  sdk = nodeSdk;
  process.once('beforeExit', () => void stopTracing());
}

/** Exports the spans still buffered; `serve` calls it on shutdown. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  await running?.shutdown().catch(() => undefined);
}

const tracer = () => trace.getTracer('corestone');

/** Writes a trace context (the active one by default) into a header carrier (NATS headers, HTTP headers). */
export function injectTraceContext(carrier: Record<string, string>, ctx: Context = context.active()): Record<string, string> {
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The trace context a message carries; a message without one starts a new trace. */
export function extractTraceContext(carrier: Record<string, string>): Context {
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/**
 * Runs `fn` inside a new span, child of `parent` (the active context by default), and ends it.
 * A throw is recorded on the span, which gets error status, and rethrown.
 */
export async function inSpan<T>(
  name: string,
  opts: { kind: SpanKind; parent?: Context; attributes?: Attributes },
  fn: () => Promise<T>,
): Promise<T> {
  const parent = opts.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: opts.kind, attributes: opts.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), fn);
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    throw err;
  } finally {
    span.end();
  }
}
