import type { FastifyBaseLogger } from 'fastify';
import { DEAD_LETTER_STREAM, ERASABLE_SUBJECTS } from '@corestone/contracts';
import type { Queryable } from './db';
import { ensureStream, parseEvent, type Bus } from './nats';

/**
 * Erasure of what JetStream keeps about one aggregate (an evaluation, a user) when it is deleted.
 *
 * Streams keep messages for days (STREAM_MAX_AGE_DAYS); some events carry an essay's text or quotes
 * from it, or a person's details (ERASABLE_SUBJECTS in contracts). Every such message a service
 * publishes (outbox relay) or consumes is remembered in its `stream_messages` table with the
 * aggregate it is about; deleting the aggregate deletes those messages from their streams (erased
 * on disk), the matching outbox rows not yet published, and its dead letters.
 * What is kept where, and for how long: docs/data-retention.md.
 */

export function isErasable(subject: string): boolean {
  return (ERASABLE_SUBJECTS as readonly string[]).includes(subject);
}

/** Notes that stream message `seq` of `stream` is about `aggregate`, so it can be erased with it. */
export async function rememberStreamMessage(db: Queryable, aggregate: string, stream: string, seq: number): Promise<void> {
  await db.query(`INSERT INTO stream_messages (stream, seq, aggregate) VALUES ($1, $2, $3) ON CONFLICT (stream, seq) DO NOTHING`, [
    stream,
    seq,
    aggregate,
  ]);
}

/**
 * rememberStreamMessage as a CTE body of a service's own statement (outbox.ts, "statement
 * builders"): stream message ($at stream, $at+1 seq) is about the aggregate `aggregate` (an SQL
 * text expression) of the row of `from`; nothing is written when `from` has no row or the stream
 * is null. Values at $at, $at+1: stream (or null), seq (or null).
 */
export function rememberStreamMessageSql(at: number, opts: { from: string; aggregate: string }): string {
  return `INSERT INTO stream_messages (stream, seq, aggregate)
    SELECT $${at}::text, $${at + 1}::bigint, ${opts.aggregate} FROM ${opts.from} WHERE $${at}::text IS NOT NULL
    ON CONFLICT (stream, seq) DO NOTHING`;
}

/** Deletes one message from a stream, overwriting it on disk; a message already gone is fine. */
export async function deleteStreamMessage(bus: Bus, stream: string, seq: number): Promise<boolean> {
  try {
    return await bus.jsm.streams.deleteMessage(stream, seq, true);
  } catch (err) {
    if (/no message found|not found|10037/i.test((err as Error).message)) return false;
    throw err;
  }
}

export interface ErasureResult {
  /** Stream messages deleted (published or consumed events, dead letters). */
  messages: number;
  /** Outbox rows (pending or parked) deleted before they were published. */
  outboxRows: number;
}

/**
 * Erases what the streams and this service's outbox hold about the aggregates. Run inside the
 * transaction that deletes them, after the delete (so a concurrent consumer that locked the row
 * first has recorded its message by now); a NATS failure throws and the deletion rolls back.
 * Only erasable subjects are touched: events other services still need (refunds) flow on.
 */
export async function eraseAggregates(db: Queryable, bus: Bus, aggregates: string[], logger?: FastifyBaseLogger): Promise<ErasureResult> {
  if (aggregates.length === 0) return { messages: 0, outboxRows: 0 };
  const subjects = [...ERASABLE_SUBJECTS];
  const outbox = await db.query(`DELETE FROM outbox WHERE order_key = ANY($1::text[]) AND subject = ANY($2::text[])`, [
    aggregates,
    subjects,
  ]);
  const parked = await db.query(`DELETE FROM outbox_dead WHERE order_key = ANY($1::text[]) AND subject = ANY($2::text[])`, [
    aggregates,
    subjects,
  ]);
  const { rows } = await db.query<{ stream: string; seq: string }>(
    `DELETE FROM stream_messages WHERE aggregate = ANY($1::text[]) RETURNING stream, seq`,
    [aggregates],
  );
  let messages = 0;
  for (const r of rows) if (await deleteStreamMessage(bus, r.stream, Number(r.seq))) messages++;
  messages += await eraseDeadLetters(bus, new Set(aggregates));
  const outboxRows = (outbox.rowCount ?? 0) + (parked.rowCount ?? 0);
  logger?.info({ aggregates: aggregates.length, messages, outboxRows }, 'erased stream messages of deleted data');
  return { messages, outboxRows };
}

/**
 * Dead letters about the aggregates (the dead-letter stream is small: messages given up on, kept
 * 30 days). Matched by the event's `evaluation_id` or `user_id`.
 */
async function eraseDeadLetters(bus: Bus, aggregates: Set<string>): Promise<number> {
  const stream = await ensureStream(bus, DEAD_LETTER_STREAM);
  const { state } = await bus.jsm.streams.info(stream);
  if (state.messages === 0) return 0;
  let erased = 0;
  for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
    const msg = await bus.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (!msg) continue;
    let about: unknown[];
    try {
      const data = parseEvent(msg.data).data as { evaluation_id?: unknown; user_id?: unknown };
      about = [data?.evaluation_id, data?.user_id];
    } catch {
      continue; // malformed: it names no aggregate we could match
    }
    if (about.some((a) => typeof a === 'string' && aggregates.has(a)) && (await deleteStreamMessage(bus, stream, seq))) erased++;
  }
  return erased;
}

/** Forgets remembered messages older than every stream's max age (their messages are gone anyway). */
export async function pruneStreamMessages(db: Queryable, olderThanDays: number): Promise<number> {
  const res = await db.query(`DELETE FROM stream_messages WHERE recorded_at < now() - make_interval(days => $1)`, [olderThanDays]);
  return res.rowCount ?? 0;
}
