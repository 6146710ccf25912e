/**
 * The outbox never jams: one event that cannot be published does not hold up the others, keeps
 * order only within its aggregate, is parked after N tries and can be replayed; an oversized event
 * is refused when enqueued; a PostgreSQL restart under the relay loses and doubles nothing.
 */
import { Registry } from 'prom-client';
import { Events, streamName } from '@corestone/contracts';
import {
  HttpError,
  connectBus,
  createServiceApp,
  enqueueEvent,
  enqueueEvents,
  ensureStream,
  listParkedEvents,
  newId,
  openDatabase,
  markProcessed,
  outboxRow,
  processedMarkSql,
  publicationMark,
  queryRowsWithSqlEvent,
  queryWithSqlEvent,
  registerRelay,
  rememberStreamMessageSql,
  replayParkedEvents,
  sqlEvent,
  sqlEventInsertSql,
  sqlEventValues,
  retryDelayMs,
  startOutboxRelay,
  withTransaction,
  type Bus,
  type Database,
  type SqlEvent,
} from '@corestone/service-kit';
import { Client } from 'pg';
import { createTestRun, startOwnPostgres } from '../src/testing';

const run = createTestRun('obx');
let db: Database;
let bus: Bus;
const log = createServiceApp({ name: 'outbox-test', logLevel: 'silent' }).log;
/** A subject no stream listens on: JetStream refuses every publish of it. */
const Unpublishable = { ...Events.usersDeleted, subject: 'nowhere.lost.v1' } as unknown as typeof Events.usersDeleted;

beforeAll(async () => {
  db = await openDatabase({ url: run.env.DATABASE_URL, schema: `${run.id}_obx`, migrations: [] });
  bus = await connectBus({ url: run.env.NATS_URL, prefix: run.env.NATS_PREFIX, name: 'outbox-test' });
  await ensureStream(bus, 'users');
});
afterAll(async () => {
  await bus.close();
  await db.close();
  await run.cleanup();
});
beforeEach(async () => {
  await db.pool.query('DELETE FROM outbox; DELETE FROM outbox_dead');
});

/** Ids of the users.deleted events the stream holds. */
async function publishedUserIds(b: Bus = bus): Promise<string[]> {
  const consumer = await b.js.consumers.get(streamName(b.prefix, 'users'));
  const ids: string[] = [];
  const info = await consumer.info(true);
  let left = info.num_pending;
  while (left > 0) {
    const batch = await consumer.fetch({ max_messages: left, expires: 1000 });
    for await (const m of batch) {
      const event = m.json() as { type: string; data: { user_id: string } };
      if (event.type === Events.usersDeleted.subject) ids.push(event.data.user_id);
      left--;
    }
  }
  await consumer.delete().catch(() => undefined);
  return ids;
}

const enqueue = (def: typeof Events.usersDeleted, userId: string, orderKey?: string | null) =>
  withTransaction(db.pool, (c) => enqueueEvent(c, def, { user_id: userId }, undefined, orderKey === undefined ? {} : { orderKey }));

test('a row that cannot be published does not delay the rows behind it; its own aggregate waits', async () => {
  const tag = newId();
  await enqueue(Unpublishable, `bad-${tag}`, `agg-bad-${tag}`);
  await enqueue(Events.usersDeleted, `after-bad-same-aggregate-${tag}`, `agg-bad-${tag}`);
  for (let i = 0; i < 3; i++) await enqueue(Events.usersDeleted, `ok-${i}-${tag}`);
  const relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger: log, pollMs: 60_000, retryBaseMs: 60_000 });
  try {
    await relay.flush();
    const ids = await publishedUserIds();
    expect(ids).toEqual(expect.arrayContaining([0, 1, 2].map((i) => `ok-${i}-${tag}`)));
    expect(ids).not.toContain(`after-bad-same-aggregate-${tag}`);
    const { rows } = await db.pool.query(
      `SELECT payload->'data'->>'user_id' AS user_id, attempts, last_error, next_attempt_at > now() AS later FROM outbox ORDER BY seq`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ user_id: `bad-${tag}`, attempts: 1, later: true });
    expect(rows[0].last_error).toBeTruthy();
    expect(rows[1]).toMatchObject({ user_id: `after-bad-same-aggregate-${tag}`, attempts: 0 });
  } finally {
    await relay.stop();
  }
});

