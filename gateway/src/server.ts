import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('gateway');

import { Lifecycle, loadConfig, openInfra, serve } from '@corestone/service-kit';
import { GatewayConfig } from './config';
import { buildApp } from './app';

async function main() {
  const config = loadConfig(GatewayConfig);
  const lifecycle = new Lifecycle();
  const infra = await openInfra('gateway', config, lifecycle, { redis: true });
  const { app, frontends } = buildApp({ config, redis: infra.redis! });
  app.log.info(
    { shell: frontends.shellDist ? 'built' : 'not built', remotes: frontends.remotes.current() },
    'frontends: shell at start-up, remotes from configuration',
  );
  await serve(app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
