import { DEFAULT_SCHOOL_SETTINGS, Events, Rpc, type User } from '@corestone/contracts';
import { callRpc, newId, publishEvent } from '@corestone/service-kit';
import { json, startUsers, type Harness, type TestUser } from './helpers';

/**
 * Issue 36: the user's own language (`locale`, null = follow the school, then the browser), the
 * school's default kept from `schools.school_changed.v1`, both in every `User` and in the mail
 * choices other services ask for; and users' `detail` in the request's language.
 */
let h: Harness;
beforeAll(async () => {
  h = await startUsers('uslocale');
  await h.ctx.schoolFeed.whenCurrent();
});
afterAll(async () => {
  await h.close();
});

const me = async (user: TestUser) => json<User>(await h.app.inject({ url: '/users/me', headers: user.headers }));
const put = (user: TestUser, payload: unknown, lang?: string) =>
  h.app.inject({
    method: 'PUT',
    url: '/users/me',
    headers: { ...user.headers, ...(lang ? { 'accept-language': lang } : {}) },
    payload: payload as object,
  });
const view = async (user: TestUser) => (await callRpc(h.bus, Rpc.usersGetView, { user_id: user.id })).user;

describe("a user's language", () => {
  it('is null until chosen; PUT /users/me sets and clears it, every view shows it', async () => {
    const user = await h.user('student');
    expect((await me(user)).locale).toBeNull();
    const set = await put(user, { locale: 'fr' });
    expect([set.statusCode, json(set).locale]).toEqual([200, 'fr']);
    expect((await me(user)).locale).toBe('fr');
    expect((await view(user)).locale).toBe('fr');
    // Other fields change without touching it
    expect(json(await put(user, { first_name: 'Amélie' })).locale).toBe('fr');
    expect(json(await put(user, { locale: 'es' })).locale).toBe('es');
    expect(json(await put(user, { locale: null })).locale).toBeNull();
    expect((await view(user)).locale).toBeNull();
    expect((await h.outbox(user.id)).filter((e) => e.subject === Events.usersViewChanged.subject).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a language it does not have with a 400 envelope, in the language asked for', async () => {
    const user = await h.user('teacher');
    await put(user, { locale: 'es' });
    for (const given of ['de', 'EN', 'fr-FR', 7, { fr: true }]) {
      const res = await put(user, { locale: given }, 'fr');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'VALIDATION_ERROR' });
    }
    expect((await me(user)).locale).toBe('es');
    // An empty choice is no choice (the schema reads '' as null for a nullable field).
    expect(json(await put(user, { locale: '' })).locale).toBeNull();
  });

  it("shows the school's default language, kept from the schools' events, and gives both to mail senders", async () => {
    const user = await h.user('student');
    const lycee = newId();
    await publishEvent(h.bus, Events.schoolsSchoolChanged, {
      school_id: lycee,
      name: 'Lycée International',
      settings: DEFAULT_SCHOOL_SETTINGS,
      default_locale: 'fr',
    });
    await publishEvent(h.bus, Events.schoolsMembershipChanged, {
      user_id: user.id,
      school_id: lycee,
      school_role: 'student',
      status: 'active',
    });
    expect((await me(user)).school).toEqual({
      id: lycee,
      name: 'Lycée International',
      role: 'student',
      status: 'active',
      default_locale: 'fr',
    });
    await publishEvent(h.bus, Events.schoolsSchoolChanged, {
      school_id: lycee,
      name: 'Lycée International',
      settings: DEFAULT_SCHOOL_SETTINGS,
      default_locale: 'es',
    });
    expect((await view(user)).school?.default_locale).toBe('es');

    const individual = await h.user('student');
    await put(individual, { locale: 'fr' });
    const ask = async () =>
      (await callRpc(h.bus, Rpc.usersEmailNotifications, { user_ids: [user.id, individual.id] })).users.map((u) => [
        u.user_id,
        u.locale,
        u.school_default_locale,
      ]);
    // The mail choices read the mirror: wait until its consumer has the school's last event.
    for (let i = 0; i < 100 && JSON.stringify(await ask()).indexOf('"es"') < 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await ask()).sort()).toEqual(
      [
        [user.id, null, 'es'],
        [individual.id, 'fr', null],
      ].sort(),
    );
  });

  it("answers users' errors in the request's language with the same code", async () => {
    const admin = await h.user('admin');
    const missing = newId();
    const answers = await Promise.all(
      ['en', 'fr', 'es', 'de'].map((lang) =>
        h.app.inject({ url: `/users/admin/users/${missing}`, headers: { ...admin.headers, 'accept-language': lang } }),
      ),
    );
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual([
      [404, { detail: 'User not found', code: 'USER_NOT_FOUND' }],
      [404, { detail: 'Utilisateur introuvable', code: 'USER_NOT_FOUND' }],
      [404, { detail: 'Usuario no encontrado', code: 'USER_NOT_FOUND' }],
      [404, { detail: 'User not found', code: 'USER_NOT_FOUND' }],
    ]);
  });
});
