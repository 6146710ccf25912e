import { serviceTokenVerifier, openInfra, startWith, type TokenVerifier } from '@corestone/service-kit';
import type { RubricConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { serveRubricRpc } from './events/rpc';
import { startUsageConsumer } from './events/usage';

/**
 * rubric's composition root: Postgres + NATS + Redis (callers' snapshot cache, which our writes
 * drop), the app, the spec's default rubrics seeded once,
 * the `rpc.rubric.*` handlers and the consumer counting rubric usage from evaluation's events.
 * server.ts listens on the answer; tests inject into it (with their own token verifier).
 */
export function startService(config: RubricConfig, opts: { verify?: TokenVerifier } = {}) {
  return startWith(async (lifecycle) => {
    const opened = await openInfra('rubric', config, lifecycle, { migrations, bus: true, redis: true });
    const infra = { ...opened, db: opened.db!, bus: opened.bus!, redis: opened.redis! };
    const { app, store, usage } = buildApp({ config, infra, verify: opts.verify ?? serviceTokenVerifier(config.AUTH_URL) });
    await store.seedDefaults();
    const subs = serveRubricRpc(infra.bus, store, app.log);
    lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
    const consumer = await startUsageConsumer(infra.bus, usage, app.log);
    lifecycle.onClose('usage consumer', () => consumer.stop());
    await app.ready();
    return { app, store, usage, config, infra };
  });
}

export type RubricRunning = Awaited<ReturnType<typeof startService>>;
