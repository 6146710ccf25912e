/**
 * The school credit pool through the gateway (issue 30), with auth, users, rubric, billing,
 * evaluation and grading as real processes: the gateway routes /schools/{id}/credits to billing, a
 * super admin grants the pool, a member student's essay is charged to it (their own credit
 * untouched), and evaluation answers the student billing's refusal of an empty pool as 403 with
 * its code and plain words (a school that switched AI grading off is graded by the built-in grader:
 * school-endpoint.test.ts). The schools service's
 * events are published here as it publishes them (billing only reads its copy of them). Then, with
 * the schools service itself: a class's pool cap set by the school's admin holds essays submitted
 * into the class's assignment, the pool's use shows per class and per student, and the School
 * overview's submissions this week count every essay of the school's members (issue 30).
 */
import { DEFAULT_SCHOOL_SETTINGS, Events, Messages, streamName, type SchoolSettings } from '@corestone/contracts';
import { connectBus, newId, publishEvent, type Bus } from '@corestone/service-kit';
import { EE_ESSAY } from '../fixtures/essays';
import { invitedSignIn, setupSuperAdmin } from '../support/api-setup';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let bus: Bus;
let superToken: string;
beforeAll(async () => {
  p = await startTestPlatform({}, { only: ['gateway', 'auth', 'users', 'rubric', 'billing', 'evaluation', 'grading', 'schools'] });
  superToken = await setupSuperAdmin(p, { name: 'Pool Admin', email: uniqueEmail('pool-admin'), password: 'correct-horse-9' });
  bus = await connectBus({ url: p.run.env.NATS_URL, prefix: p.run.env.NATS_PREFIX, name: 'school-pool-test' });
});
afterAll(async () => {
  await bus?.close();
  await p?.shutdown();
});

