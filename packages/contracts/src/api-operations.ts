/**
 * Operator views in the admin area: the messages consumers gave up on (dead letters). Only what an
 * operator needs to act — never the message's data (a grading job carries an essay).
 */
import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const DeadLetterEntry = Type.Object({
  seq: Type.Integer({ description: 'position in the dead-letter stream' }),
  consumer: Type.String({ description: 'the durable consumer that gave up' }),
  original_subject: Type.String(),
  error: Type.String({ description: 'why it was given up on (last handler error, delivery limit, malformed)' }),
  deliveries: Type.Integer(),
  time: Type.String({ description: 'when it was dead-lettered (ISO 8601)' }),
  event_id: Nullable(Type.String()),
  event_type: Nullable(Type.String()),
});
type DeadLetterEntry = Static<typeof DeadLetterEntry>;

export const DeadLetterReport = Type.Object({
  /** Dead letters kept per consumer (the stream keeps them STREAM_MAX_AGE_DAYS.deadletter days). */
  counts: Type.Record(Type.String(), Type.Integer()),
  total: Type.Integer(),
  /** Oldest first, at most `limit`, of one consumer when `consumer` was given. */
  items: Type.Array(DeadLetterEntry),
});
export type DeadLetterReport = Static<typeof DeadLetterReport>;

export const DeadLetterQuery = Type.Object({
  consumer: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
