import { AckPolicy, DeliverPolicy, type Consumer, type JsMsg } from '@nats-io/jetstream';
import { SpanKind } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import { deadLetterSubject, DEAD_LETTER_STREAM, streamName, type EventEnvelope } from '@corestone/contracts';
import { ensureStream, fromHeaders, parseEvent, publishDurably, retryJetStream, toHeaders, type Bus } from './nats';
import { extractTraceContext, inSpan } from './tracing';
import { Counter, Gauge, Histogram } from 'prom-client';
import { processMetric } from './metrics';

function consumerMetrics() {
  const counter = (name: string, help: string) =>
    processMetric(name, (registers) => new Counter({ name, help, labelNames: ['consumer'], registers }));
  return {
    deliveries: counter('nats_consumer_deliveries_total', 'Messages delivered to a consumer (first deliveries and redeliveries)'),
    redeliveries: counter('nats_consumer_redeliveries_total', 'Messages delivered again after a nak, a crash or an ack timeout'),
    acks: counter('nats_consumer_acks_total', 'Messages handled and acknowledged'),
    naks: counter('nats_consumer_naks_total', 'Messages handed back for a later retry'),
    deadLetters: counter('nats_consumer_dead_letters_total', 'Messages given up on and moved to the dead-letter stream'),
    handling: processMetric(
      'nats_consumer_handle_seconds',
      (registers) =>
        new Histogram({
          name: 'nats_consumer_handle_seconds',
          help: 'Time a consumer spent on one message',
          labelNames: ['consumer'],
          buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
          registers,
        }),
    ),
  };
}

/**
 * Dead letters kept in the dead-letter stream per consumer, read from the stream on scrape: each
 * process reports its own consumers (replicas report the same value: take max by consumer).
 */
const deadLetterWatch = new Map<string, Bus>();
function watchDeadLetters(bus: Bus, durable: string): void {
  deadLetterWatch.set(durable, bus);
  processMetric(
    'nats_dead_letters_stored',
    (registers) =>
      new Gauge({
        name: 'nats_dead_letters_stored',
        help: 'Messages a consumer gave up on that the dead-letter stream still keeps (see npm run deadletters)',
        labelNames: ['consumer'],
        registers,
        async collect() {
          this.reset();
          const buses = new Set(deadLetterWatch.values());
          for (const b of buses) {
            const counts = await deadLetterCounts(b).catch(() => null);
            if (!counts) continue;
            for (const [consumer, watched] of deadLetterWatch) if (watched === b) this.set({ consumer }, counts[consumer] ?? 0);
          }
        },
      }),
  );
}

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
  /**
   * Keep one standing pull open (the library's `consume()`), refilled as messages arrive, instead
   * of a new pull (its own inbox subscription, request and unsubscription) for every batch of free
   * slots. For quick handlers only: the server may deliver up to `max_ack_pending` messages ahead
   * of the handlers, and a message waiting here for a slot has its ack wait running and no longer
   * counts as pending in the consumer's lag. At stop, messages read ahead are handed back (nak) at
   * once; a message the server sends to the closing pull in the meantime comes back after the ack
   * wait, as with any consumer that goes away. Off by default, which pulls only as many messages as
   * there are free slots (long jobs, consumers whose lag drives autoscaling).
   */
  readAhead?: boolean;
}

export interface RunningConsumer {
  stop(): Promise<void>;
  readonly inFlight: number;
}

const defaultBackoff = (n: number) => Math.min(30_000, 250 * 2 ** (n - 1));

/** What defines a durable consumer: the stream it reads, its name, its subjects and its limits. */
export type ConsumerDefinition = Pick<ConsumerOptions, 'stream' | 'durable' | 'subjects' | 'concurrency' | 'ackWaitMs'>;

/**
 * Creates (or updates) the stream and the durable pull consumer. Run by every consumer at start-up,
 * and on its own where the consumer must exist before any worker runs (KEDA reads its lag).
 */
