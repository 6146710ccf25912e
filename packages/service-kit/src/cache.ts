import type { Redis } from './redis';

/**
 * Read-through cache in Redis that a write invalidates at once, without the classic race where a
 * reader that loaded the old value before the write stores it after the invalidation: every entry
 * lives under a generation number, a write bumps the generation, and a reader stores what it
 * loaded under the generation it saw *before* loading — a stale value lands under a dead key.
 * Redis being away never fails a read: the loader answers.
 */
const READ = `
local gen = redis.call('GET', KEYS[1]) or '0'
return {gen, redis.call('GET', ARGV[1] .. gen)}
`;

export class GenerationCache {
  constructor(
    private readonly redis: Redis,
    /** e.g. `<REDIS_PREFIX>content:` */
    private readonly keyPrefix: string,
    private readonly ttlSeconds: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  private genKey = (name: string) => `${this.keyPrefix}gen:${name}`;
  private valueKey = (name: string) => `${this.keyPrefix}val:${name}:`;

  async get<T>(name: string, load: () => Promise<T>): Promise<T> {
    let gen: string | null = null;
    try {
      // A missing value ends the Lua table early: the answer is then just [gen].
      const [g, hit] = (await this.redis.eval(READ, { keys: [this.genKey(name)], arguments: [this.valueKey(name)] })) as [string, string?];
      gen = String(g);
      if (typeof hit === 'string') return JSON.parse(hit) as T;
    } catch (err) {
      this.onError(err);
    }
    const value = await load();
    if (gen !== null && this.ttlSeconds > 0) {
      await this.redis.set(`${this.valueKey(name)}${gen}`, JSON.stringify(value), { EX: this.ttlSeconds }).catch(this.onError);
    }
    return value;
  }

  /** Call after the write committed: every later read loads afresh. */
  async invalidate(name: string): Promise<void> {
    await this.redis.incr(this.genKey(name)).catch(this.onError);
  }
}
