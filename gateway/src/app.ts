import type { FastifyInstance } from 'fastify';
import { Agent, type Dispatcher } from 'undici';
import { ROUTE_POLICY, SERVICES } from '@corestone/contracts';
import {
  Limiter,
  addInfraReadiness,
  createServiceApp,
  loggerOptions,
  serviceTokenVerifier,
  type Redis,
  type TokenVerifier,
} from '@corestone/service-kit';
import { corsOrigins, parseTrustProxy, type GatewayConfig } from './config';
import { RouteTable, reachablePolicies } from './domain/route-table';
import { API_PREFIX } from './domain/urls';
import { registerExpectContinue, registerGuard } from './routes/guard';
import { registerProxies } from './routes/proxy';
import { registerBrowserHeaders } from './routes/browser-headers';
import { registerLocalCheckoutPage } from './routes/local-checkout';
import { registerCredentialRoutes } from './routes/credentials';
import { registerHealthRoute } from './routes/health';
import { registerDocs } from './routes/docs';
import { findFrontends, registerFrontends, type Frontends } from './routes/frontends';
import { RemoteConfig } from './store/remote-config';

export interface GatewayDeps {
  config: GatewayConfig;
  redis: Redis;
  /** Defaults to auth's JWKS at AUTH_URL. */
  verify?: TokenVerifier;
  /** Where logs go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

/** Address of every platform process, and of each other service with routes whose `<NAME>_URL` is set. */
function serviceUrls(config: GatewayConfig): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const name of new Set([...Object.keys(SERVICES), ...Object.keys(ROUTE_POLICY)])) {
    const url = (config as Record<string, unknown>)[`${name.toUpperCase()}_URL`];
    if (typeof url === 'string' && url) urls[name] = url.replace(/\/+$/, '');
  }
  return urls;
}

/** The gateway as a Fastify app (no listen): tests inject into it or listen on port 0. */
export function buildApp({ config, redis, verify, logStream }: GatewayDeps): {
  app: FastifyInstance;
  frontends: Frontends;
  dispatcher: Dispatcher;
} {
  const app = createServiceApp({
    name: 'gateway',
    // Fastify accepts a hop count at runtime; its types omit numbers.
    trustProxy: parseTrustProxy(config.TRUST_PROXY) as string | boolean,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // No outbox relay runs here: nothing to wait for before answering (and two hooks fewer per request).
    publishBeforeAnswer: false,
    // Bodies are never logged (a password, an essay); secret query values and headers are redacted by the kit.
    logger: loggerOptions({ service: 'gateway', level: config.LOG_LEVEL, stream: logStream, redact: ['req.body'] }),
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
  const table = new RouteTable(reachablePolicies(urls));
  const limiter = new Limiter(redis, `${config.REDIS_PREFIX}gw:rl:`);
  const remotes = RemoteConfig.fromConfig(config, app.log);
  const frontends = findFrontends(config.FRONTENDS_DIR, remotes);
  // Remotes served from another origin (a CDN) need their scripts allowed; a live file may add origins.
  const withRemotes = (own: string[]) =>
    remotes.live
      ? [() => [...own, remotes.origins()].filter(Boolean).join(' ')]
      : [...own, ...remotes.origins().split(' ').filter(Boolean)];
  addInfraReadiness(app, { redis });
  const lmsOrigins = config.LTI_PLATFORM_ORIGINS.split(/[\s,]+/).filter(Boolean);

  registerBrowserHeaders(app, {
    helmet: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: withRemotes(["'self'"]),
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: withRemotes(["'self'", ...config.CSP_CONNECT_SRC.split(/[\s,]+/).filter(Boolean)]),
          formAction: ["'self'", ...lmsOrigins],
          frameAncestors: lmsOrigins.length ? ["'self'", ...lmsOrigins] : ["'none'"],
          objectSrc: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      // An LMS frames the app (LTI): frame-ancestors says who may; X-Frame-Options cannot list them.
      ...(lmsOrigins.length ? { xFrameOptions: false } : {}),
    },
    cors: {
      origins: corsOrigins(config),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'x-request-id'],
      exposedHeaders: ['x-request-id', 'retry-after', 'content-disposition'],
      maxAgeSeconds: 600,
    },
    perRequest: remotes.live,
  });

  // The proxied routes are described by the services themselves (merged at /api/docs).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${API_PREFIX}/`) && route.url !== `${API_PREFIX}/health`) {
      route.schema = { ...(route.schema ?? {}), hide: true } as typeof route.schema;
    }
  });
  registerExpectContinue(app, config, table);
  // A token verified once is remembered until it expires: every page load sends the same token
  // (an Ed25519 check each time was a large share of /auth/me's cost through the gateway).
  verify ??= serviceTokenVerifier(urls.auth);
  registerGuard(app, { config, table, verify, limiter });
  // Routes are declared inside a plugin so the OpenAPI collector (loaded by the kit) sees them.
  void app.register(async (scope) => {
    registerCredentialRoutes(scope, { table, urls, dispatcher });
    registerProxies(scope, { table, urls, dispatcher });
    registerLocalCheckoutPage(scope, { urls, dispatcher });
    registerHealthRoute(scope, { urls, dispatcher, timeoutMs: config.HEALTH_TIMEOUT_MS });
    registerDocs(scope, { table, urls, dispatcher, timeoutMs: config.DOCS_TIMEOUT_MS, cacheMs: config.DOCS_CACHE_SECONDS * 1000 });
    registerFrontends(scope, frontends);
  });
  return { app, frontends, dispatcher };
}