test('enqueueEvents writes a batch in one statement, each row once however often it is written, and the relay publishes them in order', async () => {
  const tag = newId();
  const rows = [0, 1, 2].map((i) =>
    outboxRow(Events.usersDeleted, { user_id: `batch-${i}-${tag}` }, undefined, { orderKey: `batch-${tag}` }),
  );
  await withTransaction(db.pool, async (c) => {
    await enqueueEvents(c, rows);
    await enqueueEvents(c, rows.slice(1)); // written again: nothing doubles
    await enqueueEvents(c, []);
  });
  const stored = await db.pool.query(`SELECT id, subject, payload->'data'->>'user_id' AS user_id, order_key FROM outbox ORDER BY seq`);
  expect(stored.rows).toEqual(
    rows.map((r, i) => ({ id: r.id, subject: Events.usersDeleted.subject, user_id: `batch-${i}-${tag}`, order_key: `batch-${tag}` })),
  );
  const relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger: log, pollMs: 60_000 });
  try {
    await relay.flush();
    // the stream also holds the earlier tests' events
    expect((await publishedUserIds()).filter((id) => id.endsWith(tag))).toEqual([0, 1, 2].map((i) => `batch-${i}-${tag}`));
  } finally {
    await relay.stop();
  }
});

test('after maxAttempts a row is parked with its error, counted and logged once; the rest flows; replay puts it back', async () => {
  const tag = newId();
  const registry = new Registry();
  await enqueue(Unpublishable, `poison-${tag}`, null);
  await enqueue(Events.usersDeleted, `fine-${tag}`, null);
  const relay = startOutboxRelay({
    pool: db.pool,
    schema: db.schema,
    bus,
    logger: log,
    registry,
    pollMs: 60_000,
    maxAttempts: 3,
    retryBaseMs: 5,
    retryMaxMs: 10,
  });
  try {
    for (let i = 0; i < 20 && (await db.pool.query('SELECT 1 FROM outbox')).rowCount! > 0; i++) {
      await new Promise((r) => setTimeout(r, 30));
      await relay.flush();
    }
    expect((await db.pool.query('SELECT 1 FROM outbox')).rowCount).toBe(0);
    expect(await publishedUserIds()).toContain(`fine-${tag}`);
    const parked = await listParkedEvents(db.pool);
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ subject: 'nowhere.lost.v1', attempts: 3 });
    expect(parked[0].last_error).toBeTruthy();
    const text = await registry.metrics();
    expect(text).toMatch(/outbox_parked_total 1/);
    expect(text).toMatch(/outbox_publish_failures_total 3/);
    expect(text).toMatch(/outbox_depth\{state="parked"\} 1/);

    expect(await replayParkedEvents(db.pool)).toBe(1);
    expect(await listParkedEvents(db.pool)).toHaveLength(0);
    const { rows } = await db.pool.query(`SELECT attempts FROM outbox`);
    expect(rows).toEqual([{ attempts: 0 }]);
  } finally {
    await relay.stop();
  }
});

test('an event larger than NATS can carry is refused when enqueued, inside the caller transaction', async () => {
  const huge = 'x'.repeat(1024 * 1024);
  const err = await enqueue(Events.usersDeleted, huge).catch((e) => e);
  expect(err).toBeInstanceOf(HttpError);
  expect(err).toMatchObject({ statusCode: 413, code: 'EVENT_TOO_LARGE' });
  expect((await db.pool.query('SELECT 1 FROM outbox')).rowCount).toBe(0);
});

