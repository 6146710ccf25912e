import { Lifecycle, createTokenVerifier, openInfra, type TokenVerifier } from '@corestone/service-kit';
import { paymentMode, type BillingConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp, type BillingApp, type BillingDeps } from './app';
import { startBillingMessaging } from './events/start';

export interface BillingService extends BillingApp {
  infra: BillingDeps['infra'];
  /** The outbox relay (tests flush it) and the refund consumer. */
  messaging: Awaited<ReturnType<typeof startBillingMessaging>>;
  stop(): Promise<void>;
}

/**
 * Opens what billing needs (Postgres, NATS), builds the app and starts its messaging (outbox
 * relay, RPC responders, refund consumer). server.ts listens; tests inject or listen themselves.
 */
export async function startService(config: BillingConfig, opts: { verify?: TokenVerifier } = {}): Promise<BillingService> {
  paymentMode(config); // contradictory payment settings stop the start before anything opens
  const lifecycle = new Lifecycle();
  try {
    const infra = await openInfra('billing', config, lifecycle, { migrations, bus: true });
    const opened = { ...infra, db: infra.db!, bus: infra.bus! };
    const service = buildApp({ config, infra: opened, verify: opts.verify ?? createTokenVerifier({ authUrl: config.AUTH_URL }) });
    const messaging = await startBillingMessaging({
      bus: opened.bus,
      db: opened.db,
      store: service.store,
      lifecycle,
      logger: service.app.log,
    });
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        await service.app.close();
        await lifecycle.close(service.app.log);
      })());
    return { ...service, infra: opened, messaging, stop };
  } catch (err) {
    await lifecycle.close();
    throw err;
  }
}
