import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import { Codes, Messages } from '@corestone/contracts';
import { HttpError } from './errors';
import { registerHealth } from './health';
import { registerMetrics } from './metrics';
import { loggerOptions } from './logging';
import { awaitPublication, publicationMark } from './publication';
import { localizedText, noteMessageParams, registerLocalizedTexts } from './localize';

export interface ServiceAppOptions {
  name: string;
  logLevel?: string;
  /** Fastify's own body limit for JSON bodies (bytes). */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * Answer only once the outbox events written while answering are published (publication.ts);
   * default true. Matters only where an outbox relay runs in the process.
   */
  publishBeforeAnswer?: boolean;
}

/**
 * The app `createServiceApp` returns: a Fastify instance whose routes take their request and
 * reply types from their TypeBox schemas (`req.body`, `req.params`, `req.query` need no casts).
 * It is also accepted wherever a plain `FastifyInstance` is expected.
 */
export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    /** publicationMark() when the request arrived. */
    publicationMark: number;
  }
}

const STATUS_CODES: Record<number, string> = {
  400: Codes.VALIDATION,
  401: Codes.UNAUTHENTICATED,
  403: Codes.FORBIDDEN,
  404: Codes.NOT_FOUND,
  413: Codes.PAYLOAD_TOO_LARGE,
  415: Codes.UNSUPPORTED_MEDIA_TYPE,
  429: Codes.RATE_LIMITED,
};

/** Turns a validation error into one readable sentence: "email: must match format \"email\"". */
function validationDetail(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const field =
    (first.params as { missingProperty?: string })?.missingProperty ?? first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const where = field || err.validationContext || 'request';
  return `${where}: ${first.message ?? 'is invalid'}`;
}

function frameworkDetail(err: Error): string {
  const code = (err as { code?: string }).code;
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return Messages.ADDRESS_TOO_LONG;
  if (code === 'FST_ERR_BAD_URL') return Messages.ADDRESS_INVALID;
  return Messages.REQUEST_UNREADABLE;
}

function isPostgresDataError(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string';
}

/**
 * A store this process depends on is away (PostgreSQL restarting or refusing connections, a
 * connection cut mid-query): the request is answered 503, try again, never 500 — the outage is not
 * the request's fault and passes by itself.
 */
export function isInfrastructureDown(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
  // SQLSTATE: class 08 connection exception; 57P01-57P03 shutdown, crash, cannot connect now; 53300 too many connections
  if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  return /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i.test(
    String(e?.message ?? ''),
  );
}

/**
 * The Fastify app every service and the gateway start from: request ids, pino logs,
 * the `{detail, code}` envelope for every error, TypeBox schemas that strip unknown fields,
 * /livez, /readyz and /metrics.
 */
export function createServiceApp(options: ServiceAppOptions): ServiceApp {
  const app = Fastify({
    logger: options.logger ?? loggerOptions({ service: options.name, level: options.logLevel ?? 'info', stream: options.logStream }),
    // A request id only needs to be unique: Node's randomUUID draws from a cached entropy pool,
    // several times cheaper per request than a time-ordered UUIDv7 (newId, for stored rows).
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Errors Fastify raises before a route runs (a path parameter over maxParamLength, a malformed
    // URL, an unparsable Content-Type) get the same envelope as every other error.
    frameworkErrors: (err, req, reply) => {
      const given = (err as { statusCode?: number }).statusCode ?? 400;
      const status = given < 500 ? given : 400;
      void (reply as unknown as { status(n: number): { send(b: unknown): void } })
        .status(status)
        // Sent before any route (and its hooks) runs: translated here (localize.ts).
        .send({ detail: localizedText(req, frameworkDetail(err)), code: STATUS_CODES[status] ?? Codes.VALIDATION });
    },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Callback hooks on every request's path: no promise per request.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });

  if (options.publishBeforeAnswer ?? true) {
    app.decorateRequest('publicationMark', 0);
    // Callback hooks: no promise per request when nothing was published meanwhile.
    app.addHook('onRequest', (req, _reply, done) => {
      req.publicationMark = publicationMark();
      done();
    });
    app.addHook('onSend', (req, _reply, payload, done) => {
      if (req.publicationMark === publicationMark()) return done(null, payload);
      void awaitPublication(req.publicationMark).then(() => done(null, payload));
    });
  }

  registerLocalizedTexts(app);

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      noteMessageParams(reply, err.params);
      return reply.status(err.statusCode).send({ detail: err.detail, code: err.code });
    }
    if (err.validation) {
      return reply.status(400).send({ detail: validationDetail(err), code: Codes.VALIDATION });
    }
    if (isPostgresDataError(err)) {
      // Class 22 (data exception): e.g. a NUL byte or a malformed uuid in client input.
      return reply.status(400).send({ detail: Messages.VALUE_NOT_STORABLE, code: Codes.VALIDATION });
    }
    if (isInfrastructureDown(err)) {
      req.log.warn({ err }, 'a store is away: answered 503');
      return reply.status(503).header('retry-after', '1').send({ detail: Messages.SERVICE_BRIEFLY_UNAVAILABLE, code: Codes.UNAVAILABLE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: err.message, code: STATUS_CODES[status] ?? err.code ?? 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: Messages.INTERNAL, code: Codes.INTERNAL });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ detail: `Route ${req.method} ${req.url.split('?')[0]} not found`, code: Codes.NOT_FOUND });
  });

  // Each service describes its own routes at /openapi.json; the gateway merges them at /api/docs.
  void app.register(swagger, {
    openapi: {
      info: { title: `Corestone ${options.name}`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  app.get('/openapi.json', { logLevel: 'warn', schema: { hide: true } as Record<string, unknown> }, async () => app.swagger());

  registerHealth(app);
  registerMetrics(app, options.name);
  return app;
}