test('the notification written with each event wakes the relay (no polling): alone, in a transaction, replayed', async () => {
  const tag = newId();
  const relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger: log, pollMs: 3_600_000 });
  const settle = async () => {
    for (let i = 0; i < 200 && (await db.pool.query('SELECT 1 FROM outbox')).rowCount! > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
  };
  try {
    // The listener is up once its LISTEN is its backend's last statement.
    for (let i = 0; i < 200; i++) {
      const { rowCount } = await db.pool.query(`SELECT 1 FROM pg_stat_activity WHERE query = $1`, [`LISTEN "${db.schema}_outbox"`]);
      if (rowCount) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await enqueueEvent(db.pool, Events.usersDeleted, { user_id: `alone-${tag}` });
    await settle();
    await enqueue(Events.usersDeleted, `in-transaction-${tag}`);
    await settle();
    const parked = newId();
    await db.pool.query(
      `INSERT INTO outbox_dead (seq, id, subject, payload, headers, order_key, created_at, attempts, last_error)
       VALUES (nextval('outbox_seq_seq'), $1, $2, $3, '{}', NULL, now(), 3, 'gave up')`,
      [
        parked,
        Events.usersDeleted.subject,
        JSON.stringify({ id: parked, type: Events.usersDeleted.subject, data: { user_id: `replayed-${tag}` } }),
      ],
    );
    expect(await replayParkedEvents(db.pool, [parked])).toBe(1);
    await settle();
    expect((await db.pool.query('SELECT 1 FROM outbox')).rowCount).toBe(0);
    expect((await publishedUserIds()).filter((id) => id.endsWith(tag))).toEqual([
      `alone-${tag}`,
      `in-transaction-${tag}`,
      `replayed-${tag}`,
    ]);
  } finally {
    await relay.stop();
  }
});

test('an event is published as the text it was written with (the json column keeps it; no re-encoding)', async () => {
  const column = await db.pool.query(
    `SELECT data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'outbox' AND column_name = 'payload'`,
    [db.schema],
  );
  expect(column.rows).toEqual([{ data_type: 'json' }]);
  const userId = `verbatim-ünïcödé-${newId()}`;
  const id = await enqueueEvent(db.pool, Events.usersDeleted, { user_id: userId });
  const stored = (await db.pool.query<{ text: string }>(`SELECT payload::text AS text FROM outbox WHERE id = $1`, [id])).rows[0].text;
  const relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger: log, pollMs: 20 });
  try {
    const consumer = await bus.js.consumers.get(streamName(bus.prefix, 'users'));
    let published: string | null = null;
    for (let i = 0; i < 20 && published === null; i++) {
      const batch = await consumer.fetch({ max_messages: 100, expires: 1000 });
      for await (const m of batch) if (m.headers?.get('Nats-Msg-Id') === id) published = m.string();
    }
    expect(published).toBe(stored);
    expect(published).toBe(JSON.stringify(JSON.parse(stored))); // compact, in the order written (jsonb would reformat it)
  } finally {
    await relay.stop();
  }
});

test('an event already in the outbox is not written twice, and the call still answers its id', async () => {
  const id = newId();
  expect(await enqueueEvent(db.pool, Events.usersDeleted, { user_id: 'twice' }, id)).toBe(id);
  expect(await enqueueEvent(db.pool, Events.usersDeleted, { user_id: 'twice' }, id)).toBe(id);
  expect((await db.pool.query(`SELECT id FROM outbox`)).rows).toEqual([{ id }]);
});

test('retry delays grow exponentially with bounded jitter', () => {
  expect(retryDelayMs(1, 1000, 60_000, () => 0.5)).toBe(1000);
  expect(retryDelayMs(4, 1000, 60_000, () => 0.5)).toBe(8000);
  expect(retryDelayMs(20, 1000, 60_000, () => 0.5)).toBe(60_000);
  expect(retryDelayMs(2, 1000, 60_000, () => 0)).toBe(1600);
  expect(retryDelayMs(2, 1000, 60_000, () => 1)).toBe(2400);
});

