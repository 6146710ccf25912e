import { startTracing } from '@corestone/service-kit/dist/tracing'; // before anything loads http, pg or fastify
startTracing('billing');

import { Lifecycle, createTokenVerifier, loadConfig, openInfra, serve } from '@corestone/service-kit';
import { BillingConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { startBillingMessaging } from './events/start';

async function main() {
  const config = loadConfig(BillingConfig);
  const lifecycle = new Lifecycle();
  const infra = await openInfra('billing', config, lifecycle, { migrations, bus: true });
  const { app, store } = buildApp({ config, infra: { ...infra, db: infra.db! }, verify: createTokenVerifier({ authUrl: config.AUTH_URL }) });
  await startBillingMessaging({ bus: infra.bus!, db: infra.db!, store, lifecycle, logger: app.log });
  await serve(app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
