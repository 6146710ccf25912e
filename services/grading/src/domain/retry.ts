/**
 * When to retry a model call and how long to wait (admin spec §7): statuses 408, 409, 429 and 5xx
 * are retried; a server's retry-after (retry-after-ms, or retry-after in seconds or as a date) is
 * honoured when it asks for less than 60 s; otherwise exponential backoff from 0.5 s, doubling, at
 * most 8 s, reduced by up to 25 % at random so that many clients do not retry in step.
 */
const RETRY = { initialMs: 500, maxMs: 8000, maxRetryAfterMs: 60_000, jitter: 0.25 } as const;

export function isRetryableStatus(status: number | undefined): boolean {
  return status === 408 || status === 409 || status === 429 || (status !== undefined && status >= 500);
}

type HeaderSource = { get(name: string): string | null } | undefined;

/** The wait a server asked for, in ms, or null when it asked for none (or for too long). */
export function retryAfterMs(headers: HeaderSource, now = Date.now()): number | null {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  let wait = Number.isFinite(ms) ? ms : null;
  if (wait === null) {
    const raw = headers?.get('retry-after');
    if (raw) {
      const seconds = Number.parseFloat(raw);
      wait = Number.isFinite(seconds) && /^\s*[\d.]+\s*$/.test(raw) ? seconds * 1000 : Date.parse(raw) - now;
    }
  }
  return wait !== null && Number.isFinite(wait) && wait > 0 && wait < RETRY.maxRetryAfterMs ? wait : null;
}

/** Delay before retry number `retry` (0 = the first retry). `random` is in [0, 1). */
export function retryDelayMs(retry: number, headers: HeaderSource, random: () => number = Math.random, now = Date.now()): number {
  const asked = retryAfterMs(headers, now);
  if (asked !== null) return asked;
  const backoff = Math.min(RETRY.initialMs * 2 ** retry, RETRY.maxMs);
  return backoff * (1 - random() * RETRY.jitter);
}
