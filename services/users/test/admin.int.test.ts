import { Events, type Role, type User, type UserList } from '@corestone/contracts';
import { newId } from '@corestone/service-kit';
import { PNG, billingStandIn, json, multipartBody, startUsers, type Harness, type TestUser } from './helpers';

let h: Harness;
let billing: ReturnType<typeof billingStandIn>;
const callers: Record<'anonymous' | Role, TestUser | null> = {
  anonymous: null,
  student: null,
  teacher: null,
  admin: null,
  super_admin: null,
};
const CALLERS = Object.keys(callers) as Array<keyof typeof callers>;

beforeAll(async () => {
  h = await startUsers('usadm');
  billing = billingStandIn(h);
  for (const role of ['student', 'teacher', 'admin', 'super_admin'] as const) callers[role] = await h.user(role);
});
afterAll(async () => {
  await billing.stop();
  await h.close();
});

interface Call {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
const send = (caller: TestUser | null, call: Call) =>
  h.app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    payload: call.payload as string | object | Buffer | undefined,
    headers: { ...(caller ? caller.headers : {}), ...(call.headers ?? {}) },
  });

// Expected status for: anonymous, student, teacher, admin, super_admin
type Row = [name: string, make: (target: TestUser) => Call, expected: [number, number, number, number, number]];
const own: Row[] = [
  ['GET /users/me', () => ({ url: '/users/me' }), [401, 200, 200, 200, 200]],
  ['PUT /users/me', () => ({ method: 'PUT', url: '/users/me', payload: { first_name: 'Same' } }), [401, 200, 200, 200, 200]],
  [
    'POST /users/toggle-anonymous',
    () => ({ method: 'POST', url: '/users/toggle-anonymous', payload: { enabled: true } }),
    [401, 200, 200, 200, 200],
  ],
  ['GET /users/permissions', () => ({ url: '/users/permissions' }), [401, 200, 200, 200, 200]],
  ['GET /users/can-send-message', () => ({ url: '/users/can-send-message' }), [401, 200, 200, 200, 200]],
  ['POST /users/increment-message-count', () => ({ method: 'POST', url: '/users/increment-message-count' }), [401, 200, 200, 200, 200]],
  [
    'POST /users/me/avatar',
    () => {
      const body = multipartBody('file', 'a.png', 'image/png', PNG);
      return { method: 'POST', url: '/users/me/avatar', payload: body.payload, headers: body.headers };
    },
    [401, 200, 200, 200, 200],
  ],
  ['DELETE /users/me/avatar', () => ({ method: 'DELETE', url: '/users/me/avatar' }), [401, 200, 200, 200, 200]],
  [
    'PUT /users/admin/api-key',
    () => ({ method: 'PUT', url: '/users/admin/api-key', payload: { api_key: 'sk-test-1234567890' } }),
    [401, 403, 403, 200, 200],
  ],
  ['GET /users/users', () => ({ url: '/users/users' }), [401, 403, 403, 200, 200]],
];
const onStudent: Row[] = [
  ['GET /users/admin/users/{id}', (t) => ({ url: `/users/admin/users/${t.id}` }), [401, 403, 403, 200, 200]],
  [
    'PUT /users/admin/users/{id}',
    (t) => ({ method: 'PUT', url: `/users/admin/users/${t.id}`, payload: { first_name: 'Edited', user_type: 'student', is_active: true } }),
    [401, 403, 403, 200, 200],
  ],
  [
    'PUT /users/admin/users/{id} (role change)',
    (t) => ({ method: 'PUT', url: `/users/admin/users/${t.id}`, payload: { user_type: 'teacher' } }),
    [401, 403, 403, 403, 200],
  ],
  ['DELETE /users/admin/users/{id}', (t) => ({ method: 'DELETE', url: `/users/admin/users/${t.id}` }), [401, 403, 403, 200, 200]],
  [
    'PUT …/role',
    (t) => ({ method: 'PUT', url: `/users/admin/users/${t.id}/role`, payload: { new_role: 'teacher' } }),
    [401, 403, 403, 403, 200],
  ],
  [
    'PUT …/status',
    (t) => ({ method: 'PUT', url: `/users/admin/users/${t.id}/status`, payload: { is_active: false } }),
    [401, 403, 403, 200, 200],
  ],
  [
    'PUT …/credits',
    (t) => ({ method: 'PUT', url: `/users/admin/users/${t.id}/credits`, payload: { essay_credits: 5, max_essay_credits: 5 } }),
    [401, 403, 403, 200, 200],
  ],
  [
    'PUT …/personas',
    (t) => ({ method: 'PUT', url: `/users/admin/users/${t.id}/personas`, payload: { assigned_personas: ['tutor'] } }),
    [401, 403, 403, 200, 200],
  ],
];
// The same screens on an admin account: only a super admin may touch it (reading is open to admins).
const onAdmin: Row[] = onStudent.map(([name, make, [a, s, t, , sa]]) => [name, make, [a, s, t, name.startsWith('GET') ? 200 : 403, sa]]);

