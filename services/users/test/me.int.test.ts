import { Events, Rpc, type MessageAllowance, type User, type UserPermissions } from '@corestone/contracts';
import { callRpc, decryptSecret, loadPlatformKeys, newId } from '@corestone/service-kit';
import { json, startUsers, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startUsers('usme');
});
afterAll(async () => {
  await h.close();
});

describe('GET /users/me', () => {
  it('answers the one User view of the caller, built from the account', async () => {
    const s = await h.user('student', { first_name: 'Ada', last_name: 'Lovelace' });
    const me = json<User>(await h.app.inject({ url: '/users/me', headers: s.headers }));
    expect(me).toMatchObject({
      id: s.id,
      user_id: s.id,
      email: s.email,
      name: 'Ada Lovelace',
      role: 'student',
      user_type: 'student',
      is_active: true,
      is_anonymous: false,
      avatar: null,
      // billing is not running in this file: the defaults (free plan, 1 of 1) are shown
      subscription_plan: 'free',
      essay_credits: 1,
      max_essay_credits: 1,
      chatbot_count: 0,
      max_chatbot: 10,
      assigned_personas: [],
      openai_api_key: null,
    });
    expect(me.createdAt).toBe(me.created_at);
    expect(new Date(me.created_at).toString()).not.toBe('Invalid Date');
  });

  it('falls back to the e-mail name when there is no display or real name', async () => {
    const s = await h.user('teacher', { first_name: '', last_name: '', email: `plain.name-${newId().slice(-6)}@school.test` });
    const me = json<User>(await h.app.inject({ url: '/users/me', headers: s.headers }));
    expect(me.name).toMatch(/^plain\.name-/);
  });

  it('refuses anonymous callers, bad tokens, and unknown accounts', async () => {
    expect((await h.app.inject({ url: '/users/me' })).json()).toEqual({ detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
    expect((await h.app.inject({ url: '/users/me', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
    const ghost = await h.tokens.sign(newId(), 'student');
    const res = await h.app.inject({ url: '/users/me', headers: { authorization: `Bearer ${ghost}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'User not found', code: 'USER_NOT_FOUND' });
    const notUuid = await h.tokens.sign('not-a-uuid', 'student');
    expect((await h.app.inject({ url: '/users/me', headers: { authorization: `Bearer ${notUuid}` } })).statusCode).toBe(404);
  });
});

describe('PUT /users/me', () => {
  it('edits names and display name; the display name then becomes the name', async () => {
    const s = await h.user('student');
    const res = await h.app.inject({
      method: 'PUT',
      url: '/users/me',
      headers: s.headers,
      payload: {
        first_name: '  Grace ',
        last_name: ' Brewster  Hopper ',
        display_name: 'Amazing  Grace',
        email: 'hijack@example.test',
        role: 'admin',
      },
    });
    expect(res.statusCode).toBe(200);
    // trimmed, inner white space made one space (as at sign-up)
    expect(json<User>(res)).toMatchObject({
      first_name: 'Grace',
      last_name: 'Brewster Hopper',
      display_name: 'Amazing Grace',
      name: 'Amazing Grace',
    });
    // unknown fields (email, role) are stripped: the e-mail cannot be changed, the role is untouched
    expect(json<User>(res)).toMatchObject({ email: s.email, role: 'student' });
    const cleared = await h.app.inject({ method: 'PUT', url: '/users/me', headers: s.headers, payload: { display_name: '  ' } });
    expect(json<User>(cleared)).toMatchObject({ display_name: null, name: 'Grace Brewster Hopper' });
  });

  it('refuses a blank first name and bad input without a 500', async () => {
    const s = await h.user('teacher');
    for (const payload of [{ first_name: '   ' }, { first_name: { a: 1 } }, { user_type: 'moderator' }, { last_name: 'x'.repeat(101) }]) {
      const res = await h.app.inject({ method: 'PUT', url: '/users/me', headers: s.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const blank = await h.app.inject({ method: 'PUT', url: '/users/me', headers: s.headers, payload: { first_name: ' \t ' } });
    expect(blank.json().detail).toBe('First name is required');
    const notJson = await h.app.inject({
      method: 'PUT',
      url: '/users/me',
      headers: { ...s.headers, 'content-type': 'application/json' },
      payload: '{"first_name":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('code');
  });

  it('lets a student and a teacher switch between the two, announcing the access change', async () => {
    const s = await h.user('student');
    const res = await h.app.inject({ method: 'PUT', url: '/users/me', headers: s.headers, payload: { user_type: 'teacher' } });
    expect(res.statusCode).toBe(200);
    expect(json<User>(res)).toMatchObject({ role: 'teacher', user_type: 'teacher' });
    const back = await h.app.inject({ method: 'PUT', url: '/users/me', headers: s.headers, payload: { user_type: 'student' } });
    expect(json<User>(back).role).toBe('student');
    const changes = (await h.outbox(s.id)).filter((e) => e.subject === Events.usersAccessChanged.subject);
    expect(changes.map((e) => e.data.role)).toEqual(['teacher', 'student']);
  });

  it.each([
    ['student', 'admin'],
    ['student', 'super_admin'],
    ['teacher', 'admin'],
    ['teacher', 'super_admin'],
    ['admin', 'super_admin'],
    ['admin', 'student'],
    ['admin', 'teacher'],
    ['super_admin', 'admin'],
    ['super_admin', 'student'],
  ] as const)('refuses a %s who asks to become %s, and changes nothing', async (from, to) => {
    const u = await h.user(from);
    const res = await h.app.inject({
      method: 'PUT',
      url: '/users/me',
      headers: u.headers,
      payload: { user_type: to, first_name: 'Changed' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const me = json<User>(await h.app.inject({ url: '/users/me', headers: u.headers }));
    expect(me).toMatchObject({ role: from, first_name: 'Test' });
    expect((await h.outbox(u.id)).filter((e) => e.subject === Events.usersAccessChanged.subject)).toHaveLength(0);
  });

  it('accepts an admin sending their own unchanged role (settings screen)', async () => {
    const a = await h.user('admin');
    const res = await h.app.inject({
      method: 'PUT',
      url: '/users/me',
      headers: a.headers,
      payload: { first_name: 'Ann', user_type: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<User>(res)).toMatchObject({ first_name: 'Ann', role: 'admin' });
  });

  it('refuses a deactivated account on every own route', async () => {
    const admin = await h.user('super_admin');
    const s = await h.user('student');
    const off = await h.app.inject({
      method: 'PUT',
      url: `/users/admin/users/${s.id}/status`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    const res = await h.app.inject({ method: 'PUT', url: '/users/me', headers: s.headers, payload: { first_name: 'X' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect((await h.app.inject({ url: '/users/me', headers: s.headers })).statusCode).toBe(403);
  });
});

describe('anonymous flag, permissions, messages', () => {
  it('toggles the anonymous flag', async () => {
    const s = await h.user('student');
    const on = await h.app.inject({ method: 'POST', url: '/users/toggle-anonymous', headers: s.headers, payload: { enabled: true } });
    expect(on.json()).toEqual({ is_anonymous: true });
    expect(json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).is_anonymous).toBe(true);
    const off = await h.app.inject({ method: 'POST', url: '/users/toggle-anonymous', headers: s.headers, payload: { enabled: false } });
    expect(off.json()).toEqual({ is_anonymous: false });
    const bad = await h.app.inject({ method: 'POST', url: '/users/toggle-anonymous', headers: s.headers, payload: { enabled: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/users/toggle-anonymous', headers: s.headers, payload: {} })).statusCode).toBe(400);
  });

  it('derives permissions from the stored role', async () => {
    const perms = async (role: 'student' | 'teacher' | 'admin' | 'super_admin') =>
      json<UserPermissions>(await h.app.inject({ url: '/users/permissions', headers: (await h.user(role)).headers }));
    expect(await perms('student')).toMatchObject({ role: 'student', can_grade: true, can_access_admin: false, is_admin: false });
    expect(await perms('teacher')).toMatchObject({ role: 'teacher', can_grade: true, can_manage_users: false });
    expect(await perms('admin')).toMatchObject({
      role: 'admin',
      is_admin: true,
      is_super_admin: false,
      can_grade: false,
      can_manage_users: true,
      can_change_roles: false,
      can_manage_rubrics: false,
    });
    expect(await perms('super_admin')).toMatchObject({
      is_super_admin: true,
      can_change_roles: true,
      can_manage_admins: true,
      can_manage_rubrics: true,
    });
  });

  it('counts messages for billing (rpc.users.count_message): the same counter, an unlimited plan lifts the limit', async () => {
    const s = await h.user('student');
    const count = (unlimited: boolean) => callRpc(h.bus, Rpc.usersCountMessage, { user_id: s.id, unlimited });
    for (let i = 1; i <= 9; i++) await count(false);
    expect(await count(false)).toEqual({ can_send: false, message_count: 10, max_messages: 10 });
    await expect(count(false)).rejects.toMatchObject({ statusCode: 403, code: 'MESSAGE_LIMIT_REACHED' });
    expect(await count(true)).toEqual({ can_send: true, message_count: 11, max_messages: -1 });
    expect(json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).chatbot_count).toBe(11);
    await expect(callRpc(h.bus, Rpc.usersCountMessage, { user_id: newId(), unlimited: false })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('limits students to max_chatbot messages and leaves other roles unlimited', async () => {
    const s = await h.user('student');
    const can = () => h.app.inject({ url: '/users/can-send-message', headers: s.headers });
    const inc = () => h.app.inject({ method: 'POST', url: '/users/increment-message-count', headers: s.headers });
    expect(json<MessageAllowance>(await can())).toEqual({ can_send: true, message_count: 0, max_messages: 10 });
    for (let i = 1; i <= 10; i++) {
      const r = json<MessageAllowance>(await inc());
      expect(r).toEqual({ can_send: i < 10, message_count: i, max_messages: 10 });
    }
    const refused = await inc();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MESSAGE_LIMIT_REACHED');
    expect(json<MessageAllowance>(await can())).toEqual({ can_send: false, message_count: 10, max_messages: 10 });
    expect(json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).chatbot_count).toBe(10);

    const t = await h.user('teacher');
    for (let i = 0; i < 12; i++) await h.app.inject({ method: 'POST', url: '/users/increment-message-count', headers: t.headers });
    expect(json<MessageAllowance>(await h.app.inject({ url: '/users/can-send-message', headers: t.headers }))).toEqual({
      can_send: true,
      message_count: 12,
      max_messages: -1,
    });
  });

  it('never lets concurrent increments pass the student limit', async () => {
    const s = await h.user('student');
    const results = await Promise.all(
      Array.from({ length: 15 }, () => h.app.inject({ method: 'POST', url: '/users/increment-message-count', headers: s.headers })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(5);
  });
});

describe('isolation and secrets', () => {
  it('never shows one user another user’s data', async () => {
    const a = await h.user('student', { first_name: 'Alice' });
    const b = await h.user('student', { first_name: 'Bob' });
    await h.app.inject({ method: 'PUT', url: '/users/me', headers: a.headers, payload: { display_name: 'Only Alice' } });
    const bMe = json<User>(await h.app.inject({ url: '/users/me', headers: b.headers }));
    expect(bMe).toMatchObject({ id: b.id, email: b.email, first_name: 'Bob', display_name: null });
    for (const url of [`/users/admin/users/${a.id}`, '/users/users', `/users/users?search=${encodeURIComponent(a.email)}`]) {
      const res = await h.app.inject({ url, headers: b.headers });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(a.email);
    }
    const put = await h.app.inject({
      method: 'PUT',
      url: `/users/admin/users/${a.id}`,
      headers: b.headers,
      payload: { first_name: 'Pwned' },
    });
    expect(put.statusCode).toBe(403);
    expect(json<User>(await h.app.inject({ url: '/users/me', headers: a.headers })).first_name).toBe('Alice');
  });

  it('stores an admin’s OpenAI key encrypted and only ever answers it masked', async () => {
    const a = await h.user('admin');
    const key = `sk-proj-${'A1b2C3d4'.repeat(5)}xyz9`;
    const res = await h.app.inject({ method: 'PUT', url: '/users/admin/api-key', headers: a.headers, payload: { api_key: key } });
    expect(res.statusCode).toBe(200);
    expect(json<User>(res).openai_api_key).toBe('sk-…xyz9');
    for (const r of [res, await h.app.inject({ url: '/users/me', headers: a.headers })]) expect(r.body).not.toContain(key);
    const sealed = await h.ctx.store.sealedApiKey(a.id);
    expect(sealed).not.toContain(key);
    expect(decryptSecret(loadPlatformKeys(h.config).dataKey, sealed!)).toBe(key);
    const list = await h.app.inject({ url: '/users/users', headers: a.headers });
    expect(list.body).not.toContain(key);
    const cleared = await h.app.inject({ method: 'PUT', url: '/users/admin/api-key', headers: a.headers, payload: { api_key: '' } });
    expect(json<User>(cleared).openai_api_key).toBeNull();
    expect(await h.ctx.store.sealedApiKey(a.id)).toBeNull();
  });
});
