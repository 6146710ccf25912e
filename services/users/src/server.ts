import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('users');

import {
  Lifecycle,
  createTokenVerifier,
  ensureStream,
  loadConfig,
  loadPlatformKeys,
  openInfra,
  serve,
  startOutboxRelay,
} from '@corestone/service-kit';
import { UsersConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { serveUsersRpc } from './events/rpc';
import { startBillingMirror } from './events/billing';

async function main() {
  const config = loadConfig(UsersConfig);
  const lifecycle = new Lifecycle();
  const keys = loadPlatformKeys(config);
  const infra = await openInfra('users', config, lifecycle, { migrations, bus: true });
  const db = infra.db!;
  const bus = infra.bus!;
  const { app, ctx } = buildApp({
    config,
    infra: { ...infra, db, bus },
    verify: createTokenVerifier({ authUrl: config.AUTH_URL }),
    dataKey: keys.dataKey,
  });
  await ensureStream(bus, 'users');
  const relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger: app.log });
  lifecycle.onClose('outbox relay', () => relay.stop());
  const mirror = await startBillingMirror(bus, ctx.store, app.log);
  lifecycle.onClose('billing mirror', () => mirror.stop());
  const subs = serveUsersRpc(bus, ctx.store, ctx.billing, app.log);
  lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
  await serve(app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
