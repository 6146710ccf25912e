import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_AZURE_API_VERSION, Events, Rpc, type AiEndpointConfig, type Results } from '@corestone/contracts';
import { callRpc, newId, publishEvent, serveRpc, type Redis } from '@corestone/service-kit';
import { FakeOpenAI } from '../../../tests/support/fake-openai';
import { endpointId } from '../src/store/fair-budget';
import { job } from './rubrics';
import { replyFor } from './replies';
import { gradingEventsFor, hasType, until } from './events';
import { gradingWithFakeOpenAI } from './fake-openai-service';

/**
 * Issue 33 §2 through the real worker and SDK: a school's own OpenAI-compatible endpoint (vLLM /
 * Ollama style, by base URL) and an Azure OpenAI deployment (the SDK's AzureOpenAI client: deployment
 * path, api-version query, api-key header) each grade their school's essays with a budget of their
 * own; a school that switched AI grading off gets the built-in grader with no model request; other
 * essays use the platform's endpoint. Schools' answers (rpc.schools.ai_endpoint) come from a
 * responder on the run's bus here; schools' own side is services/schools/test/ai-endpoint.int.test.ts.
 */
const grading = gradingWithFakeOpenAI('grdsch', {
  OPENAI_API_KEY: 'sk-platform',
  OPENAI_MODEL: 'gpt-platform',
  GRADING_SCHOOL_ENDPOINT_CACHE_MS: '0',
});
const platform = grading.fake;
const own = new FakeOpenAI();
const AZURE = { deployment: 'essays-eu', apiVersion: DEFAULT_AZURE_API_VERSION, apiKey: 'azure-key-123456' };
const azure = new FakeOpenAI(AZURE);
const EE_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-good.txt'), 'utf8');
const REPLY = { content: JSON.stringify(replyFor([5, 5, 10, 3, 5])) };

const SCHOOL = { own: newId(), azure: newId(), off: newId(), plain: newId(), broken: newId() };
const settings = new Map<string, { ai_enabled: boolean; endpoint: AiEndpointConfig | null }>();
const asked: string[] = [];
let responder: { unsubscribe(): void };

const savedBaseUrl = process.env.OPENAI_BASE_URL;
beforeAll(async () => {
  // as in a grading process configured by environment: the SDK reads it as its default base URL
  process.env.OPENAI_BASE_URL = platform.baseURL;
  await own.start();
  await azure.start();
  settings.set(SCHOOL.own, {
    ai_enabled: true,
    endpoint: {
      kind: 'openai',
      base_url: own.baseURL,
      model: 'llama-school',
      api_key: 'sk-school-own',
      azure_deployment: null,
      azure_api_version: null,
    },
  });
  settings.set(SCHOOL.azure, {
    ai_enabled: true,
    endpoint: {
      kind: 'azure',
      base_url: azure.endpoint,
      model: 'gpt-4o-eu',
      api_key: AZURE.apiKey,
      azure_deployment: AZURE.deployment,
      azure_api_version: AZURE.apiVersion,
    },
  });
  settings.set(SCHOOL.off, { ai_enabled: false, endpoint: settings.get(SCHOOL.own)!.endpoint });
  settings.set(SCHOOL.plain, { ai_enabled: true, endpoint: null });
  responder = serveRpc(
    grading.bus,
    Rpc.schoolsAiEndpoint,
    async ({ school_id }) => {
      asked.push(school_id);
      if (school_id === SCHOOL.broken && asked.filter((s) => s === school_id).length === 1) throw new Error('schools is failing');
      if (school_id === SCHOOL.broken) return settings.get(SCHOOL.own)!;
      return settings.get(school_id) ?? { ai_enabled: true, endpoint: null };
    },
    { error: () => undefined, warn: () => undefined } as never,
  );
});
afterAll(async () => {
  if (savedBaseUrl === undefined) delete process.env.OPENAI_BASE_URL;
  else process.env.OPENAI_BASE_URL = savedBaseUrl;
  responder?.unsubscribe();
  await own.stop();
  await azure.stop();
});
beforeEach(() => {
  for (const f of [platform, own, azure]) {
    f.reset();
    f.always(REPLY);
  }
  asked.length = 0;
});

async function gradeFor(school_id: string | null): Promise<Results> {
  const j = job(EE_GOOD, { evaluation_id: newId(), school_id });
  await publishEvent(grading.bus, Events.evaluationSubmitted, j);
  const events = await until(() => gradingEventsFor(grading.bus, j.evaluation_id), hasType(Events.gradingCompleted.subject), 'completed');
  return (events.find((e) => e.type === Events.gradingCompleted.subject)!.data as { results: Results }).results;
}

const budgetKeys = async (redis: Redis, t: { base?: string; model: string; key: string }) =>
  redis.keys(`${grading.config.REDIS_PREFIX}{gq:${endpointId(t.base, t.model, t.key)}}:*`);

