import { createHash } from 'node:crypto';
import type { Redis } from '@corestone/service-kit';

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

export class Limiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly timeoutMs = 1_000,
  ) {}

  key(bucket: string, id: string): string {
    return `${this.prefix}gw:rl:${bucket}:${id}`;
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
    const [count, ttl] = await withTimeout(run(), this.timeoutMs);
    return { count: Number(count), resetMs: Math.max(0, Number(ttl)) };
  }

  async reset(key: string): Promise<void> {
    await withTimeout(this.redis.del(key), this.timeoutMs);
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
