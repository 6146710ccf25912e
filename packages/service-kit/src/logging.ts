import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach a log: tokens, OAuth codes and state, API keys. */
const SECRET_QUERY_PARAMS = ['token', 'access_token', 'refresh_token', 'id_token', 'code', 'state', 'session_state', 'api_key', 'ticket'];

/** The URL with the values of secret query parameters replaced, for logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_PARAMS.includes(key.toLowerCase())) {
      params.set(key, '[REDACTED]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** The trace and span of the request or message being handled, for every log line (when tracing is on). */
function traceFields(): { trace_id?: string; span_id?: string } {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && isSpanContextValid(ctx) ? { trace_id: ctx.traceId, span_id: ctx.spanId } : {};
}

/**
 * Pino options shared by every service and the gateway: one redaction (headers, passwords, bodies
 * when asked, secret query values in URLs) and the trace ids on every line.
 */
export function loggerOptions(opts: {
  service: string;
  level: string;
  stream?: NodeJS.WritableStream;
  /** Extra pino redact paths (e.g. 'req.body' at the gateway). */
  redact?: string[];
}): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: opts.level,
    ...(opts.stream ? { stream: opts.stream } : {}),
    base: { service: opts.service },
    mixin: traceFields,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'res.headers["set-cookie"]', ...(opts.redact ?? [])],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  } as NonNullable<FastifyServerOptions['logger']>;
}
