import { Client, type Pool, type PoolClient, type QueryConfig, type QueryResult } from 'pg';
import { SpanKind } from '@opentelemetry/api';
import type { Static } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { EventDef } from '@corestone/contracts';
import type { Queryable } from './db';
import { HttpError } from './errors';
import { processMetrics } from './metrics';
import { envelopeOf, makeEvent, messageAttributes, publishDurably, toHeaders, type Bus } from './nats';
import { extractTraceContext, injectTraceContext, inSpan } from './tracing';
import { isErasable, pruneStreamMessages } from './erasure';
import { STREAM_MAX_AGE_DAYS } from '@corestone/contracts';
import { noteEnqueued, notePublished, registerRelay } from './publication';
import { newId } from './ids';
import { startSingletonJob } from './lease';

/**
 * Transactional outbox: write the event in the same transaction as the change it announces;
 * the relay publishes it with its id as JetStream message id (dedupe) and deletes it once
 * JetStream has acknowledged it.
 *
 * A row that fails to publish gets its own retry schedule (exponential backoff with jitter) and,
 * after `maxAttempts`, is parked in `outbox_dead` for an operator to replay: one event that can
 * never be published does not hold up the others. Order is kept only where it matters — among
 * events of one aggregate (`order_key`, e.g. one evaluation or one user).
 */

/** How long the relay retries one publish in a round (a leader election takes a few seconds). */
const RELAY_PUBLISH_MS = 10_000;

/** Under NATS's default max_payload (1 MiB), leaving room for headers. */
export const MAX_EVENT_BYTES = 900 * 1024;

/** The aggregate an event belongs to, when its data names one: its events are published in order. */
function defaultOrderKey(data: unknown): string | null {
  const d = data as Record<string, unknown> | null;
  const key = d?.evaluation_id ?? d?.user_id;
  return typeof key === 'string' ? key : null;
}

/** The columns an outbox row is written with, in the order of `OutboxRow.values`. */
export const OUTBOX_COLUMNS = 'id, subject, payload, headers, order_key';

/**
 * Wakes the relay (it LISTENs on `<schema>_outbox`). An SQL expression, so a statement that writes
 * an outbox row selects it in the same round trip; Postgres delivers it when the transaction commits.
 */
export const NOTIFY_RELAY = `pg_notify(current_schema() || '_outbox', '')`;

/** An event as the outbox stores it; `values` are $-parameters for OUTBOX_COLUMNS. */
export interface OutboxRow {
  id: string;
  values: [id: string, subject: string, payload: string, headers: string, orderKey: string | null];
}

/**
 * The outbox row of an event, checked as enqueueEvent checks it (schema, size). For a statement
 * that writes it together with the change it announces (one round trip, atomic without a
 * transaction): insert `values` into OUTBOX_COLUMNS `ON CONFLICT (id) DO NOTHING`, select
 * NOTIFY_RELAY, and call `noteEnqueued(db, row.id)` once the row was written.
 */
export function outboxRow<E extends EventDef>(
  def: E,
  data: Static<E['schema']>,
  id?: string,
  opts: { orderKey?: string | null } = {},
): OutboxRow {
  const event = makeEvent(def, data, id);
  const payload = JSON.stringify(event);
  const size = Buffer.byteLength(payload);
  if (size > MAX_EVENT_BYTES) {
    // Refused here, inside the caller's transaction, rather than jamming the relay later.
    throw new HttpError(413, 'EVENT_TOO_LARGE', `The ${def.subject} event is ${size} bytes; at most ${MAX_EVENT_BYTES} can be published.`);
  }
  const orderKey = opts.orderKey === undefined ? defaultOrderKey(data) : opts.orderKey;
  // The trace context of the request that made the change: the relay's publish span joins its trace.
  return { id: event.id, values: [event.id, def.subject, payload, JSON.stringify(injectTraceContext({})), orderKey] };
}

