import { serviceTokenVerifier, openInfra, startWith, type TokenVerifier } from '@corestone/service-kit';
import type { LinksConfig } from './config';
import { migrations } from './store/migrations';
import { seedLinks } from './domain/seed';
import { buildApp } from './app';
import { serveLinksRpc } from './messaging/rpc';

/**
 * links' composition root: Postgres for links and counters, Redis for the public list's cache,
 * NATS for the dashboard's `rpc.links.click_summary`; the first start's links seeded once.
 * server.ts listens; tests inject.
 */
export function startService(config: LinksConfig, opts: { verify?: TokenVerifier } = {}) {
  return startWith(async (lifecycle) => {
    const opened = await openInfra('links', config, lifecycle, { migrations, bus: true, redis: true });
    const infra = { ...opened, db: opened.db!, bus: opened.bus!, redis: opened.redis! };
    const service = buildApp({ config, infra, verify: opts.verify ?? serviceTokenVerifier(config.AUTH_URL) });
    await service.links.seed('initial-links', seedLinks({ tutoring: config.SEED_TUTORING_URL, prediction: config.SEED_PREDICTION_URL }));
    const subs = serveLinksRpc(infra.bus, service.links, service.app.log);
    lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
    return { ...service, infra };
  });
}

export type LinksService = Awaited<ReturnType<typeof startService>>;
