/**
 * Deleting an evaluation or a user removes the essay everywhere the platform keeps it
 * (docs/data-retention.md): every table of every service's schema, every JetStream stream of the
 * run (the work queue's evaluation.submitted, grading.completed with its quotes, dead letters),
 * and Redis. Each essay carries a marker word found nowhere else; before the deletion the test
 * finds it in the stores (so the search can fail), after it finds it nowhere.
 */
import { Client } from 'pg';
import { createClient } from 'redis';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { streamName, deadLetterSubject } from '@corestone/contracts';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';
import { EE_ESSAY } from '../fixtures/essays';
import { TEST_DATABASE_URL, TEST_NATS_URL, TEST_REDIS_URL } from '@corestone/service-kit/testing';

let p: TestPlatform;
let nc: NatsConnection;
let jsm: JetStreamManager;
let pg: Client;
let superToken: string;

beforeAll(async () => {
  p = await startTestPlatform();
  nc = await connect({ servers: TEST_NATS_URL });
  jsm = await jetstreamManager(nc);
  pg = new Client({ connectionString: TEST_DATABASE_URL });
  await pg.connect();
  const email = uniqueEmail('super');
  const setup = await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Ada Admin', email, password: 'super-secret-1', user_type: 'super-admin' },
  });
  expect(setup.status).toBeLessThan(300);
  superToken = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'super-secret-1' } })).body.access_token;
});
afterAll(async () => {
  await pg?.end();
  await nc?.close();
  await p?.shutdown();
});

/** Where `needle` occurs: "<schema>.<table>", "stream <name> #<seq>", "redis <key>". */
async function whereIs(needle: string): Promise<string[]> {
  const found: string[] = [];
  const { rows: tables } = await pg.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
      WHERE table_schema LIKE $1 AND table_type = 'BASE TABLE'`,
    [`${p.run.id}\\_%`],
  );
  for (const t of tables) {
    const { rows } = await pg.query(`SELECT count(*)::int AS n FROM "${t.schema}"."${t.table}" x WHERE x::text LIKE $1`, [`%${needle}%`]);
    if (rows[0].n > 0) found.push(`${t.schema}.${t.table}`);
  }
  const mine = streamName(p.run.id, '');
  for await (const s of jsm.streams.list()) {
    if (!s.config.name.startsWith(mine)) continue;
    for (let seq = s.state.first_seq; seq <= s.state.last_seq && s.state.messages > 0; seq++) {
      const m = await jsm.streams.getMessage(s.config.name, { seq }).catch(() => null);
      if (m && new TextDecoder().decode(m.data).includes(needle)) found.push(`stream ${s.config.name} #${seq}`);
    }
  }
  const redis = connectRedis();
  await redis.connect();
  try {
    for await (const batch of redis.scanIterator({ MATCH: `${p.run.id}:*`, COUNT: 500 })) {
      for (const key of Array.isArray(batch) ? batch : [batch]) {
        if (JSON.stringify(await redisValue(redis, key)).includes(needle)) found.push(`redis ${key}`);
      }
    }
  } finally {
    await redis.quit();
  }
  return found;
}

const connectRedis = () => createClient({ url: TEST_REDIS_URL });
type Redis = ReturnType<typeof connectRedis>;

async function redisValue(redis: Redis, key: string): Promise<unknown> {
  switch (await redis.type(key)) {
    case 'string':
      return redis.get(key);
    case 'hash':
      return redis.hGetAll(key);
    case 'list':
      return redis.lRange(key, 0, -1);
    case 'set':
      return redis.sMembers(key);
    case 'zset':
      return redis.zRange(key, 0, -1);
    case 'stream':
      return redis.xRange(key, '-', '+');
    default:
      return null;
  }
}

