/**
 * Evaluation reliability through the gateway with every service running: N credits and M > N
 * parallel submissions, another user's evaluation (404 everywhere), live progress over SSE with a
 * bearer header, the PDF report, and a failed grading retried under a new charge key.
 */
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Pool } from 'pg';
import { prefixed, streamName } from '@corestone/contracts';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';
import { EE_ESSAY } from '../fixtures/essays';

let p: TestPlatform;
let db: Pool;
let superToken: string;

beforeAll(async () => {
  p = await startTestPlatform();
  db = new Pool({ connectionString: p.run.env.DATABASE_URL, max: 2 });
  const email = uniqueEmail('super');
  expect(
    (
      await p.api.call('POST', '/auth/setup-admin', {
        json: { name: 'Ada Admin', email, password: 'super-secret-1', user_type: 'super-admin' },
      })
    ).status,
  ).toBe(200);
  superToken = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'super-secret-1' } })).body.access_token;
});
afterAll(async () => {
  await db?.end();
  await p?.shutdown();
});

async function student(credits?: number) {
  const signup = (await p.api.signup(uniqueEmail('eval'))).body;
  const token = signup.access_token as string;
  if (credits !== undefined) {
    const set = await p.api.call('PUT', `/users/admin/users/${signup.user.id}/credits`, {
      token: superToken,
      json: { essay_credits: credits, max_essay_credits: credits },
    });
    expect(set.status).toBe(200);
  }
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  const upload = (text = EE_ESSAY) =>
    p.api.call('POST', '/evaluation/evaluate-async', {
      token,
      form: p.api.essayForm(text, { title: 'Reliability', essay_type: 'ee', rubric_id: rubric.id }),
    });
  return { id: signup.user.id as string, token, upload };
}

