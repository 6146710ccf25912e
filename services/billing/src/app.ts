import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { createServiceApp, registerAuth, addInfraReadiness, type ServiceDeps } from '@corestone/service-kit';
import { paymentMode, type BillingConfig } from './config';
import { AccountStore } from './store/accounts';
import { PurchaseStore } from './store/purchases';
import { SchoolCopyStore } from './store/schools';
import { SchoolPoolStore } from './store/school-pools';
import { Fulfilment } from './app/fulfilment';
import { paymentsAvailability } from './app/checkout';
import { createStripeClient } from './peers/stripe';
import { billingRoutes } from './routes/billing';
import { subscriptionRoutes } from './routes/subscription';
import { stripeWebhookRoutes } from './routes/stripe-webhook';
import { localCheckoutRoutes } from './routes/local-checkout';
import { schoolCreditRoutes } from './routes/schools';

export type BillingDeps = ServiceDeps<BillingConfig, 'db' | 'bus'>;

export interface BillingApp {
  app: FastifyInstance;
  /** The credit ledger and balances. */
  store: AccountStore;
  /** Billing's copy of schools' settings and memberships. */
  schools: SchoolCopyStore;
  /** The school credit pools. */
  pools: SchoolPoolStore;
  purchases: PurchaseStore;
  fulfilment: Fulfilment;
  /** The configured Stripe client (null unless STRIPE_SECRET_KEY is set). */
  stripe: Stripe | null;
}

/** The billing service as a Fastify app (no listen): tests inject into it, start.ts serves it. */
export function buildApp({ config, infra, verify }: BillingDeps): BillingApp {
  const mode = paymentMode(config);
  const app = createServiceApp({ name: 'billing', logLevel: config.LOG_LEVEL });
  const pools = new SchoolPoolStore(infra.db.pool);
  const schools = new SchoolCopyStore(infra.db.pool);
  const store = new AccountStore(infra.db.pool, pools);
  const purchases = new PurchaseStore(infra.db.pool);
  const fulfilment = new Fulfilment(infra.db.pool, store, purchases, app.log);
  const stripe = mode === 'stripe' ? createStripeClient(config) : null;
  registerAuth(app, verify);
  addInfraReadiness(app, infra);
  app.log.info({ payments: mode }, 'payments mode');
  // Route modules are plugins: they register after @fastify/swagger and so appear in /openapi.json.
  void app.register(billingRoutes, { store, payments: paymentsAvailability(mode) });
  void app.register(subscriptionRoutes, {
    checkout: {
      mode,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      currency: config.CURRENCY,
      accounts: store,
      schools,
      purchases,
      stripe,
      log: app.log,
    },
    accounts: store,
    bus: infra.bus,
    usersTimeoutMs: config.USERS_TIMEOUT_MS,
  });
  void app.register(schoolCreditRoutes, { schools, pools, schoolWaitMs: config.SCHOOL_WAIT_MS });
  void app.register(localCheckoutRoutes, { enabled: mode === 'local', purchases, fulfilment });
  // Its own scope: JSON stays raw bytes there for the signature check.
  void app.register(stripeWebhookRoutes, {
    stripe: stripe && { client: stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET! },
    fulfilment,
  });
  return { app, store, schools, pools, purchases, fulfilment, stripe };
}
