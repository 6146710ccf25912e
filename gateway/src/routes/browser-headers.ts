import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { Codes } from '@corestone/contracts';

/** The CORS policy: exact origins, credentials allowed; the rest is fixed. */
export interface CorsPolicy {
  /** Exact origins (`scheme://host[:port]`) allowed to read answers. */
  origins: readonly string[];
  methods: readonly string[];
  /** Request headers a cross-origin caller may send. */
  allowedHeaders: readonly string[];
  /** Answer headers a cross-origin caller may read. */
  exposedHeaders: readonly string[];
  /** How long a browser may keep a preflight's answer, in seconds. */
  maxAgeSeconds: number;
}

/** The headers helmet's middleware sets, read once from a stand-in response. */
function headersOf(apply: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  apply({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * An OPTIONS request is a CORS preflight, answered here with 204 before any token check (the
 * browser sends none with it); one without an Origin and Access-Control-Request-Method is refused.
 */
function answerPreflight(req: FastifyRequest, reply: FastifyReply, cors: ReturnType<typeof corsHeaders>): void {
  if (req.headers.origin === undefined || req.headers['access-control-request-method'] === undefined) {
    void reply
      .code(400)
      .send({ detail: 'A CORS preflight needs Origin and Access-Control-Request-Method headers', code: Codes.VALIDATION });
    return;
  }
  void reply.code(204).headers(cors.preflight).header('content-length', '0').send();
}

function corsHeaders(policy: CorsPolicy) {
  return {
    allowed: new Set(policy.origins),
    always: { 'access-control-allow-credentials': 'true', 'access-control-expose-headers': policy.exposedHeaders.join(', ') },
    preflight: {
      'access-control-allow-methods': policy.methods.join(', '),
      'access-control-allow-headers': policy.allowedHeaders.join(', '),
      'access-control-max-age': String(policy.maxAgeSeconds),
    },
  };
}

/**
 * The headers every answer carries for browsers, in one callback hook per request:
 * - helmet's security headers (CSP, HSTS, nosniff, …), computed once at start-up and written with
 *   the rest of the head; per request only when the CSP reads a live file (`perRequest`);
 * - CORS: `Vary: Origin` on every answer (what it says depends on the Origin); the allow headers
 *   only when the request has an `Origin` (a same-origin GET has none; Access-Control-Allow-Origin
 *   only for a listed origin); every OPTIONS is a preflight, answered here.
 * Measured on the proxy's hot path: @fastify/cors (an options object spread, three headers and a
 * closure per request, with or without an Origin) and helmet's hook cost ≈ 7 µs of the gateway's
 * ≈ 54 µs per proxied request; with this one hook it measured ≈ 5 µs less (docs/performance.md §1).
 */
export function registerBrowserHeaders(
  app: FastifyInstance,
  { helmet: helmetOptions, cors: policy, perRequest }: { helmet: HelmetOptions; cors: CorsPolicy; perRequest: boolean },
): void {
  const apply = helmet(helmetOptions);
  const cors = corsHeaders(policy);
  const fixed = { ...(perRequest ? {} : headersOf(apply)), vary: 'Origin' };
  app.addHook('onRequest', (req, reply, done) => {
    if (perRequest) {
      let failed: unknown;
      apply(req.raw, reply.raw, (err?: unknown) => void (failed = err));
      if (failed) return done(failed as Error);
    }
    reply.headers(fixed);
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (cors.allowed.has(origin)) reply.header('access-control-allow-origin', origin);
      reply.headers(cors.always);
    }
    if (req.method === 'OPTIONS') return answerPreflight(req, reply, cors);
    done();
  });
}
