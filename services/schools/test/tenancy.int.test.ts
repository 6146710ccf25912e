/**
 * THE tenancy test (issue 30): two schools, every role, every school-scoped route tried across the
 * line. Nobody outside a school gets a 2xx from its routes, and the answer is 404 wherever a 403
 * would tell them the school, class or member exists. Inside a school each role gets exactly what
 * the rules in domain/access.ts give it. Every school-scoped route of this service is here, the
 * roster import's included (billing serves /schools/{id}/credits and tries it in its own tests).
 */
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';
import { multipartFiles } from './roster-fixtures';
import { AssignmentPeersStandIn } from './assignment-peers';

let h: Harness;
let sa: Person;
let admin: Person;
let individual: Person;
let A: Awaited<ReturnType<typeof seedSchool>>;
let B: Awaited<ReturnType<typeof seedSchool>>;
/** A's second teacher, not teaching class X; A's spare student (enrolled in X before each removal); an invited member of A who has not accepted. */
let teacher2: Person;
let spare: Person;
let pendingA: Person;
let classX: { id: string; join_code: string };
let classBX: { id: string; join_code: string };
/** Issue 31: an assignment of class X, and the rubric stand-in assignments are checked against. */
let peers: AssignmentPeersStandIn;
let assignmentX: { id: string };
let rubricId: string;

beforeAll(async () => {
  h = await startSchools('schten');
  sa = await person(h, 'super_admin');
  admin = await person(h, 'admin');
  individual = await person(h, 'student');
  h.accounts.add(individual.email, 'Ivy Individual', 'student');
  A = await seedSchool(h, sa, 'Alpha Academy');
  B = await seedSchool(h, sa, 'Beta College');
  const invite = async (schoolId: string, email: string, role: 'teacher' | 'student') => {
    const res = await h.call<{ member: { user_id: string } }>('POST', `/schools/${schoolId}/members`, sa.h, { email, name: email, role });
    expect(res.status).toBe(201);
    const platformRole = role === 'student' ? 'student' : 'teacher';
    return { id: res.body.member.user_id, role: platformRole, email, h: await h.headers(res.body.member.user_id, platformRole) } as Person;
  };
  teacher2 = await invite(A.id, 'teacher2@alpha.example.org', 'teacher');
  spare = await invite(A.id, 'spare@alpha.example.org', 'student');
  const pendingId = h.accounts.add('pending@alpha.example.org', 'Pat Pending', 'student');
  pendingA = { id: pendingId, role: 'student', email: 'pending@alpha.example.org', h: await h.headers(pendingId, 'student') };
  expect((await invite(A.id, pendingA.email, 'student')).id).toBe(pendingId);
  const mkClass = async (school: typeof A, name: string) => {
    const res = await h.call<{ id: string; join_code: string }>('POST', `/schools/${school.id}/classes`, school.teacher.h, { name });
    expect(res.status).toBe(201);
    expect(
      (await h.call('POST', `/classes/${res.body.id}/members`, school.admin.h, { user_id: school.student.id, role: 'student' })).status,
    ).toBe(201);
    return res.body;
  };
  classX = await mkClass(A, 'Alpha EE cohort');
  classBX = await mkClass(B, 'Beta TOK group');
  peers = new AssignmentPeersStandIn(h).start();
  rubricId = peers.rubric('ee');
  const set = await h.call<{ id: string }>('POST', `/classes/${classX.id}/assignments`, A.teacher.h, assignmentBody());
  expect(set.status).toBe(201);
  assignmentX = set.body;
});
afterAll(async () => {
  peers?.stop();
  await h?.close();
});

