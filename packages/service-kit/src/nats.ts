import { connect, headers as natsHeaders, type MsgHdrs, type NatsConnection, type Server } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  type JetStreamPublishOptions,
  type PubAck,
} from '@nats-io/jetstream';
import { errors as natsErrors, type Payload } from '@nats-io/transport-node';
import { SpanKind } from '@opentelemetry/api';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  DEAD_LETTER_STREAM,
  DUPLICATE_WINDOW_NS,
  Events,
  prefixed,
  streamName,
  streamLimits,
  streamSubjects,
  type EventDef,
  type EventEnvelope,
} from '@corestone/contracts';
import { newId } from './ids';
import { injectTraceContext, inSpan } from './tracing';

export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  prefix: string;
  /** Copies of each stream the bus creates (NATS_STREAM_REPLICAS: 1 on one server, 3 on a cluster). */
  replicas: number;
  subject(name: string): string;
  close(): Promise<void>;
}

/** `NATS_URL` may list several servers of a cluster, comma-separated: the client moves between them. */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function connectBus(opts: { url: string; prefix: string; name: string; replicas?: number }): Promise<Bus> {
  const leaving = new LeavingServer();
  // noAsyncTraces: no Error (stack capture) made per request just in case it times out.
  const nc = await connect({
    servers: natsServers(opts.url),
    name: opts.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    noAsyncTraces: true,
    reconnectToServer: (pool) => leaving.pick(pool),
  });
  // checkAPI off: a process starting while the cluster elects its JetStream leader connects
  // anyway (its first JetStream calls wait through retryJetStream) instead of failing to start.
  const jsm = await jetstreamManager(nc, { checkAPI: false });
  const replicas = opts.replicas ?? 1;
  // its own manager, with a short timeout: a check that hangs is a failed check
  const watch = replicas > 1 ? watchClusterSide(nc, await jetstreamManager(nc, { timeout: 1500, checkAPI: false }), leaving) : null;
  return {
    nc,
    js: jetstream(nc),
    jsm,
    prefix: opts.prefix,
    replicas,
    subject: (name) => prefixed(opts.prefix, name),
    close: async () => {
      watch?.stop();
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
}

/** How often a clustered bus asks whether its server still has the cluster, and after how many failed asks in a row it moves. */
export const CLUSTER_CHECK_MS = 2000;
const CLUSTER_CHECK_FAILURES = 3;

/**
 * On a cluster (streams in several copies), a server cut off from the others keeps its clients:
 * their requests to replicas connected elsewhere find no responders and their JetStream calls no
 * leader, for as long as the partition lasts. So a clustered bus asks its server's JetStream a cheap
 * question every CLUSTER_CHECK_MS; when it cannot answer three times in a row while the connection
 * itself is up, the client reconnects — to another server of NATS_URL's list or of those the
 * cluster told it about (requests in flight at that moment are refused and retried by their callers).
 */
function watchClusterSide(nc: NatsConnection, jsm: JetStreamManager, leaving: LeavingServer): { stop(): void } {
  let failures = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy || nc.isClosed()) return;
    busy = true;
    void jsm
      .getAccountInfo()
      .then(
        () => (failures = 0),
        async (err: unknown) => {
          if (!isTransientPublishError(err)) return void (failures = 0);
          if (++failures < CLUSTER_CHECK_FAILURES) return;
          failures = 0;
          leaving.set(nc.getServer());
          await nc.reconnect().catch(() => undefined);
        },
      )
      .finally(() => (busy = false));
  }, CLUSTER_CHECK_MS);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}

/**
 * The server a bus is moving away from, skipped by its next dial. Left to itself the client
 * dials the server it was on first (its pool's head after a forced reconnect), and a server cut off
 * from the others may still answer the check for a while as a stale JetStream leader: the bus would
 * stay on the wrong side of the partition.
 */
export class LeavingServer {
  private listen: string | undefined;
  set(listen: string): void {
    this.listen = listen || undefined;
  }
  /** nats.js's reconnectToServer: the first server of the pool that is not the one left; null (the client's choice) otherwise. */
  pick(pool: ReadonlyArray<Server>): Server | null {
    if (!this.listen) return null;
    const away = pool.find((s) => s.listen !== this.listen);
    this.listen = undefined; // once: if that server is down too, every server is a candidate again
    return away ?? null;
  }
}

