/**
 * The durable consumer's two ways of pulling, against the real NATS: on demand (a pull for the free
 * slots, the default) and read-ahead (one standing pull). Both must hand every message to the
 * handler once, keep at most `concurrency` handlers running, retry and dead-letter alike; a
 * read-ahead consumer that stops hands back what it read ahead at once.
 */
import { Events, streamName } from '@corestone/contracts';
import { connectBus, createServiceApp, publishEvent, startConsumer, type Bus, type ConsumerOptions } from '@corestone/service-kit';
import { createTestRun } from '../src/testing';

const run = createTestRun('cons');
let bus: Bus;
const log = createServiceApp({ name: 'consumer-test', logLevel: 'silent' }).log;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  bus = await connectBus({ url: run.env.NATS_URL, prefix: run.env.NATS_PREFIX, name: 'consumer-test' });
});
afterAll(async () => {
  await bus.close();
  await run.cleanup();
});

/** Polls until `done()` or about `limitMs`; the assertions after it say what was missing. */
async function until(done: () => boolean, limitMs = 10_000): Promise<void> {
  for (let waited = 0; !done() && waited < limitMs; waited += 25) await sleep(25);
}

const publishDeleted = (userId: string) => publishEvent(bus, Events.usersDeleted, { user_id: userId });
/** The user id of an event, when it was published by the test named `tag` (each durable reads the whole stream). */
const userOf = (event: { data: unknown }, tag: string): string | null => {
  const id = (event.data as { user_id: string }).user_id;
  return id.startsWith(`${tag}-`) ? id : null;
};

describe.each([
  ['on demand', false],
  ['read-ahead', true],
])('consumer pulling %s', (mode, readAhead) => {
  const durable = `c-${readAhead ? 'ahead' : 'demand'}`;
  const base = (name: string): Omit<ConsumerOptions, 'handler'> => ({
    bus,
    stream: 'users',
    durable: `${durable}-${name}`,
    subjects: [Events.usersDeleted.subject],
    logger: log,
    readAhead,
  });

  it('hands every message to the handler once, never more than `concurrency` at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: string[] = [];
    const consumer = await startConsumer({
      ...base('bound'),
      concurrency: 3,
      handler: async (event) => {
        const id = userOf(event, `${mode}-bound`);
        if (!id) return;
        running++;
        most = Math.max(most, running);
        await sleep(15);
        seen.push(id);
        running--;
      },
    });
    const sent = Array.from({ length: 30 }, (_, i) => `${mode}-bound-${i}`);
    for (const id of sent) await publishDeleted(id);
    await until(() => seen.length >= sent.length);
    await sleep(100); // a duplicate would show up here
    await consumer.stop();
    expect([...seen].sort()).toEqual([...sent].sort());
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1); // the slots are used concurrently
    const info = await bus.jsm.consumers.info(streamName(bus.prefix, 'users'), `${durable}-bound`);
    expect(info.num_ack_pending).toBe(0);
  });

  it('retries a failing message with backoff and dead-letters it after maxDeliver tries', async () => {
    const tries: number[] = [];
    const dead: string[] = [];
    const consumer = await startConsumer({
      ...base('poison'),
      maxDeliver: 3,
      backoffMs: () => 30,
      handler: async (event, msg) => {
        if (!userOf(event, `${mode}-poison`)) return;
        tries.push(msg.info.deliveryCount);
        throw new Error('always fails');
      },
      onDeadLetter: async (event, error) => void dead.push(`${event?.type}:${error}`),
    });
    await publishDeleted(`${mode}-poison-1`);
    await until(() => dead.length > 0);
    await consumer.stop();
    expect(tries).toEqual([1, 2, 3]);
    expect(dead).toEqual(['users.deleted.v1:always fails']);
  });

  it('lets the messages it had not started go to another replica at once when it stops', async () => {
    const firstSeen: string[] = [];
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((r) => (release = r));
    // A long ack wait: a message kept back by the stopped replica would only come back after it.
    const first = await startConsumer({
      ...base('handover'),
      concurrency: 1,
      ackWaitMs: 120_000,
      handler: async (event) => {
        const id = userOf(event, `${mode}-handover`);
        if (!id) return;
        firstSeen.push(id);
        await blocked;
      },
    });
    const sent = Array.from({ length: 6 }, (_, i) => `${mode}-handover-${i}`);
    for (const id of sent) await publishDeleted(id);
    await until(() => firstSeen.length === 1);
    await sleep(200); // a read-ahead replica now holds the rest
    const stopping = first.stop();
    release();
    await stopping;

    const secondSeen: string[] = [];
    const second = await startConsumer({
      ...base('handover'),
      concurrency: 4,
      ackWaitMs: 120_000,
      handler: async (event) => {
        const id = userOf(event, `${mode}-handover`);
        if (id) secondSeen.push(id);
      },
    });
    await until(() => firstSeen.length + secondSeen.length >= sent.length);
    await second.stop();
    expect([...firstSeen, ...secondSeen].sort()).toEqual([...sent].sort());
  });
});
