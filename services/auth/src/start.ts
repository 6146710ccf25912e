import { loadPlatformKeys, openInfra, startWith } from '@corestone/service-kit';
import type { AuthConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp, type AuthDeps } from './app';
import { startUsersConsumer } from './events/users-consumer';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * auth's composition root: platform keys (a missing production key refuses before any
 * connection), Postgres + NATS + Redis, the app, /auth/me's view cache (fed by events), the users-events consumer (revokes sessions on
 * role/activation changes and deletions) and the hourly purge of expired tokens.
 * server.ts listens on the answer; tests inject into it.
 */
export function startService(config: AuthConfig) {
  return startWith(async (lifecycle) => {
    const keys = loadPlatformKeys(config);
    const opened = await openInfra('auth', config, lifecycle, { migrations, bus: true, redis: true });
    const infra: AuthDeps['infra'] = { ...opened, db: opened.db!, bus: opened.bus!, redis: opened.redis! };
    const service = await buildApp({ config, infra, keys });
    const { app, store } = service;
    lifecycle.onClose('view cache', async () => service.viewCache.stop());
    await service.viewCache.start();
    const consumer = await startUsersConsumer(infra.bus, store, app.log);
    lifecycle.onClose('users consumer', () => consumer.stop());
    const purge = setInterval(() => void store.purgeExpired().catch((err) => app.log.warn({ err }, 'purge failed')), PURGE_EVERY_MS);
    purge.unref();
    lifecycle.onClose('purge', async () => clearInterval(purge));
    await app.ready();
    return { ...service, config, infra };
  });
}

export type AuthRunning = Awaited<ReturnType<typeof startService>>;