/** A graded essay whose text carries `marker`; returns its id, a quote from its feedback, the token. */
async function gradedEssay(label: string, marker: string) {
  const email = uniqueEmail(label);
  const signup = await p.api.signup(email);
  const token = signup.body.access_token as string;
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  // The marker opens a sentence of its own, so the essay's structure (and its grading) is unchanged.
  const text = EE_ESSAY.replace(/\n\n/, `\n\nThe archive catalogue lists ${marker} as a source.\n\n`);
  const upload = await p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(text, { title: `Retention ${label}`, essay_type: 'ee', rubric_id: rubric.id, subject_area: 'History' }),
  });
  expect(upload.status).toBeLessThan(300);
  const done = await p.api.waitForEvaluation(upload.body.id, token);
  expect(done.status).toBe('completed');
  const quotes: string[] = done.results.criteria.flatMap(
    (c: {
      strengthDetails: Array<{ passages: Array<{ quote: string }> }>;
      improvementDetails: Array<{ passages: Array<{ quote: string }> }>;
    }) => [...c.strengthDetails, ...c.improvementDetails].flatMap((d) => d.passages.map((q) => q.quote)),
  );
  // A long quote is specific to this essay's feedback (grading.completed carries it).
  const quote = quotes.sort((a, b) => b.length - a.length)[0];
  expect(quote.length).toBeGreaterThan(30);
  return { id: upload.body.id as string, token, email, userId: signup.body.user.id as string, quote };
}

it('deleting an evaluation removes its text and quoted feedback from every table, stream and key', async () => {
  const marker = `Quillfeather${Date.now().toString(36)}`;
  const e = await gradedEssay('erase-one', marker);
  // Found before: in the evaluation row and in the work queue's evaluation.submitted message.
  const before = await whereIs(marker);
  expect(before).toEqual(expect.arrayContaining([`${p.run.id}_evaluation.evaluations`, expect.stringMatching(/^stream .*_EVALUATION #/)]));
  expect(await whereIs(e.quote)).toEqual(expect.arrayContaining([expect.stringMatching(/^stream .*_GRADING #/)]));

  expect((await p.api.call('DELETE', `/evaluation/${e.id}`, { token: e.token })).status).toBe(200);
  expect(await whereIs(marker)).toEqual([]);
  expect(await whereIs(e.quote)).toEqual([]);
  expect((await p.api.call('GET', `/evaluation/${e.id}`, { token: e.token })).status).toBe(404);
});

it('deleting a user removes their essays, dead letters about them and their sign-up event everywhere', async () => {
  const marker = `Inkwellbarrow${Date.now().toString(36)}`;
  const e = await gradedEssay('erase-user', marker);
  // A job given up on keeps a copy of the essay in the dead-letter stream: make one the way the
  // consumer kit does (the submitted message's data under deadletter.<consumer>).
  const evaluationStream = streamName(p.run.id, 'evaluation');
  const { state } = await jsm.streams.info(evaluationStream);
  let submitted: Uint8Array | null = null;
  for (let seq = state.first_seq; seq <= state.last_seq && !submitted; seq++) {
    const m = await jsm.streams.getMessage(evaluationStream, { seq }).catch(() => null);
    if (m && new TextDecoder().decode(m.data).includes(marker)) submitted = m.data;
  }
  expect(submitted).not.toBeNull();
  await jetstream(nc).publish(deadLetterSubject(p.run.id, 'grading'), submitted!);
  expect(await whereIs(marker)).toEqual(expect.arrayContaining([expect.stringMatching(/^stream .*_DEADLETTER #/)]));
  expect(await whereIs(e.email)).toEqual(expect.arrayContaining([expect.stringMatching(/^stream .*_USERS #/)]));

  expect((await p.api.call('DELETE', `/users/admin/users/${e.userId}`, { token: superToken })).status).toBe(200);
  // evaluation deletes the user's essays when it consumes users.deleted
  await waitFor('the essay to go', async () => (await p.api.call('GET', `/evaluation/${e.id}`, { token: superToken })).status === 404);
  await waitFor('every copy of the essay to go', async () => (await whereIs(marker)).length === 0, 10_000).catch(async () => {
    throw new Error(`still found in ${(await whereIs(marker)).join(', ')}`);
  });
  expect(await whereIs(e.quote)).toEqual([]);
  // Their e-mail no longer rides in the users stream or the evaluation read model.
  expect((await whereIs(e.email)).filter((w) => w.startsWith('stream') || w.endsWith('_evaluation.user_directory'))).toEqual([]);
});
