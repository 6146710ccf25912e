/**
 * The answers to evaluation's questions about classes, schools and assignments (issue 31), asked
 * over the real NATS: class_access, school_access, assignment, assignments_of_student and
 * class_roster — for every role of two schools, so nothing of one school reads as the other's.
 */
import { Rpc, type Assignment } from '@corestone/contracts';
import { callRpc } from '@corestone/service-kit';
import { AssignmentPeersStandIn } from './assignment-peers';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let peers: AssignmentPeersStandIn;
let sa: Person;
let A: Awaited<ReturnType<typeof seedSchool>>;
let B: Awaited<ReturnType<typeof seedSchool>>;
let classA: string;
let classB: string;
let archivedClass: string;
let current: Assignment;
let archived: Assignment;
let inArchivedClass: Assignment;
let assignmentB: Assignment;
const NOBODY = '0190f1a2-0000-7000-8000-000000000000';

const ask = <R extends (typeof Rpc)[keyof typeof Rpc]>(def: R, req: Parameters<typeof callRpc<R>>[2]) =>
  callRpc(h.service.infra.bus, def, req);

beforeAll(async () => {
  h = await startSchools('schrpc');
  peers = new AssignmentPeersStandIn(h).start();
  sa = await person(h, 'super_admin');
  A = await seedSchool(h, sa, 'Lambda Lyceum');
  B = await seedSchool(h, sa, 'Mu Gymnasium');
  const rubric = peers.rubric('ee');
  const mkClass = async (school: typeof A, name: string) => {
    const cls = await h.call<{ id: string }>('POST', `/schools/${school.id}/classes`, school.teacher.h, { name });
    await h.call('POST', `/classes/${cls.body.id}/members`, school.admin.h, { user_id: school.student.id, role: 'student' });
    return cls.body.id;
  };
  const mkAssignment = async (school: typeof A, cls: string, title: string, due: string) => {
    const res = await h.call<Assignment>('POST', `/classes/${cls}/assignments`, school.teacher.h, {
      title,
      essay_type: 'ee',
      rubric_id: rubric,
      due_at: due,
      release_mode: 'after_review',
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  classA = await mkClass(A, 'Lambda EE');
  archivedClass = await mkClass(A, 'Lambda last year');
  classB = await mkClass(B, 'Mu EE');
  current = await mkAssignment(A, classA, 'Current', '2030-02-01T12:00:00Z');
  archived = await mkAssignment(A, classA, 'Archived', '2030-01-01T12:00:00Z');
  await h.call('PATCH', `/assignments/${archived.id}`, A.teacher.h, { archived: true });
  inArchivedClass = await mkAssignment(A, archivedClass, 'Last year', '2030-03-01T12:00:00Z');
  await h.call('PATCH', `/classes/${archivedClass}`, A.teacher.h, { archived: true });
  assignmentB = await mkAssignment(B, classB, 'Mu draft', '2030-02-15T12:00:00Z');
});
afterAll(async () => {
  peers?.stop();
  await h?.close();
});

describe('rpc.schools.class_access', () => {
  it('answers each role of the class’s school, and nothing for the other school’s people', async () => {
    const of = (user: string) => ask(Rpc.schoolsClassAccess, { class_id: classA, user_id: user });
    const cls = { id: classA, school_id: A.id, name: 'Lambda EE', archived: false };
    expect(await of(A.teacher.id)).toEqual({ class: cls, is_teacher: true, is_student: false, is_school_admin: false });
    expect(await of(A.student.id)).toEqual({ class: cls, is_teacher: false, is_student: true, is_school_admin: false });
    expect(await of(A.admin.id)).toEqual({ class: cls, is_teacher: false, is_student: false, is_school_admin: true });
    for (const user of [B.admin.id, B.teacher.id, B.student.id, sa.id, NOBODY, 'nope']) {
      expect(await of(user)).toEqual({ class: cls, is_teacher: false, is_student: false, is_school_admin: false });
    }
    expect((await ask(Rpc.schoolsClassAccess, { class_id: archivedClass, user_id: A.teacher.id })).class?.archived).toBe(true);
    for (const class_id of [NOBODY, 'nope']) {
      expect(await ask(Rpc.schoolsClassAccess, { class_id, user_id: A.teacher.id })).toEqual({
        class: null,
        is_teacher: false,
        is_student: false,
        is_school_admin: false,
      });
    }
  });

  it('a deactivated member keeps the class place but loses the access', async () => {
    const res = await h.call<{ member: { user_id: string } }>('POST', `/schools/${A.id}/members`, sa.h, {
      email: 'gone@lambda.example.org',
      name: 'Gone Student',
      role: 'student',
    });
    const id = res.body.member.user_id;
    await h.call('POST', `/classes/${classA}/members`, A.admin.h, { user_id: id, role: 'student' });
    expect((await ask(Rpc.schoolsClassAccess, { class_id: classA, user_id: id })).is_student).toBe(true);
    expect((await ask(Rpc.schoolsAssignment, { assignment_id: current.id, user_id: id })).is_student).toBe(true);
    await h.call('PATCH', `/schools/${A.id}/members/${id}`, A.admin.h, { status: 'deactivated' });
    expect((await ask(Rpc.schoolsClassAccess, { class_id: classA, user_id: id })).is_student).toBe(false);
    expect((await ask(Rpc.schoolsAssignment, { assignment_id: current.id, user_id: id })).is_student).toBe(false);
    expect((await ask(Rpc.schoolsAssignmentsOfStudent, { user_id: id })).assignments).toEqual([]);
    expect((await ask(Rpc.schoolsClassRoster, { class_id: classA })).students.map((s) => s.user_id)).not.toContain(id);
  });
});

describe('rpc.schools.school_access', () => {
  it('an admin, the classes a teacher teaches (archived too), nothing across schools', async () => {
    expect(await ask(Rpc.schoolsSchoolAccess, { school_id: A.id, user_id: A.admin.id })).toEqual({
      exists: true,
      is_school_admin: true,
      teacher_class_ids: [],
    });
    const teacher = await ask(Rpc.schoolsSchoolAccess, { school_id: A.id, user_id: A.teacher.id });
    expect(teacher).toEqual({ exists: true, is_school_admin: false, teacher_class_ids: [classA, archivedClass].sort() });
    for (const user of [A.student.id, B.admin.id, B.teacher.id, NOBODY]) {
      expect(await ask(Rpc.schoolsSchoolAccess, { school_id: A.id, user_id: user })).toEqual({
        exists: true,
        is_school_admin: false,
        teacher_class_ids: [],
      });
    }
    expect((await ask(Rpc.schoolsSchoolAccess, { school_id: B.id, user_id: B.teacher.id })).teacher_class_ids).toEqual([classB]);
    for (const school_id of [NOBODY, 'nope']) {
      expect(await ask(Rpc.schoolsSchoolAccess, { school_id, user_id: A.admin.id })).toEqual({
        exists: false,
        is_school_admin: false,
        teacher_class_ids: [],
      });
    }
  });
});

describe('rpc.schools.assignment', () => {
  it('the assignment with its class, school and zone, and whether the user is a current student of it', async () => {
    const mine = await ask(Rpc.schoolsAssignment, { assignment_id: current.id, user_id: A.student.id });
    expect(mine).toEqual({ assignment: current, is_student: true });
    for (const user of [A.teacher.id, A.admin.id, B.student.id, NOBODY]) {
      expect(await ask(Rpc.schoolsAssignment, { assignment_id: current.id, user_id: user })).toEqual({
        assignment: current,
        is_student: false,
      });
    }
    // Archived ones are answered (the caller refuses submissions to them), archived through the class too.
    expect(
      (await ask(Rpc.schoolsAssignment, { assignment_id: archived.id, user_id: A.student.id })).assignment?.archived_at,
    ).not.toBeNull();
    expect(
      (await ask(Rpc.schoolsAssignment, { assignment_id: inArchivedClass.id, user_id: A.student.id })).assignment?.archived_at,
    ).not.toBeNull();
    for (const assignment_id of [NOBODY, 'nope']) {
      expect(await ask(Rpc.schoolsAssignment, { assignment_id, user_id: A.student.id })).toEqual({ assignment: null, is_student: false });
    }
  });
});

describe('rpc.schools.assignments_of_student', () => {
  it('the current assignments of the student’s classes only', async () => {
    expect((await ask(Rpc.schoolsAssignmentsOfStudent, { user_id: A.student.id })).assignments.map((a) => a.title)).toEqual(['Current']);
    expect((await ask(Rpc.schoolsAssignmentsOfStudent, { user_id: B.student.id })).assignments.map((a) => a.id)).toEqual([assignmentB.id]);
    for (const user_id of [A.teacher.id, A.admin.id, NOBODY, 'nope']) {
      expect(await ask(Rpc.schoolsAssignmentsOfStudent, { user_id })).toEqual({ assignments: [] });
    }
  });
});

describe('rpc.schools.class_roster', () => {
  it('the current students and every assignment of the class; 404 for no class', async () => {
    const roster = await ask(Rpc.schoolsClassRoster, { class_id: classA });
    expect(roster.students).toEqual([{ user_id: A.student.id, name: 'student of Lambda Lyceum', email: A.student.email }]);
    expect(roster.assignments.map((a) => [a.title, a.archived_at === null])).toEqual([
      ['Archived', false],
      ['Current', true],
    ]);
    expect((await ask(Rpc.schoolsClassRoster, { class_id: classB })).students.map((s) => s.user_id)).toEqual([B.student.id]);
    for (const class_id of [NOBODY, 'nope']) {
      await expect(ask(Rpc.schoolsClassRoster, { class_id })).rejects.toMatchObject({ statusCode: 404, code: 'CLASS_NOT_FOUND' });
    }
  });
});
