import { createHash } from 'node:crypto';
import { Codes, Messages } from '@corestone/contracts';
import { Counter } from 'prom-client';
import { HttpError } from './errors';
import { processMetric } from './metrics';
import type { Redis } from './redis';

/**
 * Fixed-window counters in Redis, one Lua script: add `n` (0 = just read) to the key, start
 * its window when it is new, answer the count and the milliseconds left in the window.
 */
const SCRIPT = `
local n = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local count
if n > 0 then
  count = redis.call('INCRBY', KEYS[1], n)
else
  count = tonumber(redis.call('GET', KEYS[1]) or '0')
end
local ttl = redis.call('PTTL', KEYS[1])
if count > 0 and ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], window)
  ttl = window
end
return {count, ttl}
`;
const SCRIPT_SHA = createHash('sha1').update(SCRIPT).digest('hex');

export interface Window {
  count: number;
  /** Milliseconds until the window ends (0 when the key does not exist). */
  resetMs: number;
}

/** Used by the gateway (per-address budgets) and auth (failed sign-ins per account). */
function limiterMetrics() {
  const counter = (name: string, help: string) =>
    processMetric(name, (registers) => new Counter({ name, help, labelNames: ['bucket'], registers }));
  return {
    refusals: counter('rate_limit_refusals_total', 'Requests refused with 429 because a budget was spent'),
    storeErrors: counter('rate_limit_store_errors_total', 'Rate-limit store (Redis) failures; the limit was not enforced for that request'),
  };
}

export class Limiter {
  /** `keyPrefix`: everything before `<bucket>:<id>`, e.g. `<REDIS_PREFIX>gw:rl:`. */
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly timeoutMs = 1_000,
  ) {
    limiterMetrics(); // declared from the start, so /metrics shows them before the first refusal
  }

  key(bucket: string, id: string): string {
    return `${this.keyPrefix}${bucket}:${id}`;
  }

  private bucketOf(key: string): string {
    return key.slice(this.keyPrefix.length).split(':')[0] || 'unknown';
  }

  /** The 429 for a spent budget, counted (rate_limit_refusals_total{bucket}). */
  refuse(bucket: string, resetMs: number, detail?: string): HttpError {
    limiterMetrics().refusals.inc({ bucket });
    return tooManyRequests(resetMs, detail);
  }

  /** Adds `n` hits (0 reads without counting) to the window of `key`. */
  async add(key: string, windowMs: number, n = 1): Promise<Window> {
    const args = { keys: [key], arguments: [String(n), String(windowMs)] };
    const run = async () => {
      try {
        return (await this.redis.evalSha(SCRIPT_SHA, args)) as [number, number];
      } catch (err) {
        if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
        return (await this.redis.eval(SCRIPT, args)) as [number, number];
      }
    };
    const [count, ttl] = await this.counted(key, withTimeout(run(), this.timeoutMs));
    return { count: Number(count), resetMs: Math.max(0, Number(ttl)) };
  }

  async reset(key: string): Promise<void> {
    await this.counted(key, withTimeout(this.redis.del(key), this.timeoutMs));
  }

  /**
   * Callers fail open when Redis is away (a class at its deadline keeps working through a short
   * outage); each failure is counted in rate_limit_store_errors_total{bucket}, which operators alert
   * on, so a sign-in lockout that is not being enforced never goes unnoticed.
   */
  private async counted<T>(key: string, op: Promise<T>): Promise<T> {
    try {
      return await op;
    } catch (err) {
      limiterMetrics().storeErrors.inc({ bucket: this.bucketOf(key) });
      throw err;
    }
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('rate limit store timed out')), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}

/** A stable, non-reversible id for an account name (keys never hold e-mail addresses). */
export const accountId = (username: string) => createHash('sha256').update(username.trim().toLowerCase()).digest('hex').slice(0, 32);

/** 429 with Retry-After (whole seconds, at least 1). */
export const tooManyRequests = (resetMs: number, detail: string = Messages.RATE_LIMITED) =>
  new HttpError(429, Codes.RATE_LIMITED, detail, { 'retry-after': String(Math.max(1, Math.ceil(resetMs / 1000))) });
