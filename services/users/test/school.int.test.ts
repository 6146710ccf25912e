import { DEFAULT_SCHOOL_SETTINGS, Events, Rpc, type SchoolMembership, type User } from '@corestone/contracts';
import { callRpc, newId, publishEvent } from '@corestone/service-kit';
import { SCHOOL_MIRROR_DURABLE } from '../src/messaging/school-mirror';
import { eventually, json, startUsers, type Harness, type TestUser } from './helpers';

/**
 * The user's school on every view (issue 30): users keeps each membership from
 * `schools.membership_changed.v1` and each school's name from `schools.school_changed.v1` (the
 * SCHOOLS stream, published here the way the schools service does, with the kit's publishEvent),
 * read-your-writes: a view right after the event shows it, even with the mirror's consumer stopped.
 */
let h: Harness;
beforeAll(async () => {
  h = await startUsers('usschool');
  await h.ctx.schoolFeed.whenCurrent();
});
afterAll(async () => {
  await h.close();
});

const membership = (user: TestUser, m: Omit<SchoolMembership, 'user_id'>) =>
  publishEvent(h.bus, Events.schoolsMembershipChanged, { user_id: user.id, ...m });
const school = (school_id: string, name: string) =>
  publishEvent(h.bus, Events.schoolsSchoolChanged, { school_id, name, settings: DEFAULT_SCHOOL_SETTINGS });
const me = async (user: TestUser) => json<User>(await h.app.inject({ url: '/users/me', headers: user.headers }));
const view = async (user: TestUser) => (await callRpc(h.bus, Rpc.usersGetView, { user_id: user.id })).user;
const both = async (user: TestUser) => {
  const [a, b] = [(await me(user)).school, (await view(user)).school];
  expect(b).toEqual(a);
  return a;
};
const mirrored = async (userId: string) =>
  (await h.db.pool.query(`SELECT school_id, school_role, status FROM school_membership WHERE user_id = $1`, [userId])).rows[0];

describe("the user's school", () => {
  it('is null for an individual account', async () => {
    const user = await h.user('student');
    expect(await both(user)).toBeNull();
  });

  it('shows right after the membership event (name, school role, status); a deactivation shows as such; leaving removes it', async () => {
    const user = await h.user('teacher');
    const maple = newId();
    await school(maple, 'Maple High School');
    await membership(user, { school_id: maple, school_role: 'school_admin', status: 'active' });
    expect(await both(user)).toEqual({ id: maple, name: 'Maple High School', role: 'school_admin', status: 'active' });

    await membership(user, { school_id: maple, school_role: 'teacher', status: 'deactivated' });
    expect(await both(user)).toEqual({ id: maple, name: 'Maple High School', role: 'teacher', status: 'deactivated' });

    await membership(user, { school_id: null, school_role: null, status: null });
    expect(await both(user)).toBeNull();
    // the mirror keeps the latest state too (a null school), once its consumer has applied it
    await eventually(async () => (await mirrored(user.id))?.school_id === null);
    expect(await both(user)).toBeNull();
  });

  it('is read-your-writes without the mirror: with its consumer stopped, membership, move and rename show at once', async () => {
    const user = await h.user('student');
    const oak = newId();
    const birch = newId();
    await school(oak, 'Oak Academy');
    await school(birch, 'Birch School');
    await membership(user, { school_id: oak, school_role: 'student', status: 'pending' });
    await eventually(async () => (await mirrored(user.id))?.school_id === oak);
    await eventually(async () => (await h.db.pool.query(`SELECT 1 FROM school_names WHERE school_id = $1`, [birch])).rowCount === 1);

    await h.schoolMirror.stop(); // only what the stream feed heard can show what follows
    try {
      await membership(user, { school_id: oak, school_role: 'student', status: 'active' });
      expect(await both(user)).toEqual({ id: oak, name: 'Oak Academy', role: 'student', status: 'active' });
      // moved to a school whose name the mirror holds, though the mirrored membership is still Oak's
      await membership(user, { school_id: birch, school_role: 'student', status: 'active' });
      expect(await both(user)).toEqual({ id: birch, name: 'Birch School', role: 'student', status: 'active' });
      await school(birch, 'Birch International School');
      expect((await both(user))?.name).toBe('Birch International School');
      expect(await mirrored(user.id)).toEqual({ school_id: oak, school_role: 'student', status: 'pending' });
    } finally {
      await h.schoolMirror.restart();
    }
    await eventually(async () => (await mirrored(user.id))?.school_id === birch);
    expect(await both(user)).toEqual({ id: birch, name: 'Birch International School', role: 'student', status: 'active' });
  });

  it('a new school and its first member in a row: the view names the school at once', async () => {
    const user = await h.user('student');
    await h.schoolMirror.stop();
    try {
      const elm = newId();
      await school(elm, 'Elm College');
      await membership(user, { school_id: elm, school_role: 'student', status: 'active' });
      expect(await both(user)).toEqual({ id: elm, name: 'Elm College', role: 'student', status: 'active' });
    } finally {
      await h.schoolMirror.restart();
    }
  });

  it('the mirror keeps the latest event by stream sequence: an older or repeated event changes nothing', async () => {
    const user = await h.user('student');
    const pine = newId();
    const e1 = await membership(user, { school_id: pine, school_role: 'student', status: 'active' });
    const e2 = await membership(user, { school_id: pine, school_role: 'teacher', status: 'active' });
    await eventually(async () => (await mirrored(user.id))?.school_role === 'teacher');
    const processed = await h.db.pool.query(`SELECT 1 FROM processed_events WHERE event_id = ANY($1)`, [[e1, e2]]);
    expect(processed.rowCount).toBe(2);
    const { rows } = await h.db.pool.query<{ version: string }>(`SELECT version FROM school_membership WHERE user_id = $1`, [user.id]);
    const latest = Number(rows[0]!.version);
    // a late, older event (a lower sequence) under a new id is recorded but does not win
    expect(
      await h.ctx.store.applyMembership(
        SCHOOL_MIRROR_DURABLE,
        newId(),
        { user_id: user.id, school_id: null, school_role: null, status: null },
        latest - 1,
      ),
    ).toBe(false);
    // the same event again (a redelivery) is skipped by its id
    expect(
      await h.ctx.store.applyMembership(
        SCHOOL_MIRROR_DURABLE,
        e2,
        { user_id: user.id, school_id: null, school_role: null, status: null },
        latest + 5,
      ),
    ).toBe(false);
    expect(await mirrored(user.id)).toEqual({ school_id: pine, school_role: 'teacher', status: 'active' });
    expect((await both(user))?.role).toBe('teacher');
  });

  it('the admin list and the admin detail show the school too', async () => {
    const admin = await h.user('admin');
    const user = await h.user('student', { first_name: 'Listed' });
    const willow = newId();
    await school(willow, 'Willow School');
    await membership(user, { school_id: willow, school_role: 'student', status: 'active' });
    await eventually(async () => (await mirrored(user.id))?.school_id === willow);
    const list = await h.app.inject({ url: `/users/users?search=${encodeURIComponent(user.email)}`, headers: admin.headers });
    expect(json<{ users: User[] }>(list).users.map((u) => u.school)).toEqual([
      { id: willow, name: 'Willow School', role: 'student', status: 'active' },
    ]);
    const detail = await h.app.inject({ url: `/users/admin/users/${user.id}`, headers: admin.headers });
    expect(json<User>(detail).school).toEqual({ id: willow, name: 'Willow School', role: 'student', status: 'active' });
  });
});
