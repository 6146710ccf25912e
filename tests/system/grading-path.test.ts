/**
 * The walking skeleton end to end, through the gateway, with every service as a real process:
 * sign up → upload a .txt essay → graded result → credits 0 → second upload refused.
 */
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { EE_ESSAY, TOK_ESSAY } from '../fixtures/essays';
import { normaliseText } from '@corestone/documents';

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.shutdown();
});

it('grades a first essay, spends the free credit, and refuses the second upload', async () => {
  const signup = await p.api.signup(uniqueEmail('skeleton'));
  expect(signup.status).toBeLessThan(300);
  const token = signup.body.access_token as string;
  expect(signup.body.user).toMatchObject({ role: 'student', essay_credits: 1, max_essay_credits: 1 });

  const rubrics = await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token });
  expect(rubrics.status).toBe(200);
  const rubric = rubrics.body[0];
  expect(rubric.scoring_structure.total_points).toBe(34);

  const upload = await p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(EE_ESSAY, {
      title: 'Influenza and public health',
      essay_type: 'ee',
      rubric_id: rubric.id,
      subject_area: 'History',
      include_reflection: 'true',
    }),
  });
  expect(upload.status).toBeLessThan(300);
  expect(upload.body.id).toMatch(/^[0-9a-f-]{36}$/);

  const done = await p.api.waitForEvaluation(upload.body.id, token);
  expect(done.status).toBe('completed');
  expect(done.results.criteria.map((c: { code: string }) => c.code)).toEqual(
    rubric.scoring_structure.criteria.map((c: { code: string }) => c.code),
  );
  for (const c of done.results.criteria) {
    expect(c.score).toBeGreaterThanOrEqual(0);
    expect(c.score).toBeLessThanOrEqual(c.maxScore);
    expect(c.feedback.length).toBeGreaterThan(20);
  }
  expect(done.results.maxPoints).toBe(34);
  expect(done.extractedWordCount).toBeGreaterThan(300);

  // The stored result keeps what the grader adds beyond the spec: remarks pointing into the
  // extracted text (offsets + quoted words), suggestions and text metrics.
  type Detail = { passages: Array<{ start: number; end: number; quote: string }> };
  const text = normaliseText(EE_ESSAY);
  const details: Detail[] = done.results.criteria.flatMap((c: { strengthDetails: Detail[]; improvementDetails: Detail[] }) => [
    ...c.strengthDetails,
    ...c.improvementDetails,
  ]);
  const passages = details.flatMap((d) => d.passages);
  expect(passages.length).toBeGreaterThan(0);
  for (const q of passages) expect(text.slice(q.start, q.end)).toBe(q.quote);
  expect(done.results.grader).toBe('builtin');
  expect(done.results.suggestions.length).toBeGreaterThan(0);
  expect(done.results.textMetrics).toMatchObject({ wordLimit: 4000, citationStyle: expect.any(String) });

  // read-your-writes: the charge shows at once
  const me = await p.api.call('GET', '/auth/me', { token });
  expect(me.body.essay_credits).toBe(0);

  const mine = await p.api.call('GET', '/evaluation/my-evaluations', { token });
  expect(mine.body.total).toBe(1);

  const tok = (await p.api.call('GET', '/rubrics/active?rubric_type=tok', { token })).body[0];
  const second = await p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(TOK_ESSAY, { title: 'Certainty', essay_type: 'tok', rubric_id: tok.id }),
  });
  expect(second.status).toBe(403);
  expect(second.body.code).toBe('INSUFFICIENT_CREDITS');
  expect(second.body.detail).toMatch(/credit/i);
  expect((await p.api.call('GET', '/evaluation/my-evaluations', { token })).body.total).toBe(1);
});

it('reports every service ready through the gateway', async () => {
  const health = await p.api.call('GET', '/health');
  expect(health.status).toBe(200);
  expect(health.body.not_ready).toEqual([]);
  expect(Object.keys(health.body.services).sort()).toEqual([
    'auth',
    'billing',
    'content',
    'evaluation',
    'grading',
    'links',
    'rubric',
    'schools',
    'users',
  ]);
});

it("never lets one user see another user's evaluation", async () => {
  const a = (await p.api.signup(uniqueEmail('owner'))).body.access_token;
  const b = (await p.api.signup(uniqueEmail('other'))).body.access_token;
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=tok', { token: a })).body[0];
  const up = await p.api.call('POST', '/evaluation/evaluate-async', {
    token: a,
    form: p.api.essayForm(TOK_ESSAY, { title: 'Mine', essay_type: 'tok', rubric_id: rubric.id }),
  });
  expect(up.status).toBeLessThan(300);
  expect((await p.api.call('GET', `/evaluation/${up.body.id}`, { token: b })).status).toBe(404);
  expect((await p.api.call('DELETE', `/evaluation/${up.body.id}`, { token: b })).status).toBe(404);
  expect((await p.api.call('GET', '/evaluation/my-evaluations', { token: b })).body.total).toBe(0);
});

it("aggregates every service's routes in the OpenAPI document at /api/docs", async () => {
  const res = await fetch(`${p.gatewayUrl}/api/docs/json`);
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, unknown> };
  const paths = Object.keys(doc.paths);
  for (const expected of [
    '/api/v1/auth/login',
    '/api/v1/auth/signup',
    '/api/v1/users/me',
    '/api/v1/evaluation/evaluate-async',
    '/api/v1/rubrics/active',
    '/api/v1/plans/plans',
  ]) {
    expect(paths).toContain(expected);
  }
  expect((await fetch(`${p.gatewayUrl}/api/docs`)).status).toBe(200);
});
