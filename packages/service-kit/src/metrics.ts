import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

/**
 * Metrics of the kit's own parts (outbox relay, consumers) and of domain code that has no app at
 * hand: one registry per process, served with the app's at /metrics.
 */
export const processMetrics = new Registry();

/** A metric of the process registry, made once (parts started twice in one process share it). */
export function processMetric<T extends Metric>(name: string, make: (registers: Registry[]) => T): T {
  return (processMetrics.getSingleMetric(name) as T | undefined) ?? make([processMetrics]);
}

/** A counter of the process registry (services need no prom-client of their own for it). */
export function processCounter(name: string, help: string, labelNames: string[] = []): Counter {
  return processMetric(name, (registers) => new Counter({ name, help, labelNames, registers }));
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** Prometheus metrics at /metrics: process defaults plus request duration by route and status. */
export function registerMetrics(app: FastifyInstance, service: string): void {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  processMetrics.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.decorate('metrics', registry);
  // One labelled child per method, route and status, kept: observe() with a label object hashes
  // the labels on every call. Routes are the app's declared ones (or 'unmatched'), so the set is bounded.
  const series = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const key = `${req.method} ${reply.statusCode} ${route}`;
      let child = series.get(key);
      if (!child) series.set(key, (child = duration.labels(req.method, route, String(reply.statusCode))));
      child.observe(reply.elapsedTime / 1000);
    }
    done();
  });
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } as Record<string, unknown> }, async (_req, reply) => {
    reply.type(registry.contentType);
    return `${await registry.metrics()}\n${await processMetrics.metrics()}`;
  });
}
