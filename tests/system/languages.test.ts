/**
 * Issue 36 through the gateway, with auth and users as real processes: a user's language set on
 * their profile shows on /auth/me and /users/me at once, with their school's default language;
 * the servers' `detail` follows the Accept-Language the browser sends (the gateway passes it on,
 * and answers its own refusals the same way); `code` never changes.
 */
import { DEFAULT_SCHOOL_SETTINGS, Events } from '@corestone/contracts';
import { connectBus, newId, publishEvent, type Bus } from '@corestone/service-kit';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let bus: Bus;
beforeAll(async () => {
  p = await startTestPlatform({}, { only: ['gateway', 'auth', 'users', 'billing'] });
  bus = await connectBus({ url: p.run.env.NATS_URL, prefix: p.run.env.NATS_PREFIX, name: 'languages-test' });
});
afterAll(async () => {
  await bus?.close();
  await p?.shutdown();
});

const lang = (l: string) => ({ 'accept-language': l });

it("shows the user's own language and their school's default on /auth/me and /users/me right after a change", async () => {
  const signup = await p.api.signup(uniqueEmail('lang-me'));
  expect(signup.status).toBe(201);
  const token = signup.body.access_token as string;
  const userId = signup.body.user.id as string;
  expect(signup.body.user.locale).toBeNull();
  const both = async () => {
    const [auth, users] = [await p.api.call('GET', '/auth/me', { token }), await p.api.call('GET', '/users/me', { token })];
    expect([auth.status, users.status]).toEqual([200, 200]);
    expect(users.body.locale).toEqual(auth.body.locale);
    expect(users.body.school).toEqual(auth.body.school);
    return auth.body;
  };
  expect((await both()).locale).toBeNull(); // auth keeps the view from here on

  const put = await p.api.call('PUT', '/users/me', { token, json: { locale: 'fr' } });
  expect([put.status, put.body.locale]).toEqual([200, 'fr']);
  expect((await both()).locale).toBe('fr');

  const refused = await p.api.call('PUT', '/users/me', { token, json: { locale: 'de' }, headers: lang('fr') });
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({ detail: expect.any(String), code: 'VALIDATION_ERROR' });

  const schoolId = newId();
  await publishEvent(bus, Events.schoolsSchoolChanged, {
    school_id: schoolId,
    name: 'Colegio Ejemplo',
    settings: DEFAULT_SCHOOL_SETTINGS,
    default_locale: 'es',
  });
  await publishEvent(bus, Events.schoolsMembershipChanged, {
    user_id: userId,
    school_id: schoolId,
    school_role: 'student',
    status: 'active',
  });
  const me = await both();
  expect(me.locale).toBe('fr');
  expect(me.school).toEqual({ id: schoolId, name: 'Colegio Ejemplo', role: 'student', status: 'active', default_locale: 'es' });
});

it("answers a service's error in the request's language through the gateway, with the same code", async () => {
  const email = uniqueEmail('lang-login');
  expect((await p.api.signup(email, 'right-password-1')).status).toBe(201);
  const login = (l: string) =>
    p.api.call('POST', '/auth/login', { json: { username: email, password: 'wrong-password-1' }, headers: lang(l) });
  const answers = await Promise.all(['en-GB,en;q=0.9', 'fr-FR,fr;q=0.9,en;q=0.8', 'es-419,es;q=0.9', 'de-DE'].map(login));
  expect(answers.map((r) => [r.status, r.body])).toEqual([
    [401, { detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' }],
    [401, { detail: 'Mot de passe incorrect', code: 'INCORRECT_PASSWORD' }],
    [401, { detail: 'Contraseña incorrecta', code: 'INCORRECT_PASSWORD' }],
    [401, { detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' }],
  ]);
});

it("answers the gateway's own refusals in the request's language too", async () => {
  const answers = await Promise.all(['en', 'fr', 'es'].map((l) => p.api.call('GET', '/users/me', { headers: lang(l) })));
  expect(answers.map((r) => r.status)).toEqual([401, 401, 401]);
  expect(new Set(answers.map((r) => r.body.code)).size).toBe(1);
  expect(answers.map((r) => r.body.detail)).toEqual(['Not authenticated', 'Non authentifié', 'No autenticado']);
});
