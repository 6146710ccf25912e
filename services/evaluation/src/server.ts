import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('evaluation');

import { loadConfig, serveService } from '@corestone/service-kit';
import { EvaluationConfig } from './config';
import { startService } from './start';

async function main() {
  const config = loadConfig(EvaluationConfig);
  await serveService(await startService(config), { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