/** Resolves once billing has handled every schools event published so far. */
async function billingCopied(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const info = await bus.jsm.consumers.info(streamName(bus.prefix, 'schools'), 'billing-schools').catch(() => null);
    if (info && info.num_pending === 0 && info.num_ack_pending === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('billing did not copy the schools events');
}

async function schoolChanged(schoolId: string, settings: Partial<SchoolSettings> = {}) {
  await publishEvent(bus, Events.schoolsSchoolChanged, {
    school_id: schoolId,
    name: 'Lycée du Parc',
    settings: { ...DEFAULT_SCHOOL_SETTINGS, ...settings },
  });
  await billingCopied();
}

it("charges a member student's essays to the school pool and answers its refusals as 403 with plain words", async () => {
  const admin = superToken;
  const signup = await p.api.signup(uniqueEmail('pool-student'));
  const token = signup.body.access_token as string;
  const studentId = signup.body.user.id as string;

  const schoolId = newId();
  await schoolChanged(schoolId);
  await publishEvent(bus, Events.schoolsMembershipChanged, {
    user_id: studentId,
    school_id: schoolId,
    school_role: 'student',
    status: 'active',
  });
  await billingCopied();

  // The gateway: only super admins grant; billing answers the pool's two paths.
  const refused = await p.api.call('POST', `/schools/${schoolId}/credits`, { token, json: { credits: 1, note: 'mine' } });
  expect(refused.status).toBe(403);
  const granted = await p.api.call('POST', `/schools/${schoolId}/credits`, {
    token: admin,
    json: { credits: 1, note: 'Invoice 2027-001' },
  });
  expect(granted.status).toBe(201);
  expect(granted.body).toMatchObject({
    school_id: schoolId,
    balance: 1,
    granted_total: 1,
    used_total: 0,
    entry: { kind: 'grant', note: 'Invoice 2027-001' },
  });
  expect((await p.api.call('GET', `/schools/${schoolId}/credits`, { token })).status).toBe(404);

  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  // Each essay a different text: an unchanged essay would be answered with its stored result, uncharged.
  const submit = (title: string) =>
    p.api.call('POST', '/evaluation/evaluate-async', {
      token,
      form: p.api.essayForm(`${EE_ESSAY}\n\n${title}.`, { title, essay_type: 'ee', rubric_id: rubric.id }),
    });

  const first = await submit('Charged to the school');
  expect(first.status).toBe(201);
  expect((await p.api.waitForEvaluation(first.body.id, token)).status).toBe('completed');
  const pool = await p.api.call('GET', `/schools/${schoolId}/credits`, { token: admin });
  expect(pool.body).toMatchObject({ balance: 0, granted_total: 1, used_total: 1, usage_by_student: [{ user_id: studentId, used: 1 }] });
  expect(pool.body.entries[0]).toMatchObject({ kind: 'use', credits: -1, user_id: studentId, charge_key: first.body.id });
  // The student's own free credit is untouched.
  expect((await p.api.call('GET', '/auth/me', { token })).body.essay_credits).toBe(1);

  // An empty pool refuses (no fall-back to the student's own credit).
  const empty = await submit('The pool is empty');
  expect(empty.status).toBe(403);
  expect(empty.body).toEqual({ code: 'SCHOOL_POOL_EMPTY', detail: Messages.SCHOOL_POOL_EMPTY });

  // Refused submissions are not shown; the pool and the credit are as they were.
  expect((await p.api.call('GET', '/evaluation/my-evaluations', { token })).body.total).toBe(1);
  expect((await p.api.call('GET', `/schools/${schoolId}/credits`, { token: admin })).body).toMatchObject({ balance: 0, used_total: 1 });
  expect((await p.api.call('GET', '/auth/me', { token })).body.essay_credits).toBe(1);
});

it("holds a class's pool cap on its assignment's essays, shows the use per class and counts the week's submissions", async () => {
  const member = async (schoolId: string, token: string, role: string, label: string) =>
    invitedSignIn(p, schoolId, token, uniqueEmail(label), role);
  const school = async (name: string) => {
    const created = await p.api.call('POST', '/schools', { token: superToken, json: { name } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    return { id, head: await member(id, superToken, 'school_admin', 'cap-head') };
  };
  const s1 = await school('Capped Academy');
  const s2 = await school('Other Academy');
  const [teacher, ann, ben] = [
    await member(s1.id, s1.head.token, 'teacher', 'cap-teacher'),
    await member(s1.id, s1.head.token, 'student', 'cap-ann'),
    await member(s1.id, s1.head.token, 'student', 'cap-ben'),
  ];
  const teacher2 = await member(s2.id, s2.head.token, 'teacher', 'cap-teacher2');
  expect((await p.api.call('POST', `/schools/${s1.id}/credits`, { token: superToken, json: { credits: 10, note: 'term' } })).status).toBe(
    201,
  );

  const cls = await p.api.call('POST', `/schools/${s1.id}/classes`, { token: teacher.token, json: { name: 'EE capped' } });
  expect(cls.status).toBe(201);
  const classId = cls.body.id as string;
  for (const s of [ann, ben]) {
    expect(
      (await p.api.call('POST', `/classes/${classId}/members`, { token: teacher.token, json: { user_id: s.id, role: 'student' } })).status,
    ).toBe(201);
  }
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: teacher.token })).body[0];
  const assignment = await p.api.call('POST', `/classes/${classId}/assignments`, {
    token: teacher.token,
    json: {
      title: 'Capped EE',
      essay_type: 'ee',
      rubric_id: rubric.id,
      due_at: new Date(Date.now() + 86400_000).toISOString(),
      release_mode: 'immediate',
    },
  });
  expect(assignment.status).toBe(201);

  // The cap: the school's admin sets it; the class's teacher may not; another school sees no class.
  const byTeacher = await p.api.call('PATCH', `/classes/${classId}`, { token: teacher.token, json: { pool_cap: 100 } });
  expect([byTeacher.status, byTeacher.body.code]).toEqual([403, 'CLASS_POOL_CAP_ADMINS_ONLY']);
  expect((await p.api.call('PATCH', `/classes/${classId}`, { token: s2.head.token, json: { pool_cap: 100 } })).status).toBe(404);
  const capped = await p.api.call('PATCH', `/classes/${classId}`, { token: s1.head.token, json: { pool_cap: 2 } });
  expect([capped.status, capped.body.pool_cap]).toEqual([200, 2]);
  await billingCopied();

  const submit = (who: { token: string }, tag: string, assignmentId?: string) =>
    p.api.call('POST', '/evaluation/evaluate-async', {
      token: who.token,
      form: p.api.essayForm(`${EE_ESSAY}\n\n${tag}.`, {
        title: tag,
        essay_type: 'ee',
        rubric_id: rubric.id,
        ...(assignmentId ? { assignment_id: assignmentId } : {}),
      }),
    });
  expect((await submit(ann, 'Ann into the class', assignment.body.id)).status).toBe(201);
  expect((await submit(ben, 'Ben into the class', assignment.body.id)).status).toBe(201);
  const over = await submit(ann, 'Ann over the cap', assignment.body.id);
  expect([over.status, over.body]).toEqual([403, { code: 'CLASS_POOL_CAP_REACHED', detail: Messages.CLASS_POOL_CAP_REACHED(2) }]);
  // An essay of her own is not the class's: the pool pays it.
  expect((await submit(ann, 'Ann on her own')).status).toBe(201);

  const credits = await p.api.call('GET', `/schools/${s1.id}/credits`, { token: s1.head.token });
  expect(credits.status).toBe(200);
  expect(credits.body).toMatchObject({ balance: 7, used_total: 3 });
  expect(credits.body.usage_by_class).toEqual([{ class_id: classId, used: 2, refunded: 0, cap: 2 }]);
  expect(credits.body.usage_by_student).toEqual(
    expect.arrayContaining([
      { user_id: ann.id, used: 2 },
      { user_id: ben.id, used: 1 },
    ]),
  );

  // Submissions this week: every essay of the school's members (the refused one not).
  const week = await p.api.call('GET', `/schools/${s1.id}/activity`, { token: s1.head.token });
  expect([week.status, week.body.submissions, week.body.days]).toEqual([200, 3, 7]);
  expect((await p.api.call('GET', `/schools/${s1.id}/activity`, { token: superToken })).body.submissions).toBe(3);
  for (const token of [s2.head.token, teacher2.token, teacher.token, ann.token]) {
    expect((await p.api.call('GET', `/schools/${s1.id}/activity`, { token })).status).toBe(404);
    if (token !== teacher.token && token !== ann.token) {
      expect((await p.api.call('GET', `/schools/${s1.id}/credits`, { token })).status).toBe(404);
    }
  }
  expect((await p.api.call('GET', `/schools/${s2.id}/activity`, { token: s2.head.token })).body.submissions).toBe(0);
});
