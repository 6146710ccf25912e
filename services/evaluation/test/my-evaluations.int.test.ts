import { Value } from '@sinclair/typebox/value';
import { Events, EvaluationList, type Evaluation } from '@corestone/contracts';
import { publishEvent } from '@corestone/service-kit';
import { ESSAY, multipart } from './fixtures';
import { results, startHarness, until, type Harness } from './harness';

/** `GET /evaluation/my-evaluations?status=&essay_type=` → `{evaluations, total}`: filters match what each row shows. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness('evm');
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;
async function submitted(headers: Headers, type: 'ee' | 'tok'): Promise<Evaluation> {
  const body = multipart(
    { title: 'Mine', essay_type: type, rubric_id: type === 'ee' ? h.rubrics.ee.id : h.rubrics.tok.id },
    { name: 'essay.txt', data: `${ESSAY}\n${Math.random()}` },
  );
  const res = await h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate-async',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
/** An EE submitted, then its result published as grading does (20 of 34 points). */
async function gradedEe(headers: Headers): Promise<Evaluation> {
  const done = await submitted(headers, 'ee');
  await publishEvent(h.bus, Events.gradingCompleted, {
    evaluation_id: done.id,
    results: results(20, 34),
    grader: 'builtin',
    processing_ms: 100,
  });
  return done;
}
const read = async (id: string, headers: Headers): Promise<Evaluation> =>
  (await h.app.inject({ url: `/evaluation/${id}`, headers })).json();
const mine = async (query: string, headers: Headers) => {
  const res = await h.app.inject({ url: `/evaluation/my-evaluations${query}`, headers });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { evaluations: Evaluation[]; total: number };
  expect(body.total).toBe(body.evaluations.length);
  return body.evaluations.map((e) => e.id);
};

it('filters by status and type, only the caller’s, newest first; a retry being charged is listed as pending', async () => {
  const me = await h.user('student', 5);
  const other = await h.user('student', 5);
  const done = await gradedEe(me.headers);
  const failed = await submitted(me.headers, 'ee');
  await publishEvent(h.bus, Events.gradingFailed, { evaluation_id: failed.id, code: 'X', reason: 'broken' });
  const tok = await submitted(me.headers, 'tok');
  await submitted(other.headers, 'ee');
  await until(
    () => read(failed.id, me.headers),
    (e) => e.status === 'failed',
  );
  await until(
    () => read(done.id, me.headers),
    (e) => e.status === 'completed',
  );

  expect(await mine('', me.headers)).toEqual([tok.id, failed.id, done.id]);
  expect(await mine('?essay_type=tok', me.headers)).toEqual([tok.id]);
  expect(await mine('?status=completed', me.headers)).toEqual([done.id]);
  expect(await mine('?status=failed&essay_type=ee', me.headers)).toEqual([failed.id]);
  expect(await mine('?status=pending', me.headers)).toEqual([tok.id]);

  // billing silent: the retry stays in its charge step, shown (and now filtered) as pending
  await h.billingDown();
  try {
    expect((await h.app.inject({ method: 'POST', url: `/evaluation/${failed.id}/retry`, headers: me.headers })).statusCode).toBe(503);
    expect((await read(failed.id, me.headers)).status).toBe('pending');
    expect(await mine('?status=pending', me.headers)).toEqual([tok.id, failed.id]);
    expect(await mine('?status=failed', me.headers)).toEqual([]);
  } finally {
    h.billingUp();
    await h.bus.nc.flush();
  }
  for (const bad of ['?status=charging', '?essay_type=ia']) {
    const res = await h.app.inject({ url: `/evaluation/my-evaluations${bad}`, headers: me.headers });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  }
});

it('lists each row with its result cut to the summary: grade and points as the full result has them, no feedback or rubric', async () => {
  const me = await h.user('student', 5);
  const done = await gradedEe(me.headers);
  const full = await until(
    () => read(done.id, me.headers),
    (e) => e.status === 'completed',
  );
  const pending = await submitted(me.headers, 'tok');

  const res = await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers });
  const body = res.json();
  expect(Value.Check(EvaluationList, body)).toBe(true);
  const [tokRow, eeRow] = body.evaluations;
  expect([tokRow.id, tokRow.results]).toEqual([pending.id, null]);
  const { overallGrade, overallBand, totalPoints, maxPoints, percentage, grader } = full.results!;
  expect(eeRow.results).toEqual({ overallGrade, overallBand, totalPoints, maxPoints, percentage, grader });
  for (const heavy of ['rubric', 'suggestions', 'ai_feedback']) expect(eeRow).not.toHaveProperty(heavy);
  expect(full.results!.criteria.length).toBeGreaterThan(0); // what the list leaves out is in GET /evaluation/{id}
  // the rest of the row is the full evaluation's
  const { rubric: _r, suggestions: _s, ai_feedback: _f, results: _full, submission_details: _d, ...rest } = full;
  // the review as the full evaluation has it; a list row also says whether its feedback is cut
  expect(eeRow).toEqual({ ...rest, results: eeRow.results, review: { ...rest.review, feedback_truncated: false } });
});

it('pages by limit and cursor when asked (issue 34); without them the answer is the whole list as the spec has it', async () => {
  const me = await h.user('student', 5);
  const made = [await submitted(me.headers, 'ee'), await submitted(me.headers, 'tok'), await submitted(me.headers, 'ee')];
  const whole = (await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers })).json();
  expect(Object.keys(whole).sort()).toEqual(['evaluations', 'total']);
  const page = async (query: string) => (await h.app.inject({ url: `/evaluation/my-evaluations${query}`, headers: me.headers })).json();
  const first = await page('?limit=2');
  expect({ n: first.evaluations.length, total: first.total, more: typeof first.next_cursor }).toEqual({ n: 2, total: 3, more: 'string' });
  const second = await page(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
  expect({ n: second.evaluations.length, total: second.total, next: second.next_cursor }).toEqual({ n: 1, total: 3, next: null });
  expect([...first.evaluations, ...second.evaluations].map((e: Evaluation) => e.id)).toEqual(made.map((e) => e.id).reverse());
  expect(Value.Check(EvaluationList, first)).toBe(true);
  const bad = await h.app.inject({ url: '/evaluation/my-evaluations?cursor=x', headers: me.headers });
  expect({ status: bad.statusCode, code: bad.json().code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
});
