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