export async function ensureConsumer(bus: Bus, def: ConsumerDefinition): Promise<{ stream: string; durable: string }> {
  const concurrency = def.concurrency ?? 4;
  const stream = await ensureStream(bus, def.stream);
  await ensureStream(bus, DEAD_LETTER_STREAM);
  const durable = def.durable.replace(/[^A-Za-z0-9_-]/g, '_');
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    // nats-server 2.9 (Debian bookworm) has no filter_subjects: one subject filters on the server,
    // several read the stream's wildcard and skip the rest here.
    filter_subject: def.subjects.length === 1 ? bus.subject(def.subjects[0]) : bus.subject(`${def.stream}.*.v1`),
    ack_wait: (def.ackWaitMs ?? 30_000) * 1_000_000,
    max_ack_pending: Math.max(concurrency * 4, 16),
  };
  // Again while the cluster elects a leader for the stream or the consumer (retryJetStream).
  await retryJetStream(bus, async () => {
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
  });
  return { stream, durable };
}

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
  const { stream, durable } = await ensureConsumer(bus, opts);
  const metrics = consumerMetrics();
  const label = { consumer: durable };
  // Every series from the start, at zero: a rate over a series that appears late misses its first events.
  for (const counter of [metrics.deliveries, metrics.redeliveries, metrics.acks, metrics.naks, metrics.deadLetters]) counter.inc(label, 0);
  watchDeadLetters(bus, durable);

  let running = true;
  let inFlight = 0;
  let wake: (() => void) | null = null;
  let stopPull: (() => void) | null = null;
  const idle: Array<() => void> = [];
  const settled = () => {
    inFlight--;
    wake?.();
    if (inFlight === 0) idle.splice(0).forEach((r) => r());
  };

  const deadLetter = async (msg: JsMsg, event: EventEnvelope | null, error: string) => {
    try {
      await opts.onDeadLetter?.(event, error, msg);
      // Under an id of its own (consumer and stream position): a retry through a leader election stores one copy.
      await publishDurably(bus, deadLetterSubject(bus.prefix, durable), msg.data, {
        msgID: `${durable}:${msg.info.stream}:${msg.info.streamSequence}`,
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
      metrics.deadLetters.inc(label);
      logger.warn({ subject: msg.subject, error, deliveries: msg.info.deliveryCount }, 'message dead-lettered');
    } catch (err) {
      logger.error({ err }, 'dead-lettering failed; will retry');
      msg.nak(backoff(msg.info.deliveryCount));
    }
  };

  const process = async (msg: JsMsg) => {
    metrics.deliveries.inc(label);
    if (msg.info.deliveryCount > 1) metrics.redeliveries.inc(label);
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
    const timer = metrics.handling.startTimer(label);
    try {
      await inSpan(`${event.type} process`, span, () => opts.handler(event!, msg));
      msg.ack();
      metrics.acks.inc(label);
    } catch (err) {
      const message = (err as Error).message || String(err);
      if (msg.info.deliveryCount >= maxDeliver) return deadLetter(msg, event, message);
      logger.warn({ err, subject: msg.subject, delivery: msg.info.deliveryCount }, 'handler failed; will retry');
      msg.nak(backoff(msg.info.deliveryCount));
      metrics.naks.inc(label);
    } finally {
      timer();
    }
  };

  const freeSlot = async () => {
    while (running && inFlight >= concurrency) {
      await new Promise<void>((r) => (wake = r));
      wake = null;
    }
  };
  /** Pulls exactly as many messages as there are free slots, one pull at a time. */
  const pullForFreeSlots = async (consumer: Consumer) => {
    while (running) {
      await freeSlot();
      if (!running) break;
      const batch = await consumer.fetch({ max_messages: concurrency - inFlight, expires: 1000 });
      for await (const msg of batch) {
        inFlight++;
        void process(msg).finally(settled);
        if (!running) break;
      }
    }
  };
  /** One standing pull (readAhead); messages read ahead wait for a slot, and are handed back at stop. */
  const pullAhead = async (consumer: Consumer) => {
    const messages = await consumer.consume({ max_messages: concurrency, expires: 30_000 });
    stopPull = () => messages.stop();
    try {
      for await (const msg of messages) {
        await freeSlot();
        if (!running) {
          msg.nak(); // at once: another replica takes it without waiting for the ack wait
          continue;
        }
        inFlight++;
        void process(msg).finally(settled);
      }
    } finally {
      stopPull = null;
    }
  };

  const loop = async () => {
    while (running) {
      try {
        const consumer = await bus.js.consumers.get(stream, durable);
        await (opts.readAhead ? pullAhead(consumer) : pullForFreeSlots(consumer));
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
      stopPull?.();
      if (inFlight > 0) await new Promise<void>((r) => idle.push(r));
      await done;
      if (deadLetterWatch.get(durable) === bus) deadLetterWatch.delete(durable);
    },
  };
}

export { streamName };

export interface DeadLetter {
  seq: number;
  consumer: string;
  originalSubject: string;
  error: string;
  deliveries: number;
  time: string;
  eventId: string | null;
  eventType: string | null;
}

/** How many dead letters the stream keeps per consumer (one cheap stream-info call). */
export async function deadLetterCounts(bus: Bus): Promise<Record<string, number>> {
  const stream = await ensureStream(bus, DEAD_LETTER_STREAM);
  const info = await bus.jsm.streams.info(stream, { subjects_filter: deadLetterSubject(bus.prefix, '*') });
  const counts: Record<string, number> = {};
  for (const [subject, n] of Object.entries(info.state.subjects ?? {})) counts[subject.slice(subject.lastIndexOf('.') + 1)] = n;
  return counts;
}

/** The dead-lettered messages still kept (see STREAM_MAX_AGE_DAYS), oldest first; one consumer's or all. */
export async function listDeadLetters(bus: Bus, opts: { consumer?: string; limit?: number } = {}): Promise<DeadLetter[]> {
  const stream = await ensureStream(bus, DEAD_LETTER_STREAM);
  const filter = deadLetterSubject(bus.prefix, opts.consumer ?? '*');
  const { state } = await bus.jsm.streams.info(stream, { subjects_filter: filter });
  const limit = opts.limit ?? 100;
  const out: DeadLetter[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && out.length < limit; seq++) {
    const msg = await bus.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (!msg || !subjectMatches(filter, msg.subject)) continue;
    const headers = fromHeaders(msg.header);
    let event: EventEnvelope | null = null;
    try {
      event = parseEvent(msg.data);
    } catch {
      /* a malformed message is listed with what its headers say */
    }
    out.push({
      seq,
      consumer: msg.subject.slice(msg.subject.lastIndexOf('.') + 1),
      originalSubject: headers['x-original-subject'] ?? '',
      error: headers['x-dead-letter-error'] ?? '',
      deliveries: Number(headers['x-deliveries'] ?? 0),
      time: msg.time.toISOString(),
      eventId: event?.id ?? null,
      eventType: event?.type ?? null,
    });
  }
  return out;
}

function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  return f.length === s.length && f.every((t, i) => t === '*' || t === s[i]);
}
