import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, type BodyClass, type RateClass } from '@corestone/contracts';
import { HttpError, badRequest, bearerToken, unauthorized, type Limiter, type TokenVerifier } from '@corestone/service-kit';
import type { GatewayConfig } from '../config';
import type { RouteEntry, RouteTable } from '../domain/route-table';
import { API_PREFIX, queryCarriesToken } from '../domain/urls';
import { lingerAfterAnswer } from './linger';
import { collectableLength } from './bodies';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for /api/v1 requests: the path as the upstream sees it and its body budget. */
    gateway: { path: string; bodyLimit: number } | null;
  }
}

/** 413; the connection is closed after the answer since the rest of the body is never read. */
const payloadTooLarge = (limit: number) =>
  new HttpError(413, Codes.PAYLOAD_TOO_LARGE, `Request body too large: the limit for this route is ${formatBytes(limit)}`, {
    connection: 'close',
  });

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${Math.ceil(n / 1024)} KB`;
}

function bodyLimits(config: GatewayConfig): Record<BodyClass, number> {
  return { default: config.BODY_LIMIT_BYTES, upload: config.UPLOAD_BODY_LIMIT_BYTES, avatar: config.AVATAR_BODY_LIMIT_BYTES };
}

function addressBudgets(config: GatewayConfig): Record<RateClass, { max: number; windowMs: number }> {
  return {
    login: { max: config.RATE_LOGIN_ADDRESS_MAX, windowMs: config.RATE_LOGIN_ADDRESS_WINDOW_SECONDS * 1000 },
    signup: { max: config.RATE_SIGNUP_ADDRESS_MAX, windowMs: config.RATE_SIGNUP_ADDRESS_WINDOW_SECONDS * 1000 },
    forgot_password: { max: config.RATE_FORGOT_PASSWORD_ADDRESS_MAX, windowMs: config.RATE_FORGOT_PASSWORD_ADDRESS_WINDOW_SECONDS * 1000 },
    setup_admin: { max: config.RATE_SETUP_ADMIN_ADDRESS_MAX, windowMs: config.RATE_SETUP_ADMIN_ADDRESS_WINDOW_SECONDS * 1000 },
  };
}

/**
 * What the gateway checks on every /api/v1 request before anything is read or forwarded:
 * the body budget (from Content-Length, 413 at once), no tokens in the URL, a valid bearer
 * token on protected routes, and the per-address budgets.
 */
export function registerGuard(
  app: FastifyInstance,
  deps: { config: GatewayConfig; table: RouteTable; verify: TokenVerifier; limiter: Limiter },
): void {
  const { table } = deps;
  const limits = bodyLimits(deps.config);
  const budgets = addressBudgets(deps.config);
  app.decorateRequest('gateway', null);
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);

  const API = `${API_PREFIX}/`;
  /** The checks that wait: the token's signature (JWKS) and the Redis budget. */
  const admit = async (req: FastifyRequest, route: RouteEntry, token: string | null) => {
    if (token !== null) req.principal = await deps.verify(token);
    if (route.rate) await consume(req, deps.limiter, route.rate, clientAddress(req), budgets[route.rate]);
  };

  // A callback hook: a public route without a budget (most proxied traffic) costs no promise.
  // A throw here is Fastify's to answer, as from an async hook.
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith(API)) return done();
    const q = req.url.indexOf('?');
    const path = (q < 0 ? req.url : req.url.slice(0, q)).slice(API_PREFIX.length);
    const route = table.lookup(req.method, path);
    const bodyLimit = limits[route?.body ?? 'default'];
    req.gateway = { path, bodyLimit };

    const length = req.headers['content-length'];
    if (length !== undefined && !(Number(length) <= bodyLimit)) throw payloadTooLarge(bodyLimit);

    if (q >= 0 && queryCarriesToken(req.url.slice(q + 1))) {
      throw badRequest('Tokens are not accepted in the URL; send the access token in the Authorization header');
    }

    if (!route) return done(); // no service owns it: the 404 follows

    let token: string | null = null;
    if (req.method !== 'OPTIONS' && !route.public) {
      token = bearerToken(req);
      if (!token) throw unauthorized();
    }
    if (token === null && !route.rate) return done();
    void admit(req, route, token).then(() => done(), done);
  });

  // A 413 usually leaves the client mid-body: let it finish sending so it reads the answer.
  // (Callback hooks here and below: no promise per request on the proxied hot path.)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode === 413) lingerAfterAnswer(req.raw);
    done(null, payload);
  });

  // Streamed bodies are counted as they pass (chunked uploads have no Content-Length to check).
  // The stream handed on is our own: when an upstream is unreachable undici destroys the body
  // it was given, and that must not be the client's socket (the client gets a 503 instead).
  // Nothing to count when no body is announced (no Content-Length, or 0, and not chunked), nor
  // for a short one with a Content-Length: it is read whole (bodies.ts).
  app.addHook('preParsing', (req, _reply, payload, done) => {
    const limit = req.gateway?.bodyLimit;
    const counted = limit !== undefined && announcesBody(req.headers) && collectableLength(req.headers) === null;
    done(null, counted ? limitStream(payload, limit) : payload);
  });
}

/** True when the request has a body to read: chunked, or a Content-Length other than 0 (HTTP/1.1 framing). */
export function announcesBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

/**
 * `Expect: 100-continue` (curl sends it for big uploads): Node would answer "100 Continue" by
 * itself before any hook runs, and the client would then send the whole body just to get a 413.
 * Here the 100 is sent only when the announced length fits the route's budget; otherwise the
 * request goes straight on to the 413.
 */
export function registerExpectContinue(app: FastifyInstance, config: GatewayConfig, table: RouteTable): void {
  const limits = bodyLimits(config);
  app.server.on('checkContinue', (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    const route = path.startsWith(`${API_PREFIX}/`) ? table.lookup(req.method ?? 'GET', path.slice(API_PREFIX.length)) : null;
    const limit = limits[route?.body ?? 'default'];
    const length = req.headers['content-length'];
    if (length === undefined || Number(length) <= limit) res.writeContinue();
    app.server.emit('request', req, res);
  });
}

export const clientAddress = (req: FastifyRequest) => req.ip || req.socket.remoteAddress || 'unknown';

/** Counts one hit against a budget; 429 with Retry-After when it is spent. Fails open if Redis is away. */
async function consume(
  req: FastifyRequest,
  limiter: Limiter,
  bucket: string,
  id: string,
  budget: { max: number; windowMs: number },
  detail?: string,
): Promise<void> {
  let window;
  try {
    window = await limiter.add(limiter.key(bucket, id), budget.windowMs);
  } catch (err) {
    req.log.error({ err, bucket }, 'rate limit store unavailable; request let through');
    return;
  }
  if (window.count > budget.max) throw limiter.refuse(bucket, window.resetMs, detail);
}

/** Passes a body through, failing with 413 once more than `limit` bytes went by. */
function limitStream(source: Readable, limit: number): Transform {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) return done(payloadTooLarge(limit));
      done(null, chunk);
    },
  });
  source.on('error', (err) => counter.destroy(err));
  return source.pipe(counter);
}
