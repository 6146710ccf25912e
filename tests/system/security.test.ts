/**
 * Security through the gateway with every service running: first-admin setup, role escalation
 * attempts, the role matrix of the routes added in issue 2, forged tokens, refresh rotation.
 */
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';

let p: TestPlatform;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function login(email: string, password: string) {
  const res = await p.api.call('POST', '/auth/login', { json: { username: email, password } });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  p = await startTestPlatform();
  const call = p.api.call.bind(p.api);

  expect((await call('GET', '/auth/setup-status')).body).toEqual({ admin_exists: false, setup_token_required: false });
  const superEmail = uniqueEmail('super');
  const setup = await call('POST', '/auth/setup-admin', {
    json: { name: 'Ada Admin', email: superEmail, password: 'super-secret-1', user_type: 'super-admin' },
  });
  expect(setup.status).toBe(200);
  expect(setup.body.success).toBe(true);
  const sup = await login(superEmail, 'super-secret-1');
  tokens.super_admin = sup.access_token;
  expect(sup.user.role).toBe('super_admin');

  for (const role of ['admin', 'teacher'] as const) {
    const email = uniqueEmail(role);
    const made = await call('POST', '/users/admin/create-user', {
      token: tokens.super_admin,
      json: { name: `Some ${role}`, email, password: 'created-pass-1', user_type: role },
    });
    expect(made.status).toBeLessThan(300);
    const session = await login(email, 'created-pass-1');
    tokens[role] = session.access_token;
    ids[role] = session.user.id;
  }
  const student = await p.api.signup(uniqueEmail('student'));
  tokens.student = student.body.access_token;
  ids.student = student.body.user.id;
});
afterAll(async () => {
  await p?.shutdown();
});

it('closes first-admin setup for good once it has succeeded', async () => {
  const again = await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Eve', email: uniqueEmail('eve'), password: 'whatever-1', user_type: 'super-admin' },
  });
  expect(again.status).toBeGreaterThanOrEqual(400);
  expect(again.status).toBeLessThan(500);
  expect(again.body.success).toBe(false);
  expect((await p.api.call('GET', '/auth/setup-status')).body).toEqual({ admin_exists: true, setup_token_required: false });
});

it('refuses every role escalation', async () => {
  for (const user_type of ['admin', 'super_admin', 'super-admin', 'moderator']) {
    const res = await p.api.call('POST', '/auth/signup', {
      json: { email: uniqueEmail('esc'), password: 'escalate-1', first_name: 'E', last_name: 'S', user_type },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
  const self = await p.api.call('PUT', '/users/me', { token: tokens.student, json: { user_type: 'admin' } });
  expect([400, 403]).toContain(self.status);
  expect((await p.api.call('GET', '/users/me', { token: tokens.student })).body.role).toBe('student');
  // students may switch to teacher and back
  expect((await p.api.call('PUT', '/users/me', { token: tokens.teacher, json: { user_type: 'student' } })).status).toBe(200);
  expect((await p.api.call('PUT', '/users/me', { token: tokens.teacher, json: { user_type: 'teacher' } })).status).toBe(200);
  // an admin may not create admins; a student may not create anyone
  const byAdmin = await p.api.call('POST', '/users/admin/create-user', {
    token: tokens.admin,
    json: { name: 'X Y', email: uniqueEmail('x'), password: 'abcdef-1', user_type: 'admin' },
  });
  expect(byAdmin.status).toBe(403);
  const byStudent = await p.api.call('POST', '/users/admin/create-user', {
    token: tokens.student,
    json: { name: 'X Y', email: uniqueEmail('x'), password: 'abcdef-1', user_type: 'student' },
  });
  expect(byStudent.status).toBe(403);
  const promote = await p.api.call('PUT', `/users/admin/users/${ids.student}/role`, { token: tokens.admin, json: { new_role: 'admin' } });
  expect(promote.status).toBe(403);
});

type Role = 'anonymous' | 'student' | 'teacher' | 'admin' | 'super_admin';
const ALL: Role[] = ['anonymous', 'student', 'teacher', 'admin', 'super_admin'];
const SIGNED_IN: Role[] = ['student', 'teacher', 'admin', 'super_admin'];

const matrix: Array<{ method: string; path: string; json?: unknown; allowed: Role[] }> = [
  { method: 'GET', path: '/auth/me', allowed: SIGNED_IN },
  { method: 'GET', path: '/users/me', allowed: SIGNED_IN },
  { method: 'GET', path: '/users/permissions', allowed: SIGNED_IN },
  { method: 'GET', path: '/users/users', allowed: ['admin', 'super_admin'] },
  { method: 'GET', path: '/users/admin/users/:student', allowed: ['admin', 'super_admin'] },
  {
    method: 'PUT',
    path: '/users/admin/users/:teacher/personas',
    json: { assigned_personas: ['coach'] },
    allowed: ['admin', 'super_admin'],
  },
  { method: 'GET', path: '/rubrics/active?rubric_type=ee', allowed: SIGNED_IN },
  { method: 'GET', path: '/evaluation/my-evaluations', allowed: SIGNED_IN },
  { method: 'GET', path: '/plans/plans', allowed: ALL },
  { method: 'GET', path: '/auth/setup-status', allowed: ALL },
];

it.each(matrix)('role matrix: $method $path', async (route) => {
  const path = route.path.replace(/:(student|teacher)/, (_m, who: string) => ids[who]);
  const seen: Record<string, number> = {};
  const expected: Record<string, number | string> = {};
  for (const role of ALL) {
    const res = await p.api.call(route.method, path, { token: role === 'anonymous' ? undefined : tokens[role], json: route.json });
    seen[role] = res.status < 300 ? 200 : res.status;
    expected[role] = route.allowed.includes(role) ? 200 : role === 'anonymous' ? 401 : 403;
  }
  expect(seen).toEqual(expected);
});

it('refuses admins submitting essays (only students and teachers grade)', async () => {
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: tokens.admin })).body[0];
  const res = await p.api.call('POST', '/evaluation/evaluate-async', {
    token: tokens.admin,
    form: p.api.essayForm('An essay of some words.', { title: 't', essay_type: 'ee', rubric_id: rubric.id }),
  });
  expect(res.status).toBe(403);
});