/**
 * For SQL that computes an event's data itself (billing's charge: only the statement knows the new
 * balance): the payload as outboxRow stores it, up to and including `"data":` — complete once the
 * SQL appends the data as JSON and a closing `}` — and the headers it writes. The data is not
 * checked here: the SQL that makes it owns its shape.
 */
function outboxRowPrefix(def: EventDef, id: string): { payloadHead: string; headers: string } {
  const head = JSON.stringify(envelopeOf(def, id));
  return { payloadHead: `${head.slice(0, -1)},"data":`, headers: JSON.stringify(injectTraceContext({})) };
}

/**
 * An event whose data a SQL function computes (billing's charge: only the statement knows the new
 * balance), enqueued by that function through the kit's `kit_enqueue_event(id, subject,
 * payload_head, data, headers, order_key)` (kit migration kit-005) in the same round trip. Pass
 * `id`, `subject`, `payloadHead` and `headers` to the function as its first, second, third and
 * fifth arguments, and run the statement with `queryWithSqlEvent`. The data is not checked here:
 * the SQL that makes it owns its shape, and a test checks it against the contract's schema.
 */
export interface SqlEvent {
  id: string;
  subject: string;
  payloadHead: string;
  headers: string;
}

export function sqlEvent(def: EventDef, id: string = newId()): SqlEvent {
  return { id, subject: def.subject, ...outboxRowPrefix(def, id) };
}

/** `event`'s values for the four $-parameters kit_enqueue_event and sqlEventInsertSql take first: id, subject, payload head, headers. */
export function sqlEventValues(event: SqlEvent): [id: string, subject: string, payloadHead: string, headers: string] {
  return [event.id, event.subject, event.payloadHead, event.headers];
}

/**
 * Runs a statement that may have enqueued `event` (kit_enqueue_event, or a sqlEventInsertSql CTE)
 * and answers whether it did in a boolean column `enqueued` of its first row; when it did, the
 * answer to the request leaves once the event is published (publication.ts), as after enqueueEvent.
 * A `QueryConfig` keeps a named (prepared) statement prepared.
 */
export async function queryWithSqlEvent<R extends { enqueued: boolean | null }>(
  db: Queryable,
  event: SqlEvent,
  text: string | QueryConfig,
  values?: unknown[],
): Promise<R> {
  return (await queryRowsWithSqlEvent<R>(db, event, text, values))[0];
}

/** queryWithSqlEvent for a statement that may answer no row (or several): all its rows; the event counts as enqueued when a row says so. */
export async function queryRowsWithSqlEvent<R extends { enqueued: boolean | null }>(
  db: Queryable,
  event: SqlEvent,
  text: string | QueryConfig,
  values?: unknown[],
): Promise<R[]> {
  const { rows } = typeof text === 'string' ? await db.query<R>(text, values) : await db.query<R>(text);
  if (rows.some((row) => row.enqueued)) noteEnqueued(db, event.id);
  return rows;
}

/*
 * Statement builders: the kit's tables written by a part (a CTE) of a service's own statement, so
 * a change, its processed mark, its stream position (erasure.ts, rememberStreamMessageSql) and its
 * event commit together in one round trip — atomic on their own, no transaction. `at` is the number
 * of the builder's first $-parameter in the caller's statement; its values go there in the order
 * it names. The SQL is the kit's; the caller only places it (issue 29, "the kit owns its tables").
 */

/**
 * A CTE body recording that `consumer` handled an event, as markProcessed does; it answers a row
 * only when the record is new, so guard the change with `EXISTS (SELECT 1 FROM <cte>)`.
 * Values at $at, $at+1: consumer, event id.
 */
export function processedMarkSql(at: number): string {
  return `INSERT INTO processed_events (consumer, event_id) VALUES ($${at}, $${at + 1}) ON CONFLICT DO NOTHING RETURNING 1`;
}

