/**
 * Setup steps system tests share, through the gateway: the first super admin, a school member
 * invited and signed in, and a student's essay submitted and graded. Each checks its steps were accepted, as the tests did inline.
 */
import { EE_ESSAY } from '../fixtures/essays';
import { resetTokenFromMail, type TestPlatform } from './platform';

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

/**
 * Invites `email` to a school as `token`'s caller (must answer 201 with a new account), sets the new
 * account's password from its mail and signs in: answers the member's user id and access token.
 */
export async function invitedSignIn(
  p: TestPlatform,
  schoolId: string,
  token: string,
  email: string,
  role: string,
): Promise<{ id: string; token: string }> {
  const add = await p.api.call('POST', `/schools/${schoolId}/members`, { token, json: { email, name: `${role} ${email}`, role } });
  expect(add.status).toBe(201);
  expect(add.body).toMatchObject({ account_created: true, member: { email, school_role: role, status: 'active' } });
  const resetToken = await resetTokenFromMail(p, email);
  const reset = await p.api.call('POST', '/auth/reset-password', { json: { token: resetToken, new_password: 'school-secret-1' } });
  expect(reset.status).toBe(200);
  const login = await p.api.call('POST', '/auth/login', { json: { username: email, password: 'school-secret-1' } });
  expect(login.status).toBe(200);
  return { id: add.body.member.user_id, token: login.body.access_token };
}

/**
 * Creates an EE assignment in `classId` as the teacher whose `token` it is, on the first active EE
 * rubric, due in `days` (must answer 201): answers the assignment's id and the rubric.
 */
export async function createEeAssignment(
  p: TestPlatform,
  token: string,
  classId: string,
  opts: { title: string; release_mode: 'immediate' | 'after_review'; days?: number },
): Promise<{ id: string; rubric: { id: string } }> {
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  const made = await p.api.call('POST', `/classes/${classId}/assignments`, {
    token,
    json: {
      title: opts.title,
      essay_type: 'ee',
      rubric_id: rubric.id,
      due_at: new Date(Date.now() + (opts.days ?? 3) * 86400_000).toISOString(),
      release_mode: opts.release_mode,
    },
  });
  expect(made.status).toBe(201);
  return { id: made.body.id, rubric };
}
