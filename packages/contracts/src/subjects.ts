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

/** The JetStream limits of a service's stream (max_age in nanoseconds). */
export function streamLimits(service: string): { max_age: number } {
  return { max_age: (STREAM_MAX_AGE_DAYS[service] ?? DEFAULT_MAX_AGE_DAYS) * DAY_NS };
}
