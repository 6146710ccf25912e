/**
 * Erasure of an aggregate's personal content from JetStream and the outbox: what the relay published
 * with personal content (ERASABLE_SUBJECTS) is remembered and deleted from the stream; an unpublished
 * one is dropped from the outbox; dead letters about it go; events others still need (a refund, an
 * access change) and other aggregates' messages stay.
 */
import { DEAD_LETTER_STREAM, Events, deadLetterSubject, streamName } from '@corestone/contracts';
import {
  connectBus,
  createServiceApp,
  enqueueEvent,
  ensureStream,
  eraseAggregates,
  makeEvent,
  newId,
  openDatabase,
  startOutboxRelay,
  withTransaction,
  type Bus,
  type Database,
} from '@corestone/service-kit';
import { createTestRun } from '../src/testing';

const run = createTestRun('era');
let db: Database;
let bus: Bus;
const log = createServiceApp({ name: 'erasure-test', logLevel: 'silent' }).log;

beforeAll(async () => {
  db = await openDatabase({ url: run.env.DATABASE_URL, schema: `${run.id}_era`, migrations: [] });
  bus = await connectBus({ url: run.env.NATS_URL, prefix: run.env.NATS_PREFIX, name: 'erasure-test' });
  await ensureStream(bus, 'users');
  await ensureStream(bus, DEAD_LETTER_STREAM);
});
afterAll(async () => {
  await bus.close();
  await db.close();
  await run.cleanup();
});

const created = (userId: string, email: string) => ({
  user_id: userId,
  email,
  role: 'student' as const,
  first_name: 'Ada',
  last_name: 'Lovelace',
});

/** Every message body of a stream, as text. */
async function bodies(service: string): Promise<string[]> {
  const name = streamName(bus.prefix, service);
  const { state } = await bus.jsm.streams.info(name);
  const out: string[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const m = await bus.jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (m) out.push(new TextDecoder().decode(m.data));
  }
  return out;
}

it('erases the published and unpublished personal events of one user, and nothing else', async () => {
  const gone = newId();
  const kept = newId();
  const relay = startOutboxRelay({ pool: db.pool, schema: `${run.id}_era`, bus, logger: log, pollMs: 100 });
  try {
    await withTransaction(db.pool, async (c) => {
      await enqueueEvent(c, Events.usersCreated, created(gone, 'gone@school.example'));
      await enqueueEvent(c, Events.usersAccessChanged, { user_id: gone, role: 'teacher', is_active: true });
      await enqueueEvent(c, Events.usersCreated, created(kept, 'kept@school.example'));
    });
    await relay.flush();
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM stream_messages WHERE aggregate = $1`, [gone])).rows[0].n).toBe(1);
  } finally {
    await relay.stop();
  }
  // Not yet published (no relay runs now): a second users.created and a refund-like event of the user.
  await withTransaction(db.pool, async (c) => {
    await enqueueEvent(c, Events.usersCreated, created(gone, 'gone-again@school.example'), newId(), { orderKey: gone });
    await enqueueEvent(c, Events.usersDeleted, { user_id: gone });
  });
  // A dead letter about the user, as the consumer kit writes it.
  await bus.js.publish(
    deadLetterSubject(bus.prefix, 'someone'),
    JSON.stringify(makeEvent(Events.usersCreated, created(gone, 'gone@school.example'))),
  );
  expect((await bodies('users')).join()).toContain('gone@school.example');
  expect((await bodies(DEAD_LETTER_STREAM)).join()).toContain('gone@school.example');

  const result = await withTransaction(db.pool, (c) => eraseAggregates(c, bus, [gone], log));
  expect(result).toEqual({ messages: 2, outboxRows: 1 });

  const users = (await bodies('users')).join();
  expect(users).not.toContain('gone@school.example');
  expect(users).toContain(Events.usersAccessChanged.subject); // others still need it
  expect(users).toContain('kept@school.example');
  expect((await bodies(DEAD_LETTER_STREAM)).join()).not.toContain('gone@school.example');
  const { rows } = await db.pool.query<{ subject: string }>(`SELECT subject FROM outbox ORDER BY seq`);
  expect(rows.map((r) => r.subject)).toEqual([Events.usersDeleted.subject]);
  expect((await db.pool.query(`SELECT count(*)::int AS n FROM stream_messages WHERE aggregate = $1`, [gone])).rows[0].n).toBe(0);

  // Erasing again finds nothing and fails on nothing.
  expect(await withTransaction(db.pool, (c) => eraseAggregates(c, bus, [gone]))).toEqual({ messages: 0, outboxRows: 0 });
});

it('the relay remembers where every erasable message of a batch landed, in one statement per batch', async () => {
  const people = [newId(), newId(), newId()];
  const writes: string[] = [];
  const relay = startOutboxRelay({ pool: db.pool, schema: `${run.id}_era`, bus, logger: log, pollMs: 3_600_000 });
  await relay.flush();
  // Counts the relay's statements that write stream_messages (every client it takes from the pool).
  const watch = (client: { query: (...args: unknown[]) => unknown; counted?: boolean }) => {
    if (client.counted) return;
    client.counted = true;
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const config = args[0] as string | { text?: string } | undefined;
      const text = typeof config === 'string' ? config : (config?.text ?? ''); // a named statement comes as a config
      if (text.includes('INSERT INTO stream_messages')) writes.push(text);
      return query.apply(this, args);
    };
  };
  db.pool.on('acquire', watch);
  try {
    await withTransaction(db.pool, async (c) => {
      for (const p of people) await enqueueEvent(c, Events.usersCreated, created(p, `${p}@school.example`));
      await enqueueEvent(c, Events.usersAccessChanged, { user_id: people[0], role: 'teacher', is_active: true }); // not erasable
      // A second erasable event of one aggregate: published after the first, in the same flush.
      await enqueueEvent(c, Events.usersCreated, created(people[1], `again-${people[1]}@school.example`));
    });
    await relay.flush();
    expect((await db.pool.query(`SELECT 1 FROM outbox`)).rowCount).toBe(0);
    const { rows } = await db.pool.query<{ stream: string; seq: string; aggregate: string }>(
      `SELECT stream, seq, aggregate FROM stream_messages WHERE aggregate = ANY($1::text[]) ORDER BY seq`,
      [people],
    );
    // One row per users.created published, each pointing at that very message.
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      const msg = await bus.jsm.streams.getMessage(r.stream, { seq: Number(r.seq) });
      const event = JSON.parse(new TextDecoder().decode(msg!.data)) as { type: string; data: { user_id: string } };
      expect(event).toMatchObject({ type: Events.usersCreated.subject, data: { user_id: r.aggregate } });
    }
    expect(rows.filter((r) => r.aggregate === people[1])).toHaveLength(2);
    // Two batches (the second erasable event of people[1] waits for its first): two statements, not four.
    expect(writes).toHaveLength(2);
  } finally {
    db.pool.off('acquire', watch);
    await relay.stop();
  }
});
