/**
 * Assignments of a class (issue 31) on the real Postgres and NATS: the rules of setting, listing,
 * reading and changing them — dates and the school's time zone, rubrics, archived classes and
 * assignments, and who may do what inside one school (the tenancy test tries every route across
 * two schools).
 */
import type { Assignment } from '@corestone/contracts';
import { AssignmentPeersStandIn } from './assignment-peers';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let peers: AssignmentPeersStandIn;
let sa: Person;
let S: Awaited<ReturnType<typeof seedSchool>>;
let otherTeacher: Person;
let classId: string;
let eeRubric: string;

const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  h = await startSchools('schasg');
  peers = new AssignmentPeersStandIn(h).start();
  sa = await person(h, 'super_admin');
  S = await seedSchool(h, sa, 'Kappa School');
  const res = await h.call<{ member: { user_id: string } }>('POST', `/schools/${S.id}/members`, sa.h, {
    email: 'other.teacher@kappa.example.org',
    name: 'Other Teacher',
    role: 'teacher',
  });
  otherTeacher = {
    id: res.body.member.user_id,
    role: 'teacher',
    email: 'other.teacher@kappa.example.org',
    h: await h.headers(res.body.member.user_id, 'teacher'),
  };
  const cls = await h.call<{ id: string }>('POST', `/schools/${S.id}/classes`, S.teacher.h, { name: 'EE cohort 2027' });
  classId = cls.body.id;
  expect((await h.call('POST', `/classes/${classId}/members`, S.admin.h, { user_id: S.student.id, role: 'student' })).status).toBe(201);
  eeRubric = peers.rubric('ee');
});
afterAll(async () => {
  peers?.stop();
  await h?.close();
});

const create = (who: Person, body: Record<string, unknown>, cls = classId) =>
  h.call<Assignment & { code?: string; detail?: string }>('POST', `/classes/${cls}/assignments`, who.h, body);
const base = () => ({
  title: 'EE first draft',
  essay_type: 'ee',
  rubric_id: eeRubric,
  due_at: at(72 * HOUR),
  release_mode: 'after_review',
});

