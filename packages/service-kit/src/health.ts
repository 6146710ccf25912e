import type { FastifyInstance } from 'fastify';

export type ReadinessCheck = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    readiness: { add(name: string, check: ReadinessCheck): void; run(): Promise<Record<string, string | null>> };
  }
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(p: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
    p.then(
      () => (clearTimeout(t), resolve()),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}

/** /livez: the process answers. /readyz: every dependency it registered answers. */
export function registerHealth(app: FastifyInstance): void {
  const checks = new Map<string, ReadinessCheck>();
  let draining = false;
  app.decorate('readiness', {
    add: (name: string, check: ReadinessCheck) => void checks.set(name, check),
    run: async () => {
      const results: Record<string, string | null> = {};
      await Promise.all(
        [...checks].map(async ([name, check]) => {
          try {
            await withTimeout(check());
            results[name] = null;
          } catch (err) {
            results[name] = (err as Error).message || 'failed';
          }
        }),
      );
      if (draining) results.shutdown = 'shutting down';
      return results;
    },
  });
  app.addHook('preClose', async () => {
    draining = true;
  });

  const opts = { logLevel: 'warn' as const, schema: { hide: true } as Record<string, unknown> };
  app.get('/livez', opts, async () => ({ status: 'ok' }));
  app.get('/readyz', opts, async (_req, reply) => {
    const results = await app.readiness.run();
    const failing = Object.entries(results).filter(([, v]) => v !== null);
    if (failing.length === 0) return { status: 'ready', checks: results };
    return reply.status(503).send({
      detail: `not ready: ${failing.map(([k, v]) => `${k} (${v})`).join(', ')}`,
      code: 'NOT_READY',
      checks: results,
    });
  });
}
