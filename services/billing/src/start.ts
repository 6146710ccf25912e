import { serviceTokenVerifier, openInfra, startWith, type TokenVerifier } from '@corestone/service-kit';
import { paymentMode, type BillingConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { startBillingMessaging } from './messaging/start';

/**
 * billing's composition root: Postgres and NATS, the app, and its messaging (outbox relay, RPC
 * responders, refund and schools consumers). server.ts listens; tests inject or listen themselves.
 */
export async function startService(config: BillingConfig, opts: { verify?: TokenVerifier } = {}) {
  paymentMode(config); // contradictory payment settings stop the start before anything opens
  return startWith(async (lifecycle) => {
    const opened = await openInfra('billing', config, lifecycle, { migrations, bus: true });
    const infra = { ...opened, db: opened.db!, bus: opened.bus! };
    const service = buildApp({ config, infra, verify: opts.verify ?? serviceTokenVerifier(config.AUTH_URL) });
    /** The outbox relay (tests flush it) and the refund consumer. */
    const messaging = await startBillingMessaging({
      bus: infra.bus,
      db: infra.db,
      store: service.store,
      schools: service.schools,
      lifecycle,
      logger: service.app.log,
    });
    return { ...service, infra, messaging };
  });
}

export type BillingService = Awaited<ReturnType<typeof startService>>;
