import net from 'node:net';
import { connectRedis, GenerationCache, type Redis } from '../src';
import { createTestRun } from '../src/testing';

const run = createTestRun('kcache');
let redis: Redis;
beforeAll(async () => {
  redis = await connectRedis(run.env.REDIS_URL);
});
afterAll(async () => {
  await redis.quit();
  await run.cleanup();
});

it('loads once, serves from Redis, and loads afresh after an invalidation', async () => {
  const cache = new GenerationCache(redis, run.env.REDIS_PREFIX, 60);
  let loads = 0;
  const load = async () => ({ n: ++loads });
  expect(await cache.get('doc', load)).toEqual({ n: 1 });
  expect(await cache.get('doc', load)).toEqual({ n: 1 });
  await cache.invalidate('doc');
  expect(await cache.get('doc', load)).toEqual({ n: 2 });
  expect(await cache.get('doc', load)).toEqual({ n: 2 });
  expect(await cache.get('other', async () => null)).toBeNull();
});

it('never keeps a value loaded before a write that invalidated it meanwhile', async () => {
  const cache = new GenerationCache(redis, run.env.REDIS_PREFIX, 60);
  let stored = 'old';
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let loading!: () => void;
  const loaderCalled = new Promise<void>((r) => (loading = r));
  // A slow reader loads the old value...
  const slow = cache.get('race', async () => {
    const seen = stored;
    loading();
    await gate;
    return seen;
  });
  // (waits for the loader itself, not a fixed delay: on a busy machine the reader's Redis round trip can take longer)
  await loaderCalled;
  // ...a write commits and invalidates while it is still loading...
  stored = 'new';
  await cache.invalidate('race');
  release();
  expect(await slow).toBe('old');
  // ...and the next reader still gets the new value, not the old one the slow reader stored.
  expect(await cache.get('race', async () => stored)).toBe('new');
});

it('answers from the loader when Redis is unavailable', async () => {
  const broken = await connectRedis(run.env.REDIS_URL);
  await broken.quit();
  const errors: unknown[] = [];
  const cache = new GenerationCache(broken, run.env.REDIS_PREFIX, 60, (err) => errors.push(err));
  expect(await cache.get('doc', async () => 'fresh')).toBe('fresh');
  await cache.invalidate('doc');
  expect(errors.length).toBeGreaterThan(0);
});

it('answers from the loader when Redis stops answering, within the timeout, and invalidates without hanging', async () => {
  // A loopback proxy to the real Redis that can stop passing anything on (a hung server or network).
  let frozen = false;
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(new URL(run.env.REDIS_URL).port || 6379), new URL(run.env.REDIS_URL).hostname);
    client.on('data', (d) => frozen || upstream.write(d));
    upstream.on('data', (d) => frozen || client.write(d));
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const hung = await connectRedis(`redis://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`);
  try {
    const errors: unknown[] = [];
    // 1 s, not less: a healthy read beside a full test run on two busy cores once took over 100 ms
    const cache = new GenerationCache(hung, run.env.REDIS_PREFIX, 60, (err) => errors.push(err), { timeoutMs: 1_000 });
    expect(await cache.get('hung', async () => 'first')).toBe('first');
    expect(await cache.get('hung', async () => 'not asked')).toBe('first');
    frozen = true;
    expect(await cache.get('hung', async () => 'fresh')).toBe('fresh');
    await cache.invalidate('hung');
    expect(errors.length).toBe(2);
  } finally {
    hung.destroy();
    proxy.close();
  }
});
