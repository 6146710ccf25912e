import type { FastifyInstance } from 'fastify';
import { createServiceApp, registerAuth, addInfraReadiness, type Infra, type TokenVerifier } from '@corestone/service-kit';
import type { RubricConfig } from './config';
import { RubricStore } from './store/rubrics';
import { rubricRoutes } from './routes/rubrics';

export interface RubricDeps {
  config: RubricConfig;
  infra: Required<Pick<Infra, 'db'>> & Infra;
  verify: TokenVerifier;
}

/** The rubric service as a Fastify app (no listen): tests inject into it, server.ts serves it. */
export function buildApp({ config, infra, verify }: RubricDeps): { app: FastifyInstance; store: RubricStore } {
  const app = createServiceApp({ name: 'rubric', logLevel: config.LOG_LEVEL });
  const store = new RubricStore(infra.db.pool);
  registerAuth(app, verify);
  addInfraReadiness(app, infra);
  // Routes inside a plugin, so they register after @fastify/swagger and appear in /openapi.json.
  void app.register(async (scope) => rubricRoutes(scope, store));
  return { app, store };
}
