import type { User } from '@corestone/contracts';
import { json, startUsers, type Harness, type TestUser } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startUsers('ussa');
});
afterAll(async () => {
  await h.close();
});

const activeSuperAdmins = async () =>
  Number((await h.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM accounts WHERE role = 'super_admin' AND is_active`)).rows[0].n);
const setRole = (who: TestUser, target: TestUser, new_role: string) =>
  h.app.inject({ method: 'PUT', url: `/users/admin/users/${target.id}/role`, headers: who.headers, payload: { new_role } });

// Tests run in order and share one schema: each leaves exactly one active super admin behind.
let only: TestUser;

it('refuses to demote the last super admin, by either route', async () => {
  only = await h.user('super_admin');
  expect(await activeSuperAdmins()).toBe(1);
  const viaRole = await setRole(only, only, 'admin');
  expect(viaRole.statusCode).toBe(409);
  expect(viaRole.json()).toEqual({ detail: 'The last super admin cannot be demoted, deactivated or deleted', code: 'LAST_SUPER_ADMIN' });
  const viaEdit = await h.app.inject({
    method: 'PUT',
    url: `/users/admin/users/${only.id}`,
    headers: only.headers,
    payload: { user_type: 'student' },
  });
  expect(viaEdit.statusCode).toBe(409);
  // and an unchanged role or a name edit is fine
  const edit = await h.app.inject({
    method: 'PUT',
    url: `/users/admin/users/${only.id}`,
    headers: only.headers,
    payload: { user_type: 'super_admin', first_name: 'Root' },
  });
  expect(json<User>(edit)).toMatchObject({ role: 'super_admin', first_name: 'Root' });
  expect(await activeSuperAdmins()).toBe(1);
});

it('lets a super admin step down once another one is active', async () => {
  const second = await h.user('super_admin');
  const res = await setRole(second, second, 'admin');
  expect(res.statusCode).toBe(200);
  expect(await activeSuperAdmins()).toBe(1);
  // a deactivated super admin does not count as "another one"
  const third = await h.user('super_admin');
  expect(
    (
      await h.app.inject({
        method: 'PUT',
        url: `/users/admin/users/${third.id}/status`,
        headers: only.headers,
        payload: { is_active: false },
      })
    ).statusCode,
  ).toBe(200);
  expect((await setRole(only, only, 'admin')).statusCode).toBe(409);
});

it('an admin can neither demote, deactivate nor delete a super admin', async () => {
  const admin = await h.user('admin');
  expect((await setRole(admin, only, 'student')).statusCode).toBe(403);
  expect(
    (
      await h.app.inject({
        method: 'PUT',
        url: `/users/admin/users/${only.id}/status`,
        headers: admin.headers,
        payload: { is_active: false },
      })
    ).statusCode,
  ).toBe(403);
  expect((await h.app.inject({ method: 'DELETE', url: `/users/admin/users/${only.id}`, headers: admin.headers })).statusCode).toBe(403);
  expect(await activeSuperAdmins()).toBe(1);
});

it('two super admins stepping down at the same moment: exactly one succeeds', async () => {
  for (let round = 0; round < 5; round++) {
    const other = await h.user('super_admin');
    const [a, b] = await Promise.all([setRole(only, only, 'admin'), setRole(other, other, 'admin')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await activeSuperAdmins()).toBe(1);
    only = a.statusCode === 409 ? only : other;
  }
});

it('two super admins deleting each other at the same moment: one super admin always remains', async () => {
  for (let round = 0; round < 5; round++) {
    const other = await h.user('super_admin');
    const [a, b] = await Promise.all([
      h.app.inject({ method: 'DELETE', url: `/users/admin/users/${other.id}`, headers: only.headers }),
      h.app.inject({ method: 'DELETE', url: `/users/admin/users/${only.id}`, headers: other.headers }),
    ]);
    const codes = [a.statusCode, b.statusCode];
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(await activeSuperAdmins()).toBe(1);
    only = a.statusCode === 200 ? only : other;
  }
});