/**
 * Runs a JetStream API call again while it fails as during a leader election or a server's loss
 * (isTransientPublishError: no answer in time, nobody answering, 503), with backoff, for up to
 * `deadlineMs`: a replica starting while the cluster elects a leader waits instead of failing.
 */
export async function retryJetStream<T>(bus: Pick<Bus, 'nc'>, fn: () => Promise<T>, deadlineMs = 30_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const left = until - Date.now();
      if (bus.nc.isClosed() || !isTransientPublishError(err) || left <= 0) throw err;
      await new Promise((r) => setTimeout(r, Math.min(left, 200 * 2 ** Math.min(attempt - 1, 3))));
    }
  }
}

/** Makes (or updates) the stream holding one service's events: `<service>.*.v1`. */
export function ensureStream(bus: Bus, service: string): Promise<string> {
  return retryJetStream(bus, () => ensureStreamOnce(bus, service));
}

async function ensureStreamOnce(bus: Bus, service: string): Promise<string> {
  const name = streamName(bus.prefix, service);
  const subjects = service === DEAD_LETTER_STREAM ? [prefixed(bus.prefix, 'deadletter.>')] : streamSubjects(bus.prefix, service);
  const limits = streamLimits(service, bus.replicas); // retention and copies declared in contracts
  const exists = await bus.jsm.streams.info(name).then(
    () => true,
    (err: unknown) => {
      if (err instanceof JetStreamApiError && err.status === 404) return false;
      throw err;
    },
  );
  if (exists) {
    await bus.jsm.streams.update(name, { subjects, duplicate_window: DUPLICATE_WINDOW_NS, ...limits });
  } else {
    try {
      await bus.jsm.streams.add({ name, subjects, duplicate_window: DUPLICATE_WINDOW_NS, ...limits });
    } catch (err) {
      // another replica created it meanwhile
      await bus.jsm.streams.info(name).catch(() => {
        throw err;
      });
    }
  }
  return name;
}

/** How long publishDurably keeps trying one message; well inside the streams' duplicate window. */
export const DURABLE_PUBLISH_MS = 20_000;
const PUBLISH_ATTEMPT_MS = 2_000;

/**
 * Whether a failed publish may have been a leader election, a lost connection or a server going
 * away (no answer in time, nobody listening for the stream's subject, JetStream answering 503):
 * then the same message (same Nats-Msg-Id) is sent again. Anything else (a wrong subject, a
 * message too large) is final.
 */
export function isTransientPublishError(err: unknown): boolean {
  if (err instanceof natsErrors.TimeoutError) return true;
  // the library's JetStreamNotEnabled (not exported): no server answered for the stream's subject
  if ((err as Error)?.name === 'JetStreamNotEnabled') return true;
  if (err instanceof natsErrors.RequestError && err.isNoResponders()) return true;
  if (err instanceof natsErrors.ClosedConnectionError) return false;
  if (err instanceof JetStreamApiError) return err.status === 503 || err.status === 408;
  const message = String((err as Error)?.message ?? '');
  return /timeout|no responders|disconnect|leader|503/i.test(message);
}

/**
 * Publishes to JetStream and waits for its acknowledgement; an acknowledgement that does not come
 * (a stream leader being elected, the connected server gone and the client reconnecting) is asked
 * for again by sending the same message with the same message id, with backoff, for up to
 * `deadlineMs`. JetStream's duplicate window (contracts' DUPLICATE_WINDOW_NS) keeps one copy when
 * an earlier try did land. A message id is required: without one a retry could store a double.
 */
export async function publishDurably(
  bus: Pick<Bus, 'js' | 'nc' | 'jsm'>,
  subject: string,
  payload: Payload,
  opts: Partial<JetStreamPublishOptions> & { msgID: string },
  deadlineMs = DURABLE_PUBLISH_MS,
): Promise<PubAck> {
  const until = Date.now() + deadlineMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await bus.js.publish(subject, payload, { timeout: PUBLISH_ATTEMPT_MS, ...opts });
    } catch (err) {
      const left = until - Date.now();
      if (bus.nc.isClosed() || !isTransientPublishError(err) || left <= 0) throw err;
      // Nobody answering may also mean no stream takes this subject at all: then it is final.
      if (!(err instanceof natsErrors.TimeoutError) && (await noStreamFor(bus, subject))) throw err;
      await new Promise((r) => setTimeout(r, Math.min(left, 100 * 2 ** Math.min(attempt - 1, 4))));
    }
  }
}

