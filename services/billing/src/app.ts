import type { FastifyInstance } from 'fastify';
import { createServiceApp, registerAuth, addInfraReadiness, type Infra, type TokenVerifier } from '@corestone/service-kit';
import type { BillingConfig } from './config';
import { AccountStore } from './store/accounts';
import { billingRoutes } from './routes/billing';

export interface BillingDeps {
  config: BillingConfig;
  infra: Required<Pick<Infra, 'db'>> & Infra;
  verify: TokenVerifier;
}

/** The billing service as a Fastify app (no listen): tests inject into it, server.ts serves it. */
export function buildApp({ config, infra, verify }: BillingDeps): { app: FastifyInstance; store: AccountStore } {
  const app = createServiceApp({ name: 'billing', logLevel: config.LOG_LEVEL });
  const store = new AccountStore(infra.db.pool);
  registerAuth(app, verify);
  addInfraReadiness(app, infra);
  // Routes inside a plugin, so they register after @fastify/swagger and appear in /openapi.json.
  void app.register(async (scope) => billingRoutes(scope, store));
  return { app, store };
}
