/**
 * The caller's school on /auth/me and /users/me (issue 30) through the gateway, with auth and users
 * as real processes: the schools service's events are published here as it publishes them (the
 * kit's publishEvent, acknowledged by JetStream), and the very next request shows them — no waiting,
 * although auth keeps /auth/me views and users keeps its copy through a consumer.
 */
import { DEFAULT_SCHOOL_SETTINGS, Events } from '@corestone/contracts';
import { connectBus, newId, publishEvent, type Bus } from '@corestone/service-kit';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let bus: Bus;
beforeAll(async () => {
  p = await startTestPlatform({}, { only: ['gateway', 'auth', 'users', 'billing'] });
  bus = await connectBus({ url: p.run.env.NATS_URL, prefix: p.run.env.NATS_PREFIX, name: 'school-on-me-test' });
});
afterAll(async () => {
  await bus?.close();
  await p?.shutdown();
});

it('shows the school right after each membership event on /auth/me and /users/me: joined, deactivated, left', async () => {
  const signup = await p.api.signup(uniqueEmail('school-me'));
  expect(signup.status).toBe(201);
  const token = signup.body.access_token as string;
  const userId = signup.body.user.id as string;
  expect(signup.body.user.school).toBeNull();
  const both = async () => {
    const [auth, users] = [await p.api.call('GET', '/auth/me', { token }), await p.api.call('GET', '/users/me', { token })];
    expect([auth.status, users.status]).toEqual([200, 200]);
    expect(users.body.school).toEqual(auth.body.school);
    return auth.body.school;
  };
  // auth keeps the view from here on: what follows must drop it
  expect(await both()).toBeNull();
  expect(await both()).toBeNull();

  const schoolId = newId();
  await publishEvent(bus, Events.schoolsSchoolChanged, {
    school_id: schoolId,
    name: 'Maple High School',
    settings: DEFAULT_SCHOOL_SETTINGS,
  });
  await publishEvent(bus, Events.schoolsMembershipChanged, {
    user_id: userId,
    school_id: schoolId,
    school_role: 'student',
    status: 'active',
  });
  expect(await both()).toEqual({ id: schoolId, name: 'Maple High School', role: 'student', status: 'active' });

  await publishEvent(bus, Events.schoolsMembershipChanged, {
    user_id: userId,
    school_id: schoolId,
    school_role: 'student',
    status: 'deactivated',
  });
  expect(await both()).toEqual({ id: schoolId, name: 'Maple High School', role: 'student', status: 'deactivated' });

  await publishEvent(bus, Events.schoolsSchoolChanged, {
    school_id: schoolId,
    name: 'Maple International',
    settings: DEFAULT_SCHOOL_SETTINGS,
  });
  expect((await both()).name).toBe('Maple International');

  await publishEvent(bus, Events.schoolsMembershipChanged, { user_id: userId, school_id: null, school_role: null, status: null });
  expect(await both()).toBeNull();
});