describe('role matrix', () => {
  it.each(own.flatMap(([name, make, expected]) => CALLERS.map((c, i) => [name, c, expected[i], make] as const)))(
    '%s as %s → %i',
    async (_name, caller, status, make) => {
      const res = await send(callers[caller], make(callers[caller] ?? callers.student!));
      expect(res.statusCode).toBe(status);
      if (status >= 400) expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
    },
  );

  it.each(onStudent.flatMap(([name, make, expected]) => CALLERS.map((c, i) => [name, c, expected[i], make] as const)))(
    '%s on a student as %s → %i',
    async (_name, caller, status, make) => {
      const target = await h.user('student');
      const res = await send(callers[caller], make(target));
      expect(res.statusCode).toBe(status);
      if (status >= 400) expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
    },
  );

  it.each(onAdmin.flatMap(([name, make, expected]) => CALLERS.map((c, i) => [name, c, expected[i], make] as const)))(
    '%s on an admin as %s → %i',
    async (_name, caller, status, make) => {
      const target = await h.user('admin');
      const res = await send(callers[caller], make(target));
      expect(res.statusCode).toBe(status);
    },
  );

  it('judges the stored role, not a stale token role', async () => {
    const demoted = await h.user('admin');
    const res = await send(callers.super_admin, {
      method: 'PUT',
      url: `/users/admin/users/${demoted.id}/role`,
      payload: { new_role: 'student' },
    });
    expect(res.statusCode).toBe(200);
    // the old token still says admin; the account says student
    expect((await send(demoted, { url: '/users/users' })).statusCode).toBe(403);
    const target = await h.user('student');
    expect((await send(demoted, { method: 'DELETE', url: `/users/admin/users/${target.id}` })).statusCode).toBe(403);
  });
});

