/**
 * Subject and stream naming with an optional prefix token, so test runs never collide:
 * prefix 't42' gives 't42.evaluation.submitted.v1' and stream 'T42_EVALUATION'.
 */
export function prefixed(prefix: string, subject: string): string {
  return prefix ? `${prefix}.${subject}` : subject;
}

export function streamName(prefix: string, service: string): string {
  const base = service.toUpperCase();
  return prefix ? `${prefix.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_${base}` : base;
}

export function streamSubjects(prefix: string, service: string): string[] {
  return [prefixed(prefix, `${service}.*.v1`)];
}

export function deadLetterSubject(prefix: string, consumer: string): string {
  return prefixed(prefix, `deadletter.${consumer}`);
}
export const DEAD_LETTER_STREAM = 'deadletter';

const DAY_NS = 24 * 60 * 60 * 1_000_000_000;

/**
 * How long each stream keeps its messages (JetStream limits retention with max_age: older messages
 * are removed). Consumers read events within seconds; the age only has to cover an outage of a
 * consumer. Dead letters stay long enough for an operator to look at them and act.
 * No max_bytes: on file storage NATS reserves it up front from the server's store.
 * What this means for essays and accounts: docs/data-retention.md.
 */
export const STREAM_MAX_AGE_DAYS: Record<string, number> = {
  // only auth's own replicas read it, from its end, to forget ended sessions
  auth: 1,
  // only evaluation's replicas read it, from its end, to drop the rubric snapshots they keep
  rubric: 1,
  evaluation: 7,
  grading: 7,
  users: 14,
  billing: 14,
  [DEAD_LETTER_STREAM]: 30,
};
const DEFAULT_MAX_AGE_DAYS = 14;

/**
 * How many servers keep a copy of each stream: the deployment's setting (`NATS_STREAM_REPLICAS`:
 * 1 on a single server, 3 on a three-node cluster) for every stream above, dead letters included —
 * a stream kept on one node of a cluster loses every queued essay with that node. JetStream allows
 * 1 to 5 and at most as many as the cluster has servers with JetStream.
 */
export const MAX_STREAM_REPLICAS = 5;

/**
 * How long JetStream remembers a message id (Nats-Msg-Id) to drop a second publish of it. Covers
 * every retry of one publish: a publish whose acknowledgement timed out during a leader election is
 * sent again with the same id (the kit's publishDurably, bounded well under this), and the outbox
 * relay's later rounds resend a row under its event id.
 */
export const DUPLICATE_WINDOW_NS = 2 * 60 * 1_000_000_000;

/** The JetStream limits of a service's stream (max_age in nanoseconds; num_replicas when `replicas` is given). */
export function streamLimits(service: string): { max_age: number };
export function streamLimits(service: string, replicas: number): { max_age: number; num_replicas: number };
export function streamLimits(service: string, replicas?: number): { max_age: number; num_replicas?: number } {
  const max_age = (STREAM_MAX_AGE_DAYS[service] ?? DEFAULT_MAX_AGE_DAYS) * DAY_NS;
  if (replicas === undefined) return { max_age };
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_STREAM_REPLICAS)
    throw new Error(`stream replicas must be an integer from 1 to ${MAX_STREAM_REPLICAS}, not ${replicas}`);
  return { max_age, num_replicas: replicas };
}
