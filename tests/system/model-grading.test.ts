/**
 * Grading with a language model, end to end through the gateway with every service as a real
 * process: GRADER=openai against an OpenAI-compatible fake on loopback (the real SDK in the
 * grading process). A good answer, a model outage, and a grading worker killed while the model is
 * still answering.
 */
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { FakeOpenAI } from '../support/fake-openai';
import { EE_ESSAY } from '../fixtures/essays';
import { normaliseText } from '@corestone/documents';

const fake = new FakeOpenAI();
let p: TestPlatform;
const QUOTE = 'This essay investigates how municipal governments in Toronto, Montreal and Winnipeg responded';

beforeAll(async () => {
  await fake.start();
  p = await startTestPlatform({
    GRADER: 'openai',
    OPENAI_API_KEY: 'sk-system-test',
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL: 'fake-model',
    OPENAI_MAX_RETRIES: '1',
    // A killed worker's job comes back after the ack wait; the worker keeps live jobs alive with working().
    GRADING_ACK_WAIT_MS: '3000',
    // Exemplars (issue 33 §3): a small allowance, and asked afresh for every grading (no cache to wait out).
    GRADING_EXEMPLAR_TOKENS: '600',
    GRADING_EXEMPLAR_CACHE_MS: '0',
  });
});
afterAll(async () => {
  await p?.shutdown();
  await fake.stop();
});
beforeEach(() => fake.reset());

async function student() {
  const signup = await p.api.signup(uniqueEmail('model'));
  const token = signup.body.access_token as string;
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  const reply = JSON.stringify({
    criteria: rubric.scoring_structure.criteria.map((c: { code: string; maxScore: number }) => ({
      code: c.code,
      score: c.maxScore - 1,
      feedback: `Model feedback for ${c.code}.`,
      strengths: [{ text: 'A clear statement of purpose', quote: QUOTE }],
      improvements: [{ text: 'Evaluate the sources', quote: '' }],
    })),
    overallSummary: {
      holisticCommentary: 'A focused historical investigation.',
      strengths: ['Focus'],
      improvements: ['Evaluation'],
      nextSteps: ['Weigh the sources'],
    },
    insight_feedback: {
      clarity_and_cohesion: 'Clear.',
      argument_and_evidence: 'Cited.',
      grammar_and_mechanics: 'Clean.',
      critical_thinking: 'Developing.',
      originality_and_insight: 'Personal.',
    },
    suggestions: ['Compare the three cities directly'],
  });
  const upload = () =>
    p.api.call('POST', '/evaluation/evaluate-async', {
      token,
      form: p.api.essayForm(EE_ESSAY, {
        title: 'Influenza and public health',
        essay_type: 'ee',
        rubric_id: rubric.id,
        subject_area: 'History',
      }),
    });
  return { token, rubric, reply, upload };
}

it('grades through the model: its scores, the rubric’s maxima, passages located in the stored text', async () => {
  const s = await student();
  fake.reply({ content: s.reply });
  const up = await s.upload();
  expect(up.status).toBeLessThan(300);
  const done = await p.api.waitForEvaluation(up.body.id, s.token);
  expect(done.status).toBe('completed');
  expect(done.results).toMatchObject({ grader: 'openai', model: 'fake-model' });
  expect(done.results.criteria.map((c: { score: number; maxScore: number }) => c.score)).toEqual(
    s.rubric.scoring_structure.criteria.map((c: { maxScore: number }) => c.maxScore - 1),
  );
  const passage = done.results.criteria[0].strengthDetails[0].passages[0];
  expect(normaliseText(EE_ESSAY).slice(passage.start, passage.end)).toBe(QUOTE);
  expect(fake.requests).toHaveLength(1);
  expect(fake.requests[0].body).toMatchObject({ model: 'fake-model', temperature: 0.3, max_tokens: 3000 });
});

it('a model outage still completes the evaluation with the built-in result, recorded as a fallback, charged once', async () => {
  const s = await student();
  fake.always({ status: 503 });
  const up = await s.upload();
  const done = await p.api.waitForEvaluation(up.body.id, s.token);
  expect(done.status).toBe('completed');
  expect(done.results.grader).toBe('builtin-fallback');
  expect(done.results.fallbackReason).toBe('No assessment response received from OpenAI: HTTP 503 after 2 attempts');
  expect(done.results.criteria.length).toBe(s.rubric.scoring_structure.criteria.length);
  expect((await p.api.call('GET', '/auth/me', { token: s.token })).body.essay_credits).toBe(0);
});