/** True only when JetStream answers that no stream takes `subject` (not when it cannot answer). */
async function noStreamFor(bus: Pick<Bus, 'jsm'>, subject: string): Promise<boolean> {
  try {
    await bus.jsm.streams.find(subject);
    return false;
  } catch (err) {
    return /no stream matches subject/i.test(String((err as Error)?.message));
  }
}

export function makeEvent<E extends EventDef>(def: E, data: Static<E['schema']>, id: string = newId()): EventEnvelope<Static<E['schema']>> {
  if (!checkerOf(def.schema).Check(data)) throw new Error(`invalid ${def.subject} payload: ${firstError(def.schema, data)}`);
  return { ...envelopeOf(def, id), data };
}

const checkers = new WeakMap<TSchema, TypeCheck<TSchema>>();
/**
 * The schema's compiled checker, made on first use: TypeCompiler gives Value.Check's verdicts, from
 * code generated for the schema rather than by walking it for every value (an essay's events are
 * ~30 KB, checked at every publish and every delivery).
 */
export function checkerOf(schema: TSchema): TypeCheck<TSchema> {
  let checker = checkers.get(schema);
  if (!checker) checkers.set(schema, (checker = TypeCompiler.Compile(schema)));
  return checker;
}

/** Where and why a value fails its schema (only called once it has failed). */
function firstError(schema: TSchema, value: unknown): string {
  const first = [...Value.Errors(schema, value)][0];
  return `${first?.path} ${first?.message}`;
}

/** An event's envelope without its data (makeEvent; outboxRowPrefix for SQL that appends the data). */
export function envelopeOf(def: EventDef, id: string): Omit<EventEnvelope<never>, 'data'> {
  return { id, type: def.subject, version: def.version, occurredAt: new Date().toISOString() };
}

export function toHeaders(map: Record<string, string>): MsgHdrs {
  const h = natsHeaders();
  for (const [k, v] of Object.entries(map)) h.set(k, v);
  return h;
}

export function fromHeaders(h: MsgHdrs | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  for (const key of h.keys()) out[key.toLowerCase()] = h.get(key);
  return out;
}

/** Publishes one event straight to JetStream (the outbox relay is the usual path). */
export async function publishEvent<E extends EventDef>(bus: Bus, def: E, data: Static<E['schema']>, id?: string): Promise<string> {
  const event = makeEvent(def, data, id);
  await inSpan(`${def.subject} publish`, { kind: SpanKind.PRODUCER, attributes: messageAttributes(def.subject, event.id) }, () =>
    publishDurably(bus, bus.subject(def.subject), JSON.stringify(event), { msgID: event.id, headers: toHeaders(injectTraceContext({})) }),
  );
  return event.id;
}

export const messageAttributes = (subject: string, id: string) => ({
  'messaging.system': 'nats',
  'messaging.operation.type': 'send',
  'messaging.destination.name': subject,
  'messaging.message.id': id,
});

const bySubject = new Map<string, TSchema>(Object.values(Events).map((e) => [e.subject, e.schema]));

/** Parses and validates an incoming event against its contract. Throws on a malformed one. */
export function parseEvent(raw: Uint8Array | string): EventEnvelope {
  const text = typeof raw === 'string' ? raw : new TextDecoder().decode(raw);
  let event: EventEnvelope;
  try {
    event = JSON.parse(text) as EventEnvelope;
  } catch {
    // JSON.parse quotes the input in its message: never carry message data into errors and logs.
    throw new Error(`not JSON (${text.length} characters)`);
  }
  const schema = bySubject.get(String(event?.type).slice(0, 100));
  if (!schema) throw new Error(`unknown event type ${String(event?.type).slice(0, 100)}`);
  if (!checkerOf(schema).Check(event.data)) throw new Error(`invalid ${event.type} payload: ${firstError(schema, event.data)}`);
  return event;
}
