import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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
 * Helmet's headers on every response, in one callback hook per request. The middleware is built
 * once here (@fastify/helmet built a new helmet — parsing every option and the CSP directives
 * again — and ran two hooks, one async, for each request). When the headers cannot change
 * (`perRequest` false: no CSP source read from a live file) they are computed once too and added
 * to the reply's own headers, written with the rest of the head.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions, { perRequest }: { perRequest: boolean }): void {
  const apply = helmet(options);
  if (perRequest) {
    app.addHook('onRequest', (req, reply, done) => {
      apply(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
    return;
  }
  const fixed = headersOf(apply);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(fixed);
    done();
  });
}
