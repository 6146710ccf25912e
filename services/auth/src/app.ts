import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import {
  Limiter,
  Mailer,
  addInfraReadiness,
  createServiceApp,
  registerAuth,
  type Database,
  type Infra,
  type Bus,
  type PlatformKeys,
  type Redis,
} from '@corestone/service-kit';
import { publicBase, type AuthConfig } from './config';
import { AuthStore } from './store/auth-store';
import { UsersClient } from './peers/users-rpc';
import { MeCache } from './messaging/me-cache';
import { AccessTokenSigner } from './app/signer';
import { Sessions } from './app/sessions';
import { Accounts } from './app/accounts';
import { PasswordReset } from './app/password-reset';
import { Provisioning } from './app/provision';
import { InvitationMails } from './app/invitations';
import { Background } from './app/background';
import { Setup } from './app/setup';
import { SsoSignIn } from './app/sso';
import { OidcProvider } from './peers/oidc';
import { SchoolsClient } from './peers/schools-rpc';
import { SignInLockout } from './app/sign-in-lockout';
import { authRoutes } from './routes/auth';
import { setupRoutes } from './routes/setup';
import { googleRoutes } from './routes/google';
import { ssoRoutes } from './routes/sso';
import { userPasswordRoutes } from './routes/users';

export interface AuthDeps {
  config: AuthConfig;
  infra: Infra & { db: Database; bus: Bus; redis: Redis };
  keys: PlatformKeys;
}

export interface AuthService {
  app: FastifyInstance;
  store: AuthStore;
  signer: AccessTokenSigner;
  sessions: Sessions;
  accounts: Accounts;
  mailer: Mailer;
  background: Background;
  /** Google and Microsoft sign-in (issue 32; each provider only when configured). */
  sso: SsoSignIn;
  /** rpc.auth.provision_user's and provision_users' use case (served by start.ts). */
  provisioning: Provisioning;
  /** The set-password mails of accounts schools invited (the invitation consumer, started by start.ts). */
  invitations: InvitationMails;
  /** /auth/me's users views and live sessions, dropped by events (started by start.ts; until then every request loads). */
  meCache: MeCache;
}

/** The auth service as a Fastify app (no listen): tests inject into it, server.ts serves it. */
export async function buildApp({ config, infra, keys }: AuthDeps): Promise<AuthService> {
  const app = createServiceApp({ name: 'auth', logLevel: config.LOG_LEVEL });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  const store = new AuthStore(infra.db.pool);
  const signer = await AccessTokenSigner.create(keys);
  const users = new UsersClient(infra.bus);
  const sessions = new Sessions(store, signer, keys, users, app.log);
  const accounts = new Accounts(store, users, sessions);
  const meCache = new MeCache(infra.bus, app.log);
  const mailer = new Mailer(config, app.log);
  const background = new Background(app.log);
  const base = publicBase(config);
  const reset = new PasswordReset(store, mailer, base, app.log, (userId, school) => users.mailLocale(userId, school));
  const provisioning = new Provisioning(accounts, !config.MAIL_DISABLED, app.log);
  const invitations = new InvitationMails(store, users, reset, app.log);
  const setup = new Setup(store, accounts, config.SETUP_TOKEN);
  const lockout = new SignInLockout(
    new Limiter(infra.redis, `${config.REDIS_PREFIX}auth:rl:`),
    { max: config.RATE_LOGIN_FAILURES_MAX, windowMs: config.RATE_LOGIN_FAILURES_WINDOW_SECONDS * 1000 },
    app.log,
  );
  const oidc = (clientId: string | undefined, clientSecret: string | undefined, issuer: string) =>
    clientId && clientSecret ? new OidcProvider({ clientId, clientSecret, issuer }, infra.redis, config.REDIS_PREFIX) : undefined;
  const sso = new SsoSignIn(
    {
      google: oidc(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_ISSUER),
      microsoft: oidc(config.MICROSOFT_CLIENT_ID, config.MICROSOFT_CLIENT_SECRET, config.MICROSOFT_ISSUER),
    },
    store,
    accounts,
    sessions,
    new SchoolsClient(infra.bus),
    app.log,
  );

  registerAuth(app, signer.verifier());
  addInfraReadiness(app, infra);
  // Route modules are plugins: they register after @fastify/swagger and so appear in /openapi.json.
  void app.register(authRoutes, { accounts, sessions, reset, background, signer, lockout, meCache });
  void app.register(setupRoutes, { setup });
  void app.register(googleRoutes, {
    sso,
    publicBase: base,
    redirectUri: config.GOOGLE_REDIRECT_URI ?? `${base}/api/v1/auth/google/callback`,
  });
  void app.register(ssoRoutes, { sso, publicBase: base, redirectUri: (provider) => `${base}/api/v1/auth/sso/${provider}/callback` });
  void app.register(userPasswordRoutes, { accounts, sessions, reset, mailEnabled: !config.MAIL_DISABLED });
  app.addHook('onClose', async () => {
    await background.idle();
    mailer.close();
  });
  return { app, store, signer, sessions, accounts, mailer, background, sso, meCache, provisioning, invitations };
}
