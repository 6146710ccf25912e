import { Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { Codes } from '@corestone/contracts';
import { HttpError, badRequest, injectTraceContext } from '@corestone/service-kit';
import { announcesBody, clientAddress } from './guard';

/**
 * Answers announcing at most this many bytes are collected and sent in one write; longer ones and
 * those without a Content-Length (downloads, server-sent events) are streamed as they arrive.
 */
export const COLLECT_LIMIT = 64 * 1024;

/** Hop-by-hop headers (RFC 9110 §7.6.1), never copied across; `host` and `expect` are the gateway's own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'http2-settings',
]);
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'expect', 'content-length']);

type Headers = Record<string, string | string[] | undefined>;

/** Names a `Connection` header lists (they are hop-by-hop too), or null for the usual `keep-alive` / `close`. */
function connectionListed(value: string | string[] | undefined): Set<string> | null {
  if (value === undefined || value === 'keep-alive' || value === 'close') return null;
  const names = (Array.isArray(value) ? value.join(',') : value).toLowerCase().split(',');
  return new Set(names.map((n) => n.trim()).filter(Boolean));
}

/**
 * Headers for the upstream: the client's, minus hop-by-hop ones and `expect` (undici refuses
 * it), plus our request id, the client address we believe, trace context. Content-Length only
 * with a body that is forwarded.
 */
function upstreamHeaders(req: FastifyRequest, withBody: boolean): Headers {
  const incoming = req.headers;
  const listed = connectionListed(incoming.connection);
  const headers: Headers = {};
  for (const name in incoming) {
    if (NOT_FORWARDED.has(name) || listed?.has(name)) continue;
    headers[name] = incoming[name];
  }
  if (withBody && incoming['content-length'] !== undefined) headers['content-length'] = incoming['content-length'];
  headers['x-request-id'] = req.id;
  headers['x-forwarded-for'] = clientAddress(req);
  headers['x-forwarded-proto'] = req.protocol;
  if (req.host) headers['x-forwarded-host'] = req.host;
  injectTraceContext(headers as Record<string, string>);
  return headers;
}

/**
 * Headers of the upstream's answer for the client: hop-by-hop ones dropped (Node sets its own).
 * Copied rather than deleted from: `delete` turns the object into a slow dictionary.
 */
function answerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const listed = connectionListed(headers.connection);
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (!HOP_BY_HOP.has(name) && !listed?.has(name)) kept[name] = headers[name];
  }
  return kept;
}

/**
 * True when the path, as the upstream will read it, leaves its prefix or names another host: a
 * `..` segment (escaped or not, backslashes read as slashes), or a leading `//`.
 */
export function escapesPrefix(path: string): boolean {
  let p = path;
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p);
    } catch {
      return true;
    }
  }
  if (p.includes('\\')) p = p.replaceAll('\\', '/');
  return p.startsWith('//') || (p.includes('..') && p.split('/').includes('..'));
}

function findHttpError(err: unknown): HttpError | null {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof HttpError) return e;
  }
  return null;
}

const SOCKET_CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/** A GET or HEAD is sent again once when a kept-alive connection was closed under it; nothing else is retried. */
function shouldRetry(method: string, err: Error & { code?: string }, attempt: number): boolean {
  return (method === 'GET' || method === 'HEAD') && attempt < 1 && err.code !== undefined && SOCKET_CLOSED.has(err.code);
}

/** The envelope for a failed upstream call: our own error (a body over its limit), else 503, or 504 when it was too slow. */
function sendUpstreamError(reply: FastifyReply, service: string, error: Error & { code?: string }): void {
  if (reply.sent || reply.raw.destroyed) return; // answered already, or the client went away
  const own = findHttpError(error);
  if (own) {
    reply.headers(own.headers);
    void reply.code(own.statusCode).send({ detail: own.detail, code: own.code });
    return;
  }
  const timedOut = error.code === 'UND_ERR_HEADERS_TIMEOUT';
  reply.request.log.warn({ err: error, service }, 'upstream call failed');
  void reply.code(timedOut ? 504 : 503).send({
    detail: timedOut
      ? `The ${service} service did not answer in time. Please try again.`
      : `The ${service} service is unavailable. Please try again shortly.`,
    code: Codes.UNAVAILABLE,
  });
}

