import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import type { Dispatcher } from 'undici';
import { MAX_PASSWORD_LENGTH, Messages, type ServiceName } from '@corestone/contracts';
import { HttpError, badRequest } from '@corestone/service-kit';
import type { GatewayConfig } from '../config';
import { API_PREFIX, PASSWORD_FIELDS, PASSWORD_ROUTES, ownerOf } from '../domain/routes';
import { accountId, type Limiter } from '../store/limiter';
import { tooManyRequests } from './guard';
import { retryDelay, upstreamError, upstreamHeaders } from './proxy';

const FORM = 'application/x-www-form-urlencoded';

/** 400 when a password field is longer than MAX_PASSWORD_LENGTH (hashing a huge one is a cheap DoS). */
export function checkPasswords(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  for (const field of PASSWORD_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length > MAX_PASSWORD_LENGTH) {
      throw badRequest(`${field}: must be at most ${MAX_PASSWORD_LENGTH} characters`);
    }
  }
}

function serialise(req: FastifyRequest): { body?: string; contentType?: string } {
  if (req.body === undefined) return {};
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith(FORM)) {
    return { body: new URLSearchParams(req.body as Record<string, string>).toString(), contentType: FORM };
  }
  return { body: JSON.stringify(req.body), contentType: 'application/json' };
}

function loginName(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const name = typeof b.username === 'string' ? b.username : typeof b.email === 'string' ? b.email : null;
  return name && name.trim() ? name.trim().toLowerCase() : null;
}

/**
 * The routes that carry passwords: the gateway reads their JSON or form body (never logged),
 * caps password lengths, and for the sign-in counts failed attempts per account
 * (the 401 answers), refusing further attempts with 429 once the budget is spent.
 */
export function registerCredentialRoutes(
  app: FastifyInstance,
  deps: { config: GatewayConfig; limiter: Limiter; urls: Record<ServiceName, string>; dispatcher: Dispatcher },
): void {
  const { config, limiter } = deps;
  const failures = { max: config.RATE_LOGIN_FAILURES_MAX, windowMs: config.RATE_LOGIN_FAILURES_WINDOW_SECONDS * 1000 };

  void app.register(async (scope) => {
    await scope.register(replyFrom, { undici: deps.dispatcher as never, disableRequestLogging: true });
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    for (const { method, path } of PASSWORD_ROUTES) {
      const service = ownerOf(path)!;
      const target = `${deps.urls[service]}${path}`;
      const isLogin = path === '/auth/login';
      scope.route({
        method,
        url: `${API_PREFIX}${path}`,
        schema: { hide: true } as Record<string, unknown>,
        handler: async (req, reply) => {
          checkPasswords(req.body);
          const name = isLogin ? loginName(req.body) : null;
          const key = name ? limiter.key('login_failures', accountId(name)) : null;
          if (key) await refuseWhenLockedOut(req, limiter, key, failures);
          return reply.from(target, {
            ...serialise(req),
            rewriteRequestHeaders: (r, headers) => upstreamHeaders(r as FastifyRequest, headers) as never,
            onError: upstreamError(service) as never,
            retryDelay: retryDelay as never,
            onResponse: key
              ? (((r: FastifyRequest, rep: FastifyReply, res: { statusCode: number; stream: unknown }) => {
                  void countOutcome(r, limiter, key, failures.windowMs, res.statusCode).finally(() => rep.send(res.stream));
                }) as never)
              : undefined,
          });
        },
      });
    }
  });
}

async function refuseWhenLockedOut(req: FastifyRequest, limiter: Limiter, key: string, budget: { max: number; windowMs: number }) {
  try {
    const window = await limiter.add(key, budget.windowMs, 0);
    if (window.count >= budget.max) throw tooManyRequests(window.resetMs, Messages.TOO_MANY_FAILED_SIGNINS);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    req.log.error({ err }, 'rate limit store unavailable; sign-in let through');
  }
}

/** A 401 from auth is one more failure for the account; a success clears the count. */
async function countOutcome(req: FastifyRequest, limiter: Limiter, key: string, windowMs: number, status: number) {
  try {
    if (status === 401) await limiter.add(key, windowMs, 1);
    else if (status >= 200 && status < 300) await limiter.reset(key);
  } catch (err) {
    req.log.error({ err }, 'rate limit store unavailable; sign-in outcome not counted');
  }
}
