import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('billing');

import { Lifecycle, loadConfig, serve } from '@corestone/service-kit';
import { BillingConfig } from './config';
import { startService } from './start';

async function main() {
  const config = loadConfig(BillingConfig);
  const service = await startService(config);
  const lifecycle = new Lifecycle();
  lifecycle.onClose('billing', () => service.stop());
  await serve(service.app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
