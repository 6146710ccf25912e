import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { Agent, type Dispatcher } from 'undici';
import { SERVICES, type ServiceName } from '@corestone/contracts';
import { addInfraReadiness, createServiceApp, createTokenVerifier, type Redis, type TokenVerifier } from '@corestone/service-kit';
import { corsOrigins, parseTrustProxy, type GatewayConfig } from './config';
import { API_PREFIX, redactUrl, routingTable } from './domain/routes';
import { Limiter } from './store/limiter';
import { registerExpectContinue, registerGuard } from './routes/guard';
import { registerProxies } from './routes/proxy';
import { registerCredentialRoutes } from './routes/credentials';
import { registerHealthRoute } from './routes/health';
import { registerDocs } from './routes/docs';
import { registerFrontends, scanFrontends, type Frontends } from './routes/frontends';

export interface GatewayDeps {
  config: GatewayConfig;
  redis: Redis;
  /** Defaults to auth's JWKS at AUTH_URL. */
  verify?: TokenVerifier;
  /** Where logs go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  return Object.fromEntries(
    (Object.keys(SERVICES) as ServiceName[]).map((name) => [name, String(config[`${name.toUpperCase()}_URL` as keyof GatewayConfig]).replace(/\/+$/, '')]),
  ) as Record<ServiceName, string>;
}

/** The gateway as a Fastify app (no listen): tests inject into it or listen on port 0. */
export function buildApp({ config, redis, verify, logStream }: GatewayDeps): { app: FastifyInstance; frontends: Frontends; dispatcher: Dispatcher } {
  const app = createServiceApp({
    name: 'gateway',
    // Fastify accepts a hop count at runtime; its types omit numbers.
    trustProxy: parseTrustProxy(config.TRUST_PROXY) as string | boolean,
    bodyLimit: config.BODY_LIMIT_BYTES,
    logger: {
      level: config.LOG_LEVEL,
      ...(logStream ? { stream: logStream } : {}),
      base: { service: 'gateway' },
      // Bodies are never logged; query strings lose their tokens; the Authorization header is never serialised.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip ?? req.socket?.remoteAddress,
        }),
      },
    },
  });

  // One keep-alive pool per upstream origin, shared by every proxy route, the health and docs calls.
  const dispatcher = new Agent({
    connections: config.UPSTREAM_CONNECTIONS,
    connectTimeout: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    headersTimeout: config.UPSTREAM_HEADERS_TIMEOUT_MS,
    bodyTimeout: config.UPSTREAM_BODY_TIMEOUT_MS,
    keepAliveTimeout: 30_000,
  });
  app.addHook('onClose', async () => dispatcher.close());

  const urls = serviceUrls(config);
  const limiter = new Limiter(redis, config.REDIS_PREFIX);
  const frontends = scanFrontends(config.FRONTENDS_DIR);
  addInfraReadiness(app, { redis });

  void app.register(cors, {
    origin: corsOrigins(config),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'retry-after', 'content-disposition'],
    maxAge: 600,
  });
  void app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...config.CSP_CONNECT_SRC.split(/[\s,]+/).filter(Boolean)],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });

  // The proxied routes are described by the services themselves (merged at /api/docs).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${API_PREFIX}/`) && route.url !== `${API_PREFIX}/health`) {
      route.schema = { ...(route.schema ?? {}), hide: true } as typeof route.schema;
    }
  });
  registerExpectContinue(app, config);
  registerGuard(app, { config, verify: verify ?? createTokenVerifier({ authUrl: urls.auth }), limiter });
  // Routes are declared inside a plugin so the OpenAPI collector (loaded by the kit) sees them.
  void app.register(async (scope) => {
    registerCredentialRoutes(scope, { config, limiter, urls, dispatcher });
    registerProxies(scope, { table: routingTable(), urls, dispatcher });
    registerHealthRoute(scope, { urls, dispatcher, timeoutMs: config.HEALTH_TIMEOUT_MS });
    registerDocs(scope, { urls, dispatcher, timeoutMs: config.DOCS_TIMEOUT_MS, cacheMs: config.DOCS_CACHE_SECONDS * 1000 });
    registerFrontends(scope, frontends);
  });
  return { app, frontends, dispatcher };
}
