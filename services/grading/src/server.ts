import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('grading');

import { loadConfig, serveService } from '@corestone/service-kit';
import { GradingConfig } from './config';
import { startService } from './start';

async function main() {
  const config = loadConfig(GradingConfig);
  await serveService(await startService(config), { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
