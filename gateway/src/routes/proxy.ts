import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { routerPath, type RouteTable } from '../domain/route-table';
import { API_PREFIX } from '../domain/urls';
import { forward } from './forward';
import { collectableLength, readWhole } from './bodies';

const ALL_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/**
 * Bodies are not parsed on proxied routes, whatever their media type: one announced by a
 * Content-Length of at most COLLECT_BODY_LIMIT bytes is read whole and handed on as one buffer
 * (sent upstream with its head in one write), any other streams through (guard.ts counts it).
 */
function passBodiesThrough(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (req, payload, done) => {
    const length = collectableLength(req.headers);
    if (length === null) return done(null, payload);
    readWhole(payload, length, done);
  });
}

/**
 * An error after the client went away (it closed a streamed answer early) has nobody to answer:
 * it is noted, not reported as a failure of ours. Every other error goes to the app's handler.
 */
export function quietWhenClientLeft(scope: FastifyInstance): void {
  scope.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    // Not `req.raw.destroyed`: Node destroys a request once its body has been read to the end, so
    // an error after the gateway parsed a body (malformed JSON on a credential route) would be
    // taken for a client that left, and never answered.
    if (reply.raw.destroyed || req.raw.socket?.destroyed) {
      req.log.info({ code: err.code }, 'client went away before the answer was complete');
      return;
    }
    throw err;
  });
}

/**
 * `/api/v1<prefix>` and `/api/v1<prefix>/*` → the owning service at `<prefix>…`, for every table
 * entry (the password routes are credentials.ts's), through the shared keep-alive undici pool.
 */
export function registerProxies(
  app: FastifyInstance,
  deps: { table: RouteTable; urls: Record<string, string>; dispatcher: Dispatcher },
): void {
  void app.register(async (scope) => {
    passBodiesThrough(scope);
    quietWhenClientLeft(scope);
    for (const { prefix, service } of deps.table.upstreams) {
      const taken = deps.table.passwordRoutes.filter((r) => r.path === prefix).map((r) => r.method as string);
      const target = { dispatcher: deps.dispatcher, origin: deps.urls[service], service };
      // Answered from undici's callbacks: the handler returns nothing and sends later.
      const handler = (req: FastifyRequest, reply: FastifyReply) =>
        forward(req, reply, { ...target, path: req.url.slice(API_PREFIX.length) });
      const method = ALL_METHODS.filter((m) => !taken.includes(m));
      const schema = { hide: true } as Record<string, unknown>;
      // A `{name}` segment of a prefix (billing's /schools/{id}/credits) is a router parameter.
      scope.route({ method, url: `${API_PREFIX}${routerPath(prefix)}`, schema, handler });
      scope.route({ method, url: `${API_PREFIX}${routerPath(prefix)}/*`, schema, handler });
    }
  });
}
