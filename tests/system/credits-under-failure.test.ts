/**
 * Credits are never lost or spent twice: concurrent uploads on one credit, and a service
 * killed (SIGKILL) in the middle of the grading path.
 */
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { EE_ESSAY } from '../fixtures/essays';

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.shutdown();
});

async function newStudent() {
  const token = (await p.api.signup(uniqueEmail('credits'))).body.access_token as string;
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  const upload = (draft = 0) =>
    p.api.call('POST', '/evaluation/evaluate-async', {
      token,
      form: p.api.essayForm(draft ? `${EE_ESSAY}\n\nDraft ${draft}.` : EE_ESSAY, {
        title: 'Concurrent',
        essay_type: 'ee',
        rubric_id: rubric.id,
      }),
    });
  return { token, upload };
}

it('accepts exactly one of ten concurrent uploads on a single credit', async () => {
  const s = await newStudent();
  // Ten different drafts: an unchanged essay sent again after its first upload was graded is
  // answered from the stored result without a charge (evaluation README), which a busy machine
  // reaches within the ten requests — then more than one would be accepted, none overdrawn.
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => s.upload(i + 1)));
  const accepted = results.filter((r) => r.status < 300);
  const refused = results.filter((r) => r.status === 403);
  expect(accepted).toHaveLength(1);
  expect(refused).toHaveLength(9);
  expect(results.every((r) => r.status < 500)).toBe(true);
  const me = await p.api.call('GET', '/auth/me', { token: s.token });
  expect(me.body.essay_credits).toBe(0);
  await p.api.waitForEvaluation(accepted[0].body.id, s.token);
});

it('finishes grading after the grading worker is killed and restarted, charging once', async () => {
  const s = await newStudent();
  await p.stopProcess('grading', 'SIGKILL');
  const up = await s.upload();
  expect(up.status).toBeLessThan(300); // accepted while no worker runs: the job waits in JetStream
  expect((await p.api.call('GET', `/evaluation/${up.body.id}`, { token: s.token })).body.status).toBe('pending');
  await p.startProcess('grading');
  const done = await p.api.waitForEvaluation(up.body.id, s.token);
  expect(done.status).toBe('completed');
  expect((await p.api.call('GET', '/auth/me', { token: s.token })).body.essay_credits).toBe(0);
});

it('keeps the submission and the charge consistent when evaluation is killed and restarted', async () => {
  const s = await newStudent();
  const up = await s.upload();
  expect(up.status).toBeLessThan(300);
  await p.stopProcess('evaluation', 'SIGKILL');
  await p.startProcess('evaluation');
  const done = await p.api.waitForEvaluation(up.body.id, s.token);
  expect(done.status).toBe('completed');
  const me = await p.api.call('GET', '/auth/me', { token: s.token });
  expect(me.body.essay_credits).toBe(0);
  expect((await p.api.call('GET', '/evaluation/my-evaluations', { token: s.token })).body.total).toBe(1);
});
