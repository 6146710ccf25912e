import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('auth');

import { loadConfig, serveService } from '@corestone/service-kit';
import { AuthConfig } from './config';
import { startService } from './start';

async function main() {
  const config = loadConfig(AuthConfig);
  await serveService(await startService(config), { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
