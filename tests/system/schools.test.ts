/**
 * Schools through the gateway with every process real (issue 30): a super admin creates a school
 * and invites its admin, whose account auth makes and mails a set-password link; the admin signs
 * in, lists the members, invites a teacher and a student, and the teacher makes a class a student
 * joins with its code. A second school's admin sees none of it (404), an individual student
 * who joins with a code lands in the school, and one who signs up with the school's verified
 * e-mail domain waits for the school's approval.
 */
import { invitedSignIn as invite, setupSuperAdmin } from '../support/api-setup';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let superToken: string;
beforeAll(async () => {
  p = await startTestPlatform();
  superToken = await setupSuperAdmin(p, { name: 'Sol Super', email: uniqueEmail('schoolsuper'), password: 'super-secret-1' });
});
afterAll(async () => {
  await p?.shutdown();
});

const invitedSignIn = (schoolId: string, token: string, email: string, role: string) => invite(p, schoolId, token, email, role);

it('a super admin creates a school and adds its admin, who lists and manages its members and classes', async () => {
  const created = await p.api.call('POST', '/schools', {
    token: superToken,
    json: { name: 'Lakeside International', country: 'CH', ib_school_code: '004321', email_domains: ['lakeside.example.org'] },
  });
  expect(created.status).toBe(201);
  const school = created.body;
  expect(school).toMatchObject({ name: 'Lakeside International', country: 'CH', email_domains: ['lakeside.example.org'] });

  const adminEmail = uniqueEmail('head');
  const head = await invitedSignIn(school.id, superToken, adminEmail, 'school_admin');
  const members = await p.api.call('GET', `/schools/${school.id}/members`, { token: head.token });
  expect(members.status).toBe(200);
  expect(members.body).toMatchObject({
    total: 1,
    members: [{ user_id: head.id, email: adminEmail, school_role: 'school_admin', status: 'active' }],
  });
  expect((await p.api.call('GET', '/schools', { token: head.token })).body).toMatchObject({ total: 1, schools: [{ id: school.id }] });
  // the school admin may not create schools
  expect((await p.api.call('POST', '/schools', { token: head.token, json: { name: 'Mine' } })).status).toBe(403);

  const teacher = await invitedSignIn(school.id, head.token, uniqueEmail('teacher'), 'teacher');
  const student = await invitedSignIn(school.id, head.token, uniqueEmail('student'), 'student');
  const cls = await p.api.call('POST', `/schools/${school.id}/classes`, {
    token: teacher.token,
    json: { name: 'EE cohort', session: 'May 2027' },
  });
  expect(cls.status).toBe(201);
  expect(cls.body.teachers).toEqual([expect.objectContaining({ user_id: teacher.id })]);
  const enrol = await p.api.call('POST', `/classes/${cls.body.id}/members`, {
    token: teacher.token,
    json: { user_id: student.id, role: 'student' },
  });
  expect(enrol.status).toBe(201);
  const mine = await p.api.call('GET', '/schools/mine', { token: student.token });
  expect(mine.body).toMatchObject({ school: { id: school.id }, school_role: 'student', classes: [{ id: cls.body.id, join_code: null }] });
  expect((await p.api.call('GET', `/schools/${school.id}/members`, { token: student.token })).status).toBe(403);

  // A second school's admin sees nothing of the first.
  const other = await p.api.call('POST', '/schools', { token: superToken, json: { name: 'Hillview College' } });
  const otherHead = await invitedSignIn(other.body.id, superToken, uniqueEmail('otherhead'), 'school_admin');
  for (const [method, url] of [
    ['GET', `/schools/${school.id}`],
    ['GET', `/schools/${school.id}/members`],
    ['GET', `/schools/${school.id}/classes`],
    ['GET', `/classes/${cls.body.id}/members`],
  ] as const) {
    expect([url, (await p.api.call(method, url, { token: otherHead.token })).status]).toEqual([url, 404]);
  }
  expect((await p.api.call('GET', '/schools', { token: otherHead.token })).body.schools.map((s: { id: string }) => s.id)).toEqual([
    other.body.id,
  ]);

  // An individual student joins the class with its code, and with it the school.
  const signup = await p.api.signup(uniqueEmail('solo'));
  const solo = signup.body.access_token as string;
  const joined = await p.api.call('POST', '/classes/join', { token: solo, json: { code: cls.body.join_code.toLowerCase() } });
  expect(joined.status).toBe(200);
  expect(joined.body).toMatchObject({
    joined_school: true,
    class: { id: cls.body.id },
    mine: { school: { id: school.id }, school_role: 'student' },
  });
  const roster = await p.api.call('GET', `/classes/${cls.body.id}/members`, { token: head.token });
  expect(roster.body.total).toBe(3);

  // Signing up with the school's verified domain: a member waiting for approval (users.created.v1 → schools).
  const domainEmail = `pupil.${Date.now().toString(36)}@lakeside.example.org`;
  const pupil = (await p.api.signup(domainEmail)).body.access_token as string;
  const waiting = await waitFor('the domain sign-up to land', async () => {
    const res = await p.api.call('GET', `/schools/${school.id}/members?status=pending&search=${encodeURIComponent(domainEmail)}`, {
      token: head.token,
    });
    return res.body.members[0];
  });
  expect(waiting).toMatchObject({
    email: domainEmail,
    school_role: 'student',
    status: 'pending',
    awaiting: 'school',
    joined_by: 'email_domain',
  });
  expect((await p.api.call('GET', `/schools/${school.id}`, { token: pupil })).status).toBe(404);
  const approved = await p.api.call('PATCH', `/schools/${school.id}/members/${waiting.user_id}`, {
    token: head.token,
    json: { status: 'active' },
  });
  expect(approved.body).toMatchObject({ status: 'active' });
  expect((await p.api.call('GET', '/schools/mine', { token: pupil })).body).toMatchObject({ school: { id: school.id }, status: 'active' });
});
