import type { Pool } from 'pg';
import { SpanKind } from '@opentelemetry/api';
import type { Static } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { EventDef } from '@corestone/contracts';
import type { Queryable } from './db';
import { makeEvent, messageAttributes, toHeaders, type Bus } from './nats';
import { extractTraceContext, injectTraceContext, inSpan } from './tracing';

/**
 * Transactional outbox: write the event in the same transaction as the change it announces;
 * the relay publishes it with its id as JetStream message id (dedupe) and deletes it only once
 * JetStream has acknowledged it, retrying until then.
 */
export async function enqueueEvent<E extends EventDef>(
  db: Queryable,
  def: E,
  data: Static<E['schema']>,
  id?: string,
): Promise<string> {
  const event = makeEvent(def, data, id);
  // The trace context of the request that made the change: the relay's publish span joins its trace.
  await db.query(`INSERT INTO outbox (id, subject, payload, headers) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [
    event.id,
    def.subject,
    JSON.stringify(event),
    JSON.stringify(injectTraceContext({})),
  ]);
  await db.query(`SELECT pg_notify(current_schema() || '_outbox', '')`);
  return event.id;
}

/** Records that a consumer handled an event; false when it already had (idempotent consumers). */
export async function markProcessed(db: Queryable, consumer: string, eventId: string): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [consumer, eventId],
  );
  return res.rowCount === 1;
}

export interface OutboxRelay {
  stop(): Promise<void>;
  /** Publishes everything pending now (tests and shutdown use it). */
  flush(): Promise<number>;
}

interface Row {
  seq: string;
  id: string;
  subject: string;
  payload: unknown;
  headers: Record<string, string>;
}

export function startOutboxRelay(opts: {
  pool: Pool;
  schema: string;
  bus: Bus;
  logger: FastifyBaseLogger;
  pollMs?: number;
  batch?: number;
}): OutboxRelay {
  const { pool, bus, logger } = opts;
  const batch = opts.batch ?? 100;
  let running = true;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> = Promise.resolve(0);
  let again = false;

  const publishBatch = async (): Promise<number> => {
    const client = await pool.connect();
    let published = 0;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<Row>(
        `SELECT seq, id, subject, payload, headers FROM outbox ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      );
      for (const row of rows) {
        try {
          const span = { kind: SpanKind.PRODUCER, parent: extractTraceContext(row.headers), attributes: messageAttributes(row.subject, row.id) };
          await inSpan(`${row.subject} publish`, span, () =>
            bus.js.publish(bus.subject(row.subject), JSON.stringify(row.payload), {
              msgID: row.id,
              headers: toHeaders(injectTraceContext({ ...row.headers })),
            }),
          );
          await client.query(`DELETE FROM outbox WHERE seq = $1`, [row.seq]);
          published++;
        } catch (err) {
          await client.query(`UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = $1`, [
            row.seq,
            (err as Error).message,
          ]);
          logger.warn({ err, subject: row.subject }, 'outbox publish failed; will retry');
          break; // keep order: retry from this row next time
        }
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return published;
  };

  const drain = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await publishBatch();
      total += n;
      if (n < batch) return total;
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
        logger.error({ err }, 'outbox relay failed');
        return 0;
      }
    });
    return current;
  };

  // LISTEN gives near-instant publishing; the poll catches anything a lost notification missed.
  let listener: import('pg').PoolClient | null = null;
  void pool.connect().then(
    async (client) => {
      if (!running) return client.release();
      listener = client;
      client.on('notification', () => void kick());
      await client.query(`LISTEN "${opts.schema}_outbox"`);
      void kick();
    },
    (err) => logger.error({ err }, 'outbox listener failed to connect'),
  );
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
      if (timer) clearTimeout(timer);
      await current;
      if (listener) {
        await listener.query(`UNLISTEN *`).catch(() => undefined);
        listener.release();
      }
    },
  };
}
