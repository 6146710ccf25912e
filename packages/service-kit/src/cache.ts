import type { Redis } from './redis';

/**
 * Read-through cache in Redis that a write invalidates at once, without the classic race where a
 * reader that loaded the old value before the write stores it after the invalidation: every entry
 * lives under a generation number, a write bumps the generation, and a reader stores what it
 * loaded under the generation it saw *before* loading — a stale value lands under a dead key.
 * Redis being away never fails a read, nor holds it longer than `timeoutMs`: the loader answers.
 */
const READ = `
local gen = redis.call('GET', KEYS[1]) or '0'
return {gen, redis.call('GET', ARGV[1] .. gen)}
`;

export interface GenerationCacheOptions {
  /** A Redis call not answered within this long counts as Redis being away (default 1 s). */
  timeoutMs?: number;
}

export class GenerationCache {
  private readonly timeoutMs: number;

  constructor(
    private readonly redis: Redis,
    /** e.g. `<REDIS_PREFIX>content:` */
    private readonly keyPrefix: string,
    /** How long a loaded value is kept; a cache that only invalidates (the writer's side) may pass 0. */
    private readonly ttlSeconds: number,
    private readonly onError: (err: unknown) => void = () => undefined,
    opts: GenerationCacheOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 1000;
  }

  private genKey = (name: string) => `${this.keyPrefix}gen:${name}`;
  private valueKey = (name: string) => `${this.keyPrefix}val:${name}:`;

  async get<T>(name: string, load: () => Promise<T>): Promise<T> {
    let gen: string | null = null;
    if (!this.redis.isReady) {
      // A disconnected client would hold the command until it reconnects.
      this.onError(new Error('Redis is not connected'));
    } else {
      try {
        // A missing value ends the Lua table early: the answer is then just [gen].
        const read = this.redis.eval(READ, { keys: [this.genKey(name)], arguments: [this.valueKey(name)] });
        const [g, hit] = (await withTimeout(read, this.timeoutMs)) as [string, string?];
        gen = String(g);
        if (typeof hit === 'string') return JSON.parse(hit) as T;
      } catch (err) {
        this.onError(err);
      }
    }
    const value = await load();
    if (gen !== null && this.ttlSeconds > 0) {
      // Not waited for: the next command on this connection is sent after it anyway.
      this.redis.set(`${this.valueKey(name)}${gen}`, JSON.stringify(value), { EX: this.ttlSeconds }).catch(this.onError);
    }
    return value;
  }

  /**
   * Call after the write committed: every later read loads afresh. Waits at most `timeoutMs`; a
   * client that lost its connection sends the bump when it reconnects, before anything sent later.
   */
  async invalidate(name: string): Promise<void> {
    await withTimeout(this.redis.incr(this.genKey(name)), this.timeoutMs).catch(this.onError);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}
