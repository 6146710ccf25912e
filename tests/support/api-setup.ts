/**
 * Setup steps system tests share, through the gateway: the first super admin, and a student's
 * essay submitted and graded. Each checks its steps were accepted, as the tests did inline.
 */
import { EE_ESSAY } from '../fixtures/essays';
import type { TestPlatform } from './platform';

/** Creates the first admin (POST /auth/setup-admin, a super admin; must answer 200) and signs in: answers the access token. */
export async function setupSuperAdmin(p: TestPlatform, account: { name: string; email: string; password: string }): Promise<string> {
  const setup = await p.api.call('POST', '/auth/setup-admin', { json: { ...account, user_type: 'super-admin' } });
  expect(setup.status).toBe(200);
  return (await p.api.call('POST', '/auth/login', { json: { username: account.email, password: account.password } })).body.access_token;
}

/**
 * Submits EE_ESSAY as an Extended Essay titled `title` on the first active EE rubric with the
 * student's `token` (must answer 201) and waits until it is graded (must complete): answers the
 * rubric and the completed evaluation as the student sees it.
 */
export async function submitGradedEssay(p: TestPlatform, token: string, title = 'Influenza and policy') {
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  const up = await p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(EE_ESSAY, { title, essay_type: 'ee', rubric_id: rubric.id }),
  });
  expect(up.status).toBe(201);
  const graded = await p.api.waitForEvaluation(up.body.id, token);
  expect(graded.status).toBe('completed');
  return { rubric, graded };
}