it('a grading worker killed while the model is answering: the job is graded again and completes once, charged once', async () => {
  const s = await student();
  fake.reply({ content: s.reply, delayMs: 8000 }); // not answered before the worker dies
  fake.always({ content: s.reply });
  const up = await s.upload();
  for (let i = 0; i < 200 && fake.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(fake.requests).toHaveLength(1); // the job is in flight in the worker
  await p.stopProcess('grading', 'SIGKILL');
  expect((await p.api.call('GET', `/evaluation/${up.body.id}`, { token: s.token })).body.status).not.toBe('completed');
  await p.startProcess('grading');
  const done = await p.api.waitForEvaluation(up.body.id, s.token);
  expect(done.status).toBe('completed');
  expect(done.results.grader).toBe('openai');
  expect(fake.requests).toHaveLength(2); // the killed attempt and the redelivered one
  // one result: it does not change later, and one credit was charged for one evaluation
  await new Promise((r) => setTimeout(r, 4000));
  const later = (await p.api.call('GET', `/evaluation/${up.body.id}`, { token: s.token })).body;
  expect(later.completed_at).toBe(done.completed_at);
  expect(later.results).toEqual(done.results);
  expect(fake.requests).toHaveLength(2);
  expect((await p.api.call('GET', '/auth/me', { token: s.token })).body.essay_credits).toBe(0);
  expect((await p.api.call('GET', '/evaluation/my-evaluations', { token: s.token })).body.total).toBe(1);
});

it('the rubric’s marked exemplars reach the prompt within their allowance, and the result names them (issue 33 §3)', async () => {
  const email = uniqueEmail('exemplar-admin');
  expect(
    (
      await p.api.call('POST', '/auth/setup-admin', {
        json: { name: 'Ezra Exemplar', email, password: 'exemplar-admin-1', user_type: 'super-admin' },
      })
    ).status,
  ).toBe(200);
  const admin = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'exemplar-admin-1' } })).body.access_token;
  const s = await student();
  const [a, b] = s.rubric.scoring_structure.criteria;
  const add = async (title: string, text: string) => {
    const res = await p.api.call('POST', `/rubrics/${s.rubric.id}/exemplars`, {
      token: admin,
      json: {
        title,
        text,
        marks: [
          { code: a.code, score: 4, comment: `Comment on ${title}.` },
          { code: b.code, score: 3, comment: '' },
        ],
      },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  // the essay is about influenza and public health in Canadian cities
  const near = await add('Influenza sample', 'Municipal public health responses to the 1918 influenza in Canadian cities.');
  const far = await add('Poetry sample', 'Imagery in the war poetry of Wilfred Owen.');
  await add('Whole essay', `Influenza in Toronto. ${'Public health officials closed schools. '.repeat(150)}`); // over the allowance alone
  expect((await p.api.call('GET', `/rubrics/${s.rubric.id}/exemplars`, { token: s.token })).status).toBe(403);

  fake.reply({ content: s.reply });
  const up = await s.upload();
  const done = await p.api.waitForEvaluation(up.body.id, s.token);
  expect(done.results).toMatchObject({ grader: 'openai' });
  expect(done.results.exemplars).toEqual([
    { id: near.id, title: 'Influenza sample' },
    { id: far.id, title: 'Poetry sample' },
  ]);
  const prompt: string = fake.requests[0].body.messages![1].content;
  expect(prompt).toContain(`<exemplar title="Influenza sample">\n${near.text}\n</exemplar>`);
  expect(prompt).toContain(`- ${a.code} ${a.name}: 4/${a.maxScore} — Comment on Influenza sample.`);
  expect(prompt).not.toContain('Whole essay');
  expect(Math.ceil(prompt.slice(prompt.indexOf('<exemplar'), prompt.indexOf('<essay>')).length / 4)).toBeLessThanOrEqual(600);
  for (const e of [near, far]) await p.api.call('DELETE', `/rubrics/${s.rubric.id}/exemplars/${e.id}`, { token: admin });
});
