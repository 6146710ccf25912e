import type { FastifyInstance } from 'fastify';
import {
  GenerationCache,
  Limiter,
  isProduction,
  Mailer,
  addInfraReadiness,
  createServiceApp,
  registerAuth,
  type ServiceDeps,
} from '@corestone/service-kit';
import type { ContentConfig } from './config';
import { DocumentStore } from './store/documents';
import { EnquiryStore } from './store/enquiries';
import { SettingsStore } from './store/settings';
import { TokSessionStore } from './store/tok-sessions';
import { EnquirySender } from './app/enquiry-sender';
import { editorNames } from './peers/editors';
import { documentRoutes } from './routes/policies';
import { contactRoutes } from './routes/contact';
import { settingsRoutes } from './routes/settings';
import { tokSessionRoutes } from './routes/tok-sessions';

export type ContentDeps = ServiceDeps<ContentConfig, 'db' | 'bus' | 'redis'>;

export interface ContentApp {
  app: FastifyInstance;
  documents: DocumentStore;
  enquiries: EnquiryStore;
  settings: SettingsStore;
  tokSessions: TokSessionStore;
  sender: EnquirySender;
  mailer: Mailer;
}

/**
 * Every failure on /general answers `success: false` next to the usual `detail` and `code`: the
 * policy screens test `success` (user-app §7 "Policy content").
 */
function markFailures(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    try {
      return JSON.stringify({ success: false, ...JSON.parse(payload) });
    } catch {
      return payload;
    }
  });
}

/** The content service as a Fastify app (no listen): tests inject into it, start.ts serves it. */
export function buildApp({ config, infra, verify }: ContentDeps): ContentApp {
  const app = createServiceApp({ name: 'content', logLevel: config.LOG_LEVEL });
  const documents = new DocumentStore(infra.db.pool);
  const enquiries = new EnquiryStore(infra.db.pool);
  const settings = new SettingsStore(infra.db.pool, { enquiry_notification_email: config.CONTACT_TO });
  const tokSessions = new TokSessionStore(infra.db.pool);
  // Production without SMTP: no mail files inside a container nobody reads; the admin list has them.
  const mailer = new Mailer({ ...config, MAIL_DISABLED: config.MAIL_DISABLED || (isProduction(config) && !config.SMTP_URL) }, app.log);
  const sender = new EnquirySender(
    enquiries,
    mailer,
    {
      inbox: () => settings.enquiryInbox(),
      adminUrl: `${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/admin/enquiries`,
      maxAttempts: config.CONTACT_MAIL_MAX_ATTEMPTS,
      retryEveryMs: config.CONTACT_MAIL_RETRY_MS,
    },
    app.log,
  );
  const cache = new GenerationCache(infra.redis, `${config.REDIS_PREFIX}content:`, config.CONTENT_CACHE_SECONDS, (err) =>
    app.log.warn({ err }, 'content cache unavailable; reading Postgres'),
  );
  const limiter = new Limiter(infra.redis, `${config.REDIS_PREFIX}content:rl:`);
  registerAuth(app, verify);
  addInfraReadiness(app, infra);
  markFailures(app);
  const editorName = editorNames(infra.bus, config.USERS_TIMEOUT_MS, app.log);
  // Route modules are plugins: they register after @fastify/swagger and so appear in /openapi.json.
  void app.register(contactRoutes, {
    editorName,
    enquiries,
    sender,
    limiter,
    budget: { max: config.RATE_CONTACT_ADDRESS_MAX, windowMs: config.RATE_CONTACT_ADDRESS_WINDOW_SECONDS * 1000 },
  });
  void app.register(tokSessionRoutes, { sessions: tokSessions, cache, editorName });
  void app.register(settingsRoutes, { settings, cache, editorName });
  void app.register(documentRoutes, { documents, settings, cache, editorName });
  app.addHook('onClose', async () => {
    await sender.stop();
    mailer.close();
  });
  return { app, documents, enquiries, settings, tokSessions, sender, mailer };
}