/**
 * A CTE body enqueueing `event` (sqlEvent) for the row of `from` (a CTE or table expression of the
 * statement; no row, no event): its data is the SQL expression `data` — the data's JSON as json or
 * text, from `from`'s columns — and its order key the SQL expression `orderKey`. Once per event id;
 * when written it wakes the relay and answers `enqueued` (true), so select
 * `EXISTS (SELECT 1 FROM <cte>) AS enqueued` and run the statement with queryWithSqlEvent.
 * Values at $at … $at+3: sqlEventValues(event). The data is not checked here (a test of the
 * service checks it against the contract's schema); size limits are the caller's.
 */
export function sqlEventInsertSql(at: number, opts: { from: string; data: string; orderKey: string }): string {
  return `INSERT INTO outbox (${OUTBOX_COLUMNS})
    SELECT $${at}::uuid, $${at + 1}::text, ($${at + 2}::text || (${opts.data}) || '}')::json, $${at + 3}::jsonb, ${opts.orderKey}
    FROM ${opts.from} ON CONFLICT (id) DO NOTHING RETURNING true AS enqueued, ${NOTIFY_RELAY} AS notified`;
}

export async function enqueueEvent<E extends EventDef>(
  db: Queryable,
  def: E,
  data: Static<E['schema']>,
  id?: string,
  opts: { orderKey?: string | null } = {},
): Promise<string> {
  const row = outboxRow(def, data, id, opts);
  // The row and the relay's wake-up in one statement (one round trip).
  const { rows } = await db.query<{ inserted: number }>(
    `WITH ins AS (INSERT INTO outbox (${OUTBOX_COLUMNS}) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING 1)
     SELECT (SELECT count(*) FROM ins)::int AS inserted, ${NOTIFY_RELAY} AS notified`,
    row.values,
  );
  // The answer to the request that wrote it leaves once it is published (publication.ts).
  if (rows[0].inserted === 1) noteEnqueued(db, row.id);
  return row.id;
}

/**
 * Writes many events in one statement (a batch's announcements), each row made by `outboxRow`, with
 * the relay's wake-up; the answer to the request waits for each as for one (noteEnqueued).
 */
export async function enqueueEvents(db: Queryable, rows: readonly OutboxRow[]): Promise<void> {
  if (!rows.length) return;
  const column = (i: number) => rows.map((r) => r.values[i]);
  const { rows: inserted } = await db.query<{ id: string }>(
    `WITH ins AS (
       INSERT INTO outbox (${OUTBOX_COLUMNS})
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::jsonb[], $5::text[]) ON CONFLICT (id) DO NOTHING RETURNING id)
     SELECT ins.id, ${NOTIFY_RELAY} AS notified FROM ins`,
    [column(0), column(1), column(2), column(3), column(4)],
  );
  for (const { id } of inserted) noteEnqueued(db, id);
}

