import { Events, type SchoolMembership } from '@corestone/contracts';
import { checkerOf } from '@corestone/service-kit';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let sa: Person;
let A: Awaited<ReturnType<typeof seedSchool>>;
beforeAll(async () => {
  h = await startSchools('schmem');
  sa = await person(h, 'super_admin');
  A = await seedSchool(h, sa, 'Gamma School');
});
afterAll(async () => {
  await h?.close();
});

const membershipEvents = async (userId: string) =>
  (await h.events())
    .filter((e) => e.type === Events.schoolsMembershipChanged.subject)
    .map((e) => e.data as SchoolMembership)
    .filter((d) => d.user_id === userId);

describe('POST /schools/{id}/members', () => {
  it('asks auth for the account (teacher platform role for staff) and makes a new account an active member at once', async () => {
    const res = await h.call<{ member: Record<string, unknown>; account_created: boolean }>('POST', `/schools/${A.id}/members`, A.admin.h, {
      email: '  New.Teacher@Gamma.example.org ',
      name: ' Nora Teacher ',
      role: 'school_admin',
    });
    expect(res.status).toBe(201);
    expect(res.body.account_created).toBe(true);
    expect(res.body.member).toMatchObject({
      school_id: A.id,
      email: 'new.teacher@gamma.example.org',
      name: 'Nora Teacher',
      school_role: 'school_admin',
      status: 'active',
      awaiting: null,
      joined_by: 'invitation',
    });
    expect(h.accounts.provisionCalls.at(-1)).toEqual({
      email: 'new.teacher@gamma.example.org',
      platform_role: 'teacher',
      invited_by_school: 'Gamma School',
    });
    const events = await membershipEvents(res.body.member.user_id as string);
    expect(events).toEqual([{ user_id: res.body.member.user_id, school_id: A.id, school_role: 'school_admin', status: 'active' }]);
    expect(checkerOf(Events.schoolsMembershipChanged.schema).Check(events[0])).toBe(true);
  });

  it('links an existing account once it accepts; it may decline instead', async () => {
    const ida = h.accounts.add('existing@gamma.example.org', 'Eve Existing');
    const res = await h.call<{ member: { status: string; awaiting: string }; account_created: boolean }>(
      'POST',
      `/schools/${A.id}/members`,
      A.admin.h,
      {
        email: 'existing@gamma.example.org',
        name: 'Eve',
        role: 'student',
      },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ account_created: false, member: { status: 'pending', awaiting: 'member' } });
    const eve = await h.headers(ida, 'student');
    // Not yet a member: the school stays closed, its admin cannot approve in the person's place.
    expect((await h.call('GET', `/schools/${A.id}`, eve)).status).toBe(404);
    const approve = await h.call<{ code: string }>('PATCH', `/schools/${A.id}/members/${ida}`, A.admin.h, { status: 'active' });
    expect([approve.status, approve.body.code]).toEqual([409, 'INVITATION_NOT_ACCEPTED']);
    const mine = await h.call<{ school: { name: string }; status: string; awaiting: string }>('GET', '/schools/mine', eve);
    expect(mine.body).toMatchObject({ school: { name: 'Gamma School' }, status: 'pending', awaiting: 'member' });
    const accepted = await h.call<{ status: string }>('POST', '/schools/mine/accept', eve);
    expect(accepted).toMatchObject({ status: 200, body: { status: 'active', awaiting: null } });
    expect((await h.call('GET', `/schools/${A.id}`, eve)).status).toBe(200);
    expect((await h.call<{ code: string }>('POST', '/schools/mine/accept', eve)).body.code).toBe('NO_SCHOOL_INVITATION');

    const idd = h.accounts.add('decliner@gamma.example.org', 'Dan Decliner');
    await h.call('POST', `/schools/${A.id}/members`, A.admin.h, { email: 'decliner@gamma.example.org', name: 'Dan', role: 'teacher' });
    const dan = await h.headers(idd, 'teacher');
    const declined = await h.call('POST', '/schools/mine/decline', dan);
    expect(declined).toMatchObject({ status: 200, body: { school: null, school_role: null, status: null, classes: [] } });
    expect((await membershipEvents(idd)).at(-1)).toEqual({ user_id: idd, school_id: null, school_role: null, status: null });
  });

  it('refuses a second membership: ALREADY_SCHOOL_MEMBER here, IN_ANOTHER_SCHOOL elsewhere', async () => {
    const again = await h.call<{ code: string }>('POST', `/schools/${A.id}/members`, A.admin.h, {
      email: A.teacher.email,
      name: 'x',
      role: 'teacher',
    });
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_SCHOOL_MEMBER']);
    const other = await h.call<{ id: string }>('POST', '/schools', sa.h, { name: 'Delta School' });
    const elsewhere = await h.call<{ code: string }>('POST', `/schools/${other.body.id}/members`, sa.h, {
      email: A.teacher.email,
      name: 'x',
      role: 'teacher',
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([409, 'IN_ANOTHER_SCHOOL']);
  });

  it('puts a person in one school when two schools invite them at the same moment', async () => {
    const other = await h.call<{ id: string }>('POST', '/schools', sa.h, { name: 'Kappa School' });
    const body = { email: 'wanted@both.example.org', name: 'Wanda Wanted', role: 'student' };
    const answers = await Promise.all([
      h.call<{ code?: string }>('POST', `/schools/${A.id}/members`, sa.h, body),
      h.call<{ code?: string }>('POST', `/schools/${other.body.id}/members`, sa.h, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('IN_ANOTHER_SCHOOL');
  });

  it('refuses bad input', async () => {
    for (const body of [
      { email: 'not-an-address', name: 'x', role: 'student' },
      { email: 'a@b.example.org', name: '   ', role: 'student' },
      { email: 'a@b.example.org', name: 'x', role: 'principal' },
      { email: 'a@b.example.org', name: 'x' },
    ]) {
      const res = await h.call<{ code: string }>('POST', `/schools/${A.id}/members`, A.admin.h, body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(
      (await h.call('POST', `/schools/not-a-uuid/members`, sa.h, { email: 'a@b.example.org', name: 'x', role: 'student' })).status,
    ).toBe(404);
  });

  it('answers 503 when auth does not answer, and adds no one', async () => {
    h.accounts.stop();
    try {
      const res = await h.call<{ code: string }>('POST', `/schools/${A.id}/members`, A.admin.h, {
        email: 'late@gamma.example.org',
        name: 'Late',
        role: 'student',
      });
      expect([res.status, res.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    } finally {
      h.accounts.start(h.service);
    }
    const list = await h.call<{ total: number }>('GET', `/schools/${A.id}/members?search=late@`, A.admin.h);
    expect(list.body.total).toBe(0);
  });
});

describe('GET /schools/{id}/members', () => {
  it('filters by role, status and a search over name and e-mail (with %/_ taken literally)', async () => {
    const all = await h.call<{ members: Array<{ school_role: string; email: string }>; total: number }>(
      'GET',
      `/schools/${A.id}/members`,
      A.admin.h,
    );
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.members.length);
    const students = await h.call<{ members: Array<{ school_role: string }> }>('GET', `/schools/${A.id}/members?role=student`, A.teacher.h);
    expect(students.body.members.length).toBeGreaterThan(0);
    expect(students.body.members.every((m) => m.school_role === 'student')).toBe(true);
    const pending = await h.call<{ members: Array<{ status: string }> }>('GET', `/schools/${A.id}/members?status=pending`, A.admin.h);
    expect(pending.body.members.every((m) => m.status === 'pending')).toBe(true);
    const search = await h.call<{ members: Array<{ email: string }> }>('GET', `/schools/${A.id}/members?search=TEACHER.gamma`, A.admin.h);
    expect(search.body.members.map((m) => m.email)).toEqual([A.teacher.email]);
    expect((await h.call<{ total: number }>('GET', `/schools/${A.id}/members?search=%25`, A.admin.h)).body.total).toBe(0);
    const paged = await h.call<{ members: unknown[]; total: number }>('GET', `/schools/${A.id}/members?limit=1&offset=1`, A.admin.h);
    expect(paged.body.members).toHaveLength(1);
    expect(paged.body.total).toBe(all.body.total);
    expect((await h.call('GET', `/schools/${A.id}/members?role=principal`, A.admin.h)).status).toBe(400);
  });
});

describe('PATCH /schools/{id}/members/{user_id}', () => {
  it('changes the school role (class places that no longer fit go), deactivates and reactivates, announcing each change', async () => {
    const cls = await h.call<{ id: string }>('POST', `/schools/${A.id}/classes`, A.admin.h, { name: 'Role change class' });
    const invited = await h.call<{ member: { user_id: string } }>('POST', `/schools/${A.id}/members`, A.admin.h, {
      email: 'switch@gamma.example.org',
      name: 'Sam Switch',
      role: 'teacher',
    });
    const id = invited.body.member.user_id;
    expect((await h.call('POST', `/classes/${cls.body.id}/members`, A.admin.h, { user_id: id, role: 'teacher' })).status).toBe(201);
    const toStudent = await h.call('PATCH', `/schools/${A.id}/members/${id}`, A.admin.h, { role: 'student' });
    expect(toStudent).toMatchObject({ status: 200, body: { school_role: 'student', status: 'active' } });
    expect((await h.call<{ members: unknown[] }>('GET', `/classes/${cls.body.id}/members`, A.admin.h)).body.members).toEqual([]);
    expect((await h.call('PATCH', `/schools/${A.id}/members/${id}`, A.admin.h, { status: 'deactivated' })).body).toMatchObject({
      status: 'deactivated',
    });
    // A deactivated member sees the school no more.
    expect((await h.call('GET', `/schools/${A.id}`, await h.headers(id, 'teacher'))).status).toBe(404);
    expect((await h.call('PATCH', `/schools/${A.id}/members/${id}`, A.admin.h, { status: 'active' })).body).toMatchObject({
      status: 'active',
    });
    // An unchanged value announces nothing.
    expect((await h.call('PATCH', `/schools/${A.id}/members/${id}`, A.admin.h, { status: 'active' })).status).toBe(200);
    expect((await membershipEvents(id)).map((e) => [e.school_role, e.status])).toEqual([
      ['teacher', 'active'],
      ['student', 'active'],
      ['student', 'deactivated'],
      ['student', 'active'],
    ]);
  });

  it('keeps a school admin from changing their own membership, and needs something to change', async () => {
    const own = await h.call<{ code: string }>('PATCH', `/schools/${A.id}/members/${A.admin.id}`, A.admin.h, { status: 'deactivated' });
    expect([own.status, own.body.code]).toEqual([403, 'OWN_MEMBERSHIP']);
    expect((await h.call('PATCH', `/schools/${A.id}/members/${A.teacher.id}`, A.admin.h, {})).status).toBe(400);
    expect((await h.call('PATCH', `/schools/${A.id}/members/${A.teacher.id}`, A.admin.h, { status: 'pending' })).status).toBe(400);
    expect((await h.call('PATCH', `/schools/${A.id}/members/not-a-uuid`, A.admin.h, { status: 'active' })).status).toBe(404);
  });
});