it('a school’s own OpenAI-compatible endpoint grades its essays (its URL, key and model), with a budget of its own', async () => {
  const r = await gradeFor(SCHOOL.own);
  expect(r).toMatchObject({ grader: 'openai', model: 'llama-school' });
  expect(platform.requests).toHaveLength(0);
  expect(own.requests).toHaveLength(1);
  expect(own.requests[0]).toMatchObject({ path: '/v1/chat/completions', body: { model: 'llama-school' } });
  expect(own.requests[0].headers.authorization).toBe('Bearer sk-school-own');
  expect(asked).toEqual([SCHOOL.own]);
  const redis = grading.service.infra.redis!;
  expect(await budgetKeys(redis, { base: own.baseURL, model: 'llama-school', key: 'sk-school-own' })).not.toHaveLength(0);
});

it('an Azure OpenAI school: the deployment path, api-version and api-key header, a budget of its own', async () => {
  const r = await gradeFor(SCHOOL.azure);
  expect(r).toMatchObject({ grader: 'openai', model: 'gpt-4o-eu' });
  expect(azure.requests).toHaveLength(1);
  const req = azure.requests[0];
  expect(req.admitted).toBe(true); // the fake refuses anything but the deployment's path, version and key
  expect(req.path).toBe(`/openai/deployments/${AZURE.deployment}/chat/completions?api-version=${AZURE.apiVersion}`);
  expect(req.headers['api-key']).toBe(AZURE.apiKey);
  expect(req.headers.authorization).toBeUndefined();
  expect(platform.requests).toHaveLength(0);
  const redis = grading.service.infra.redis!;
  const base = `${azure.endpoint}/openai/deployments/${AZURE.deployment}`;
  expect(await budgetKeys(redis, { base, model: 'gpt-4o-eu', key: AZURE.apiKey })).not.toHaveLength(0);
});

it('a school that switched AI grading off gets the built-in grader only: no model request anywhere', async () => {
  const r = await gradeFor(SCHOOL.off);
  expect(r.grader).toBe('builtin');
  expect(r.model).toBeUndefined();
  expect([...platform.requests, ...own.requests, ...azure.requests]).toHaveLength(0);
});

it('a school without an endpoint, and an individual, use the platform’s endpoint', async () => {
  expect(await gradeFor(SCHOOL.plain)).toMatchObject({ grader: 'openai', model: 'gpt-platform' });
  expect(await gradeFor(null)).toMatchObject({ grader: 'openai', model: 'gpt-platform' });
  expect(platform.requests).toHaveLength(2);
  expect(platform.requests[0].headers.authorization).toBe('Bearer sk-platform');
  expect(asked).toEqual([SCHOOL.plain]); // an individual's essay asks nothing
  expect(own.requests).toHaveLength(0);
});

it('schools not answering: the job is retried, never graded on the platform’s endpoint meanwhile', async () => {
  const r = await gradeFor(SCHOOL.broken); // the first look-up fails, the redelivery's answers
  expect(asked).toEqual([SCHOOL.broken, SCHOOL.broken]);
  expect(r).toMatchObject({ grader: 'openai', model: 'llama-school' });
  expect(own.requests).toHaveLength(1);
  expect(platform.requests).toHaveLength(0);
});

it('schools gone entirely: a school seen before keeps its endpoint; one never seen gets the platform’s (no responders)', async () => {
  responder.unsubscribe();
  expect(await gradeFor(SCHOOL.own)).toMatchObject({ grader: 'openai', model: 'llama-school' }); // its last answer
  expect(await gradeFor(newId())).toMatchObject({ grader: 'openai', model: 'gpt-platform' });
  expect(own.requests).toHaveLength(1);
  expect(platform.requests).toHaveLength(1);
  expect(asked).toEqual([]);
});

describe('test connection (rpc.grading.test_endpoint)', () => {
  const test = (endpoint: AiEndpointConfig) => callRpc(grading.bus, Rpc.gradingTestEndpoint, { endpoint });
  const azureEndpoint = () => settings.get(SCHOOL.azure)!.endpoint!;

  it('answers ok for a working endpoint of either flavour', async () => {
    await expect(test(settings.get(SCHOOL.own)!.endpoint!)).resolves.toMatchObject({ success: true, status: 200 });
    await expect(test(azureEndpoint())).resolves.toMatchObject({ success: true, status: 200 });
    expect(own.requests[0].body.max_tokens).toBe(5);
  });

  it('says what is wrong: a wrong key, a wrong deployment, an unreachable server — never echoing the key', async () => {
    const wrongKey = await test({ ...azureEndpoint(), api_key: 'not-the-key' });
    expect(wrongKey).toMatchObject({ success: false, status: 401 });
    expect(wrongKey.detail).not.toContain('not-the-key');
    await expect(test({ ...azureEndpoint(), azure_deployment: 'other' })).resolves.toMatchObject({ success: false, status: 404 });
    own.always({ status: 401 });
    await expect(test(settings.get(SCHOOL.own)!.endpoint!)).resolves.toMatchObject({ success: false, status: 401 });
    const closed = await test({ ...settings.get(SCHOOL.own)!.endpoint!, base_url: 'http://127.0.0.1:9/v1' });
    expect(closed).toMatchObject({ success: false, detail: 'Connection failed: the endpoint could not be reached' });
  });
});
