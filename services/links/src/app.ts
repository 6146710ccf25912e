import type { FastifyInstance } from 'fastify';
import { GenerationCache, addInfraReadiness, createServiceApp, registerAuth, type ServiceDeps } from '@corestone/service-kit';
import type { LinksConfig } from './config';
import { LinkStore } from './store/links';
import { openClickPool } from './store/click-pool';
import { publicRoutes } from './routes/public';
import { manageRoutes } from './routes/manage';
import { analyticsRoutes } from './routes/analytics';

export type LinksDeps = ServiceDeps<LinksConfig, 'db' | 'bus' | 'redis'>;

export interface LinksApp {
  app: FastifyInstance;
  links: LinkStore;
}

/** The links service as a Fastify app (no listen): tests inject into it, start.ts serves it. */
export function buildApp({ config, infra, verify }: LinksDeps): LinksApp {
  const app = createServiceApp({ name: 'links', logLevel: config.LOG_LEVEL });
  const clickPool = openClickPool(config.DATABASE_URL, infra.db, config.CLICK_POOL_MAX, app.log);
  app.addHook('onClose', () => clickPool.end());
  const links = new LinkStore(infra.db.pool, clickPool);
  const cache = new GenerationCache(infra.redis, `${config.REDIS_PREFIX}links:`, config.LINKS_PUBLIC_CACHE_SECONDS, (err) =>
    app.log.warn({ err }, 'links cache unavailable; reading Postgres'),
  );
  registerAuth(app, verify);
  addInfraReadiness(app, infra);
  const deps = { links, cache };
  // Each group is its own plugin (its own role hook), registered after @fastify/swagger so it appears in /openapi.json.
  void app.register(publicRoutes, deps);
  void app.register(manageRoutes, deps);
  void app.register(analyticsRoutes, deps);
  return { app, links };
}