/** The user's ledger lines in billing's own schema. */
async function ledgerOf(userId: string) {
  const schema = `${p.run.env.PG_SCHEMA_PREFIX}billing`;
  const lines = await db.query<{ kind: string; delta: number; evaluation_id: string | null }>(
    `SELECT kind, delta, evaluation_id FROM "${schema}".ledger WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  const account = await db.query<{ essay_credits: number }>(`SELECT essay_credits FROM "${schema}".accounts WHERE user_id = $1`, [userId]);
  return { lines: lines.rows, balance: account.rows[0].essay_credits };
}

it('N credits and M > N parallel submissions: exactly N accepted, the rest refused, the ledger balanced', async () => {
  const N = 3;
  const M = 9;
  const s = await student(N);
  // Distinct texts: an unchanged re-submission would legitimately be free.
  const results = await Promise.all(Array.from({ length: M }, (_, i) => s.upload(`${EE_ESSAY}\n\nVariant ${i}.`)));
  const accepted = results.filter((r) => r.status === 201);
  const refused = results.filter((r) => r.status === 403);
  expect(accepted).toHaveLength(N);
  expect(refused).toHaveLength(M - N);
  expect(refused.every((r) => r.body.code === 'INSUFFICIENT_CREDITS')).toBe(true);

  const { lines, balance } = await ledgerOf(s.id);
  expect(balance).toBe(0);
  expect(lines.reduce((sum, l) => sum + l.delta, 0)).toBe(balance);
  const charges = lines.filter((l) => l.kind === 'consume');
  expect(charges.map((l) => l.evaluation_id).sort()).toEqual(accepted.map((r) => r.body.id).sort());
  expect(charges.every((l) => l.delta === -1)).toBe(true);
  const mine = await p.api.call('GET', '/evaluation/my-evaluations', { token: s.token });
  expect(mine.body.total).toBe(N);
  for (const r of accepted) expect((await p.api.waitForEvaluation(r.body.id, s.token)).status).toBe('completed');
});

it("another user's evaluation is 404 on GET, DELETE, retry, download-pdf and events", async () => {
  const owner = await student();
  const up = await owner.upload();
  expect(up.status).toBe(201);
  await p.api.waitForEvaluation(up.body.id, owner.token);
  const other = await student();
  const id = up.body.id as string;
  for (const [method, path] of [
    ['GET', `/evaluation/${id}`],
    ['DELETE', `/evaluation/${id}`],
    ['POST', `/evaluation/${id}/retry`],
    ['GET', `/evaluation/${id}/download-pdf`],
    ['GET', `/evaluation/${id}/events`],
  ] as const) {
    const res = await p.api.call(method, path, { token: other.token });
    expect({ method, path, status: res.status, body: res.body }).toEqual({
      method,
      path,
      status: 404,
      body: { detail: 'Evaluation not found', code: 'NOT_FOUND' },
    });
  }
  expect((await p.api.call('GET', `/evaluation/${id}`, { token: owner.token })).status).toBe(200);
});

/** Reads a text/event-stream response into its events until the server ends it. */
async function readEvents(res: Response): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const text = await res.text();
  return text
    .split('\n\n')
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] }))
    .filter((e): e is { event: string; data: string } => Boolean(e.event && e.data))
    .map((e) => ({ event: e.event, data: JSON.parse(e.data) }));
}

it('streams live progress through the gateway with a bearer header, then serves the PDF report', async () => {
  const s = await student();
  const up = await s.upload();
  expect(up.status).toBe(201);
  const url = `${p.api.base}/evaluation/${up.body.id}/events`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${s.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events = await readEvents(res);
  const last = events[events.length - 1];
  expect(last).toMatchObject({ event: 'status', data: { id: up.body.id, status: 'completed', progress: 100, stage: 'Completed' } });
  expect(events.every((e) => e.event === 'status')).toBe(true);

  // never the token in the URL
  const inUrl = await fetch(`${url}?access_token=${s.token}`);
  expect(inUrl.status).toBeGreaterThanOrEqual(400);
  expect(inUrl.status).toBeLessThan(500);
  await inUrl.body?.cancel();

  const pdf = await fetch(`${p.api.base}/evaluation/${up.body.id}/download-pdf`, { headers: { authorization: `Bearer ${s.token}` } });
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="Reliability-report.pdf"');
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

it('a failed grading is refunded; its retry is charged under <id>#2 and completes', async () => {
  const s = await student(1);
  await p.stopProcess('grading');
  const up = await s.upload();
  expect(up.status).toBe(201);
  // Corrupt the queued job (a criterion code twice: ungradable) so this attempt fails for good.
  const prefix = p.run.env.NATS_PREFIX;
  const nc = await connect({ servers: p.run.env.NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = streamName(prefix, 'evaluation');
    const subject = prefixed(prefix, 'evaluation.submitted.v1');
    const original = await waitFor('the submitted event', () =>
      jsm.streams.getMessage(stream, { last_by_subj: subject }).catch(() => null),
    );
    const event = original.json<{
      id: string;
      data: { evaluation_id: string; rubric: { scoring_structure: { criteria: Array<{ code: string }> } } };
    }>();
    expect(event.data.evaluation_id).toBe(up.body.id);
    const criteria = event.data.rubric.scoring_structure.criteria;
    criteria.push({ ...criteria[0] });
    await jsm.streams.purge(stream, { filter: subject });
    await jetstream(nc).publish(subject, JSON.stringify({ ...event, id: `${event.id.slice(0, -4)}beef` }));
  } finally {
    await nc.close();
  }
  await p.startProcess('grading');
  expect((await p.api.waitForEvaluation(up.body.id, s.token)).status).toBe('failed');
  await waitFor('the refund', async () => (await p.api.call('GET', '/auth/me', { token: s.token })).body.essay_credits === 1);

  const retry = await p.api.call('POST', `/evaluation/${up.body.id}/retry`, { token: s.token });
  expect(retry.status).toBe(200);
  expect(retry.body).toMatchObject({ status: 'pending', attempt: 2 });
  const done = await p.api.waitForEvaluation(up.body.id, s.token);
  expect(done).toMatchObject({ status: 'completed', attempt: 2 });
  expect(done.results.criteria.length).toBeGreaterThan(0);
  const { lines, balance } = await ledgerOf(s.id);
  expect(balance).toBe(0);
  expect(lines.filter((l) => l.evaluation_id).map((l) => `${l.kind}:${l.evaluation_id}:${l.delta}`)).toEqual([
    `consume:${up.body.id}:-1`,
    `refund:${up.body.id}:1`,
    `consume:${up.body.id}#2:-1`,
  ]);
  expect(lines.reduce((sum, l) => sum + l.delta, 0)).toBe(balance);
});