describe('POST /classes/{id}/assignments', () => {
  it('sets an assignment with the defaults the contract names, dates as instants and the school’s time zone', async () => {
    const res = await create(S.teacher, { ...base(), title: '  EE first draft  ', due_at: '2030-03-01T23:59:00+01:00' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      class_id: classId,
      school_id: S.id,
      class_name: 'EE cohort 2027',
      title: 'EE first draft',
      instructions: '',
      essay_type: 'ee',
      rubric_id: eeRubric,
      kind: 'final',
      opens_at: null,
      due_at: '2030-03-01T22:59:00.000Z',
      time_zone: 'UTC',
      allow_late: true,
      release_mode: 'after_review',
      show_ai_marks: false,
      created_by: S.teacher.id,
      archived_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // The school's zone is how the dates are shown: a change of zone shows in every assignment.
    expect((await h.call('PATCH', `/schools/${S.id}`, S.admin.h, { time_zone: 'Asia/Tokyo' })).status).toBe(200);
    const again = await h.call<Assignment>('GET', `/assignments/${res.body.id}`, S.student.h);
    expect(again.body).toMatchObject({ time_zone: 'Asia/Tokyo', due_at: '2030-03-01T22:59:00.000Z' });
    expect((await h.call('PATCH', `/schools/${S.id}`, S.admin.h, { time_zone: 'UTC' })).status).toBe(200);
  });

  it('takes every field: a draft opening later, no late work, AI marks shown, instructions', async () => {
    const res = await create(S.admin, {
      ...base(),
      kind: 'draft',
      opens_at: '2030-01-10T08:00:00Z',
      due_at: '2030-01-20T17:00:00-05:00',
      allow_late: false,
      show_ai_marks: true,
      release_mode: 'immediate',
      instructions: ' 4,000 words at most. ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'draft',
      opens_at: '2030-01-10T08:00:00.000Z',
      due_at: '2030-01-20T22:00:00.000Z',
      allow_late: false,
      show_ai_marks: true,
      release_mode: 'immediate',
      instructions: '4,000 words at most.',
      created_by: S.admin.id,
    });
  });

  it('refuses a deadline not after the opening, a date without its offset, a blank title and bad fields (400)', async () => {
    const same = await create(S.teacher, { ...base(), opens_at: '2030-01-10T08:00:00Z', due_at: '2030-01-10T09:00:00+01:00' });
    expect([same.status, same.body.code]).toEqual([400, 'ASSIGNMENT_INVALID_DATES']);
    const before = await create(S.teacher, { ...base(), opens_at: '2030-01-10T08:00:00Z', due_at: '2030-01-09T08:00:00Z' });
    expect([before.status, before.body.code]).toEqual([400, 'ASSIGNMENT_INVALID_DATES']);
    for (const body of [
      { ...base(), due_at: '2030-01-10T08:00:00' }, // no offset: which zone would it be?
      { ...base(), due_at: 'next friday' },
      { ...base(), title: '   ' },
      { ...base(), title: '' },
      { ...base(), essay_type: 'ia' },
      { ...base(), release_mode: 'later' },
      { ...base(), kind: 'homework' },
      { title: 'x', essay_type: 'ee', rubric_id: eeRubric, release_mode: 'immediate' },
    ]) {
      const res = await create(S.teacher, body);
      expect([res.status, res.body]).toEqual([400, { detail: expect.any(String), code: expect.any(String) }]);
    }
  });

  it('takes a deadline already past (work recorded afterwards): it just never mails', async () => {
    const res = await create(S.teacher, { ...base(), due_at: at(-HOUR) });
    expect(res.status).toBe(201);
  });

  it('asks rubric: an unknown or draft rubric is 404 RUBRIC_NOT_FOUND, another essay type 400 RUBRIC_TYPE_MISMATCH', async () => {
    for (const rubric_id of ['not-a-uuid', peers.rubric('ee', false), '0190f1a2-0000-7000-8000-000000000000']) {
      const res = await create(S.teacher, { ...base(), rubric_id });
      expect([res.status, res.body.code]).toEqual([404, 'RUBRIC_NOT_FOUND']);
    }
    const tok = await create(S.teacher, { ...base(), rubric_id: peers.rubric('tok') });
    expect([tok.status, tok.body.code]).toEqual([400, 'RUBRIC_TYPE_MISMATCH']);
    const ok = await create(S.teacher, { ...base(), essay_type: 'tok', rubric_id: peers.rubric('tok') });
    expect(ok.status).toBe(201);
  });

  it('answers 503 when rubric does not answer, and sets nothing', async () => {
    peers.stop();
    try {
      const res = await create(S.teacher, { ...base(), title: 'While rubric is down' });
      expect([res.status, res.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    } finally {
      peers.start();
    }
    const list = await h.call<{ assignments: Assignment[] }>('GET', `/classes/${classId}/assignments`, S.teacher.h);
    expect(list.body.assignments.map((a) => a.title)).not.toContain('While rubric is down');
  });

  it('role checks inside the school: the class’s students 403, a teacher of other classes 404, an unknown class 404', async () => {
    const student = await create(S.student, base());
    expect([student.status, student.body.code]).toEqual([403, 'FORBIDDEN']);
    const other = await create(otherTeacher, base());
    expect([other.status, other.body.code]).toEqual([404, 'CLASS_NOT_FOUND']);
    for (const cls of ['0190f1a2-0000-7000-8000-000000000000', 'nope']) {
      expect((await create(S.teacher, base(), cls)).status).toBe(404);
    }
    expect((await create(sa, base())).status).toBe(201);
  });

  it('an archived class takes no new assignment (409 CLASS_ARCHIVED) and its assignments read as archived', async () => {
    const cls = await h.call<{ id: string }>('POST', `/schools/${S.id}/classes`, S.teacher.h, { name: 'Old cohort' });
    const set = await create(S.teacher, base(), cls.body.id);
    expect(set.status).toBe(201);
    const archived = await h.call<{ archived_at: string }>('PATCH', `/classes/${cls.body.id}`, S.teacher.h, { archived: true });
    expect(archived.status).toBe(200);
    const refused = await create(S.teacher, base(), cls.body.id);
    expect([refused.status, refused.body.code]).toEqual([409, 'CLASS_ARCHIVED']);
    const read = await h.call<Assignment>('GET', `/assignments/${set.body.id}`, S.teacher.h);
    expect(read.body.archived_at).toBe(archived.body.archived_at);
    const patch = await h.call<{ code: string }>('PATCH', `/assignments/${set.body.id}`, S.teacher.h, { archived: false });
    expect([patch.status, patch.body.code]).toEqual([409, 'CLASS_ARCHIVED']);
    // Brought back, the class's assignment is current again.
    await h.call('PATCH', `/classes/${cls.body.id}`, S.teacher.h, { archived: false });
    expect((await h.call<Assignment>('GET', `/assignments/${set.body.id}`, S.teacher.h)).body.archived_at).toBeNull();
  });
});

describe('reading and changing', () => {
  let a: Assignment;
  let later: Assignment;
  beforeAll(async () => {
    const cls = await h.call<{ id: string }>('POST', `/schools/${S.id}/classes`, S.teacher.h, { name: 'TOK group' });
    classId = cls.body.id;
    await h.call('POST', `/classes/${classId}/members`, S.admin.h, { user_id: S.student.id, role: 'student' });
    later = (await create(S.teacher, { ...base(), title: 'Final', due_at: at(200 * HOUR) })).body;
    a = (await create(S.teacher, { ...base(), title: 'Draft', kind: 'draft', due_at: at(100 * HOUR) })).body;
  });

  it('lists a class’s assignments by deadline for staff and its students', async () => {
    for (const who of [S.teacher, S.admin, sa, S.student]) {
      const res = await h.call<{ assignments: Assignment[]; total: number }>('GET', `/classes/${classId}/assignments`, who.h);
      expect([res.status, res.body.assignments.map((x) => x.title), res.body.total]).toEqual([200, ['Draft', 'Final'], 2]);
    }
    expect((await h.call('GET', `/classes/${classId}/assignments`, otherTeacher.h)).status).toBe(404);
  });

  it('changes fields; dates are checked together with the stored ones; null opens_at means open now', async () => {
    const res = await h.call<Assignment>('PATCH', `/assignments/${a.id}`, S.teacher.h, {
      title: ' Draft 1 ',
      instructions: 'Bring your RQ.',
      release_mode: 'immediate',
      allow_late: false,
      show_ai_marks: true,
      opens_at: at(HOUR),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Draft 1',
      instructions: 'Bring your RQ.',
      release_mode: 'immediate',
      allow_late: false,
      show_ai_marks: true,
    });
    expect(res.body.opens_at).not.toBeNull();
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(a.updated_at).getTime());
    // An opening after the stored deadline is refused, so is a deadline before the stored opening.
    const bad1 = await h.call<{ code: string }>('PATCH', `/assignments/${a.id}`, S.teacher.h, { opens_at: at(150 * HOUR) });
    expect([bad1.status, bad1.body.code]).toEqual([400, 'ASSIGNMENT_INVALID_DATES']);
    const bad2 = await h.call<{ code: string }>('PATCH', `/assignments/${a.id}`, S.teacher.h, { due_at: at(30 * 60_000) });
    expect([bad2.status, bad2.body.code]).toEqual([400, 'ASSIGNMENT_INVALID_DATES']);
    const cleared = await h.call<Assignment>('PATCH', `/assignments/${a.id}`, S.teacher.h, { opens_at: null, due_at: at(30 * 60_000) });
    expect([cleared.status, cleared.body.opens_at]).toEqual([200, null]);
    const blank = await h.call<{ code: string }>('PATCH', `/assignments/${a.id}`, S.teacher.h, { title: '  ' });
    expect(blank.status).toBe(400);
    // Fields the contract does not let change are refused or ignored, never stored.
    const other = await h.call<Assignment>('PATCH', `/assignments/${a.id}`, S.teacher.h, { rubric_id: 'x', essay_type: 'tok' });
    expect(other.status === 400 || (other.status === 200 && other.body.essay_type === 'ee' && other.body.rubric_id === eeRubric)).toBe(
      true,
    );
  });

  it('who may change: the class’s teachers, school admins, platform admins; its student 403; another teacher 404', async () => {
    expect((await h.call('PATCH', `/assignments/${a.id}`, S.admin.h, { title: 'Draft 1' })).status).toBe(200);
    expect((await h.call('PATCH', `/assignments/${a.id}`, (await person(h, 'admin')).h, { title: 'Draft 1' })).status).toBe(200);
    const student = await h.call<{ code: string }>('PATCH', `/assignments/${a.id}`, S.student.h, { title: 'Mine now' });
    expect([student.status, student.body.code]).toEqual([403, 'FORBIDDEN']);
    const other = await h.call<{ code: string }>('PATCH', `/assignments/${a.id}`, otherTeacher.h, { title: 'Mine now' });
    expect([other.status, other.body.code]).toEqual([404, 'ASSIGNMENT_NOT_FOUND']);
    for (const id of ['0190f1a2-0000-7000-8000-000000000000', 'x']) {
      const res = await h.call<{ code: string }>('GET', `/assignments/${id}`, S.teacher.h);
      expect([res.status, res.body.code]).toEqual([404, 'ASSIGNMENT_NOT_FOUND']);
    }
  });

  it('archived: staff keep it (and filter by it); its students are told nothing of it', async () => {
    const arch = await h.call<Assignment>('PATCH', `/assignments/${later.id}`, S.teacher.h, { archived: true });
    expect(arch.body.archived_at).not.toBeNull();
    const titles = async (who: Person, q = '') =>
      (await h.call<{ assignments: Assignment[] }>('GET', `/classes/${classId}/assignments${q}`, who.h)).body.assignments.map(
        (x) => x.title,
      );
    expect(await titles(S.teacher)).toEqual(['Draft 1', 'Final']);
    expect(await titles(S.teacher, '?archived=true')).toEqual(['Final']);
    expect(await titles(S.teacher, '?archived=false')).toEqual(['Draft 1']);
    expect(await titles(S.student)).toEqual(['Draft 1']);
    expect(await titles(S.student, '?archived=true')).toEqual([]);
    expect((await h.call('GET', `/assignments/${later.id}`, S.student.h)).status).toBe(404);
    expect((await h.call('GET', `/assignments/${later.id}`, S.teacher.h)).status).toBe(200);
    const back = await h.call<Assignment>('PATCH', `/assignments/${later.id}`, S.teacher.h, { archived: false });
    expect(back.body.archived_at).toBeNull();
    expect((await h.call('GET', `/assignments/${later.id}`, S.student.h)).status).toBe(200);
  });

  it('a student taken out of the class no longer sees its assignments', async () => {
    const spare = await h.call<{ member: { user_id: string } }>('POST', `/schools/${S.id}/members`, sa.h, {
      email: 'leaver@kappa.example.org',
      name: 'Lee Leaver',
      role: 'student',
    });
    const leaver = { h: await h.headers(spare.body.member.user_id, 'student') };
    await h.call('POST', `/classes/${classId}/members`, S.admin.h, { user_id: spare.body.member.user_id, role: 'student' });
    expect((await h.call('GET', `/assignments/${a.id}`, leaver.h)).status).toBe(200);
    await h.call('DELETE', `/classes/${classId}/members/${spare.body.member.user_id}`, S.admin.h);
    expect((await h.call('GET', `/assignments/${a.id}`, leaver.h)).status).toBe(404);
    expect((await h.call('GET', `/classes/${classId}/assignments`, leaver.h)).status).toBe(404);
  });
});
