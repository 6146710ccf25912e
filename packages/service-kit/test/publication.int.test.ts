/**
 * Answers leave after their events are published: whoever reads an RPC or HTTP answer finds the
 * events written while it was made already in their stream (what makes read models fed by them
 * read-your-writes). A rolled-back transaction's events are never waited for.
 */
import { Events, Rpc, streamName } from '@corestone/contracts';
import {
  callRpc,
  connectBus,
  createServiceApp,
  enqueueEvent,
  ensureStream,
  newId,
  openDatabase,
  publicationMark,
  serveRpc,
  startOutboxRelay,
  withTransaction,
  type Bus,
  type Database,
  type OutboxRelay,
} from '@corestone/service-kit';
import { createTestRun } from '../src/testing';

const run = createTestRun('pub');
let db: Database;
let bus: Bus;
let relay: OutboxRelay;
const app = createServiceApp({ name: 'publication-test', logLevel: 'silent' });

/** Writes a users.deleted event for `userId` in a transaction, as a service's store would. */
const announce = (userId: string) => withTransaction(db.pool, (c) => enqueueEvent(c, Events.usersDeleted, { user_id: userId }));

/** Is the users.deleted event of this user in the stream right now? */
async function inStream(userId: string): Promise<boolean> {
  const last = await bus.jsm.streams.getMessage(streamName(bus.prefix, 'users'), {
    last_by_subj: bus.subject(Events.usersDeleted.subject),
  });
  return last !== null && (last.json() as { data: { user_id: string } }).data.user_id === userId;
}

beforeAll(async () => {
  db = await openDatabase({ url: run.env.DATABASE_URL, schema: `${run.id}_pub`, migrations: [] });
  bus = await connectBus({ url: run.env.NATS_URL, prefix: run.env.NATS_PREFIX, name: 'publication-test' });
  await ensureStream(bus, 'users');
  // A slow poll: only the LISTEN wake-up and the answers' own kick publish quickly.
  relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger: app.log, pollMs: 60_000, holdAnswers: true });
  app.post('/announce/:id', async (req) => {
    await announce((req.params as { id: string }).id);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await relay.stop();
  await bus.close();
  await db.close();
  await run.cleanup();
});

test('an RPC answer leaves once the events its handler wrote are in the stream', async () => {
  // any request/reply definition does: the handler writes an event and answers
  const sub = serveRpc(
    bus,
    Rpc.usersGetView,
    async ({ user_id }) => {
      await announce(user_id);
      return { user: null as never };
    },
    app.log,
  );
  try {
    for (let i = 0; i < 5; i++) {
      const id = newId();
      await callRpc(bus, Rpc.usersGetView, { user_id: id }).catch(() => undefined); // the answer fails its schema: irrelevant here
      expect(await inStream(id)).toBe(true);
    }
  } finally {
    sub.unsubscribe();
  }
});

test('an HTTP answer leaves once the events the route wrote are in the stream', async () => {
  for (let i = 0; i < 5; i++) {
    const id = newId();
    const res = await app.inject({ method: 'POST', url: `/announce/${id}` });
    expect(res.statusCode).toBe(200);
    expect(await inStream(id)).toBe(true);
  }
});

test('events of a rolled-back transaction are not waited for', async () => {
  const before = publicationMark();
  await expect(
    withTransaction(db.pool, async (c) => {
      await enqueueEvent(c, Events.usersDeleted, { user_id: newId() });
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(publicationMark()).toBe(before);
  await announce(newId());
  expect(publicationMark()).toBe(before + 1);
});
