/** Stream retention declared in contracts, and dead letters an operator can list. */
import { Events, STREAM_MAX_AGE_DAYS, streamName } from '@corestone/contracts';
import {
  connectBus,
  createServiceApp,
  ensureStream,
  listDeadLetters,
  newId,
  publishEvent,
  startConsumer,
  type Bus,
} from '@corestone/service-kit';
import { createTestRun } from '../src/testing';

const run = createTestRun('str');
let bus: Bus;
const log = createServiceApp({ name: 'streams-test', logLevel: 'silent' }).log;
const DAY_NS = 86_400 * 1e9;

beforeAll(async () => {
  bus = await connectBus({ url: run.env.NATS_URL, prefix: run.env.NATS_PREFIX, name: 'streams-test' });
});
afterAll(async () => {
  await bus.close();
  await run.cleanup();
});

test('streams get the max age declared in contracts, also when they existed without one', async () => {
  const name = streamName(bus.prefix, 'evaluation');
  await bus.jsm.streams.add({ name, subjects: [bus.subject('evaluation.*.v1')] });
  expect((await bus.jsm.streams.info(name)).config.max_age).toBe(0);
  await ensureStream(bus, 'evaluation');
  expect((await bus.jsm.streams.info(name)).config.max_age).toBe(STREAM_MAX_AGE_DAYS.evaluation * DAY_NS);
  await ensureStream(bus, 'deadletter');
  expect((await bus.jsm.streams.info(streamName(bus.prefix, 'deadletter'))).config.max_age).toBe(30 * DAY_NS);
});

test('dead-lettered messages are listed with their consumer, error, deliveries and event', async () => {
  const consumer = await startConsumer({
    bus,
    stream: 'users',
    durable: 'always-fails',
    subjects: [Events.usersDeleted.subject],
    logger: log,
    maxDeliver: 2,
    backoffMs: () => 20,
    handler: async () => {
      throw new Error('cannot handle this user');
    },
  });
  const id = newId();
  await publishEvent(bus, Events.usersDeleted, { user_id: 'u-dead' }, id);
  let listed: Awaited<ReturnType<typeof listDeadLetters>> = [];
  for (let i = 0; i < 100 && listed.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    listed = await listDeadLetters(bus, { consumer: 'always-fails' });
  }
  await consumer.stop();
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({
    consumer: 'always-fails',
    originalSubject: bus.subject(Events.usersDeleted.subject),
    error: 'cannot handle this user',
    deliveries: 2,
    eventId: id,
    eventType: Events.usersDeleted.subject,
  });
  expect(await listDeadLetters(bus, { consumer: 'someone-else' })).toEqual([]);
});
