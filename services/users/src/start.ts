import {
  serviceTokenVerifier,
  ensureStream,
  loadPlatformKeys,
  openInfra,
  startOutboxRelay,
  startWith,
  type TokenVerifier,
} from '@corestone/service-kit';
import type { UsersConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp, type UsersDeps } from './app';
import { serveUsersRpc } from './messaging/rpc';
import { serveApiKeyRpc } from './messaging/api-key-rpc';
import { serveMailChoicesRpc } from './messaging/mail-choices-rpc';
import { startBillingMirror } from './messaging/billing-mirror';
import { startSchoolMirror } from './messaging/school-mirror';

/**
 * users' composition root: Postgres + NATS, the app, the outbox relay to the `users` stream,
 * the mirror of billing's credit updates and the one of the schools' memberships and names (each a
 * consumer + the stream feed that makes it read-your-writes) and the
 * `rpc.users.*` handlers.
 * server.ts listens on the answer; tests inject into it (with their own token verifier).
 */
export function startService(config: UsersConfig, opts: { verify?: TokenVerifier } = {}) {
  return startWith(async (lifecycle) => {
    const keys = loadPlatformKeys(config);
    const opened = await openInfra('users', config, lifecycle, { migrations, bus: true });
    const infra: UsersDeps['infra'] = { ...opened, db: opened.db!, bus: opened.bus! };
    const { app, ctx } = buildApp({
      config,
      infra,
      verify: opts.verify ?? serviceTokenVerifier(config.AUTH_URL),
      dataKey: keys.dataKey,
    });
    await ensureStream(infra.bus, 'users');
    // holdAnswers: a change is answered once its events are out, users.view_changed.v1 included —
    // auth's /auth/me cache drops the view before anyone hears "done" (services/auth/README.md).
    const relay = startOutboxRelay({ pool: infra.db.pool, schema: infra.db.schema, bus: infra.bus, logger: app.log, holdAnswers: true });
    lifecycle.onClose('outbox relay', () => relay.stop());
    let mirror = await startBillingMirror(infra.bus, ctx.store, app.log, ctx.feed);
    lifecycle.onClose('billing mirror', () => mirror.stop());
    /** Tests stop and restart the mirror's consumer (to show what the feed adds). */
    const billingMirror = {
      stop: () => mirror.stop(),
      restart: async () => {
        mirror = await startBillingMirror(infra.bus, ctx.store, app.log, ctx.feed);
      },
    };
    await ctx.feed.start();
    lifecycle.onClose('credit updates', async () => ctx.feed.stop());
    let schoolMirror = await startSchoolMirror(infra.bus, ctx.store, app.log, ctx.schoolFeed);
    lifecycle.onClose('school mirror', () => schoolMirror.stop());
    /** Tests stop and restart the school mirror's consumer (to show what the feed adds). */
    const schoolMirrorControl = {
      stop: () => schoolMirror.stop(),
      restart: async () => {
        schoolMirror = await startSchoolMirror(infra.bus, ctx.store, app.log, ctx.schoolFeed);
      },
    };
    await ctx.schoolFeed.start();
    lifecycle.onClose('school updates', async () => ctx.schoolFeed.stop());
    const subs = serveUsersRpc(infra.bus, ctx.store, ctx.billing, ctx.views, app.log);
    subs.push(serveApiKeyRpc(infra.bus, ctx.store, keys.dataKey, app.log));
    subs.push(serveMailChoicesRpc(infra.bus, infra.db.pool, app.log));
    lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
    await app.ready();
    return { app, ctx, config, infra, relay, billingMirror, schoolMirror: schoolMirrorControl };
  });
}
