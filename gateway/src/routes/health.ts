import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import { Health } from '@corestone/contracts';
import { API_PREFIX } from '../domain/urls';
import { getJson } from './upstream-fetch';

type HealthBody = { status: 'ok' | 'degraded'; services: Record<string, { ready: boolean; detail?: string }>; not_ready: string[] };

/** Asks every service's /readyz at once; a service that does not answer in time is not ready. */
async function platformHealth(urls: Record<string, string>, dispatcher: Dispatcher, timeoutMs: number): Promise<HealthBody> {
  const entries = await Promise.all(
    Object.keys(urls).map(async (name) => {
      const res = await getJson(dispatcher, `${urls[name]}/readyz`, timeoutMs);
      if (!res.ok) return [name, { ready: false, detail: res.error }] as const;
      if (res.status === 200) return [name, { ready: true }] as const;
      const detail = (res.body as { detail?: unknown } | null)?.detail;
      return [name, { ready: false, detail: typeof detail === 'string' ? detail : `readyz answered ${res.status}` }] as const;
    }),
  );
  const services = Object.fromEntries(entries);
  const not_ready = entries.filter(([, s]) => !s.ready).map(([n]) => n);
  return { status: not_ready.length ? 'degraded' : 'ok', services, not_ready };
}

export function registerHealthRoute(
  app: FastifyInstance,
  deps: { urls: Record<string, string>; dispatcher: Dispatcher; timeoutMs: number },
): void {
  app.get(
    `${API_PREFIX}/health`,
    {
      logLevel: 'warn',
      schema: {
        tags: ['gateway'],
        summary: 'Readiness of every service behind the gateway (200 only when all are ready)',
        response: { 200: Health, 503: Health },
      },
    },
    async (_req, reply) => {
      const body = await platformHealth(deps.urls, deps.dispatcher, deps.timeoutMs);
      reply.header('cache-control', 'no-store');
      return reply.code(body.not_ready.length ? 503 : 200).send(body);
    },
  );
}
