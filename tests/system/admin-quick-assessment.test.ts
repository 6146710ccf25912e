/**
 * The admin Quick Assessment end to end through the gateway with every service as a real process:
 * POST /evaluation/admin/assess → evaluation → rpc.grading.assess → (rpc.users.get_api_key) → the
 * OpenAI grader with the admin's own key against the fake model server, or the configured grader
 * (builtin) when the admin has no key. Nothing is stored or charged; a student is charged as before.
 */
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { FakeOpenAI } from '../support/fake-openai';
import { EE_ESSAY } from '../fixtures/essays';

const fake = new FakeOpenAI();
let p: TestPlatform;
let superToken: string;
let adminToken: string;
let rubric: { id: string; scoring_structure: { criteria: Array<{ code: string; maxScore: number }> } };
const ADMIN_KEY = 'sk-admin-own-9f8e7d6c5b4a';

async function login(email: string, password: string): Promise<string> {
  return (await p.api.call('POST', '/auth/login', { json: { username: email, password } })).body.access_token;
}

beforeAll(async () => {
  await fake.start();
  // The platform grades with the built-in grader and has no key of its own; the model is reached
  // only with an admin's key, at the fake's address.
  p = await startTestPlatform({ GRADER: 'builtin', OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'fake-model', OPENAI_MAX_RETRIES: '0' });
  const superEmail = uniqueEmail('qa-super');
  const setup = await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Sue Super', email: superEmail, password: 'super-secret-1', user_type: 'super-admin' },
  });
  expect(setup.status).toBe(200);
  superToken = await login(superEmail, 'super-secret-1');
  const adminEmail = uniqueEmail('qa-admin');
  const created = await p.api.call('POST', '/users/admin/create-user', {
    token: superToken,
    json: { first_name: 'Ada', last_name: 'Admin', email: adminEmail, password: 'admin-secret-1', user_type: 'admin' },
  });
  expect(created.status).toBe(201);
  adminToken = await login(adminEmail, 'admin-secret-1');
  rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: adminToken })).body[0];
});
afterAll(async () => {
  await p?.shutdown();
  await fake.stop();
});
beforeEach(() => fake.reset());

const assess = (token: string) =>
  p.api.call('POST', '/evaluation/admin/assess', {
    token,
    json: { essay_type: 'ee', essay_content: EE_ESSAY, rubric_id: rubric.id, subject_area: 'History', title: 'Quick check' },
  });

/** What an assessment must not change: the submissions list, the dashboard figures, the admin's credits. */
async function footprint() {
  const list = await p.api.call('GET', '/evaluation/admin/all?limit=1000', { token: superToken });
  const stats = await p.api.call('GET', '/dashboard/stats', { token: superToken });
  const mine = await p.api.call('GET', '/evaluation/my-evaluations', { token: adminToken });
  const me = await p.api.call('GET', '/auth/me', { token: adminToken });
  expect([list.status, stats.status, mine.status, me.status]).toEqual([200, 200, 200, 200]);
  return {
    submissions: list.body.total,
    stats: { submissions: stats.body.total_submissions, users: stats.body.total_users },
    mine: mine.body.total,
    credits: [me.body.essay_credits, me.body.max_essay_credits],
  };
}

it("grades with the configured grader while the admin has no key, then with the admin's own key; nothing stored or charged", async () => {
  const before = await footprint();

  const builtin = await assess(adminToken);
  expect(builtin.status).toBe(200);
  expect(builtin.body).toMatchObject({ grader: 'builtin', own_key: false, results: { grader: 'builtin', maxPoints: 34 } });
  expect(builtin.body.results.criteria).toHaveLength(rubric.scoring_structure.criteria.length);
  expect(fake.requests).toHaveLength(0);

  const put = await p.api.call('PUT', '/users/admin/api-key', { token: adminToken, json: { api_key: ADMIN_KEY } });
  expect(put.status).toBe(200);
  expect(JSON.stringify(put.body)).not.toContain(ADMIN_KEY);
  fake.reply({
    content: JSON.stringify({
      criteria: rubric.scoring_structure.criteria.map((c) => ({
        code: c.code,
        score: c.maxScore - 2,
        feedback: `Model feedback for ${c.code}.`,
        strengths: [],
        improvements: [],
      })),
      overallSummary: { holisticCommentary: 'Focused.', strengths: ['Focus'], improvements: ['Evaluation'], nextSteps: ['Weigh sources'] },
      insight_feedback: {
        clarity_and_cohesion: 'Clear.',
        argument_and_evidence: 'Cited.',
        grammar_and_mechanics: 'Clean.',
        critical_thinking: 'Developing.',
        originality_and_insight: 'Personal.',
      },
      suggestions: ['Compare directly'],
    }),
  });
  const model = await assess(adminToken);
  expect(model.status).toBe(200);
  expect(model.body).toMatchObject({ grader: 'openai', own_key: true, results: { grader: 'openai', model: 'fake-model' } });
  expect(model.body.results.criteria.map((c: { score: number }) => c.score)).toEqual(
    rubric.scoring_structure.criteria.map((c) => c.maxScore - 2),
  );
  expect(fake.requests).toHaveLength(1);
  expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${ADMIN_KEY}`);
  expect(JSON.stringify(model.body)).not.toContain(ADMIN_KEY);

  expect(await footprint()).toEqual(before);
});

it('a student may not use it, and is still charged a credit for POST /evaluation/evaluate', async () => {
  const signup = (await p.api.signup(uniqueEmail('qa-student'))).body;
  const token = signup.access_token as string;
  expect((await assess(token)).status).toBe(403);
  const credits = async () => (await p.api.call('GET', '/auth/me', { token })).body.essay_credits;
  expect(await credits()).toBe(1);
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: 'Typed', essay_type: 'ee', rubric_id: rubric.id, essay_content: EE_ESSAY }))
    form.append(k, v);
  const sub = await p.api.call('POST', '/evaluation/evaluate', { token, form });
  expect(sub.status).toBe(201);
  expect(await credits()).toBe(0);
  expect((await p.api.waitForEvaluation(sub.body.id, token)).status).toBe('completed');
  expect(fake.requests).toHaveLength(0); // the platform's grader, not the admin's key
});
