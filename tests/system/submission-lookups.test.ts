/**
 * A submission's rubric and submitter look-ups are cached (evaluation keeps both in process,
 * read-your-writes by stream sequence: the rubric snapshot dropped by rubric.changed.v1, which the
 * rubric service publishes for every write that changes it; the submitter by the users stream). Through the gateway with every service running: what an admin
 * just changed — a rubric archived, edited, reactivated or deleted; a user's role changed, the
 * account deactivated or deleted — is honoured by the very next submission, each time after a
 * submission that filled the caches. The access token keeps its old role claim throughout (it
 * lives up to 15 minutes): the refusals come from the account as it is now.
 */
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { setupSuperAdmin } from '../support/api-setup';

let p: TestPlatform;
let superToken = '';
const teacher = { id: '', token: '' };

beforeAll(async () => {
  p = await startTestPlatform();
  superToken = await setupSuperAdmin(p, { name: 'Sue Super', email: uniqueEmail('lookups-super'), password: 'super-secret-1' });
  const email = uniqueEmail('lookups-teacher');
  const created = await p.api.call('POST', '/users/admin/create-user', {
    token: superToken,
    json: { first_name: 'Tess', last_name: 'Teacher', email, password: 'teacher-secret-1', user_type: 'teacher', credits: 20 },
  });
  expect(created.status).toBeLessThan(300);
  const login = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'teacher-secret-1' } })).body;
  Object.assign(teacher, { id: login.user.id, token: login.access_token });
});
afterAll(async () => {
  await p?.shutdown();
});

let essays = 0;
function submit(rubricId: string, essayType = 'ee', token = teacher.token) {
  essays++;
  const text = `Essay ${essays}. ${'How far does the length of a pendulum set its period, and what limits the measurement? '.repeat(40)}`;
  return p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(text, { title: `Lookups ${essays}`, essay_type: essayType, rubric_id: rubricId }),
  });
}

async function newRubric(title: string): Promise<string> {
  const res = await p.api.call('POST', '/rubrics', {
    token: superToken,
    json: { title, rubric_type: 'ee', scoring_structure: { criteria: [{ code: 'A', name: 'Argument', maxScore: 10 }] } },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const putRubric = (id: string, json: Record<string, unknown>) => p.api.call('PUT', `/rubrics/${id}`, { token: superToken, json });
const statusAndCode = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];

it('refuses a rubric at the very next submission once a super admin archived it, and takes its new version once reactivated', async () => {
  const id = await newRubric('Lookups: archived');
  expect((await submit(id)).status).toBe(201);

  expect((await putRubric(id, { status: 'deprecated' })).status).toBe(200);
  expect(statusAndCode(await submit(id))).toEqual([404, 'RUBRIC_NOT_FOUND']);

  expect((await putRubric(id, { status: 'active', title: 'Lookups: back again' })).status).toBe(200);
  const again = await submit(id);
  expect(again.status).toBe(201);
  expect(again.body.rubric).toMatchObject({ id, title: 'Lookups: back again', version: 3 });
});

it('refuses a deleted rubric at the very next submission', async () => {
  const id = await newRubric('Lookups: deleted');
  // a refused submission reads (and caches) the snapshot, and leaves the rubric unused, so it can be deleted
  expect(statusAndCode(await submit(id, 'tok'))).toEqual([400, 'RUBRIC_TYPE_MISMATCH']);
  expect((await p.api.call('DELETE', `/rubrics/${id}`, { token: superToken })).status).toBe(200);
  expect(statusAndCode(await submit(id))).toEqual([404, 'RUBRIC_NOT_FOUND']);
});

it("honours a role change, a deactivation and a deletion of the submitter's account at the very next submission", async () => {
  const rubric = await newRubric('Lookups: users');
  const admin = (path: string, json?: unknown) =>
    p.api.call(json === undefined ? 'DELETE' : 'PUT', `/users/admin/users/${teacher.id}${path}`, { token: superToken, json });
  expect((await submit(rubric)).body.user_type).toBe('teacher');

  expect((await admin('/role', { new_role: 'student' })).status).toBe(200);
  expect((await submit(rubric)).body.user_type).toBe('student');

  expect((await admin('/role', { new_role: 'admin' })).status).toBe(200);
  expect(statusAndCode(await submit(rubric))).toEqual([403, 'FORBIDDEN']);

  expect((await admin('/role', { new_role: 'teacher' })).status).toBe(200);
  expect((await submit(rubric)).status).toBe(201);
  expect((await admin('/status', { is_active: false })).status).toBe(200);
  expect(statusAndCode(await submit(rubric))).toEqual([403, 'ACCOUNT_DEACTIVATED']);

  expect((await admin('/status', { is_active: true })).status).toBe(200);
  expect((await submit(rubric)).status).toBe(201);
  expect((await admin('')).status).toBe(200);
  expect(statusAndCode(await submit(rubric))).toEqual([404, 'USER_NOT_FOUND']);
});
