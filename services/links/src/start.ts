import { Lifecycle, openInfra, type TokenVerifier, createTokenVerifier } from '@corestone/service-kit';
import type { LinksConfig } from './config';
import { migrations } from './store/migrations';
import { seedLinks } from './domain/seed';
import { buildApp, type LinksApp, type LinksDeps } from './app';
import { serveLinksRpc } from './events/rpc';

export interface LinksService extends LinksApp {
  infra: LinksDeps['infra'];
  stop(): Promise<void>;
}

/**
 * Opens what links needs (Postgres for links and counters, Redis for the public list's cache, NATS
 * for the dashboard's `rpc.links.click_summary`), seeds the first start, answers the RPC and
 * returns the running service. server.ts listens; tests inject.
 */
export async function startService(config: LinksConfig, opts: { verify?: TokenVerifier } = {}): Promise<LinksService> {
  const lifecycle = new Lifecycle();
  try {
    const infra = await openInfra('links', config, lifecycle, { migrations, bus: true, redis: true });
    const opened = { ...infra, db: infra.db!, bus: infra.bus!, redis: infra.redis! };
    const service = buildApp({ config, infra: opened, verify: opts.verify ?? createTokenVerifier({ authUrl: config.AUTH_URL }) });
    await service.links.seed('initial-links', seedLinks({ tutoring: config.SEED_TUTORING_URL, prediction: config.SEED_PREDICTION_URL }));
    const subs = serveLinksRpc(opened.bus, service.links, service.app.log);
    lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        await service.app.close();
        await lifecycle.close(service.app.log);
      })());
    return { ...service, infra: opened, stop };
  } catch (err) {
    await lifecycle.close();
    throw err;
  }
}
