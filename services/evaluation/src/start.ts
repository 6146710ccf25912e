import {
  Mailer,
  isProduction,
  serviceTokenVerifier,
  ensureStream,
  openInfra,
  startOutboxRelay,
  startWith,
  type TokenVerifier,
} from '@corestone/service-kit';
import type { EvaluationConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { startGradingConsumer } from './messaging/grading';
import { startUsersConsumer } from './messaging/users';
import { startMailConsumers } from './messaging/review-mail';
import { serveAssignmentRpc } from './messaging/assignment-rpc';

/**
 * evaluation's composition root: Postgres + NATS, the app, the
 * outbox relay to the `evaluation` stream, the consumers of grading's results and of users' changes,
 * the review mails to students (its own `evaluation.reviewed.v1` events) and the "result released"
 * mails (`evaluation.released.v1`, issue 31), the answer to rpc.evaluation.assignment_submitters,
 * the submitters' and rubric snapshots' feeds from the users and rubric streams (peers/lookups.ts), and the sweeper that settles
 * submissions left in `charging` (off when SWEEP_INTERVAL_MS is 0).
 * server.ts listens on the answer; tests inject into it (with their own token verifier).
 */
export function startService(config: EvaluationConfig, opts: { verify?: TokenVerifier } = {}) {
  return startWith(async (lifecycle) => {
    const opened = await openInfra('evaluation', config, lifecycle, { migrations, bus: true });
    const infra = { ...opened, db: opened.db!, bus: opened.bus! };
    const verify = opts.verify ?? serviceTokenVerifier(config.AUTH_URL);
    const { app, store, charging, lookups, assignments } = buildApp({ config, infra, verify });
    await ensureStream(infra.bus, 'evaluation'); // the stream our outbox publishes to
    const relay = startOutboxRelay({ pool: infra.db.pool, schema: infra.db.schema, bus: infra.bus, logger: app.log });
    lifecycle.onClose('outbox relay', () => relay.stop());
    const grading = await startGradingConsumer(infra.bus, store, app.log);
    lifecycle.onClose('grading consumer', () => grading.stop());
    const users = await startUsersConsumer(infra.bus, infra.db.pool, app.log);
    lifecycle.onClose('users consumer', () => users.stop());
    // Production without SMTP sends no review mail (the student sees the review in the app).
    const mailer = new Mailer({ ...config, MAIL_DISABLED: config.MAIL_DISABLED || (isProduction(config) && !config.SMTP_URL) }, app.log);
    lifecycle.onClose('mailer', async () => mailer.close());
    const mails = await startMailConsumers(infra.bus, { pool: infra.db.pool, mailer, baseUrl: config.PUBLIC_BASE_URL, logger: app.log });
    lifecycle.onClose('mail consumers', async () => {
      for (const consumer of mails) await consumer.stop();
    });
    // issue 31: who has submitted into an assignment (schools' reminders)
    const rpcs = serveAssignmentRpc(infra.bus, assignments, app.log);
    lifecycle.onClose('assignment rpc', async () => rpcs.forEach((s) => s.unsubscribe()));
    lifecycle.onClose('submitter and rubric caches', async () => lookups.stop());
    await lookups.start();
    const sweeper = charging.startSweeper(config.SWEEP_INTERVAL_MS, config.SWEEP_AFTER_MS);
    lifecycle.onClose('charging sweeper', () => sweeper.stop());
    await app.ready();
    return { app, store, charging, lookups, assignments, config, infra, relay };
  });
}