describe('an event whose data SQL computes (sqlEvent, kit_enqueue_event)', () => {
  it('writes the row enqueueEvent would, once per id, from inside the statement', async () => {
    const userId = newId();
    const event = sqlEvent(Events.usersDeleted);
    const enqueue = () =>
      queryWithSqlEvent<{ enqueued: boolean }>(
        db.pool,
        event,
        `SELECT kit_enqueue_event($1, $2, $3, json_build_object('user_id', $4::text), $5, $4) AS enqueued`,
        [event.id, event.subject, event.payloadHead, userId, event.headers],
      );
    expect((await enqueue()).enqueued).toBe(true);
    expect((await enqueue()).enqueued).toBe(false); // the same id again: nothing written
    const { rows } = await db.pool.query(`SELECT subject, payload, headers, order_key FROM outbox WHERE id = $1`, [event.id]);
    const [, subject, payload, headers, orderKey] = outboxRow(Events.usersDeleted, { user_id: userId }, event.id).values;
    const { occurredAt, ...expected } = JSON.parse(payload) as { occurredAt: string };
    expect(rows).toEqual([
      { subject, payload: { ...expected, occurredAt: expect.any(String) }, headers: JSON.parse(headers), order_key: orderKey },
    ]);
    expect(Date.parse(rows[0].payload.occurredAt)).toBeLessThanOrEqual(Date.parse(occurredAt));
  });
});

describe("statement builders: the kit's tables written by parts of a service's own statement", () => {
  const schema = `${run.id}_obx`;
  beforeAll(async () => {
    await db.pool.query(
      `CREATE TABLE IF NOT EXISTS things (id text PRIMARY KEY, owner text NOT NULL, done boolean NOT NULL DEFAULT false)`,
    );
  });

  /** A consumer's change, its processed mark, its stream position and its event: one statement, as evaluation's are. */
  const finish = (thing: string, eventId: string, landed: { stream: string; seq: number } | null, event: SqlEvent) =>
    queryRowsWithSqlEvent<{ first: boolean; enqueued: boolean }>(db.pool, event, {
      name: 'kit-builders-finish',
      text: `WITH first AS (${processedMarkSql(1)}),
        done AS (UPDATE things SET done = true WHERE id = $3 AND EXISTS (SELECT 1 FROM first) RETURNING id, owner),
        remembered AS (${rememberStreamMessageSql(4, { from: 'done', aggregate: 'id' })}),
        queued AS (${sqlEventInsertSql(6, { from: 'done', data: `json_build_object('user_id', owner)`, orderKey: 'owner' })})
        SELECT EXISTS (SELECT 1 FROM first) AS first, EXISTS (SELECT 1 FROM queued) AS enqueued`,
      values: ['kit-builders', eventId, thing, landed?.stream ?? null, landed?.seq ?? null, ...sqlEventValues(event)],
    });
  const newThing = async () => {
    const [thing, owner] = [newId(), newId()];
    await db.pool.query(`INSERT INTO things (id, owner) VALUES ($1, $2)`, [thing, owner]);
    return { thing, owner };
  };

  it('records, remembers and enqueues once, as markProcessed, rememberStreamMessage and enqueueEvent do, and wakes the relay', async () => {
    const { thing, owner } = await newThing();
    const listener = new Client({ connectionString: run.env.DATABASE_URL });
    await listener.connect();
    const woken = new Promise<string>((resolve) => listener.on('notification', (n) => resolve(n.channel)));
    await listener.query(`LISTEN "${schema}_outbox"`);
    const stopTracking = registerRelay(() => undefined); // as if a relay ran here: answers wait for what is enqueued
    const [event, eventId] = [sqlEvent(Events.usersDeleted), newId()];
    try {
      const mark = publicationMark();
      expect(await finish(thing, eventId, { stream: 'S', seq: 7 }, event)).toEqual([{ first: true, enqueued: true }]);
      expect(publicationMark()).toBe(mark + 1); // noteEnqueued through the kit
      expect(await woken).toBe(`${schema}_outbox`);
      // the same event again (redelivered): nothing changes, nothing is written or waited for
      expect(await finish(thing, eventId, { stream: 'S', seq: 7 }, sqlEvent(Events.usersDeleted))).toEqual([
        { first: false, enqueued: false },
      ]);
      expect(publicationMark()).toBe(mark + 1);
    } finally {
      stopTracking();
      await listener.end();
    }
    expect(await markProcessed(db.pool, 'kit-builders', eventId)).toBe(false); // the very record markProcessed keeps
    const remembered = await db.pool.query(`SELECT stream, seq::int, aggregate FROM stream_messages WHERE aggregate = $1`, [thing]);
    expect(remembered.rows).toEqual([{ stream: 'S', seq: 7, aggregate: thing }]);
    const { rows } = await db.pool.query(`SELECT subject, payload, headers, order_key FROM outbox WHERE id = $1`, [event.id]);
    const [, subject, payload, headers] = outboxRow(Events.usersDeleted, { user_id: owner }, event.id).values;
    const { occurredAt: _, ...expected } = JSON.parse(payload) as { occurredAt: string };
    expect(rows).toEqual([
      { subject, payload: { ...expected, occurredAt: expect.any(String) }, headers: JSON.parse(headers), order_key: owner },
    ]);
  });

  it('writes no event and no stream position without a row, and no position when none is given', async () => {
    const { thing } = await newThing();
    const missing = sqlEvent(Events.usersDeleted);
    expect(await finish(newId(), newId(), { stream: 'S', seq: 8 }, missing)).toEqual([{ first: true, enqueued: false }]);
    const event = sqlEvent(Events.usersDeleted);
    expect(await finish(thing, newId(), null, event)).toEqual([{ first: true, enqueued: true }]);
    const { rows } = await db.pool.query(`SELECT id FROM outbox WHERE id = ANY($1::uuid[])`, [[missing.id, event.id]]);
    expect(rows).toEqual([{ id: event.id }]);
    const remembered = await db.pool.query(`SELECT 1 FROM stream_messages WHERE aggregate = $1 OR seq = 8`, [thing]);
    expect(remembered.rows).toEqual([]);
  });
});

