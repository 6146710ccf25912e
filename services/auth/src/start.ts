import { ensureStream, loadPlatformKeys, openInfra, startOutboxRelay, startSingletonJob, startWith } from '@corestone/service-kit';
import type { AuthConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp, type AuthDeps } from './app';
import { startUsersConsumer } from './messaging/users-consumer';
import { serveProvisionRpc } from './messaging/provision-rpc';
import { startInvitationConsumer } from './messaging/invitations';
import { startSchoolsConsumer } from './messaging/schools-consumer';
import { serveSignInMethodsRpc } from './messaging/sign-in-methods-rpc';
import { serveIssueSessionRpc } from './messaging/issue-session-rpc';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * auth's composition root: platform keys (a missing production key refuses before any
 * connection), Postgres + NATS + Redis, the app, the outbox relay to the `auth` stream, /auth/me's
 * cache (fed by events), `rpc.auth.provision_user` / `provision_users` (schools' invitations and
 * roster imports), the invitation-mail consumer (not with MAIL_DISABLED), the users-events consumer (revokes sessions on role/activation changes and
 * deletions) and the hourly purge of expired tokens.
 * server.ts listens on the answer; tests inject into it.
 */
export function startService(config: AuthConfig) {
  return startWith(async (lifecycle) => {
    const keys = loadPlatformKeys(config);
    const opened = await openInfra('auth', config, lifecycle, { migrations, bus: true, redis: true });
    const infra: AuthDeps['infra'] = { ...opened, db: opened.db!, bus: opened.bus!, redis: opened.redis! };
    const service = await buildApp({ config, infra, keys });
    const { app, store } = service;
    await ensureStream(infra.bus, 'auth');
    // holdAnswers: a revocation is answered once auth.sessions_revoked.v1 is out, so every
    // replica's /auth/me cache has forgotten the sessions before anyone hears "signed out".
    const relay = startOutboxRelay({ pool: infra.db.pool, schema: infra.db.schema, bus: infra.bus, logger: app.log, holdAnswers: true });
    lifecycle.onClose('outbox relay', () => relay.stop());
    lifecycle.onClose('/auth/me cache', async () => service.meCache.stop());
    await service.meCache.start();
    const consumer = await startUsersConsumer(infra.bus, store, app.log);
    lifecycle.onClose('users consumer', () => consumer.stop());
    const provisionRpc = serveProvisionRpc(infra.bus, service.provisioning, app.log);
    lifecycle.onClose('provision rpc', async () => provisionRpc.forEach((s) => s.unsubscribe()));
    // Issue 32: schools requiring SSO (password sign-in refused for their members), and how members last signed in.
    await ensureStream(infra.bus, 'schools');
    const schoolsConsumer = await startSchoolsConsumer(infra.bus, store, app.log);
    lifecycle.onClose('schools consumer', () => schoolsConsumer.stop());
    const signInMethods = serveSignInMethodsRpc(infra.bus, store, app.log);
    lifecycle.onClose('sign-in methods rpc', async () => signInMethods.unsubscribe());
    // Issue 32: sessions for the people of verified LTI launches (schools checks the launch).
    const issueSession = serveIssueSessionRpc(infra.bus, service.sessions, app.log);
    lifecycle.onClose('issue-session rpc', async () => issueSession.unsubscribe());
    // With MAIL_DISABLED no invitation is made (provisioning refuses new accounts); any already
    // queued wait in the AUTH stream rather than being marked sent without a mail.
    if (!config.MAIL_DISABLED) {
      const invitations = await startInvitationConsumer(infra.bus, service.invitations, app.log);
      lifecycle.onClose('invitation consumer', () => invitations.stop());
    }
    // In the one auth replica holding its lease (it moves when its holder dies).
    const purge = startSingletonJob({
      pool: infra.db.pool,
      name: 'auth.purge-expired-tokens',
      everyMs: PURGE_EVERY_MS,
      logger: app.log,
      run: () => store.purgeExpired(),
    });
    lifecycle.onClose('purge', () => purge.stop());
    await app.ready();
    return { ...service, config, infra };
  });
}

export type AuthRunning = Awaited<ReturnType<typeof startService>>;
