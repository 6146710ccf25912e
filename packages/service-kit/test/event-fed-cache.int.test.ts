/**
 * EventFedCache's sync against the real NATS: a caller never shares a round of `STREAM.INFO`
 * questions sent before it arrived, and callers arriving while a round is out share the next one.
 * (Read-your-writes end to end: services/auth/test/me-cache.int.test.ts.) No timing assertions: the
 * first round's answers are held back by a gate around the real `streams.info`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { connectBus, EventFedCache, type Bus } from '../src';
import { createTestRun } from '../src/testing';

const run = createTestRun('kfed');
/** The cache logs only when its feed falls behind (warn) and catches up (info). */
const quiet = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
let bus: Bus;
let cache: EventFedCache<string>;
/** `streams.info` calls made, and a gate that holds their answers while closed. */
let asked = 0;
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  bus = await connectBus({ url: run.env.NATS_URL, prefix: run.env.NATS_PREFIX, name: 'event-fed-cache-test' });
  cache = new EventFedCache<string>(bus, quiet, { streams: ['users'], label: 'test cache', fallback: 'loading' });
  await cache.start();
  await cache.whenCurrent();
  const info = bus.jsm.streams.info.bind(bus.jsm.streams);
  bus.jsm.streams.info = (async (...args: Parameters<typeof info>) => {
    asked++;
    const answer = await info(...args);
    await gate;
    return answer;
  }) as typeof info;
});
afterAll(async () => {
  cache?.stop();
  await bus?.close();
  await run.cleanup();
});

const turn = () => new Promise((r) => setImmediate(r));
async function until(check: () => boolean): Promise<void> {
  while (!check()) await turn();
}
function closeGate(): () => void {
  let open!: () => void;
  gate = new Promise<void>((r) => (open = r));
  return open;
}
/** An event for `userId` in the users stream, acknowledged by JetStream. */
const publishFor = (userId: string) => bus.js.publish(bus.subject('users.view_changed.v1'), JSON.stringify({ data: { user_id: userId } }));

it('a caller arriving while a round of questions is out is answered by the next round, asked after it', async () => {
  const open = closeGate();
  const before = asked;
  const first = cache.sync();
  await until(() => asked === before + 1);
  // An event published now may be missing from the round already asked: the late caller needs a new one.
  const published = await publishFor('late-user');
  let lateDone = false;
  const late = cache.sync().then((ok) => ((lateDone = true), ok));
  for (let i = 0; i < 20; i++) await turn();
  expect(asked).toBe(before + 1); // not sent while the first round is out
  expect(lateDone).toBe(false);
  open();
  expect(await first).toBe(true);
  expect(await late).toBe(true);
  expect(asked).toBe(before + 2);
  // Its round was asked after the publish, so the feed has handled the event by the time it answers.
  const kept = await cache.get('late-user', async () => 'loaded');
  expect(kept).toBe('loaded');
  expect(published.seq).toBeGreaterThan(0);
});

it('every caller arriving during one round of questions shares the next one', async () => {
  const open = closeGate();
  const before = asked;
  const first = cache.sync();
  await until(() => asked === before + 1);
  const waiting: Promise<boolean>[] = [];
  for (let i = 0; i < 50; i++) {
    waiting.push(cache.sync());
    await turn(); // each in an event-loop turn of its own, as requests spread over time arrive
  }
  open();
  expect(await first).toBe(true);
  expect(await Promise.all(waiting)).toEqual(Array(50).fill(true));
  expect(asked).toBe(before + 2);
});

it('keeps a value and answers it from a later sync; an event for its user drops it', async () => {
  let loads = 0;
  const load = async () => `v${++loads}`;
  expect(await cache.get('kept-user', load)).toBe('v1');
  expect(await cache.get('kept-user', load)).toBe('v1');
  await publishFor('kept-user');
  expect(await cache.get('kept-user', load)).toBe('v2');
});
