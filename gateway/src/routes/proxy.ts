import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import type { Dispatcher } from 'undici';
import { Codes } from '@corestone/contracts';
import { HttpError, injectTraceContext } from '@corestone/service-kit';
import type { RouteTable } from '../domain/route-table';
import { API_PREFIX } from '../domain/urls';
import { clientAddress } from './guard';

type Headers = Record<string, string | string[] | undefined>;

/** Headers for the upstream: no `expect` (undici refuses it), our request id, trace context, client address. */
export function upstreamHeaders(req: FastifyRequest, headers: Headers): Headers {
  delete headers.expect;
  headers['x-request-id'] = req.id;
  headers['x-forwarded-for'] = clientAddress(req);
  headers['x-forwarded-proto'] = req.protocol;
  if (req.host) headers['x-forwarded-host'] = req.host;
  const carrier: Record<string, string> = {};
  injectTraceContext(carrier);
  Object.assign(headers, carrier);
  return headers;
}

function findHttpError(err: unknown): HttpError | null {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof HttpError) return e;
  }
  return null;
}

/** Upstream failures become the envelope: 503 when the service is away, 504 when it is too slow. */
export function upstreamError(service: string) {
  return (reply: FastifyReply, { error }: { error: Error & { statusCode?: number } }) => {
    const own = findHttpError(error);
    if (own) {
      reply.headers(own.headers);
      return reply.code(own.statusCode).send({ detail: own.detail, code: own.code });
    }
    if (reply.request.raw.destroyed) return; // the client went away: nothing to answer
    const timedOut = error.statusCode === 504;
    reply.request.log.warn({ err: error, service }, 'upstream call failed');
    return reply.code(timedOut ? 504 : 503).send({
      detail: timedOut
        ? `The ${service} service did not answer in time. Please try again.`
        : `The ${service} service is unavailable. Please try again shortly.`,
      code: Codes.UNAVAILABLE,
    });
  };
}

/** A GET may be sent again once when a kept-alive connection was closed under it. */
export function retryDelay({ err, req, attempt }: { err?: Error & { code?: string }; req: { method?: string }; attempt: number }) {
  const idempotent = req.method === 'GET' || req.method === 'HEAD';
  return idempotent && attempt < 1 && err && (err.code === 'UND_ERR_SOCKET' || err.code === 'ECONNRESET') ? 1 : null;
}

const ALL_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/**
 * `/api/v1<prefix>/*` → the owning service at `<prefix>/*`, one proxy per table entry, all
 * sharing one keep-alive undici pool. Bodies stream through untouched.
 */
export function registerProxies(
  app: FastifyInstance,
  deps: { table: RouteTable; urls: Record<string, string>; dispatcher: Dispatcher },
): void {
  for (const { prefix, service } of deps.table.upstreams) {
    // The password routes are answered by credentials.ts (it reads their bodies).
    const taken = deps.table.passwordRoutes.filter((r) => r.path === prefix).map((r) => r.method as string);
    void app.register(httpProxy, {
      upstream: deps.urls[service],
      prefix: `${API_PREFIX}${prefix}`,
      rewritePrefix: prefix,
      httpMethods: ALL_METHODS.filter((m) => !taken.includes(m)),
      undici: deps.dispatcher as never,
      disableRequestLogging: true,
      internalRewriteLocationHeader: false,
      replyOptions: {
        rewriteRequestHeaders: (req, headers) => upstreamHeaders(req as FastifyRequest, headers) as never,
        onError: upstreamError(service) as never,
        retryDelay: retryDelay as never,
      },
    });
  }
}
