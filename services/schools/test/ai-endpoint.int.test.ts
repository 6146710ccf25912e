import { DEFAULT_AZURE_API_VERSION, Rpc, type AiEndpointConfig } from '@corestone/contracts';
import { callRpc, decryptSecret, loadPlatformKeys, newId, serveRpc } from '@corestone/service-kit';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

/**
 * Issue 33 §2, schools' side: a school's own model endpoint — who may read, set, remove and test it,
 * the key sealed at rest with the platform data key and never answered, and grading's question
 * (rpc.schools.ai_endpoint: the AI switch and the endpoint with its key). Grading's test request is
 * answered here by a responder recording what schools sent; the real one is in
 * services/grading/test/school-endpoints.int.test.ts.
 */
let h: Harness;
let sa: Person;
let school: Awaited<ReturnType<typeof seedSchool>>;
let other: Awaited<ReturnType<typeof seedSchool>>;
const tested: AiEndpointConfig[] = [];
let responder: { unsubscribe(): void };

beforeAll(async () => {
  h = await startSchools('schai');
  sa = await person(h, 'super_admin');
  school = await seedSchool(h, sa, 'Endpoint School');
  other = await seedSchool(h, sa, 'Other School');
  responder = serveRpc(
    h.service.infra.bus,
    Rpc.gradingTestEndpoint,
    async ({ endpoint }) => (tested.push(endpoint), { success: true, status: 200, detail: 'The model answered.', latency_ms: 3 }),
    h.service.app.log,
  );
});
afterAll(async () => {
  responder?.unsubscribe();
  await h?.close();
});

const url = (id = school.id) => `/schools/${id}/ai-endpoint`;
const put = async (who: Person, body: unknown, id = school.id) => {
  const res = await h.service.app.inject({ method: 'PUT', url: url(id), headers: who.h, payload: body as object });
  return { status: res.statusCode, body: res.json() };
};
const KEY = 'sk-school-secret-key-9876';
const OPENAI = { kind: 'openai', base_url: 'https://llm.school.example/v1/', model: 'llama-3.1-70b', api_key: KEY };

it('a school admin sets the endpoint: the key is sealed at rest and answered only masked', async () => {
  const res = await put(school.admin, OPENAI);
  expect(res.status).toBe(200);
  expect(res.body.endpoint).toMatchObject({
    school_id: school.id,
    kind: 'openai',
    base_url: 'https://llm.school.example/v1',
    model: 'llama-3.1-70b',
    has_api_key: true,
    api_key_masked: 'sk-…9876',
    azure_deployment: null,
  });
  expect(JSON.stringify(res.body)).not.toContain(KEY);
  const read = await h.call<{ endpoint: Record<string, unknown> }>('GET', url(), school.admin.h);
  expect(read.status).toBe(200);
  expect(JSON.stringify(read.body)).not.toContain(KEY);
  expect(read.body.endpoint.api_key_masked).toBe('sk-…9876');

  const { rows } = await h.service.infra.db.pool.query(`SELECT api_key_sealed FROM school_ai_endpoints WHERE school_id = $1`, [school.id]);
  expect(rows[0].api_key_sealed).not.toContain(KEY);
  expect(decryptSecret(loadPlatformKeys(h.service.config).dataKey, rows[0].api_key_sealed)).toBe(KEY);

  // grading's question: the switch and the endpoint with its key
  expect(await callRpc(h.service.infra.bus, Rpc.schoolsAiEndpoint, { school_id: school.id })).toEqual({
    ai_enabled: true,
    endpoint: {
      kind: 'openai',
      base_url: 'https://llm.school.example/v1',
      model: 'llama-3.1-70b',
      api_key: KEY,
      azure_deployment: null,
      azure_api_version: null,
    },
  });
});

it('a change without a key keeps the stored one; an empty key removes it; Azure needs deployment and key', async () => {
  const kept = await put(school.admin, { ...OPENAI, api_key: undefined, model: 'llama-3.1-8b' });
  expect(kept.body.endpoint).toMatchObject({ model: 'llama-3.1-8b', has_api_key: true, api_key_masked: 'sk-…9876' });
  const cleared = await put(school.admin, { ...OPENAI, api_key: '' });
  expect(cleared.body.endpoint).toMatchObject({ has_api_key: false, api_key_masked: null });
  expect((await callRpc(h.service.infra.bus, Rpc.schoolsAiEndpoint, { school_id: school.id })).endpoint?.api_key).toBeNull();

  const azure = { kind: 'azure', base_url: 'https://school-eu.openai.azure.com', model: 'gpt-4o', api_key: 'azure-key-0000-1111' };
  expect((await put(school.admin, azure)).body).toMatchObject({ code: 'AI_ENDPOINT_INVALID' });
  expect((await put(school.admin, { ...azure, azure_deployment: 'essays', api_key: '' })).status).toBe(400);
  const set = await put(school.admin, { ...azure, azure_deployment: 'essays' });
  expect(set.status).toBe(200);
  expect(set.body.endpoint).toMatchObject({ kind: 'azure', azure_deployment: 'essays', azure_api_version: DEFAULT_AZURE_API_VERSION });
  expect((await put(school.admin, { ...azure, base_url: 'ftp://x' })).status).toBe(400);
  expect((await put(school.admin, { ...azure, azure_deployment: '../x' })).status).toBe(400);
});

it('test connection: grading is sent the stored endpoint; no endpoint is a 400', async () => {
  const res = await h.call<Record<string, unknown>>('POST', `${url()}/test`, school.admin.h);
  expect(res).toMatchObject({ status: 200, body: { success: true, status: 200 } });
  expect(tested.at(-1)).toMatchObject({ kind: 'azure', azure_deployment: 'essays', api_key: 'azure-key-0000-1111' });
  expect((await h.call('POST', `/schools/${other.id}/ai-endpoint/test`, sa.h)).status).toBe(400);
});

it('only the school’s admins and super admins; other members 403, outsiders 404', async () => {
  for (const who of [school.teacher, school.student]) {
    expect((await h.call('GET', url(), who.h)).status).toBe(403);
    expect((await put(who, OPENAI)).status).toBe(403);
    expect((await h.call('DELETE', url(), who.h)).status).toBe(403);
    expect((await h.call('POST', `${url()}/test`, who.h)).status).toBe(403);
  }
  for (const who of [other.admin, other.teacher]) {
    expect((await h.call('GET', url(), who.h)).status).toBe(404);
    expect((await put(who, OPENAI)).status).toBe(404);
  }
  expect((await h.call('GET', url(newId()), sa.h)).status).toBe(404);
  expect((await h.call('GET', url('nope'), sa.h)).status).toBe(404);
  expect((await h.call('GET', url(), {})).status).toBe(401);
  expect((await h.call('GET', url(), sa.h)).status).toBe(200);
});

it('removing it returns the school to the platform’s model; AI switched off is told to grading', async () => {
  expect((await h.call('DELETE', url(), school.admin.h)).body).toEqual({ endpoint: null });
  expect((await h.call<{ endpoint: null }>('GET', url(), school.admin.h)).body).toEqual({ endpoint: null });
  const patched = await h.call('PATCH', `/schools/${school.id}`, school.admin.h, { settings: { ai_grader_enabled: false } });
  expect(patched.status).toBe(200);
  expect(await callRpc(h.service.infra.bus, Rpc.schoolsAiEndpoint, { school_id: school.id })).toEqual({
    ai_enabled: false,
    endpoint: null,
  });
  expect(await callRpc(h.service.infra.bus, Rpc.schoolsAiEndpoint, { school_id: newId() })).toEqual({ ai_enabled: true, endpoint: null });
});
