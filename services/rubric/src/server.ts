import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('rubric');

import { Lifecycle, createTokenVerifier, loadConfig, openInfra, serve } from '@corestone/service-kit';
import { RubricConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { serveRubricRpc } from './events/rpc';
import { startUsageConsumer } from './events/usage';

async function main() {
  const config = loadConfig(RubricConfig);
  const lifecycle = new Lifecycle();
  const infra = await openInfra('rubric', config, lifecycle, { migrations, bus: true });
  const { app, store, usage } = buildApp({ config, infra: { ...infra, db: infra.db! }, verify: createTokenVerifier({ authUrl: config.AUTH_URL }) });
  await store.seedDefaults();
  const subs = serveRubricRpc(infra.bus!, store, app.log);
  lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
  const consumer = await startUsageConsumer(infra.bus!, usage, app.log);
  lifecycle.onClose('usage consumer', () => consumer.stop());
  await serve(app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
