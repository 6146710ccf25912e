import { ensureStream, serviceTokenVerifier, openInfra, startOutboxRelay, startWith, type TokenVerifier } from '@corestone/service-kit';
import type { RubricConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { serveRubricRpc } from './messaging/rpc';
import { startUsageConsumer } from './messaging/usage';
import { announcedBeforeReturning } from './peers/snapshot-changes';

/**
 * rubric's composition root: Postgres + NATS, the app, the outbox relay to the `rubric` stream
 * (`rubric.changed.v1`, answers held until published), the spec's default rubrics seeded once,
 * the `rpc.rubric.*` handlers and the consumer counting rubric usage from evaluation's events.
 * server.ts listens on the answer; tests inject into it (with their own token verifier).
 */
export function startService(config: RubricConfig, opts: { verify?: TokenVerifier } = {}) {
  return startWith(async (lifecycle) => {
    const opened = await openInfra('rubric', config, lifecycle, { migrations, bus: true });
    const infra = { ...opened, db: opened.db!, bus: opened.bus! };
    const { app, store, usage, exemplars } = buildApp({ config, infra, verify: opts.verify ?? serviceTokenVerifier(config.AUTH_URL) });
    await ensureStream(infra.bus, 'rubric'); // the stream our outbox publishes to
    // Answers wait for their events: evaluation's snapshot cache must hear a change before the admin does.
    const relay = startOutboxRelay({ pool: infra.db.pool, schema: infra.db.schema, bus: infra.bus, logger: app.log, holdAnswers: true });
    lifecycle.onClose('outbox relay', () => relay.stop());
    await announcedBeforeReturning(() => store.seedDefaults());
    const subs = serveRubricRpc(infra.bus, { store, exemplars }, app.log);
    lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
    const consumer = await startUsageConsumer(infra.bus, usage, app.log);
    lifecycle.onClose('usage consumer', () => consumer.stop());
    await app.ready();
    return { app, store, usage, exemplars, config, infra, relay };
  });
}
