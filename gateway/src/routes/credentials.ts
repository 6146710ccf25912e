import type { FastifyInstance, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import type { Dispatcher } from 'undici';
import { MAX_PASSWORD_LENGTH, PASSWORD_FIELDS } from '@corestone/contracts';
import { badRequest } from '@corestone/service-kit';
import type { RouteTable } from '../domain/route-table';
import { API_PREFIX } from '../domain/urls';
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

/**
 * The routes whose policy says `passwords`: the gateway reads their JSON or form body (never
 * logged) and caps password lengths before auth hashes anything. (The per-account lockout of
 * failed sign-ins is auth's own; its 429 passes through.)
 */
export function registerCredentialRoutes(
  app: FastifyInstance,
  deps: { table: RouteTable; urls: Record<string, string>; dispatcher: Dispatcher },
): void {
  void app.register(async (scope) => {
    await scope.register(replyFrom, { undici: deps.dispatcher as never, disableRequestLogging: true });
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    for (const { method, path, service } of deps.table.passwordRoutes) {
      const target = `${deps.urls[service]}${path}`;
      scope.route({
        method,
        url: `${API_PREFIX}${path}`,
        schema: { hide: true } as Record<string, unknown>,
        handler: async (req, reply) => {
          checkPasswords(req.body);
          return reply.from(target, {
            ...serialise(req),
            rewriteRequestHeaders: (r, headers) => upstreamHeaders(r as FastifyRequest, headers) as never,
            onError: upstreamError(service) as never,
            retryDelay: retryDelay as never,
          });
        },
      });
    }
  });
}