const assignmentBody = () => ({
  title: 'Alpha EE draft',
  essay_type: 'ee',
  rubric_id: rubricId,
  due_at: '2030-05-01T12:00:00Z',
  release_mode: 'after_review',
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Probe {
  name: string;
  method: Method;
  url: () => string;
  body?: () => unknown;
  /** A multipart body instead of JSON (roster uploads). */
  multipart?: () => { payload: Buffer; headers: Record<string, string> };
  /** Put the world back before each caller tries (a removal needs someone to remove). */
  before?: () => Promise<void>;
}

let n = 0;
/** An import of school A (its history row), for GET …/roster/imports/{import_id}. */
let rosterImportA = '';
/** Every school-scoped route, aimed at school A, its class X and its members. */
const probes: Probe[] = [
  { name: 'GET school', method: 'GET', url: () => `/schools/${A.id}` },
  { name: 'PATCH school', method: 'PATCH', url: () => `/schools/${A.id}`, body: () => ({ name: 'Alpha Academy' }) },
  {
    name: 'POST member',
    method: 'POST',
    url: () => `/schools/${A.id}/members`,
    body: () => ({ email: `new${++n}@alpha.example.org`, name: `New ${n}`, role: 'student' }),
  },
  { name: 'GET members', method: 'GET', url: () => `/schools/${A.id}/members?search=alpha` },
  { name: 'PATCH member', method: 'PATCH', url: () => `/schools/${A.id}/members/${spare.id}`, body: () => ({ status: 'active' }) },
  { name: 'POST class', method: 'POST', url: () => `/schools/${A.id}/classes`, body: () => ({ name: `Class ${++n}` }) },
  { name: 'GET classes', method: 'GET', url: () => `/schools/${A.id}/classes` },
  { name: 'PATCH class', method: 'PATCH', url: () => `/classes/${classX.id}`, body: () => ({ name: 'Alpha EE cohort' }) },
  {
    name: 'POST class member',
    method: 'POST',
    url: () => `/classes/${classX.id}/members`,
    body: () => ({ user_id: A.student.id, role: 'student' }),
  },
  { name: 'GET class members', method: 'GET', url: () => `/classes/${classX.id}/members` },
  {
    name: 'DELETE class member',
    method: 'DELETE',
    url: () => `/classes/${classX.id}/members/${spare.id}`,
    before: async () => {
      const res = await h.call('POST', `/classes/${classX.id}/members`, sa.h, { user_id: spare.id, role: 'student' });
      expect(res.status).toBe(201);
    },
  },
  {
    name: 'POST roster import (dry run)',
    method: 'POST',
    url: () => `/schools/${A.id}/roster/import?dry_run=true`,
    multipart: () =>
      multipartFiles({ 'roster.csv': 'email,name,role,class\nrory@alpha.example.org,Rory Roster,student,Alpha EE cohort\n' }),
  },
  { name: 'GET roster imports', method: 'GET', url: () => `/schools/${A.id}/roster/imports` },
  {
    name: 'GET roster import',
    method: 'GET',
    url: () => `/schools/${A.id}/roster/imports/${rosterImportA}`,
    // One import of school A to ask about, made by its admin (a dry run) before the first caller tries.
    before: async () => {
      if (rosterImportA) return;
      const { payload, headers } = multipartFiles({ 'roster.csv': 'email,name,role,class\nrae@alpha.example.org,Rae Roster,student,\n' });
      const res = await h.service.app.inject({
        method: 'POST',
        url: `/schools/${A.id}/roster/import?dry_run=true`,
        headers: { ...A.admin.h, ...headers },
        payload,
      });
      expect(res.statusCode).toBe(200);
      rosterImportA = res.json<{ id: string }>().id;
    },
  },
  // Issue 31: assignments of class X.
  { name: 'POST class assignment', method: 'POST', url: () => `/classes/${classX.id}/assignments`, body: assignmentBody },
  { name: 'GET class assignments', method: 'GET', url: () => `/classes/${classX.id}/assignments` },
  { name: 'GET assignment', method: 'GET', url: () => `/assignments/${assignmentX.id}` },
  { name: 'PATCH assignment', method: 'PATCH', url: () => `/assignments/${assignmentX.id}`, body: () => ({ title: 'Alpha EE draft' }) },
];

type Who =
  | 'super_admin'
  | 'admin'
  | 'A.school_admin'
  | 'A.teacher'
  | 'A.teacher2'
  | 'A.student'
  | 'A.pending'
  | 'B.school_admin'
  | 'B.teacher'
  | 'B.student'
  | 'individual';
const WHO: Who[] = [
  'super_admin',
  'admin',
  'A.school_admin',
  'A.teacher',
  'A.teacher2',
  'A.student',
  'A.pending',
  'B.school_admin',
  'B.teacher',
  'B.student',
  'individual',
];
const caller = (who: Who): Person =>
  ({
    super_admin: sa,
    admin,
    'A.school_admin': A.admin,
    'A.teacher': A.teacher,
    'A.teacher2': teacher2,
    'A.student': A.student,
    'A.pending': pendingA,
    'B.school_admin': B.admin,
    'B.teacher': B.teacher,
    'B.student': B.student,
    individual,
  })[who];

/** Expected status per probe, in WHO order. */
const EXPECTED: Record<string, number[]> = {
  //                     SA   adm  A.sa A.t  A.t2 A.st A.pe B.sa B.t  B.st ind
  'GET school': [200, 200, 200, 200, 200, 200, 404, 404, 404, 404, 404],
  'PATCH school': [200, 403, 200, 403, 403, 403, 404, 404, 404, 404, 404],
  'POST member': [201, 201, 201, 403, 403, 403, 404, 404, 404, 404, 404],
  'GET members': [200, 200, 200, 200, 200, 403, 404, 404, 404, 404, 404],
  'PATCH member': [200, 200, 200, 403, 403, 403, 404, 404, 404, 404, 404],
  'POST class': [201, 201, 201, 201, 201, 403, 404, 404, 404, 404, 404],
  'GET classes': [200, 200, 200, 200, 200, 200, 404, 404, 404, 404, 404],
  'PATCH class': [200, 200, 200, 200, 404, 403, 404, 404, 404, 404, 404],
  'POST class member': [201, 201, 201, 201, 404, 403, 404, 404, 404, 404, 404],
  'GET class members': [200, 200, 200, 200, 404, 403, 404, 404, 404, 404, 404],
  'DELETE class member': [204, 204, 204, 204, 404, 403, 404, 404, 404, 404, 404],
  'POST roster import (dry run)': [200, 200, 200, 403, 403, 403, 404, 404, 404, 404, 404],
  'GET roster imports': [200, 200, 200, 403, 403, 403, 404, 404, 404, 404, 404],
  'GET roster import': [200, 200, 200, 403, 403, 403, 404, 404, 404, 404, 404],
  'POST class assignment': [201, 201, 201, 201, 404, 403, 404, 404, 404, 404, 404],
  'GET class assignments': [200, 200, 200, 200, 404, 200, 404, 404, 404, 404, 404],
  'GET assignment': [200, 200, 200, 200, 404, 200, 404, 404, 404, 404, 404],
  'PATCH assignment': [200, 200, 200, 200, 404, 403, 404, 404, 404, 404, 404],
};

describe.each(probes.map((p) => [p.name, p] as const))('%s', (_name, probe) => {
  it.each(WHO.map((w, i) => [w, i] as const))('as %s', async (who, i) => {
    if (probe.before) await probe.before();
    const form = probe.multipart?.();
    const res = form
      ? await h.service.app
          .inject({ method: probe.method, url: probe.url(), headers: { ...caller(who).h, ...form.headers }, payload: form.payload })
          .then((r) => ({ status: r.statusCode, body: r.json() as Record<string, unknown> }))
      : await h.call<Record<string, unknown>>(probe.method, probe.url(), caller(who).h, probe.body?.());
    const outsider = who.startsWith('B.') || who === 'individual' || who === 'A.pending';
    expect([who, res.status]).toEqual([who, EXPECTED[probe.name][i]]);
    if (res.status >= 400) expect(res.body).toEqual({ detail: expect.any(String), code: expect.any(String) });
    if (outsider) {
      // Across the line: never a 2xx, and the answer names nothing of school A.
      expect(JSON.stringify(res.body)).not.toMatch(/Alpha|alpha/);
    }
  });
});

describe('across the line the other way and sideways', () => {
  it('B cannot enrol A’s student in its own class, nor invite them into B (a user is in one school)', async () => {
    const enrol = await h.call<{ code: string }>('POST', `/classes/${classBX.id}/members`, B.admin.h, {
      user_id: A.student.id,
      role: 'student',
    });
    expect(enrol.status).toBe(404);
    expect(enrol.body.code).toBe('SCHOOL_MEMBER_NOT_FOUND');
    const invite = await h.call<{ code: string }>('POST', `/schools/${B.id}/members`, B.admin.h, {
      email: A.student.email,
      name: 'Poached',
      role: 'student',
    });
    expect(invite.status).toBe(409);
    expect(invite.body.code).toBe('IN_ANOTHER_SCHOOL');
    // …and A's student is still A's, in no class of B.
    const mine = await h.call<{ school: { id: string }; classes: Array<{ id: string }> }>('GET', '/schools/mine', A.student.h);
    expect(mine.body.school.id).toBe(A.id);
    expect(mine.body.classes.map((c) => c.id)).toEqual([classX.id]);
  });

  it('B’s admin cannot change A’s member through B’s own school path', async () => {
    const res = await h.call<{ code: string }>('PATCH', `/schools/${B.id}/members/${A.student.id}`, B.admin.h, { status: 'deactivated' });
    expect(res.status).toBe(404);
    expect(
      (await h.call<{ status: string }>('GET', `/schools/${A.id}/members?search=${encodeURIComponent(A.student.email)}`, A.admin.h)).body,
    ).toMatchObject({
      members: [{ user_id: A.student.id, status: 'active' }],
    });
  });

  it('a join code of A is refused to B’s student (IN_ANOTHER_SCHOOL) and to every teacher and admin', async () => {
    const asB = await h.call<{ code: string }>('POST', '/classes/join', B.student.h, { code: classX.join_code });
    expect([asB.status, asB.body.code]).toEqual([409, 'IN_ANOTHER_SCHOOL']);
    for (const p of [sa, admin, A.admin, A.teacher, B.admin, B.teacher]) {
      const res = await h.call<{ code: string }>('POST', '/classes/join', p.h, { code: classX.join_code });
      expect([res.status, res.body.code]).toEqual([403, 'JOIN_STUDENTS_ONLY']);
    }
  });

  it('assignments stay in their school: each class lists its own, and B’s is 404 to A’s people', async () => {
    const setB = await h.call<{ id: string }>('POST', `/classes/${classBX.id}/assignments`, B.teacher.h, {
      ...assignmentBody(),
      title: 'Beta TOK essay',
    });
    expect(setB.status).toBe(201);
    const titles = async (p: Person, cls: string) =>
      (await h.call<{ assignments: Array<{ title: string }> }>('GET', `/classes/${cls}/assignments`, p.h)).body.assignments.map(
        (a) => a.title,
      );
    expect(await titles(B.teacher, classBX.id)).toEqual(['Beta TOK essay']);
    expect(await titles(B.student, classBX.id)).toEqual(['Beta TOK essay']);
    expect(await titles(A.student, classX.id)).not.toContain('Beta TOK essay');
    for (const p of [A.admin, A.teacher, A.student, teacher2]) {
      const read = await h.call<{ code: string }>('GET', `/assignments/${setB.body.id}`, p.h);
      expect([read.status, read.body.code]).toEqual([404, 'ASSIGNMENT_NOT_FOUND']);
      const change = await h.call<{ code: string }>('PATCH', `/assignments/${setB.body.id}`, p.h, { archived: true });
      expect([change.status, change.body.code]).toEqual([404, 'ASSIGNMENT_NOT_FOUND']);
    }
  });

  it('lists only what each caller may see', async () => {
    const names = async (p: Person) =>
      (await h.call<{ schools: Array<{ name: string }> }>('GET', '/schools?limit=500', p.h)).body.schools.map((s) => s.name);
    expect(await names(sa)).toEqual(expect.arrayContaining(['Alpha Academy', 'Beta College']));
    expect(await names(admin)).toEqual(expect.arrayContaining(['Alpha Academy', 'Beta College']));
    for (const p of [A.admin, A.teacher, A.student, teacher2]) expect(await names(p)).toEqual(['Alpha Academy']);
    for (const p of [B.admin, B.teacher, B.student]) expect(await names(p)).toEqual(['Beta College']);
    expect(await names(individual)).toEqual([]);
    expect(await names(pendingA)).toEqual([]);

    const classNames = async (p: Person) =>
      (await h.call<{ classes: Array<{ name: string; join_code: string | null }> }>('GET', `/schools/${A.id}/classes`, p.h)).body.classes;
    const all = await classNames(A.admin);
    expect(all.length).toBeGreaterThan(1);
    // A teacher sees only the classes they teach, a student only theirs (without the join code).
    expect((await classNames(A.teacher)).map((c) => c.name)).toContain('Alpha EE cohort');
    expect((await classNames(A.teacher)).every((c) => c.join_code !== null)).toBe(true);
    expect((await classNames(teacher2)).map((c) => c.name)).not.toContain('Alpha EE cohort');
    const studentView = await classNames(A.student);
    expect(studentView).toEqual([expect.objectContaining({ name: 'Alpha EE cohort', join_code: null })]);
  });
});
