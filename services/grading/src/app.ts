import type { FastifyInstance } from 'fastify';
import { createServiceApp, addInfraReadiness, type Infra, type RunningConsumer } from '@corestone/service-kit';
import type { GradingConfig } from './config';

export interface GradingDeps {
  config: GradingConfig;
  infra: Infra;
  /** The worker, once started: readiness fails while it is missing. */
  worker: () => RunningConsumer | null;
}

/** grading has no public routes: only /livez, /readyz (NATS + worker) and /metrics from the kit. */
export function buildApp({ config, infra, worker }: GradingDeps): { app: FastifyInstance } {
  const app = createServiceApp({ name: 'grading', logLevel: config.LOG_LEVEL });
  addInfraReadiness(app, infra);
  app.readiness.add('worker', async () => {
    if (!worker()) throw new Error('not started');
  });
  return { app };
}
