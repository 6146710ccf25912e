/**
 * A member's mail choices (issue 31): the switches on GET/PUT /users/me (absent ones on, any
 * subset changed, announced as a view change) and rpc.users.email_notifications, which the
 * services that mail users ask (schools' assignment mails, evaluation's "result released").
 */
import { Events, Rpc, type User } from '@corestone/contracts';
import { callRpc, newId } from '@corestone/service-kit';
import { json, startUsers, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startUsers('usmail');
});
afterAll(async () => {
  await h.close();
});

const ALL_ON = { assignment_opened: true, assignment_due_soon: true, result_released: true };
const put = (headers: Record<string, string>, payload: unknown) =>
  h.app.inject({ method: 'PUT', url: '/users/me', headers, payload: payload as object });

describe('email_notifications on /users/me', () => {
  it('are all on until changed; a PUT changes the switches it names and keeps the rest', async () => {
    const s = await h.user('student', { first_name: 'Mia', last_name: 'Mail' });
    expect(json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).email_notifications).toEqual(ALL_ON);
    const before = (await h.outbox(s.id)).length;
    const off = await put(s.headers, { email_notifications: { assignment_due_soon: false } });
    expect(off.statusCode).toBe(200);
    expect(json<User>(off)).toMatchObject({
      first_name: 'Mia',
      last_name: 'Mail',
      email_notifications: { ...ALL_ON, assignment_due_soon: false },
    });
    // The view changed: auth's /auth/me cache hears it before the answer.
    expect((await h.outbox(s.id)).slice(before).map((e) => e.subject)).toContain(Events.usersViewChanged.subject);
    const more = json<User>(await put(s.headers, { email_notifications: { result_released: false }, first_name: 'Mia' }));
    expect(more.email_notifications).toEqual({ assignment_opened: true, assignment_due_soon: false, result_released: false });
    const back = json<User>(await put(s.headers, { email_notifications: { assignment_due_soon: true, result_released: true } }));
    expect(back.email_notifications).toEqual(ALL_ON);
    // A name change alone leaves the switches as they are.
    await put(s.headers, { email_notifications: { assignment_opened: false } });
    expect(json<User>(await put(s.headers, { last_name: 'Post' })).email_notifications).toEqual({ ...ALL_ON, assignment_opened: false });
    expect(json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).email_notifications).toEqual({
      ...ALL_ON,
      assignment_opened: false,
    });
  });

  it('refuses a switch that is not true or false (400) and stores no unknown switch', async () => {
    const s = await h.user('teacher');
    for (const email_notifications of [{ assignment_opened: 'sometimes' }, { result_released: 7 }, 'off', [false]]) {
      const res = await put(s.headers, { email_notifications });
      expect([res.statusCode, res.json()]).toEqual([400, { detail: expect.any(String), code: expect.any(String) }]);
    }
    const res = await put(s.headers, { email_notifications: { weekly_digest: false } });
    expect(res.statusCode === 400 || !('weekly_digest' in (json<User>(res).email_notifications ?? {}))).toBe(true);
    expect(json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).email_notifications).toEqual(ALL_ON);
  });
});

describe('rpc.users.email_notifications', () => {
  it('answers address, name and switches of the active accounts asked about; others are left out', async () => {
    const a = await h.user('student', { first_name: 'Ann', last_name: 'Able' });
    const b = await h.user('student', { first_name: 'Ben', last_name: 'Bee' });
    const off = await h.user('student');
    const admin = await h.user('admin');
    await put(b.headers, { email_notifications: { assignment_opened: false } });
    const status = await h.app.inject({
      method: 'PUT',
      url: `/users/admin/users/${off.id}/status`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(status.statusCode).toBe(200);
    const { users } = await callRpc(h.bus, Rpc.usersEmailNotifications, { user_ids: [a.id, b.id, off.id, newId(), 'nope', a.id] });
    expect(users.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      // issue 36: their language (none chosen, no school) rides along
      { user_id: a.id, email: a.email, name: 'Ann Able', email_notifications: ALL_ON, locale: null, school_default_locale: null },
      {
        user_id: b.id,
        email: b.email,
        name: 'Ben Bee',
        email_notifications: { ...ALL_ON, assignment_opened: false },
        locale: null,
        school_default_locale: null,
      },
    ]);
    expect(await callRpc(h.bus, Rpc.usersEmailNotifications, { user_ids: [] })).toEqual({ users: [] });
  });
});
