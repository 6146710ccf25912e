import { Codes, MAX_EXEMPLARS_PER_RUBRIC, Rpc, type Rubric, type RubricExemplar } from '@corestone/contracts';
import { callRpc, newId } from '@corestone/service-kit';
import { ROLES, startRubricService, type RubricService } from './harness';

/** Issue 33 §3: a rubric's marked exemplars — the super_admin routes, their checks, and rpc.rubric.exemplars. */
let svc: RubricService;
let rubric: Rubric;
beforeAll(async () => {
  svc = await startRubricService('rubex');
  const created = await svc.as('super_admin', {
    method: 'POST',
    url: '/rubrics',
    payload: {
      title: 'Exemplar rubric',
      rubric_type: 'ee',
      scoring_structure: {
        criteria: [
          { code: 'A', name: 'Focus', maxScore: 6 },
          { code: 'B', name: 'Analysis', maxScore: 8 },
        ],
      },
    },
  });
  expect(created.statusCode).toBe(201);
  rubric = created.json();
});
afterAll(async () => {
  await svc?.close();
});

const url = (id = rubric.id) => `/rubrics/${id}/exemplars`;
const SAMPLE = {
  title: '  Moderation sample 3 (excerpt) ',
  text: 'To what extent did the levy change recipes? Manufacturers reformulated before it began.',
  marks: [
    { code: 'b', score: 6, comment: ' Data analysed, limitations noted. ' },
    { code: 'A', score: 5, comment: 'Focused question.' },
  ],
};
const add = (payload: unknown, role: (typeof ROLES)[number] = 'super_admin', id = rubric.id) =>
  svc.as(role, { method: 'POST', url: url(id), payload: payload as Record<string, unknown> });

it('super_admin adds, lists and deletes exemplars; marks are stored in the rubric’s order and spelling', async () => {
  const res = await add(SAMPLE);
  expect(res.statusCode).toBe(201);
  const added: RubricExemplar = res.json();
  expect(added).toMatchObject({
    rubric_id: rubric.id,
    title: 'Moderation sample 3 (excerpt)',
    text: SAMPLE.text,
    marks: [
      { code: 'A', score: 5, comment: 'Focused question.' },
      { code: 'B', score: 6, comment: 'Data analysed, limitations noted.' },
    ],
  });
  const listed = await svc.as('super_admin', { url: url() });
  expect(listed.statusCode).toBe(200);
  expect(listed.json()).toEqual([added]);

  // grading's question: the same exemplars; none for an unknown or malformed rubric id
  expect((await callRpc(svc.infra.bus!, Rpc.rubricExemplars, { rubric_id: rubric.id })).exemplars).toEqual([added]);
  expect((await callRpc(svc.infra.bus!, Rpc.rubricExemplars, { rubric_id: newId() })).exemplars).toEqual([]);
  expect((await callRpc(svc.infra.bus!, Rpc.rubricExemplars, { rubric_id: 'nope' })).exemplars).toEqual([]);

  // adding one makes no new rubric version (exemplars are not in the snapshot)
  expect((await svc.as('super_admin', { url: `/rubrics/${rubric.id}` })).json().version).toBe(rubric.version);

  const del = await svc.as('super_admin', { method: 'DELETE', url: `${url()}/${added.id}` });
  expect(del.statusCode).toBe(200);
  expect(del.json()).toEqual({ success: true, message: 'Exemplar deleted', id: added.id });
  expect((await svc.as('super_admin', { url: url() })).json()).toEqual([]);
  const again = await svc.as('super_admin', { method: 'DELETE', url: `${url()}/${added.id}` });
  expect(again.statusCode).toBe(404);
  expect(again.json().code).toBe(Codes.EXEMPLAR_NOT_FOUND);
});

it('only super_admin: others get 403, anonymous 401', async () => {
  const kept: RubricExemplar = (await add(SAMPLE)).json();
  for (const role of ROLES.filter((r) => r !== 'super_admin')) {
    expect((await svc.as(role, { url: url() })).statusCode).toBe(403);
    expect((await add(SAMPLE, role)).statusCode).toBe(403);
    expect((await svc.as(role, { method: 'DELETE', url: `${url()}/${kept.id}` })).statusCode).toBe(403);
  }
  expect((await svc.as(null, { url: url() })).statusCode).toBe(401);
  expect((await add(SAMPLE, null as never)).statusCode).toBe(401);
  await svc.as('super_admin', { method: 'DELETE', url: `${url()}/${kept.id}` });
});

it('bad input is a 400 naming it; an unknown rubric or exemplar is a 404', async () => {
  const bad = async (payload: unknown, detail: RegExp) => {
    const res = await add(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  };
  await bad({ ...SAMPLE, marks: [{ code: 'Z', score: 1, comment: '' }] }, /criterion Z is not in the rubric \(A, B\)/);
  await bad({ ...SAMPLE, marks: [{ code: 'A', score: 7, comment: '' }] }, /criterion A: the mark must be a whole number from 0 to 6/);
  await bad({ ...SAMPLE, marks: [{ code: 'A', score: 2.5, comment: '' }] }, /whole number/);
  await bad({ ...SAMPLE, marks: [SAMPLE.marks[1], { code: 'a', score: 1, comment: '' }] }, /criterion A is marked twice/);
  await bad({ ...SAMPLE, title: '   ' }, /title is blank/);
  await bad({ ...SAMPLE, marks: [] }, /.+/);
  await bad({ title: 'x', text: 'y' }, /.+/);
  await bad({ ...SAMPLE, text: 'x'.repeat(60_001) }, /.+/);
  expect((await add(SAMPLE, 'super_admin', newId())).statusCode).toBe(404);
  expect((await add(SAMPLE, 'super_admin', 'not-a-uuid')).statusCode).toBe(404);
  expect((await svc.as('super_admin', { url: url(newId()) })).statusCode).toBe(404);
  expect((await svc.as('super_admin', { method: 'DELETE', url: `${url()}/not-a-uuid` })).statusCode).toBe(404);
  // another rubric's exemplar is not found through this rubric
  const other: Rubric = (
    await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics',
      payload: { title: 'Other', rubric_type: 'ee', scoring_structure: { criteria: [{ code: 'A', name: 'Focus', maxScore: 6 }] } },
    })
  ).json();
  const theirs: RubricExemplar = (await add({ ...SAMPLE, marks: [SAMPLE.marks[1]] }, 'super_admin', other.id)).json();
  expect((await svc.as('super_admin', { method: 'DELETE', url: `${url()}/${theirs.id}` })).statusCode).toBe(404);
  expect((await svc.as('super_admin', { url: url(other.id) })).json()).toHaveLength(1);
  // deleting the rubric deletes its exemplars
  expect((await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${other.id}` })).statusCode).toBe(200);
  expect((await callRpc(svc.infra.bus!, Rpc.rubricExemplars, { rubric_id: other.id })).exemplars).toEqual([]);
});

it(`a rubric holds at most ${MAX_EXEMPLARS_PER_RUBRIC} exemplars (409), even when added at once`, async () => {
  const results = await Promise.all(
    Array.from({ length: MAX_EXEMPLARS_PER_RUBRIC + 3 }, (_, i) => add({ ...SAMPLE, title: `Sample ${i}` })),
  );
  expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_EXEMPLARS_PER_RUBRIC);
  const refused = results.filter((r) => r.statusCode !== 201);
  expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual(Array(3).fill([409, Codes.EXEMPLAR_LIMIT_REACHED]));
  expect((await svc.as('super_admin', { url: url() })).json()).toHaveLength(MAX_EXEMPLARS_PER_RUBRIC);
});
