import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('auth');

import { Lifecycle, loadConfig, loadPlatformKeys, openInfra, serve } from '@corestone/service-kit';
import { AuthConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { startUsersConsumer } from './events/users-consumer';

const PURGE_EVERY_MS = 60 * 60 * 1000;

async function main() {
  const config = loadConfig(AuthConfig);
  const lifecycle = new Lifecycle();
  const keys = loadPlatformKeys(config); // before any connection: a missing key refuses at once
  const infra = await openInfra('auth', config, lifecycle, { migrations, bus: true, redis: true });
  const { app, store } = await buildApp({ config, infra: { ...infra, db: infra.db!, bus: infra.bus!, redis: infra.redis! }, keys });
  const consumer = await startUsersConsumer(infra.bus!, store, app.log);
  lifecycle.onClose('users consumer', () => consumer.stop());
  const purge = setInterval(() => void store.purgeExpired().catch((err) => app.log.warn({ err }, 'purge failed')), PURGE_EVERY_MS);
  purge.unref();
  lifecycle.onClose('purge', async () => clearInterval(purge));
  await serve(app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
