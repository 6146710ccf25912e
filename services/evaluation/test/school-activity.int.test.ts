/**
 * GET /schools/{id}/activity (issue 30, the School overview's "submissions this week") on the real
 * Postgres and NATS: every essay the school's members submitted in the last 7 days, whichever
 * credits paid; refused ones not; across two schools as every role (others 404).
 */
import type { SchoolActivity } from '@corestone/contracts';
import { newId } from '@corestone/service-kit';
import { ESSAY } from './fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('evact');
});
afterAll(async () => {
  await h?.close();
});

type Who = Awaited<ReturnType<Harness['user']>>;
let n = 0;
const submit = (who: Who) =>
  h.submitEssay(
    who.headers,
    { title: 'My EE', essay_type: 'ee', rubric_id: h.rubrics.ee.id },
    { name: 'essay.txt', data: `${ESSAY}\n${'More analysis. '.repeat(20)}\n${++n}` },
  );
const inSchool = (who: Who, schoolId: string) => {
  const user = h.users.get(who.id)!;
  user.school = { id: schoolId, name: null, role: user.role === 'student' ? 'student' : 'teacher', status: 'active' };
  return who;
};
const activity = (schoolId: string, who?: Who) => h.app.inject({ url: `/schools/${schoolId}/activity`, headers: who?.headers ?? {} });

it("counts every essay the school's members submitted this week, refused ones not, for its admins and platform admins only", async () => {
  const [admin, superAdmin, sa1, sa2, t1, s1, s2, broke, s4, individual] = await Promise.all([
    h.user('admin'),
    h.user('super_admin'),
    h.user('teacher'),
    h.user('teacher'),
    h.user('teacher'),
    h.user('student'),
    h.user('student'),
    h.user('student', 0),
    h.user('student'),
    h.user('student'),
  ]);
  const school1 = h.schools.school([sa1.id]);
  const school2 = h.schools.school([sa2.id]);
  for (const w of [sa1, t1, s1, s2, broke]) inSchool(w, school1);
  for (const w of [sa2, s4]) inSchool(w, school2);

  for (const [who, status] of [
    [s1, 201],
    [s1, 201],
    [s2, 201],
    [t1, 201],
    [broke, 403], // no credit: refused, not a submission
    [s4, 201],
    [individual, 201],
  ] as const) {
    expect((await submit(who)).statusCode).toBe(status);
  }

  const before = Date.now();
  for (const who of [admin, superAdmin, sa1]) {
    const res = await activity(school1, who);
    expect(res.statusCode).toBe(200);
    const body: SchoolActivity = res.json();
    expect(body).toMatchObject({ school_id: school1, days: 7, submissions: 4 });
    expect(before - Date.parse(body.since)).toBeGreaterThanOrEqual(7 * 24 * 3600_000 - 60_000);
  }
  expect((await activity(school2, sa2)).json()).toMatchObject({ school_id: school2, submissions: 1 });

  // Across the line, and anyone but the school's admins: 404 (existence never leaks).
  for (const [who, school] of [
    [sa2, school1],
    [sa1, school2],
    [t1, school1],
    [s1, school1],
    [individual, school1],
    [admin, newId()],
    [sa1, 'not-a-school'],
  ] as const) {
    const res = await activity(school, who);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  }
  expect((await activity(school1)).statusCode).toBe(401);
});