it('refuses forged, unsigned and query-string tokens at the gateway', async () => {
  const other = generateKeyPairSync('ed25519');
  const forged = await new SignJWT({ role: 'super_admin', sid: 'x' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'whatever' })
    .setSubject(ids.student)
    .setIssuer('corestone-auth')
    .setAudience('corestone')
    .setExpirationTime('5m')
    .sign(other.privateKey);
  expect((await p.api.call('GET', '/users/users', { token: forged })).status).toBe(401);
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const none = `${enc({ alg: 'none' })}.${enc({ sub: ids.student, role: 'super_admin', sid: 'x', iss: 'corestone-auth', aud: 'corestone', exp: 4102444800 })}.`;
  expect((await p.api.call('GET', '/users/users', { token: none })).status).toBe(401);
  expect([400, 401]).toContain((await p.api.call('GET', `/auth/me?access_token=${tokens.student}`)).status);
});

it('rotates refresh tokens and revokes the family on reuse after the grace window', async () => {
  const email = uniqueEmail('rotate');
  const first = (await p.api.signup(email)).body;
  const r1 = await p.api.call('POST', '/auth/refresh', { json: { refresh_token: first.refresh_token } });
  expect(r1.status).toBe(200);
  expect(r1.body.refresh_token).not.toBe(first.refresh_token);
  // a second tab presenting the same token at once gets the same successor
  const r1again = await p.api.call('POST', '/auth/refresh', { json: { refresh_token: first.refresh_token } });
  expect(r1again.status).toBe(200);
  expect(r1again.body.refresh_token).toBe(r1.body.refresh_token);
  // logout revokes the session; its refresh token stops working
  expect((await p.api.call('POST', '/auth/logout', { token: r1.body.access_token })).status).toBeLessThan(300);
  expect((await p.api.call('POST', '/auth/refresh', { json: { refresh_token: r1.body.refresh_token } })).status).toBe(401);
});

it('stops a deactivated user from signing in or refreshing', async () => {
  const email = uniqueEmail('deact');
  const s = (await p.api.signup(email)).body;
  const off = await p.api.call('PUT', `/users/admin/users/${s.user.id}/status`, { token: tokens.admin, json: { is_active: false } });
  expect(off.status).toBe(200);
  const login = await p.api.call('POST', '/auth/login', { json: { username: email, password: 'correct-horse-9' } });
  expect(login.status).toBe(403);
  expect(login.body.detail).toMatch(/deactivated/i);
  // Refused, and told why: 403 ACCOUNT_DEACTIVATED whether auth's users consumer has already revoked the
  // sessions (users.access_changed.v1) or the refresh arrives first (auth checks the live account and
  // revokes them itself); the client then ends the session with the spec's deactivated text.
  const refresh = await p.api.call('POST', '/auth/refresh', { json: { refresh_token: s.refresh_token } });
  expect([refresh.status, refresh.body.code]).toEqual([403, 'ACCOUNT_DEACTIVATED']);
  expect((await p.api.call('POST', '/auth/refresh', { json: { refresh_token: s.refresh_token } })).status).toBe(403);
  // and the session is gone for good: reactivating the account does not bring the old token back
  const on = await p.api.call('PUT', `/users/admin/users/${s.user.id}/status`, { token: tokens.admin, json: { is_active: true } });
  expect(on.status).toBe(200);
  await waitFor(
    'the account signs in again',
    async () => (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'correct-horse-9' } })).status === 200,
  );
  const again = await p.api.call('POST', '/auth/refresh', { json: { refresh_token: s.refresh_token } });
  expect([again.status, again.body.code]).toEqual([401, 'INVALID_REFRESH_TOKEN']);
});
