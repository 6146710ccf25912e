import { connect, headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { SpanKind } from '@opentelemetry/api';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  DEAD_LETTER_STREAM,
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
  subject(name: string): string;
  close(): Promise<void>;
}

export async function connectBus(opts: { url: string; prefix: string; name: string }): Promise<Bus> {
  // noAsyncTraces: no Error (stack capture) made per request just in case it times out.
  const nc = await connect({ servers: opts.url, name: opts.name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true });
  const jsm = await jetstreamManager(nc);
  return {
    nc,
    js: jetstream(nc),
    jsm,
    prefix: opts.prefix,
    subject: (name) => prefixed(opts.prefix, name),
    close: async () => {
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
}

/** Makes (or updates) the stream holding one service's events: `<service>.*.v1`. */
export async function ensureStream(bus: Bus, service: string): Promise<string> {
  const name = streamName(bus.prefix, service);
  const subjects = service === DEAD_LETTER_STREAM ? [prefixed(bus.prefix, 'deadletter.>')] : streamSubjects(bus.prefix, service);
  const limits = streamLimits(service); // retention declared in contracts
  try {
    await bus.jsm.streams.info(name);
    await bus.jsm.streams.update(name, { subjects, ...limits });
  } catch {
    try {
      await bus.jsm.streams.add({ name, subjects, duplicate_window: 2 * 60 * 1_000_000_000, ...limits });
    } catch (err) {
      // another replica created it meanwhile
      await bus.jsm.streams.info(name).catch(() => {
        throw err;
      });
    }
  }
  return name;
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
    bus.js.publish(bus.subject(def.subject), JSON.stringify(event), { msgID: event.id, headers: toHeaders(injectTraceContext({})) }),
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
