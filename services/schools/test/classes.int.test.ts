import { Events, SchoolCodes } from '@corestone/contracts';
import { checkerOf } from '@corestone/service-kit';
import { JOIN_CODE_ALPHABET } from '../src/domain/join-codes';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let sa: Person;
let A: Awaited<ReturnType<typeof seedSchool>>;
beforeAll(async () => {
  h = await startSchools('schcls');
  sa = await person(h, 'super_admin');
  A = await seedSchool(h, sa, 'Epsilon School');
});
afterAll(async () => {
  await h?.close();
});

interface Cls {
  id: string;
  name: string;
  subject: string | null;
  session: string | null;
  join_code: string | null;
  archived_at: string | null;
  teachers: Array<{ user_id: string; name: string }>;
  student_count: number;
}
const CODE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{4}-[${JOIN_CODE_ALPHABET}]{4}$`);

describe('POST /schools/{id}/classes', () => {
  it('makes a class with a join code; a teacher who creates one teaches it', async () => {
    const byAdmin = await h.call<Cls>('POST', `/schools/${A.id}/classes`, A.admin.h, {
      name: ' Physics HL ',
      subject: 'Physics',
      session: 'May 2027',
    });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({
      name: 'Physics HL',
      subject: 'Physics',
      session: 'May 2027',
      archived_at: null,
      teachers: [],
      student_count: 0,
    });
    expect(byAdmin.body.join_code).toMatch(CODE);
    const byTeacher = await h.call<Cls>('POST', `/schools/${A.id}/classes`, A.teacher.h, { name: 'TOK' });
    expect(byTeacher.body).toMatchObject({
      subject: null,
      session: null,
      teachers: [{ user_id: A.teacher.id, name: 'teacher of Epsilon School' }],
    });
    expect(byTeacher.body.join_code).not.toBe(byAdmin.body.join_code);
    for (const body of [{ name: '' }, { name: 'x', subject: '' }, { name: ' '.repeat(201) }, { name: '   ' }, {}]) {
      expect((await h.call('POST', `/schools/${A.id}/classes`, A.admin.h, body)).status).toBe(400);
    }
  });
});

describe('classes, members and codes', () => {
  let cls: Cls;
  beforeAll(async () => {
    cls = (await h.call<Cls>('POST', `/schools/${A.id}/classes`, A.admin.h, { name: 'Biology SL', session: 'Nov 2026' })).body;
  });

  it('enrols teachers and students of the school, in the roles their school role allows', async () => {
    const t = await h.call('POST', `/classes/${cls.id}/members`, A.admin.h, { user_id: A.teacher.id, role: 'teacher' });
    expect(t).toMatchObject({ status: 201, body: { user_id: A.teacher.id, role: 'teacher', status: 'active', email: A.teacher.email } });
    const s = await h.call('POST', `/classes/${cls.id}/members`, A.teacher.h, { user_id: A.student.id, role: 'student' });
    expect(s).toMatchObject({ status: 201, body: { role: 'student' } });
    // the same enrolment again changes nothing
    expect((await h.call('POST', `/classes/${cls.id}/members`, A.teacher.h, { user_id: A.student.id, role: 'student' })).status).toBe(201);
    const mismatch = await h.call<{ code: string }>('POST', `/classes/${cls.id}/members`, A.admin.h, {
      user_id: A.student.id,
      role: 'teacher',
    });
    expect([mismatch.status, mismatch.body.code]).toEqual([409, 'CLASS_ROLE_MISMATCH']);
    const staffAsStudent = await h.call<{ code: string }>('POST', `/classes/${cls.id}/members`, A.admin.h, {
      user_id: A.admin.id,
      role: 'student',
    });
    expect(staffAsStudent.body.code).toBe('CLASS_ROLE_MISMATCH');
    const nobody = await h.call<{ code: string }>('POST', `/classes/${cls.id}/members`, A.admin.h, { user_id: sa.id, role: 'student' });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'SCHOOL_MEMBER_NOT_FOUND']);
    const list = await h.call<{ members: Array<{ user_id: string; role: string }>; total: number }>(
      'GET',
      `/classes/${cls.id}/members`,
      A.teacher.h,
    );
    expect(list.body).toEqual({
      total: 2,
      members: [
        expect.objectContaining({ user_id: A.teacher.id, role: 'teacher' }),
        expect.objectContaining({ user_id: A.student.id, role: 'student' }),
      ],
    });
    const c = await h.call<Cls>('PATCH', `/classes/${cls.id}`, A.teacher.h, {});
    expect(c.body).toMatchObject({ teachers: [{ user_id: A.teacher.id }], student_count: 1 });
  });

  it('refuses to enrol a member who is not active', async () => {
    const invited = await h.call<{ member: { user_id: string } }>('POST', `/schools/${A.id}/members`, A.admin.h, {
      email: 'off@epsilon.example.org',
      name: 'Off',
      role: 'student',
    });
    const id = invited.body.member.user_id;
    await h.call('PATCH', `/schools/${A.id}/members/${id}`, A.admin.h, { status: 'deactivated' });
    const res = await h.call<{ code: string }>('POST', `/classes/${cls.id}/members`, A.admin.h, { user_id: id, role: 'student' });
    expect([res.status, res.body.code]).toEqual([409, 'SCHOOL_MEMBER_NOT_ACTIVE']);
  });

  it('renames, archives (no one joins or is added) and brings back; a new code retires the old one', async () => {
    const renamed = await h.call<Cls>('PATCH', `/classes/${cls.id}`, A.admin.h, { name: 'Biology HL', subject: 'Biology', session: null });
    expect(renamed.body).toMatchObject({ name: 'Biology HL', subject: 'Biology', session: null });
    const oldCode = renamed.body.join_code!;
    const archived = await h.call<Cls>('PATCH', `/classes/${cls.id}`, A.admin.h, { archived: true });
    expect(archived.body.archived_at).toEqual(expect.any(String));
    const add = await h.call<{ code: string }>('POST', `/classes/${cls.id}/members`, A.admin.h, { user_id: A.student.id, role: 'student' });
    expect([add.status, add.body.code]).toEqual([409, 'CLASS_ARCHIVED']);
    const join = await h.call<{ code: string }>('POST', '/classes/join', A.student.h, { code: oldCode });
    expect([join.status, join.body.code]).toEqual([409, 'CLASS_ARCHIVED']);
    // archived classes are listed apart
    const current = await h.call<{ classes: Cls[] }>('GET', `/schools/${A.id}/classes?archived=false`, A.admin.h);
    expect(current.body.classes.map((c) => c.id)).not.toContain(cls.id);
    const old = await h.call<{ classes: Cls[] }>('GET', `/schools/${A.id}/classes?archived=true`, A.admin.h);
    expect(old.body.classes.map((c) => c.id)).toEqual([cls.id]);
    // its members stay with it
    expect((await h.call<{ total: number }>('GET', `/classes/${cls.id}/members`, A.admin.h)).body.total).toBe(2);
    const back = await h.call<Cls>('PATCH', `/classes/${cls.id}`, A.admin.h, { archived: false, new_join_code: true });
    expect(back.body.archived_at).toBeNull();
    expect(back.body.join_code).toMatch(CODE);
    expect(back.body.join_code).not.toBe(oldCode);
    const stale = await h.call<{ code: string }>('POST', '/classes/join', A.student.h, { code: oldCode });
    expect([stale.status, stale.body.code]).toEqual([404, 'JOIN_CODE_UNKNOWN']);
  });

  it('takes a member out of a class (their school membership stays)', async () => {
    const res = await h.call('DELETE', `/classes/${cls.id}/members/${A.student.id}`, A.teacher.h);
    expect(res.status).toBe(204);
    expect((await h.call('DELETE', `/classes/${cls.id}/members/${A.student.id}`, A.teacher.h)).status).toBe(404);
    expect((await h.call<{ status: number }>('GET', `/schools/${A.id}`, A.student.h)).status).toBe(200);
  });
});

describe('POST /classes/join', () => {
  let cls: Cls;
  beforeAll(async () => {
    cls = (await h.call<Cls>('POST', `/schools/${A.id}/classes`, A.teacher.h, { name: 'Economics' })).body;
  });

  it('lets an individual student join the class and, with it, the school (code in any case, with or without the dash)', async () => {
    const me = await person(h, 'student');
    h.accounts.byEmail.set('ivo@home.example.org', { id: me.id, name: 'Ivo Independent', role: 'student' });
    const typed = ` ${cls.join_code!.replace('-', '').toLowerCase()} `;
    const res = await h.call<{ class: Cls; joined_school: boolean; mine: Record<string, unknown> }>('POST', '/classes/join', me.h, {
      code: typed,
    });
    expect(res.status).toBe(200);
    expect(res.body.joined_school).toBe(true);
    expect(res.body.class).toMatchObject({ id: cls.id, join_code: null, student_count: 1 });
    expect(res.body.mine).toMatchObject({
      school: { id: A.id },
      school_role: 'student',
      status: 'active',
      classes: [expect.objectContaining({ id: cls.id })],
    });
    const member = await h.call<{ members: Array<Record<string, unknown>> }>('GET', `/schools/${A.id}/members?search=ivo@`, A.admin.h);
    expect(member.body.members).toEqual([
      expect.objectContaining({ user_id: me.id, name: 'Ivo Independent', joined_by: 'join_code', school_role: 'student' }),
    ]);
    // again: already in, nothing changes
    const again = await h.call<{ joined_school: boolean }>('POST', '/classes/join', me.h, { code: cls.join_code });
    expect(again).toMatchObject({ status: 200, body: { joined_school: false } });
  });

  it('refuses unknown codes, non-students and deactivated members with their codes', async () => {
    for (const code of ['AAAA-AAAA', 'nonsense', '0000-0000']) {
      const res = await h.call<{ code: string }>('POST', '/classes/join', A.student.h, { code });
      expect([res.status, res.body.code]).toEqual([404, 'JOIN_CODE_UNKNOWN']);
    }
    expect((await h.call('POST', '/classes/join', A.student.h, {})).status).toBe(400);
    const teacher = await h.call<{ code: string }>('POST', '/classes/join', A.teacher.h, { code: cls.join_code });
    expect([teacher.status, teacher.body.code]).toEqual([403, 'JOIN_STUDENTS_ONLY']);
    const invited = await h.call<{ member: { user_id: string } }>('POST', `/schools/${A.id}/members`, A.admin.h, {
      email: 'gone@epsilon.example.org',
      name: 'Gone',
      role: 'student',
    });
    const id = invited.body.member.user_id;
    await h.call('PATCH', `/schools/${A.id}/members/${id}`, A.admin.h, { status: 'deactivated' });
    const gone = await h.call<{ code: string }>('POST', '/classes/join', await h.headers(id, 'student'), { code: cls.join_code });
    expect([gone.status, gone.body.code]).toEqual([403, 'SCHOOL_MEMBERSHIP_DEACTIVATED']);
  });

  it('approves a member waiting for the school when they join one of its classes with a code', async () => {
    const id = h.accounts.add('waiting@epsilon.example.org', 'Wanda Waiting', 'student');
    await h.call('POST', `/schools/${A.id}/members`, A.admin.h, { email: 'waiting@epsilon.example.org', name: 'Wanda', role: 'student' });
    const res = await h.call<{ mine: { status: string } }>('POST', '/classes/join', await h.headers(id, 'student'), {
      code: cls.join_code,
    });
    expect(res).toMatchObject({ status: 200, body: { joined_school: false, mine: { status: 'active', awaiting: null } } });
  });
});

describe('GET /schools/{id}/classes', () => {
  it('searches by name or subject and 404s for malformed ids', async () => {
    const res = await h.call<{ classes: Cls[] }>('GET', `/schools/${A.id}/classes?search=physics`, A.admin.h);
    expect(res.body.classes.map((c) => c.name)).toEqual(['Physics HL']);
    expect((await h.call('GET', `/schools/nope/classes`, A.admin.h)).status).toBe(404);
    expect((await h.call('PATCH', `/classes/nope`, A.admin.h, { name: 'x' })).status).toBe(404);
    expect((await h.call('GET', `/classes/01900000-0000-7000-8000-000000000000/members`, sa.h)).status).toBe(404);
  });
});

describe("a class's pool cap (issue 30)", () => {
  it('is set and cleared by school admins, announced to billing, refused to teachers and hidden from other schools', async () => {
    const B = await seedSchool(h, sa, 'Omicron School');
    const cls = (await h.call<Cls & { pool_cap: number | null }>('POST', `/schools/${A.id}/classes`, A.admin.h, { name: 'Capped HL' }))
      .body;
    expect(cls.pool_cap).toBeNull();
    await h.call('POST', `/classes/${cls.id}/members`, A.admin.h, { user_id: A.teacher.id, role: 'teacher' });
    await h.call('POST', `/classes/${cls.id}/members`, A.admin.h, { user_id: A.student.id, role: 'student' });

    const set = await h.call<{ pool_cap: number | null }>('PATCH', `/classes/${cls.id}`, A.admin.h, { pool_cap: 40 });
    expect([set.status, set.body.pool_cap]).toEqual([200, 40]);
    const listed = await h.call<{ classes: Array<{ id: string; pool_cap: number | null }> }>('GET', `/schools/${A.id}/classes`, A.admin.h);
    expect(listed.body.classes.find((c) => c.id === cls.id)!.pool_cap).toBe(40);
    const announced = () =>
      h
        .events()
        .then((all) =>
          all.filter((e) => e.type === Events.schoolsClassChanged.subject && (e.data as { class_id: string }).class_id === cls.id),
        );
    let events = await announced();
    expect(events.map((e) => e.data)).toEqual([{ class_id: cls.id, school_id: A.id, pool_cap: 40 }]);
    expect(checkerOf(Events.schoolsClassChanged.schema).Check(events[0].data)).toBe(true);

    // The class's own teacher manages the class but not its cap; a student is refused; other schools see nothing.
    const byTeacher = await h.call<{ code: string }>('PATCH', `/classes/${cls.id}`, A.teacher.h, { pool_cap: 1000 });
    expect([byTeacher.status, byTeacher.body.code]).toEqual([403, SchoolCodes.POOL_CAP_ADMINS_ONLY]);
    expect((await h.call('PATCH', `/classes/${cls.id}`, A.student.h, { pool_cap: 1000 })).status).toBe(403);
    for (const p of [B.admin, B.teacher, B.student]) {
      expect((await h.call('PATCH', `/classes/${cls.id}`, p.h, { pool_cap: 1000 })).status).toBe(404);
    }
    for (const bad of [-1, 1.5, 'ten', 1_000_001]) {
      const res = await h.call<{ code: string }>('PATCH', `/classes/${cls.id}`, A.admin.h, { pool_cap: bad });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    // A rename announces nothing; null clears the cap (announced).
    await h.call('PATCH', `/classes/${cls.id}`, A.teacher.h, { name: 'Capped HL 2' });
    const cleared = await h.call<{ pool_cap: number | null }>('PATCH', `/classes/${cls.id}`, sa.h, { pool_cap: null });
    expect([cleared.status, cleared.body.pool_cap]).toEqual([200, null]);
    events = await announced();
    expect(events.map((e) => (e.data as { pool_cap: number | null }).pool_cap)).toEqual([40, null]);
  });
});
