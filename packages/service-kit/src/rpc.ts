import type { Subscription } from '@nats-io/transport-node';
import { Value } from '@sinclair/typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, type MessageParams, type RpcDef, type RpcFailure, type RpcRequest, type RpcResponse } from '@corestone/contracts';
import { HttpError } from './errors';
import { fromHeaders, toHeaders, type Bus } from './nats';
import { extractTraceContext, injectTraceContext, inSpan } from './tracing';
import { awaitPublication, publicationMark } from './publication';
import { SpanKind } from '@opentelemetry/api';

const enc = new TextEncoder();
const dec = new TextDecoder();
/** Spans are named after the method: `rpc billing.get_account` for subject `rpc.billing.get_account`. */
const rpcSpan = (def: RpcDef) => {
  const method = def.subject.replace(/^rpc\./, '');
  return { name: `rpc ${method}`, attributes: { 'rpc.system': 'nats', 'rpc.method': method, 'messaging.destination.name': def.subject } };
};

/**
 * Answers one request/reply subject. Handlers throw HttpError for refusals; the caller
 * receives `{ok:false, code, detail, status}` and rethrows it as the same HttpError.
 * Replicas share a queue group, so each request is answered once.
 */
export function serveRpc<R extends RpcDef>(
  bus: Bus,
  def: R,
  handler: (req: RpcRequest<R>) => Promise<RpcResponse<R>>,
  logger: FastifyBaseLogger,
): Subscription {
  return bus.nc.subscribe(bus.subject(def.subject), {
    queue: def.subject,
    callback: (err, msg) => {
      if (err) return logger.error({ err }, `rpc ${def.subject} subscription error`);
      const mark = publicationMark();
      // Sent once the events the handler wrote are published (publication.ts).
      const reply = (body: unknown) => void awaitPublication(mark).then(() => msg.respond(enc.encode(JSON.stringify(body))));
      const fail = (status: number, code: string, detail: string, params?: MessageParams): void =>
        void reply({ ok: false, status, code, detail, ...(params ? { params: [...params] } : {}) } satisfies RpcFailure);
      let request: unknown;
      try {
        request = JSON.parse(dec.decode(msg.data));
      } catch {
        return fail(400, Codes.VALIDATION, 'malformed request');
      }
      Value.Clean(def.request, request);
      if (!Value.Check(def.request, request)) {
        const first = [...Value.Errors(def.request, request)][0];
        return fail(400, Codes.VALIDATION, `${first?.path}: ${first?.message}`);
      }
      const { name, attributes } = rpcSpan(def);
      const parent = extractTraceContext(fromHeaders(msg.headers));
      inSpan(name, { kind: SpanKind.SERVER, parent, attributes }, () => handler(request as RpcRequest<R>)).then(
        (result) => reply({ ok: true, ...result }),
        (e: unknown) => {
          if (e instanceof HttpError) return fail(e.statusCode, e.code, e.detail, e.params);
          logger.error({ err: e, subject: def.subject }, 'rpc handler failed');
          fail(500, Codes.INTERNAL, Messages.INTERNAL);
        },
      );
    },
  });
}

/** Asks another service; resolves with its answer or throws an HttpError (503 when nobody answers). */
export async function callRpc<R extends RpcDef>(
  bus: Bus,
  def: R,
  request: RpcRequest<R>,
  opts: { timeoutMs?: number } = {},
): Promise<RpcResponse<R>> {
  const { name, attributes } = rpcSpan(def);
  return inSpan(name, { kind: SpanKind.CLIENT, attributes }, async () => {
    let raw;
    try {
      raw = await bus.nc.request(bus.subject(def.subject), enc.encode(JSON.stringify(request)), {
        timeout: opts.timeoutMs ?? 5000,
        headers: toHeaders(injectTraceContext({})), // the context of the client span just opened
      });
    } catch (err) {
      throw new HttpError(503, Codes.UNAVAILABLE, `${def.subject.split('.')[1]} service unavailable: ${(err as Error).message}`);
    }
    const body = JSON.parse(dec.decode(raw.data)) as ({ ok: true } & RpcResponse<R>) | RpcFailure;
    if (!body.ok) {
      const f = body as RpcFailure;
      throw new HttpError(f.status >= 400 && f.status < 600 ? f.status : 502, f.code, f.detail, {}, f.params);
    }
    const { ok: _ok, ...result } = body as { ok: true } & Record<string, unknown>;
    return result as RpcResponse<R>;
  });
}
