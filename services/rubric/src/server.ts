import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('rubric');

import { loadConfig, serveService } from '@corestone/service-kit';
import { RubricConfig } from './config';
import { startService } from './start';

async function main() {
  const config = loadConfig(RubricConfig);
  await serveService(await startService(config), { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