export interface ForwardTarget {
  dispatcher: Dispatcher;
  /** `http://host:port` of the service. */
  origin: string;
  /** Path and query as the service sees them. */
  path: string;
  /** Named in the 503/504 answers. */
  service: string;
  /** A body the gateway made (re-serialised credentials); otherwise the client's body streams through. */
  body?: { data: string; contentType: string };
}

/**
 * Sends the request on to the service and its answer back, straight on undici's dispatcher (no
 * per-request client, URL object or response stream for a small answer):
 * - the client's body (our own byte-counting stream, see guard.ts) streams to the service;
 * - an answer with a Content-Length up to COLLECT_LIMIT is collected and sent with one write,
 *   anything else streams with backpressure (undici pauses while the client is slow);
 * - the client going away aborts the upstream call of a streamed answer.
 */
export function forward(req: FastifyRequest, reply: FastifyReply, target: ForwardTarget): void {
  const path = target.path;
  const q = path.indexOf('?');
  if (escapesPrefix(q < 0 ? path : path.slice(0, q))) throw badRequest('The address is not valid');

  let body: string | Buffer | Readable | null;
  let headers: Headers;
  if (target.body) {
    headers = upstreamHeaders(req, false);
    body = target.body.data;
    headers['content-type'] = target.body.contentType;
    headers['content-length'] = String(Buffer.byteLength(body));
  } else {
    // A short body read whole (bodies.ts), else the byte-counting stream of guard.ts (never the
    // client's socket itself), when a body was announced.
    const given = req.body;
    body = announcesBody(req.headers) && (Buffer.isBuffer(given) || given instanceof Readable) ? given : null;
    headers = upstreamHeaders(req, body !== null);
  }
  const options: Dispatcher.DispatchOptions = { origin: target.origin, path, method: req.method as Dispatcher.HttpMethod, headers, body };
  target.dispatcher.dispatch(options, new UpstreamCall(reply, target, options, 0));
}

/** One upstream exchange, answered on `reply` (undici's dispatch handler). */
class UpstreamCall implements Dispatcher.DispatchHandler {
  private status = 0;
  private headers: IncomingHttpHeaders | null = null;
  /** Collected body (small answers), or the stream handed to Fastify (the others). */
  private chunks: Buffer[] = [];
  private size = 0;
  private stream: Readable | null = null;

  constructor(
    private readonly reply: FastifyReply,
    private readonly target: ForwardTarget,
    private readonly options: Dispatcher.DispatchOptions,
    private readonly attempt: number,
  ) {}

  /** Its presence tells undici this handler speaks the controller API (onResponse*). */
  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return; // informational (103 Early Hints): the final answer follows
    this.status = statusCode;
    this.headers = answerHeaders(headers);
    const length = headers['content-length'];
    const bodiless = this.options.method === 'HEAD' || statusCode === 204 || statusCode === 304;
    if (bodiless || (length !== undefined && Number(length) <= COLLECT_LIMIT)) return;
    this.stream = new Readable({
      read: () => controller.resume(),
      destroy: (err, done) => {
        if (!controller.aborted) controller.abort(err ?? new Error('client went away'));
        done(err);
      },
    });
    void this.reply.code(statusCode).headers(this.headers).send(this.stream);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.stream) {
      if (!this.stream.push(chunk)) controller.pause();
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  onResponseEnd(): void {
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    if (this.reply.raw.destroyed) return; // the client went away meanwhile
    const { chunks, size } = this;
    const payload = chunks.length === 1 ? chunks[0] : chunks.length === 0 ? undefined : Buffer.concat(chunks, size);
    void this.reply.code(this.status).headers(this.headers!).send(payload);
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error & { code?: string }): void {
    if (this.stream) {
      if (!this.stream.destroyed) this.stream.destroy(err);
      return;
    }
    if (this.status === 0 && shouldRetry(this.options.method, err, this.attempt)) {
      this.target.dispatcher.dispatch(this.options, new UpstreamCall(this.reply, this.target, this.options, this.attempt + 1));
      return;
    }
    sendUpstreamError(this.reply, this.target.service, err);
  }
}
