/**
 * A school's own model endpoint through the gateway with every process real (issue 33 §2): the
 * platform grades with its model (an OpenAI-style fake); a school admin points the school at an
 * Azure OpenAI deployment (an Azure-style fake: deployment path, api-version, api-key), tests the
 * connection, and a member student's essay is graded there — never on the platform's endpoint —
 * with the key never answered by any route. When the school then switches AI grading off, its
 * students' essays are still taken and graded by the built-in grader, with no model request.
 */
import { DEFAULT_AZURE_API_VERSION } from '@corestone/contracts';
import { EE_ESSAY } from '../fixtures/essays';
import { FakeOpenAI } from '../support/fake-openai';
import { invitedSignIn, setupSuperAdmin } from '../support/api-setup';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

const platform = new FakeOpenAI();
const AZURE = { deployment: 'essays-eu', apiVersion: DEFAULT_AZURE_API_VERSION, apiKey: 'azure-secret-key-4242' };
const azure = new FakeOpenAI(AZURE);
let p: TestPlatform;
let superToken: string;

beforeAll(async () => {
  await platform.start();
  await azure.start();
  p = await startTestPlatform({
    GRADER: 'openai',
    OPENAI_API_KEY: 'sk-platform-system',
    OPENAI_BASE_URL: platform.baseURL,
    OPENAI_MODEL: 'platform-model',
    OPENAI_MAX_RETRIES: '1',
    // a school's switch applies to the next essay (the default keeps it 30 s per replica)
    GRADING_SCHOOL_ENDPOINT_CACHE_MS: '0',
  });
  superToken = await setupSuperAdmin(p, { name: 'Ada Endpoint', email: uniqueEmail('endpoint-super'), password: 'super-secret-1' });
});
afterAll(async () => {
  await p?.shutdown();
  await platform.stop();
  await azure.stop();
});

it("a school's Azure OpenAI deployment grades its students' essays; the key is never answered", async () => {
  const school = (await p.api.call('POST', '/schools', { token: superToken, json: { name: 'Residency Academy', country: 'DE' } })).body;
  const head = await invitedSignIn(p, school.id, superToken, uniqueEmail('endpoint-head'), 'school_admin');
  const student = await invitedSignIn(p, school.id, head.token, uniqueEmail('endpoint-student'), 'student');
  const teacher = await invitedSignIn(p, school.id, head.token, uniqueEmail('endpoint-teacher'), 'teacher');
  expect(
    (await p.api.call('POST', `/schools/${school.id}/credits`, { token: superToken, json: { credits: 2, note: 'test' } })).status,
  ).toBe(201);

  const body = {
    kind: 'azure',
    base_url: azure.endpoint,
    model: 'gpt-4o-eu',
    api_key: AZURE.apiKey,
    azure_deployment: AZURE.deployment,
  };
  expect((await p.api.call('PUT', `/schools/${school.id}/ai-endpoint`, { token: teacher.token, json: body })).status).toBe(403);
  const set = await p.api.call('PUT', `/schools/${school.id}/ai-endpoint`, { token: head.token, json: body });
  expect(set.status).toBe(200);
  expect(set.body.endpoint).toMatchObject({
    kind: 'azure',
    azure_api_version: AZURE.apiVersion,
    has_api_key: true,
    api_key_masked: 'azu…4242',
  });
  const read = await p.api.call('GET', `/schools/${school.id}/ai-endpoint`, { token: head.token });
  expect(JSON.stringify([set.body, read.body])).not.toContain(AZURE.apiKey);

  azure.always({ content: 'not json' }); // the test request needs only an answer
  const tested = await p.api.call('POST', `/schools/${school.id}/ai-endpoint/test`, { token: head.token });
  expect(tested.status).toBe(200);
  expect(tested.body).toMatchObject({ success: true, status: 200 });

  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: student.token })).body[0];
  const reply = {
    criteria: rubric.scoring_structure.criteria.map((c: { code: string; maxScore: number }) => ({
      code: c.code,
      score: c.maxScore - 1,
      feedback: `Azure feedback for ${c.code}.`,
      strengths: [],
      improvements: [],
    })),
  };
  azure.reset();
  azure.always({ content: JSON.stringify(reply) });
  platform.reset();
  platform.always({ status: 500 });
  const up = await p.api.call('POST', '/evaluation/evaluate-async', {
    token: student.token,
    form: p.api.essayForm(EE_ESSAY, {
      title: 'Influenza and public health',
      essay_type: 'ee',
      rubric_id: rubric.id,
      subject_area: 'History',
    }),
  });
  expect(up.status).toBe(201);
  const done = await p.api.waitForEvaluation(up.body.id, student.token);
  expect(done.status).toBe('completed');
  expect(done.results).toMatchObject({ grader: 'openai', model: 'gpt-4o-eu' });
  expect(done.results.criteria[0].feedback).toBe(`Azure feedback for ${rubric.scoring_structure.criteria[0].code}.`);
  expect(azure.requests).toHaveLength(1);
  expect(azure.requests[0]).toMatchObject({
    admitted: true,
    path: `/openai/deployments/${AZURE.deployment}/chat/completions?api-version=${AZURE.apiVersion}`,
  });
  expect(platform.requests).toHaveLength(0);

  // The school switches AI grading off: the next essay is taken (charged as before) and graded by
  // the built-in grader only — neither the school's endpoint nor the platform's is asked.
  const off = await p.api.call('PATCH', `/schools/${school.id}`, { token: head.token, json: { settings: { ai_grader_enabled: false } } });
  expect(off.status).toBe(200);
  expect(off.body.settings.ai_grader_enabled).toBe(false);
  const offline = await p.api.call('POST', '/evaluation/evaluate-async', {
    token: student.token,
    form: p.api.essayForm(`${EE_ESSAY}\n\nA second essay.`, { title: 'Graded without AI', essay_type: 'ee', rubric_id: rubric.id }),
  });
  expect(offline.body).toMatchObject({ id: expect.any(String) });
  expect(offline.status).toBe(201);
  const builtin = await p.api.waitForEvaluation(offline.body.id, student.token);
  expect(builtin.status).toBe('completed');
  expect(builtin.results.grader).toBe('builtin');
  expect(azure.requests).toHaveLength(1);
  expect(platform.requests).toHaveLength(0);
  const pool = await p.api.call('GET', `/schools/${school.id}/credits`, { token: head.token });
  expect(pool.body).toMatchObject({ balance: 0, used_total: 2 });
});
