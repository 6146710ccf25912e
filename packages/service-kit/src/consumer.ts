import { AckPolicy, DeliverPolicy, type JsMsg } from '@nats-io/jetstream';
import { SpanKind } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import { deadLetterSubject, DEAD_LETTER_STREAM, streamName, type EventEnvelope } from '@corestone/contracts';
import { ensureStream, fromHeaders, parseEvent, toHeaders, type Bus } from './nats';
import { extractTraceContext, inSpan } from './tracing';

export interface ConsumerOptions {
  bus: Bus;
  /** Service whose stream is read (e.g. 'evaluation'). */
  stream: string;
  /** Durable consumer name; replicas of one service share it, so each message goes to one of them. */
  durable: string;
  /** Event subjects (without prefix) this consumer wants. */
  subjects: string[];
  handler: (event: EventEnvelope, msg: JsMsg) => Promise<void>;
  /** Called once when a message is given up on, before it is moved to the dead-letter stream. */
  onDeadLetter?: (event: EventEnvelope | null, error: string, msg: JsMsg) => Promise<void>;
  logger: FastifyBaseLogger;
  concurrency?: number;
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Backoff for redelivery after a failure, by delivery count (1-based). */
  backoffMs?: (deliveryCount: number) => number;
}

export interface RunningConsumer {
  stop(): Promise<void>;
  readonly inFlight: number;
}

const defaultBackoff = (n: number) => Math.min(30_000, 250 * 2 ** (n - 1));

/**
 * A durable pull consumer: bounded concurrency, explicit ack, nak with backoff,
 * dead-letter after `maxDeliver` deliveries, and restart of the pull loop on failure.
 * Delivery limits are enforced here (the server redelivers without limit), so a message
 * whose worker died on its last try is still dead-lettered rather than silently dropped.
 */
export async function startConsumer(opts: ConsumerOptions): Promise<RunningConsumer> {
  const { bus, logger } = opts;
  const concurrency = opts.concurrency ?? 4;
  const maxDeliver = opts.maxDeliver ?? 5;
  const backoff = opts.backoffMs ?? defaultBackoff;
  const stream = await ensureStream(bus, opts.stream);
  await ensureStream(bus, DEAD_LETTER_STREAM);
  const durable = opts.durable.replace(/[^A-Za-z0-9_-]/g, '_');
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    // nats-server 2.9 (Debian bookworm) has no filter_subjects: one subject filters on the server,
    // several read the stream's wildcard and skip the rest here.
    filter_subject: opts.subjects.length === 1 ? bus.subject(opts.subjects[0]) : bus.subject(`${opts.stream}.*.v1`),
    ack_wait: (opts.ackWaitMs ?? 30_000) * 1_000_000,
    max_ack_pending: Math.max(concurrency * 4, 16),
  };
  try {
    await bus.jsm.consumers.info(stream, durable);
    await bus.jsm.consumers.update(stream, durable, config);
  } catch {
    await bus.jsm.consumers.add(stream, config).catch(async (err) => {
      await bus.jsm.consumers.info(stream, durable).catch(() => {
        throw err;
      });
    });
  }

  let running = true;
  let inFlight = 0;
  let wake: (() => void) | null = null;
  const idle: Array<() => void> = [];
  const settled = () => {
    inFlight--;
    wake?.();
    if (inFlight === 0) idle.splice(0).forEach((r) => r());
  };

  const deadLetter = async (msg: JsMsg, event: EventEnvelope | null, error: string) => {
    try {
      await opts.onDeadLetter?.(event, error, msg);
      await bus.js.publish(deadLetterSubject(bus.prefix, durable), msg.data, {
        headers: toHeaders({
          ...fromHeaders(msg.headers),
          'x-dead-letter-error': error.slice(0, 500),
          'x-original-subject': msg.subject,
          'x-deliveries': String(msg.info.deliveryCount),
        }),
      });
      // No reason argument: nats-server 2.9 does not recognise `+TERM <reason>` and would keep the
      // message pending (redelivered after ack_wait). The reason travels in the dead-letter headers.
      msg.term();
      logger.warn({ subject: msg.subject, error, deliveries: msg.info.deliveryCount }, 'message dead-lettered');
    } catch (err) {
      logger.error({ err }, 'dead-lettering failed; will retry');
      msg.nak(backoff(msg.info.deliveryCount));
    }
  };

  const process = async (msg: JsMsg) => {
    let event: EventEnvelope | null = null;
    try {
      event = parseEvent(msg.data);
    } catch (err) {
      return deadLetter(msg, null, `malformed: ${(err as Error).message}`);
    }
    if (!opts.subjects.includes(event.type)) return msg.ack();
    if (msg.info.deliveryCount > maxDeliver) return deadLetter(msg, event, 'delivery limit reached');
    const span = {
      kind: SpanKind.CONSUMER,
      parent: extractTraceContext(fromHeaders(msg.headers)),
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': event.type,
        'messaging.message.id': event.id,
        'messaging.consumer.group.name': durable,
        'messaging.nats.delivery_count': msg.info.deliveryCount,
      },
    };
    try {
      await inSpan(`${event.type} process`, span, () => opts.handler(event!, msg));
      msg.ack();
    } catch (err) {
      const message = (err as Error).message || String(err);
      if (msg.info.deliveryCount >= maxDeliver) return deadLetter(msg, event, message);
      logger.warn({ err, subject: msg.subject, delivery: msg.info.deliveryCount }, 'handler failed; will retry');
      msg.nak(backoff(msg.info.deliveryCount));
    }
  };

  const loop = async () => {
    while (running) {
      try {
        const consumer = await bus.js.consumers.get(stream, durable);
        while (running) {
          if (inFlight >= concurrency) {
            await new Promise<void>((r) => (wake = r));
            wake = null;
            continue;
          }
          const batch = await consumer.fetch({ max_messages: concurrency - inFlight, expires: 1000 });
          for await (const msg of batch) {
            inFlight++;
            void process(msg).finally(settled);
            if (!running) break;
          }
        }
      } catch (err) {
        if (!running) break;
        logger.error({ err, durable }, 'consumer loop failed; restarting');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };
  const done = loop();

  return {
    get inFlight() {
      return inFlight;
    },
    async stop() {
      running = false;
      wake?.();
      if (inFlight > 0) await new Promise<void>((r) => idle.push(r));
      await done;
    },
  };
}

export { streamName };