describe('PostgreSQL restarted under the relay', () => {
  test('the relay and its listener reconnect; nothing is lost or doubled', async () => {
    const pg = await startOwnPostgres();
    const own = await openDatabase({ url: pg.url, schema: 'restart', migrations: [], logger: { warn: () => undefined } });
    // No polling: only LISTEN/NOTIFY wakes the relay, so the listener must have reconnected.
    const relay = startOutboxRelay({ pool: own.pool, schema: own.schema, bus, logger: log, pollMs: 3_600_000 });
    const tag = newId();
    const sent: string[] = [];
    const enqueueOwn = async (userId: string) => {
      for (let attempt = 0; ; attempt++) {
        try {
          await withTransaction(own.pool, (c) => enqueueEvent(c, Events.usersDeleted, { user_id: userId }));
          sent.push(userId);
          return;
        } catch (err) {
          if (attempt > 100) throw err;
          await new Promise((r) => setTimeout(r, 100)); // the client retries while the database is away
        }
      }
    };
    try {
      for (let i = 0; i < 5; i++) await enqueueOwn(`before-${i}-${tag}`);
      await pg.restart();
      for (let i = 0; i < 5; i++) await enqueueOwn(`after-${i}-${tag}`);
      let ids: string[] = [];
      for (let i = 0; i < 100; i++) {
        if ((await own.pool.query('SELECT 1 FROM outbox')).rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      ids = (await publishedUserIds()).filter((id) => id.endsWith(tag));
      expect(ids.sort()).toEqual([...sent].sort());
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await relay.stop();
      await own.close();
      await pg.destroy();
    }
  }, 60_000);
});
