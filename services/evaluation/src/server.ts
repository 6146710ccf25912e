import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('evaluation');

import { Lifecycle, createTokenVerifier, ensureStream, loadConfig, openInfra, schemaFor, serve, startOutboxRelay } from '@corestone/service-kit';
import { EvaluationConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { startGradingConsumer } from './events/grading';
import { startUsersConsumer } from './events/users';

async function main() {
  const config = loadConfig(EvaluationConfig);
  const lifecycle = new Lifecycle();
  const infra = await openInfra('evaluation', config, lifecycle, { migrations, bus: true });
  const db = infra.db!;
  const bus = infra.bus!;
  const { app, store, charging } = buildApp({
    config,
    infra: { ...infra, db, bus },
    verify: createTokenVerifier({ authUrl: config.AUTH_URL }),
  });
  await ensureStream(bus, 'evaluation'); // the stream our outbox publishes to
  const relay = startOutboxRelay({ pool: db.pool, schema: schemaFor(config, 'evaluation'), bus, logger: app.log });
  lifecycle.onClose('outbox', () => relay.stop());
  const consumer = await startGradingConsumer(bus, store, app.log);
  lifecycle.onClose('grading-consumer', () => consumer.stop());
  const users = await startUsersConsumer(bus, db.pool, app.log);
  lifecycle.onClose('users-consumer', () => users.stop());
  const sweeper = charging.startSweeper(config.SWEEP_INTERVAL_MS, config.SWEEP_AFTER_MS);
  lifecycle.onClose('sweeper', () => sweeper.stop());
  await serve(app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