describe('admin screens', () => {
  it('lists users with a case-insensitive search on names and e-mail', async () => {
    const tag = newId().slice(-8);
    const zed = await h.user('teacher', { first_name: `Zed${tag}`, last_name: 'Quill', email: `zq-${tag}@Example.test` });
    await h.user('student', { first_name: 'Other', email: `other-${tag}@example.test` });
    const admin = callers.admin!;
    const byName = json<UserList>(await send(admin, { url: `/users/users?search=zed${tag.toUpperCase()}` }));
    expect(byName).toMatchObject({ success: true, total: 1 });
    expect(byName.users.map((u) => u.id)).toEqual([zed.id]);
    const byFull = json<UserList>(await send(admin, { url: `/users/users?search=${encodeURIComponent(`zed${tag} quill`)}` }));
    expect(byFull.users.map((u) => u.id)).toEqual([zed.id]);
    const byEmail = json<UserList>(await send(admin, { url: `/users/users?search=${tag.toUpperCase()}%40EXAMPLE` }));
    expect(byEmail.total).toBe(2);
    const wild = json<UserList>(await send(admin, { url: '/users/users?search=%25' }));
    expect(wild.total).toBe(0);
    const all = json<UserList>(await send(admin, { url: '/users/users' }));
    expect(all.total).toBeGreaterThan(5);
    expect(all.users).toHaveLength(all.total);
    const teachers = json<UserList>(await send(admin, { url: '/users/users?role=teacher&limit=1' }));
    expect(teachers.users).toHaveLength(1);
    expect(teachers.users[0].role).toBe('teacher');
    expect((await send(admin, { url: '/users/users?limit=0' })).statusCode).toBe(400);
    expect((await send(admin, { url: '/users/users?role=king' })).statusCode).toBe(400);
  });

  it('edits names and activation; answers 404 for unknown or malformed ids', async () => {
    const s = await h.user('student');
    const res = await send(callers.admin, {
      method: 'PUT',
      url: `/users/admin/users/${s.id}`,
      payload: { first_name: ' New ', last_name: 'Van  der\tName ', is_active: false },
    });
    expect(json<User>(res)).toMatchObject({ first_name: 'New', last_name: 'Van der Name', is_active: false, role: 'student' });
    for (const id of [newId(), 'nope', '00000000-0000-0000-0000-000000000000']) {
      const r = await send(callers.admin, { url: `/users/admin/users/${id}` });
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('USER_NOT_FOUND');
      expect((await send(callers.super_admin, { method: 'DELETE', url: `/users/admin/users/${id}` })).statusCode).toBe(404);
    }
    const blank = await send(callers.admin, { method: 'PUT', url: `/users/admin/users/${s.id}`, payload: { first_name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ detail: 'First name is required', code: 'VALIDATION_ERROR' });
    expect((await send(callers.admin, { method: 'PUT', url: `/users/admin/users/${s.id}/status`, payload: {} })).statusCode).toBe(400);
  });

  it('forwards credits to billing and answers the updated user', async () => {
    const s = await h.user('student');
    const res = await send(callers.admin, {
      method: 'PUT',
      url: `/users/admin/users/${s.id}/credits`,
      payload: { essay_credits: 7, max_essay_credits: -1 },
    });
    expect(json<User>(res)).toMatchObject({ id: s.id, essay_credits: 7, max_essay_credits: -1 });
    // the admin who made the change is named on billing's ledger line
    expect(billing.setCalls.at(-1)).toEqual({ user_id: s.id, essay_credits: 7, max_essay_credits: -1, actor: callers.admin!.id });
    // the list (mirror) shows it as well
    const list = json<UserList>(await send(callers.admin, { url: `/users/users?search=${encodeURIComponent(s.email)}` }));
    expect(list.users[0]).toMatchObject({ essay_credits: 7, max_essay_credits: -1 });
    for (const payload of [
      { essay_credits: -1, max_essay_credits: 1 },
      { essay_credits: 1, max_essay_credits: -2 },
      { essay_credits: 1.5, max_essay_credits: 2 },
      {},
    ]) {
      expect((await send(callers.admin, { method: 'PUT', url: `/users/admin/users/${s.id}/credits`, payload })).statusCode).toBe(400);
    }
  });

  it('sets personas (trimmed, without duplicates)', async () => {
    const s = await h.user('teacher');
    const res = await send(callers.admin, {
      method: 'PUT',
      url: `/users/admin/users/${s.id}/personas`,
      payload: { assigned_personas: ['tutor', ' tutor ', 'critic'] },
    });
    expect(json<User>(res).assigned_personas).toEqual(['tutor', 'critic']);
    expect(
      (
        await send(callers.admin, { method: 'PUT', url: `/users/admin/users/${s.id}/personas`, payload: { assigned_personas: 'tutor' } })
      ).json().assigned_personas,
    ).toEqual(['tutor']);
    expect(
      (await send(callers.admin, { method: 'PUT', url: `/users/admin/users/${s.id}/personas`, payload: { assigned_personas: [{}] } }))
        .statusCode,
    ).toBe(400);
  });

  it('lets a super admin change any role, creating admins', async () => {
    const s = await h.user('student');
    const res = await send(callers.super_admin, { method: 'PUT', url: `/users/admin/users/${s.id}/role`, payload: { new_role: 'admin' } });
    expect(json<User>(res)).toMatchObject({ role: 'admin', user_type: 'admin' });
    expect(
      (await send(callers.super_admin, { method: 'PUT', url: `/users/admin/users/${s.id}/role`, payload: { new_role: 'moderator' } }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses self-deletion and self-deactivation to everyone', async () => {
    for (const who of [callers.admin!, callers.super_admin!]) {
      const del = await send(who, { method: 'DELETE', url: `/users/admin/users/${who.id}` });
      expect(del.statusCode).toBe(403);
      expect(del.json().detail).toBe('You cannot delete your own account');
      const off = await send(who, { method: 'PUT', url: `/users/admin/users/${who.id}/status`, payload: { is_active: false } });
      expect(off.statusCode).toBe(403);
    }
    expect((await send(callers.admin, { url: '/users/me' })).statusCode).toBe(200);
  });
});

describe('outbox', () => {
  it('writes users.created, access_changed (role, activation only), view_changed (every change) and deleted in the same transaction as the change', async () => {
    const s = await h.user('student', { first_name: 'Eve' });
    const sa = callers.super_admin!;
    await send(sa, { method: 'PUT', url: `/users/admin/users/${s.id}`, payload: { first_name: 'Eva' } }); // no access change
    await send(sa, { method: 'PUT', url: `/users/admin/users/${s.id}/personas`, payload: { assigned_personas: ['x'] } });
    await send(sa, { method: 'PUT', url: `/users/admin/users/${s.id}/role`, payload: { new_role: 'teacher' } });
    await send(sa, { method: 'PUT', url: `/users/admin/users/${s.id}/role`, payload: { new_role: 'teacher' } }); // unchanged
    await send(sa, { method: 'PUT', url: `/users/admin/users/${s.id}/status`, payload: { is_active: false } });
    await send(sa, { method: 'PUT', url: `/users/admin/users/${s.id}`, payload: { is_active: true, user_type: 'student' } });
    // a refused change writes nothing
    await send(callers.admin, { method: 'PUT', url: `/users/admin/users/${s.id}/role`, payload: { new_role: 'admin' } });
    const before = await h.outbox(s.id);
    // view_changed after every accepted change (auth's /auth/me cache drops the view), the refused one none
    const viewChanged = [Events.usersViewChanged.subject, null, null];
    expect(before.map((e) => [e.subject, e.data.role ?? null, e.data.is_active ?? null])).toEqual([
      [Events.usersCreated.subject, 'student', null],
      viewChanged,
      viewChanged,
      [Events.usersAccessChanged.subject, 'teacher', true],
      viewChanged,
      viewChanged,
      [Events.usersAccessChanged.subject, 'teacher', false],
      viewChanged,
      [Events.usersAccessChanged.subject, 'student', true],
      viewChanged,
    ]);
    expect(before[0].data).toMatchObject({ email: s.email, first_name: 'Eve' });
    expect((await send(sa, { method: 'DELETE', url: `/users/admin/users/${s.id}` })).statusCode).toBe(200);
    // The deletion erases the unpublished users.created (it carries the e-mail and name:
    // docs/data-retention.md); the access changes and the deletion itself still go out.
    const events = await h.outbox(s.id);
    expect(events.map((e) => [e.subject, e.data.role ?? null, e.data.is_active ?? null])).toEqual([
      viewChanged,
      viewChanged,
      [Events.usersAccessChanged.subject, 'teacher', true],
      viewChanged,
      viewChanged,
      [Events.usersAccessChanged.subject, 'teacher', false],
      viewChanged,
      [Events.usersAccessChanged.subject, 'student', true],
      viewChanged,
      [Events.usersDeleted.subject, null, null],
    ]);
    expect((await send(sa, { url: `/users/admin/users/${s.id}` })).statusCode).toBe(404);
  });
});
