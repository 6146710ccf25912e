import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('grading');

import { Lifecycle, loadConfig, openInfra, serve, type RunningConsumer } from '@corestone/service-kit';
import { GradingConfig } from './config';
import { buildApp } from './app';
import { createGraders } from './graders';
import { startGradingWorker } from './events/worker';

async function main() {
  const config = loadConfig(GradingConfig);
  const lifecycle = new Lifecycle();
  const infra = await openInfra('grading', config, lifecycle, { bus: true });
  let worker: RunningConsumer | null = null;
  const { app } = buildApp({ config, infra, worker: () => worker });
  worker = await startGradingWorker({
    bus: infra.bus!,
    logger: app.log,
    graders: createGraders(config, app.log),
    defaultGrader: config.GRADER,
    concurrency: config.GRADING_CONCURRENCY,
    maxDeliver: config.GRADING_MAX_DELIVER,
    ackWaitMs: config.GRADING_ACK_WAIT_MS,
  });
  // Closed before NATS: in-flight jobs finish and publish their results first.
  lifecycle.onClose('grading-worker', () => worker!.stop());
  await serve(app, lifecycle, { port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
