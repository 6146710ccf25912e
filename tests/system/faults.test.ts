/**
 * Faults, on servers this test starts itself (its own PostgreSQL, NATS and Redis on free ports, so
 * the machine's shared servers are never stopped): PostgreSQL restarted during submissions, NATS
 * restarted during submissions and grading, Redis stopped, the gateway restarted while an upload
 * streams. Each time: nothing lost, nothing doubled, clean refusals, and back to healthy by itself.
 */
import http from 'node:http';
import { startOwnNats, startOwnPostgres, startOwnRedis, type OwnServer } from '@corestone/service-kit/testing';
import { EE_ESSAY } from '../fixtures/essays';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let pg: OwnServer;
let nats: OwnServer;
let redis: OwnServer;
let adminToken: string;

beforeAll(async () => {
  [pg, nats, redis] = await Promise.all([startOwnPostgres(), startOwnNats(), startOwnRedis()]);
  const db = new URL(pg.url);
  db.pathname = '/corestone';
  p = await startTestPlatform({ DATABASE_URL: db.toString(), NATS_URL: nats.url, REDIS_URL: redis.url });
  const email = uniqueEmail('faults-admin');
  await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Fay Admin', email, password: 'super-secret-1', user_type: 'super-admin' },
  });
  adminToken = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'super-secret-1' } })).body.access_token;
}, 120_000);

afterAll(async () => {
  await p?.shutdown();
  await Promise.all([pg, nats, redis].map((s) => s?.destroy()));
});

async function student(credits: number) {
  const signup = await p.api.signup(uniqueEmail('faults'));
  const token = signup.body.access_token as string;
  const id = signup.body.user?.id ?? (await p.api.call('GET', '/auth/me', { token })).body.id;
  const set = await p.api.call('PUT', `/users/admin/users/${id}/credits`, {
    token: adminToken,
    json: { essay_credits: credits, max_essay_credits: credits },
  });
  expect(set.status).toBe(200);
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  // Each upload is a different essay: an unchanged re-submission would carry its stored result
  // at no charge (evaluation README, "Unchanged re-submission"), which is not what these tests count.
  const upload = (title: string) =>
    p.api.call('POST', '/evaluation/evaluate-async', {
      token,
      form: p.api.essayForm(`${EE_ESSAY}\n\nDraft note: ${title}.`, { title, essay_type: 'ee', rubric_id: rubric.id }),
    });
  const credits_ = async () => (await p.api.call('GET', '/auth/me', { token })).body.essay_credits as number;
  const mine = async () => (await p.api.call('GET', '/evaluation/my-evaluations', { token })).body;
  return { token, upload, credits: credits_, mine };
}

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    try {
      last = await fn();
      if (ok(last)) return last;
    } catch {
      /* not back yet */
    }
    if (Date.now() > until) throw new Error(`not healthy after ${timeoutMs} ms: ${JSON.stringify(last!)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const healthy = () =>
  eventually(
    () => fetch(`${p.gatewayUrl}/api/v1/health`).then((r) => r.status),
    (s) => s === 200,
  );

/** Every answer is either accepted or a clean refusal: a 4xx/503 with the error envelope, never a 500. */
function expectCleanOutcomes(results: Array<{ status: number; body: any }>) {
  for (const r of results) {
    if (r.status < 300) continue;
    expect([400, 403, 409, 429, 503]).toContain(r.status);
    expect(r.body).toEqual(expect.objectContaining({ detail: expect.any(String), code: expect.any(String) }));
  }
}

/** Accepted submissions all complete; credits spent = accepted (refused ones cost nothing). */
async function expectNothingLostOrDoubled(
  s: Awaited<ReturnType<typeof student>>,
  start: number,
  results: Array<{ status: number; body: any }>,
) {
  const accepted = results.filter((r) => r.status < 300).map((r) => r.body.id as string);
  for (const id of accepted) expect((await p.api.waitForEvaluation(id, s.token, 90_000)).status).toBe('completed');
  const mine = await s.mine();
  expect(mine.evaluations.map((e: { id: string }) => e.id).sort()).toEqual([...accepted].sort());
  expect(await s.credits()).toBe(start - accepted.length);
}

test('PostgreSQL restarted during submissions: accepted ones complete, refused ones cost nothing', async () => {
  const s = await student(8);
  const results = [await s.upload('before 1'), await s.upload('before 2')];
  const restart = pg.restart();
  const during = await Promise.all([s.upload('during 1'), s.upload('during 2')]);
  await restart;
  results.push(...during);
  await healthy();
  results.push(await s.upload('after 1'), await s.upload('after 2'));
  expectCleanOutcomes(results);
  expect(results.slice(-2).every((r) => r.status < 300)).toBe(true);
  await expectNothingLostOrDoubled(s, 8, results);
}, 180_000);

test('NATS restarted during submissions and grading: nothing lost, nothing doubled', async () => {
  const s = await student(8);
  const results = await Promise.all([s.upload('n1'), s.upload('n2'), s.upload('n3')]);
  await nats.restart();
  results.push(...(await Promise.all([s.upload('n4'), s.upload('n5')])));
  await healthy();
  results.push(await s.upload('n6'));
  expectCleanOutcomes(results);
  expect(results[results.length - 1].status).toBeLessThan(300);
  await expectNothingLostOrDoubled(s, 8, results);
}, 180_000);

test('Redis stopped: sign-in and pages keep working (limits fail open) and the failures are counted', async () => {
  const email = uniqueEmail('redis');
  await p.api.signup(email);
  await redis.stop();
  try {
    const login = await p.api.call('POST', '/auth/login', { json: { username: email, password: 'correct-horse-9' } });
    expect(login.status).toBe(200);
    const me = await p.api.call('GET', '/auth/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    const gatewayMetrics = await (await fetch(`${p.gatewayUrl}/metrics`)).text();
    expect(gatewayMetrics).toMatch(/rate_limit_store_errors_total\{[^}]*bucket="[a-z_]+"[^}]*\} [1-9]/);
  } finally {
    await redis.start();
  }
  await healthy();
  const again = await p.api.call('POST', '/auth/login', { json: { username: email, password: 'correct-horse-9' } });
  expect(again.status).toBe(200);
}, 120_000);

test('gateway restarted while an upload streams: a clean error for the client, no submission, no credit used', async () => {
  const s = await student(3);
  const url = new URL(`${p.gatewayUrl}/api/v1/evaluation/evaluate-async`);
  const boundary = 'faultboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf sent\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="essay_type"\r\n\r\nee\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="essay.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const outcome = new Promise<string>((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 2_000_000),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(`status ${res.statusCode}`);
    });
    req.on('error', (err) => resolve(`error ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    req.write(head);
    req.write(Buffer.alloc(100_000, 'a'));
  });
  await new Promise((r) => setTimeout(r, 300));
  await p.stopProcess('gateway');
  const seen = await outcome;
  expect(seen).toMatch(/^(error (ECONNRESET|EPIPE|socket hang up)|status (4\d\d|503))$/);
  await p.startProcess('gateway');
  await healthy();
  expect((await s.mine()).total).toBe(0);
  expect(await s.credits()).toBe(3);
}, 120_000);
