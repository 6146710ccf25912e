import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('links');

import { Lifecycle, loadConfig, serve } from '@corestone/service-kit';
import { LinksConfig } from './config';
import { startService } from './start';

async function main() {
  const config = loadConfig(LinksConfig);
  const service = await startService(config);
  const lifecycle = new Lifecycle();
  lifecycle.onClose('links', () => service.stop());
  await serve(service.app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
