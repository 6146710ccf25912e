import { context, propagation, trace, type Context } from '@opentelemetry/api';

/**
 * OpenTelemetry: a service calls `startTracing(name)` first thing in server.ts (before fastify,
 * pg and http load); it exports only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * NATS has no tracing of its own: trace context rides in message headers.
 */
let started = false;

export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): void {
  if (started || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  started = true;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg');
  const { FastifyOtelInstrumentation } = require('@fastify/otel');
  const { resourceFromAttributes } = require('@opentelemetry/resources');
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation(),
      new PgInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
  process.once('beforeExit', () => void sdk.shutdown());
}

export const tracer = () => trace.getTracer('corestone');

/** Writes the active trace context into a header carrier (NATS headers, HTTP headers). */
export function injectTraceContext(carrier: Record<string, string>, ctx: Context = context.active()): Record<string, string> {
  propagation.inject(ctx, carrier);
  return carrier;
}

export function extractTraceContext(carrier: Record<string, string>): Context {
  return propagation.extract(context.active(), carrier);
}
