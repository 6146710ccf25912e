import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_AVATAR_BYTES } from '@corestone/contracts';
import { badRequest, createServiceApp, registerAuth, addInfraReadiness, type Infra, type TokenVerifier } from '@corestone/service-kit';
import type { UsersConfig } from './config';
import { AccountStore } from './store/accounts';
import { AvatarFiles } from './store/avatars';
import { BillingLink } from './peers/billing';
import { BILLING_MIRROR_DURABLE } from './messaging/billing-mirror';
import { CreditUpdates } from './messaging/credit-updates';
import { SchoolUpdates } from './messaging/school-updates';
import { SCHOOL_MIRROR_DURABLE } from './messaging/school-mirror';
import { UserViews } from './app/views';
import { meRoutes } from './routes/me';
import { avatarRoutes } from './routes/avatar';
import { adminRoutes } from './routes/admin';
import type { UsersContext } from './routes/context';

export interface UsersDeps {
  config: UsersConfig;
  infra: Required<Pick<Infra, 'db' | 'bus'>> & Infra;
  verify: TokenVerifier;
  /** The platform data key (`loadPlatformKeys(config).dataKey`): encrypts stored API keys. */
  dataKey: Buffer;
}

/** The users service as a Fastify app (no listen): tests inject into it, server.ts serves it. */
export function buildApp({ config, infra, verify, dataKey }: UsersDeps): { app: FastifyInstance; ctx: UsersContext } {
  const app = createServiceApp({ name: 'users', logLevel: config.LOG_LEVEL });
  const store = new AccountStore(infra.db.pool, infra.db.schema, infra.bus);
  const feed = new CreditUpdates(infra.bus, BILLING_MIRROR_DURABLE, app.log);
  const schoolFeed = new SchoolUpdates(infra.bus, SCHOOL_MIRROR_DURABLE, app.log);
  const billing = new BillingLink(infra.bus, store, config.BILLING_RPC_TIMEOUT_MS, app.log, feed);
  const ctx: UsersContext = {
    store,
    feed,
    schoolFeed,
    billing,
    views: new UserViews(store, billing, schoolFeed),
    avatars: new AvatarFiles(config.AVATAR_DIR),
    dataKey,
  };
  void app.register(multipart, {
    limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 10, parts: 11 },
    throwFileSizeLimit: true,
  });
  registerAuth(app, verify);
  addInfraReadiness(app, infra);
  // Postgres text cannot hold NUL: refuse it as bad input instead of failing in the query.
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.body) || hasNul(req.query) || hasNul(req.params)) throw badRequest('Text must not contain NUL characters');
  });
  // Route modules are plugins: they register after @fastify/swagger and so appear in /openapi.json.
  void app.register(meRoutes, ctx);
  void app.register(avatarRoutes, ctx);
  void app.register(adminRoutes, ctx);
  return { app, ctx };
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 5 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value as Record<string, unknown>).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}
