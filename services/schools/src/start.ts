import {
  ensureStream,
  loadPlatformKeys,
  openInfra,
  serviceTokenVerifier,
  startOutboxRelay,
  startWith,
  type TokenVerifier,
} from '@corestone/service-kit';
import type { SchoolsConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';
import { AccountEvents } from './app/accounts';
import { USERS_CONSUMER, startUsersConsumer } from './messaging/users';
import { serveAssignmentsRpc } from './messaging/assignments-rpc';
import { serveSsoRpc } from './messaging/sso-rpc';
import { SsoUseCases } from './app/sso';
import { startPassbackConsumer } from './messaging/lti-passback';
import { serveAiEndpointRpc } from './messaging/ai-endpoint-rpc';

/**
 * schools' composition root: Postgres (schools, memberships, classes), NATS for the outbox relay
 * to the `schools` stream (school_changed, membership_changed), the consumer of users' events
 * (domain sign-up, deleted accounts) and asking auth and users about accounts; the answers to
 * evaluation's rpc.schools.* questions and the assignment mail scheduler (issue 31). server.ts
 * listens; tests inject (with their own token verifier).
 */
export function startService(config: SchoolsConfig, opts: { verify?: TokenVerifier } = {}) {
  return startWith(async (lifecycle) => {
    // a missing production key refuses before any connection (LTI tool keys and endpoint keys are sealed with it)
    const { dataKey } = loadPlatformKeys(config);
    const opened = await openInfra('schools', config, lifecycle, { migrations, bus: true });
    const infra = { ...opened, db: opened.db!, bus: opened.bus! };
    const service = buildApp({ config, infra, verify: opts.verify ?? serviceTokenVerifier(config.AUTH_URL), dataKey });
    await ensureStream(infra.bus, 'schools'); // the stream our outbox publishes to
    // Answers wait for their events: billing's pool and auth's /auth/me follow memberships, and a
    // school admin who has just added a member expects that member's next sign-in to know the school.
    const relay = startOutboxRelay({
      pool: infra.db.pool,
      schema: infra.db.schema,
      bus: infra.bus,
      logger: service.app.log,
      holdAnswers: true,
    });
    lifecycle.onClose('outbox relay', () => relay.stop());
    const users = await startUsersConsumer(infra.bus, new AccountEvents(service.store, USERS_CONSUMER), service.app.log);
    lifecycle.onClose('users consumer', () => users.stop());
    // Issue 31: evaluation's questions about classes and assignments, and the assignment mails.
    const rpc = serveAssignmentsRpc(infra.bus, service.assignments, service.app.log);
    lifecycle.onClose('assignment rpc', async () => rpc.forEach((s) => s.unsubscribe()));
    // Issue 32: auth's questions at a single sign-on (which school verified a domain or tenant; the member it vouched for).
    const ssoRpc = serveSsoRpc(infra.bus, new SsoUseCases(service.store), service.app.log);
    lifecycle.onClose('sso rpc', async () => ssoRpc.forEach((s) => s.unsubscribe()));
    // Issue 33 §2: grading's question about a school's model endpoint and AI switch.
    const aiEndpointRpc = serveAiEndpointRpc(infra.bus, service.aiEndpoints, service.app.log);
    lifecycle.onClose('ai endpoint rpc', async () => aiEndpointRpc.unsubscribe());
    // Issue 32: LTI grade passback of released results (evaluation's stream), sent and retried by any replica.
    await ensureStream(infra.bus, 'evaluation');
    const passbackConsumer = await startPassbackConsumer(infra.bus, service.ltiPassbacks, service.app.log);
    lifecycle.onClose('lti passback consumer', () => passbackConsumer.stop());
    service.ltiPassbacks.start(config.LTI_PASSBACK_EVERY_MS);
    lifecycle.onClose('lti passbacks', () => service.ltiPassbacks.stop());
    service.assignmentMails.start(config.ASSIGNMENT_MAILS_EVERY_MS);
    lifecycle.onClose('assignment mails', () => service.assignmentMails.stop());
    await service.app.ready();
    return { ...service, config, infra, relay };
  });
}

export type SchoolsService = Awaited<ReturnType<typeof startService>>;
