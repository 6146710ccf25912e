import { Lifecycle, openInfra, type TokenVerifier, createTokenVerifier } from '@corestone/service-kit';
import type { LinksConfig } from './config';
import { migrations } from './store/migrations';
import { seedLinks } from './domain/seed';
import { buildApp, type LinksApp, type LinksDeps } from './app';

export interface LinksService extends LinksApp {
  infra: LinksDeps['infra'];
  stop(): Promise<void>;
}

/**
 * Opens what links needs (Postgres for links and counters, Redis for the public list's cache; no
 * NATS: it neither publishes nor consumes), seeds the first start and answers the running service.
 * server.ts listens; tests inject.
 */
export async function startService(config: LinksConfig, opts: { verify?: TokenVerifier } = {}): Promise<LinksService> {
  const lifecycle = new Lifecycle();
  try {
    const infra = await openInfra('links', config, lifecycle, { migrations, redis: true });
    const opened = { ...infra, db: infra.db!, redis: infra.redis! };
    const service = buildApp({ config, infra: opened, verify: opts.verify ?? createTokenVerifier({ authUrl: config.AUTH_URL }) });
    await service.links.seed('initial-links', seedLinks({ tutoring: config.SEED_TUTORING_URL, prediction: config.SEED_PREDICTION_URL }));
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