/** Records that a consumer handled an event; false when it already had (idempotent consumers). */
export async function markProcessed(db: Queryable, consumer: string, eventId: string): Promise<boolean> {
  const res = await db.query(`INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    consumer,
    eventId,
  ]);
  return res.rowCount === 1;
}

export interface ParkedEvent {
  id: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  parked_at: string;
}

export async function listParkedEvents(db: Queryable, limit = 100): Promise<ParkedEvent[]> {
  const { rows } = await db.query(
    `SELECT id, subject, attempts, last_error, created_at, parked_at FROM outbox_dead ORDER BY seq LIMIT $1`,
    [limit],
  );
  return rows as ParkedEvent[];
}

/** Puts parked rows (all, or those ids) back in the outbox, in their original order, with fresh attempts. */
export async function replayParkedEvents(db: Queryable, ids?: string[]): Promise<number> {
  const { rows } = await db.query<{ replayed: number }>(
    `WITH moved AS (DELETE FROM outbox_dead WHERE $1::uuid[] IS NULL OR id = ANY($1::uuid[]) RETURNING *),
     ins AS (INSERT INTO outbox (seq, id, subject, payload, headers, order_key, created_at, attempts, next_attempt_at)
       SELECT seq, id, subject, payload, headers, order_key, created_at, 0, now() FROM moved RETURNING 1)
     SELECT (SELECT count(*) FROM ins)::int AS replayed, ${NOTIFY_RELAY} AS notified`,
    [ids ?? null],
  );
  return rows[0].replayed;
}

export interface OutboxRelay {
  stop(): Promise<void>;
  /** Publishes everything due now (tests and shutdown use it). */
  flush(): Promise<number>;
}

export interface OutboxRelayOptions {
  pool: Pool;
  schema: string;
  bus: Bus;
  logger: FastifyBaseLogger;
  /** Registry for the outbox metrics (default: the process registry served at /metrics). */
  registry?: Registry;
  pollMs?: number;
  batch?: number;
  /** Failed publishes of one row before it is parked in outbox_dead. */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt up to retryMaxMs, ±20% jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * Hold this process's HTTP and RPC answers until the events written while making them are
   * published (publication.ts). Only for a service whose events feed a read model that callers
   * read right after its answer (billing → users' credit view); elsewhere it would only add the
   * relay's latency to every answer that writes an event.
   */
  holdAnswers?: boolean;
}

interface Row {
  seq: string;
  id: string;
  subject: string;
  /** The event as stored (JSON text), published without parsing it again. */
  payload: string;
  headers: Record<string, string>;
  attempts: number;
  order_key: string | null;
}

export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/** The outbox metrics (made once per registry); depth and oldest age are read from `pool` on scrape. */
export function outboxMetrics(pool: Pool, registry: Registry = processMetrics) {
  const reuse = <T>(name: string, make: () => T): T => (registry?.getSingleMetric(name) as T | undefined) ?? make();
  const registers = registry ? [registry] : [];
  const published = reuse(
    'outbox_published_total',
    () => new Counter({ name: 'outbox_published_total', help: 'Outbox events published', registers }),
  );
  const failures = reuse(
    'outbox_publish_failures_total',
    () => new Counter({ name: 'outbox_publish_failures_total', help: 'Failed outbox publishes (each retried)', registers }),
  );
  const parked = reuse(
    'outbox_parked_total',
    () => new Counter({ name: 'outbox_parked_total', help: 'Outbox events parked after too many failed publishes', registers }),
  );
  if (registry && !registry.getSingleMetric('outbox_depth')) {
    const oldest = new Gauge({ name: 'outbox_oldest_age_seconds', help: 'Age of the oldest event waiting in the outbox', registers });
    // Read on scrape; the scrape does not fail when Postgres is away.
    new Gauge({
      name: 'outbox_depth',
      help: 'Events in the outbox: pending, or parked after too many failed publishes',
      labelNames: ['state'],
      registers,
      async collect() {
        const r = await pool
          .query<{ pending: number; parked: number; age: number | null }>(
            `SELECT (SELECT count(*)::int FROM outbox) AS pending, (SELECT count(*)::int FROM outbox_dead) AS parked,
                    (SELECT extract(epoch FROM now() - min(created_at))::float FROM outbox) AS age`,
          )
          .catch(() => null);
        if (!r) return;
        this.set({ state: 'pending' }, r.rows[0].pending);
        this.set({ state: 'parked' }, r.rows[0].parked);
        oldest.set(r.rows[0].age ?? 0);
      },
    });
  }
  return { published, failures, parked };
}

async function reachable(bus: Bus, timeoutMs = 1000): Promise<boolean> {
  if (bus.nc.isClosed()) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
  const ok = await Promise.race([
    bus.nc.flush().then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
  clearTimeout(timer);
  return ok;
}

export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const { pool, bus, logger } = opts;
  const batch = opts.batch ?? 100;
  if (!Number.isInteger(batch) || batch < 1) throw new Error(`outbox relay: batch must be a positive integer, not ${batch}`);
  const maxAttempts = opts.maxAttempts ?? 10;
  const retryBaseMs = opts.retryBaseMs ?? 1000;
  const retryMaxMs = opts.retryMaxMs ?? 5 * 60_000;
  const metrics = outboxMetrics(pool, opts.registry);
  let running = true;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> = Promise.resolve(0);
  let again = false;

  const publish = (row: Row) => {
    const span = { kind: SpanKind.PRODUCER, parent: extractTraceContext(row.headers), attributes: messageAttributes(row.subject, row.id) };
    return inSpan(`${row.subject} publish`, span, () =>
      // Retried with the same message id while a stream leader is elected (publishDurably); one
      // round's wait stays short so a long outage is left to the row's own retry schedule.
      publishDurably(
        bus,
        bus.subject(row.subject),
        row.payload,
        { msgID: row.id, headers: toHeaders(injectTraceContext({ ...row.headers })) },
        RELAY_PUBLISH_MS,
      ),
    );
  };

  const recordFailure = async (client: PoolClient, row: Row, err: Error) => {
    metrics.failures.inc();
    const attempts = row.attempts + 1;
    if (attempts >= maxAttempts) {
      await client.query(
        `WITH gone AS (DELETE FROM outbox WHERE seq = $1 RETURNING *)
         INSERT INTO outbox_dead (seq, id, subject, payload, headers, order_key, created_at, attempts, last_error)
         SELECT seq, id, subject, payload, headers, order_key, created_at, $2, $3 FROM gone`,
        [row.seq, attempts, err.message],
      );
      metrics.parked.inc();
      notePublished(row.id); // nobody waits for it any longer
      logger.error({ err, eventId: row.id, subject: row.subject, attempts }, 'outbox event parked after repeated publish failures');
      return;
    }
    const delay = retryDelayMs(attempts, retryBaseMs, retryMaxMs);
    await client.query(
      `UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE seq = $1`,
      [row.seq, attempts, err.message, delay / 1000],
    );
    if (attempts === 1) logger.warn({ err, eventId: row.id, subject: row.subject }, 'outbox publish failed; retrying with backoff');
  };

  /**
   * Publishes one batch of due rows (the oldest of each aggregate); returns how many went out, and
   * whether other rows were due then (rows committed later wake the relay with their notification).
   */
  const publishBatch = async (): Promise<{ published: number; selected: number; outage: boolean; more: boolean }> => {
    const client = await pool.connect();
    let outage = false;
    try {
      // BEGIN and the select in one round trip (simple protocol, several statements: the batch size
      // is a checked integer, no parameters). The rows stay locked until COMMIT.
      const [, { rows }] = (await client.query(
        `BEGIN; SELECT seq, id, subject, payload::text AS payload, headers, attempts, order_key FROM outbox o
          WHERE next_attempt_at <= now()
            AND (order_key IS NULL OR NOT EXISTS (SELECT 1 FROM outbox e WHERE e.order_key = o.order_key AND e.seq < o.seq))
          ORDER BY seq LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
      )) as unknown as [QueryResult, QueryResult<Row>];
      // At most one row per aggregate is due at a time (the query above), so a batch is
      // published concurrently: one JetStream round trip for the batch, not one per row.
      const acks = await Promise.allSettled(rows.map(publish));
      const done: Row[] = [];
      // Where each published event with personal content landed: erased there when its aggregate is deleted.
      const landed: { aggregates: string[]; streams: string[]; seqs: number[] } = { aggregates: [], streams: [], seqs: [] };
      for (const [i, row] of rows.entries()) {
        const ack = acks[i];
        if (ack.status === 'fulfilled') {
          notePublished(row.id);
          done.push(row);
          if (row.order_key && isErasable(row.subject)) {
            landed.aggregates.push(row.order_key);
            landed.streams.push(ack.value.stream);
            landed.seqs.push(ack.value.seq);
          }
          continue;
        }
        // NATS away: nothing is wrong with the rows; stop and try them again on the next round.
        if (outage || !(await reachable(bus))) {
          if (!outage) logger.warn({ err: ack.reason }, 'outbox relay: NATS unreachable; will retry');
          outage = true;
          continue;
        }
        await recordFailure(client, row, ack.reason as Error);
      }
      let more = false;
      if (done.length > 0) {
        // One statement for the batch: delete the published rows, remember where the erasable ones
        // landed, and tell whether any other row is due (else the drain need not select again).
        const res = await client.query<{ more: boolean }>({
          name: 'outbox-relay-done', // prepared once per connection: parsed and planned once
          text: `WITH gone AS (DELETE FROM outbox WHERE seq = ANY($1::bigint[])),
           remembered AS (INSERT INTO stream_messages (stream, seq, aggregate)
             SELECT * FROM unnest($2::text[], $3::bigint[], $4::text[]) ON CONFLICT (stream, seq) DO NOTHING)
           SELECT EXISTS (SELECT 1 FROM outbox WHERE next_attempt_at <= now() AND NOT (seq = ANY($1::bigint[]))) AS more`,
          values: [done.map((r) => r.seq), landed.streams, landed.seqs, landed.aggregates],
        });
        more = res.rows[0].more;
      }
      const published = done.length;
      await client.query('COMMIT');
      metrics.published.inc(published);
      return { published, selected: rows.length, outage, more };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };

  const drain = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const { published, selected, outage, more } = await publishBatch();
      total += published;
      // Publishing a row can make the next event of its aggregate due: go on while rows flow.
      if (outage || selected === 0 || published === 0 || !more) return total;
    }
  };

  const kick = (): Promise<number> => {
    if (!running) return current;
    again = true;
    current = current.then(async () => {
      if (!again) return 0;
      again = false;
      try {
        return await drain();
      } catch (err) {
        logger.error({ err }, 'outbox relay failed; will retry');
        return 0;
      }
    });
    return current;
  };

  // LISTEN gives near-instant publishing; the poll catches anything a lost notification missed.
  // The listener has a connection of its own and reconnects (with backoff) after a Postgres restart.
  let listener: Client | null = null;
  let reconnectDelay = 500;
  const listen = async (): Promise<void> => {
    if (!running) return;
    const client = new Client(pool.options);
    client.on('error', (err) => {
      logger.warn({ err }, 'outbox listener lost its connection; reconnecting');
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      if (running) setTimeout(() => void listen(), reconnectDelay).unref();
    });
    client.on('notification', () => void kick());
    try {
      await client.connect();
      await client.query(`LISTEN "${opts.schema}_outbox"`);
      if (!running) return void (await client.end());
      listener = client;
      reconnectDelay = 500;
      void kick();
    } catch (err) {
      logger.warn({ err }, 'outbox listener failed to connect; retrying');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      reconnectDelay = Math.min(10_000, reconnectDelay * 2);
      if (running) setTimeout(() => void listen(), reconnectDelay).unref();
    }
  };
  void listen();
  const unregister = opts.holdAnswers ? registerRelay(() => void kick()) : () => undefined;
  // Remembered stream positions outlive their messages by at most an hour: pruned hourly by the
  // one replica holding the service's lease for it (lease.ts); every replica relays.
  const keepDays = Math.max(...Object.values(STREAM_MAX_AGE_DAYS));
  const pruning = startSingletonJob({
    pool,
    name: 'outbox.prune-stream-positions',
    everyMs: 3_600_000,
    firstAfterMs: opts.pollMs ?? 1000,
    logger,
    run: () => pruneStreamMessages(pool, keepDays),
  });
  const schedule = () => {
    timer = setTimeout(() => {
      void kick().finally(() => running && schedule());
    }, opts.pollMs ?? 1000);
  };
  schedule();

  return {
    flush: async () => {
      await current;
      again = true;
      return kick();
    },
    stop: async () => {
      running = false;
      unregister();
      if (timer) clearTimeout(timer);
      await pruning.stop();
      await current;
      const l = listener;
      listener = null;
      if (l) {
        l.removeAllListeners('error');
        l.on('error', () => undefined);
        await l.end().catch(() => undefined);
      }
    },
  };
}
