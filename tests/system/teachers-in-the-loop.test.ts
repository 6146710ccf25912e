/**
 * Teachers in the loop (issue 31) through the gateway, every process real (schools, evaluation,
 * billing, grading, users, auth, rubric): a teacher's after-review assignment; three students
 * submit into it (one late into a past-due assignment, one twice), charged to the school's pool;
 * nothing of a result reaches a student before release through any route; the teacher reviews one
 * with changed marks and a passage comment and releases it; that student reads the teacher's
 * result and is mailed, the others still see "awaiting review". Then every new route across two
 * schools as every role: nobody gets a 200 across the line, and existence does not leak (404).
 */
import { EE_ESSAY } from '../fixtures/essays';
import { invitedSignIn, setupSuperAdmin } from '../support/api-setup';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';
import { writtenMails } from '@corestone/service-kit/testing';

let p: TestPlatform;
let superToken: string;
beforeAll(async () => {
  p = await startTestPlatform({}, { only: ['gateway', 'auth', 'users', 'rubric', 'billing', 'evaluation', 'grading', 'schools'] });
  superToken = await setupSuperAdmin(p, { name: 'Sol Super', email: uniqueEmail('loopsuper'), password: 'super-secret-1' });
});
afterAll(async () => {
  await p?.shutdown();
});

type Member = { id: string; token: string; email: string };

async function member(schoolId: string, token: string, role: string, label: string): Promise<Member> {
  const email = uniqueEmail(label);
  return { ...(await invitedSignIn(p, schoolId, token, email, role)), email };
}

/** A school with its admin, a pool of credits, and a class taught by `teacher` with these students. */
async function school(name: string) {
  const created = await p.api.call('POST', '/schools', { token: superToken, json: { name } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const head = await member(id, superToken, 'school_admin', 'head');
  const granted = await p.api.call('POST', `/schools/${id}/credits`, { token: superToken, json: { credits: 20, note: 'term' } });
  expect(granted.status).toBe(201);
  return { id, head };
}

async function klass(schoolId: string, teacher: Member, students: Member[], name: string): Promise<string> {
  const cls = await p.api.call('POST', `/schools/${schoolId}/classes`, { token: teacher.token, json: { name, session: 'May 2027' } });
  expect(cls.status).toBe(201);
  for (const s of students) {
    const enrol = await p.api.call('POST', `/classes/${cls.body.id}/members`, {
      token: teacher.token,
      json: { user_id: s.id, role: 'student' },
    });
    expect(enrol.status).toBe(201);
  }
  return cls.body.id;
}

const essay = (tag: string) => `${EE_ESSAY}\n\n${tag}.`;

it('runs an after-review assignment end to end and refuses every route across classes and schools', async () => {
  // --- two schools ---
  const s1 = await school('Lakeside International');
  const [teacher, otherTeacher, ann, ben, cai] = [
    await member(s1.id, s1.head.token, 'teacher', 'teach'),
    await member(s1.id, s1.head.token, 'teacher', 'teachb'),
    await member(s1.id, s1.head.token, 'student', 'ann'),
    await member(s1.id, s1.head.token, 'student', 'ben'),
    await member(s1.id, s1.head.token, 'student', 'cai'),
  ];
  const s2 = await school('Hillview College');
  const [teacher2, dee] = [await member(s2.id, s2.head.token, 'teacher', 'teach2'), await member(s2.id, s2.head.token, 'student', 'dee')];
  const class1 = await klass(s1.id, teacher, [ann, ben, cai], 'EE cohort');
  const class1b = await klass(s1.id, otherTeacher, [], 'Other cohort');
  const class2 = await klass(s2.id, teacher2, [dee], 'Hillview EE');

  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: teacher.token })).body[0];
  const create = (classId: string, token: string, extra: object = {}) =>
    p.api.call('POST', `/classes/${classId}/assignments`, {
      token,
      json: {
        title: 'Final EE',
        essay_type: 'ee',
        rubric_id: rubric.id,
        due_at: new Date(Date.now() + 7 * 86400_000).toISOString(),
        release_mode: 'after_review',
        ...extra,
      },
    });
  const made = await create(class1, teacher.token);
  expect(made.status).toBe(201);
  const A = made.body.id as string;
  const past = await create(class1, teacher.token, { title: 'Past due', due_at: new Date(Date.now() - 3600_000).toISOString() });
  expect(past.status).toBe(201);
  const other = await create(class2, teacher2.token);
  expect(other.status).toBe(201);

  const submit = (who: Member, assignmentId: string, tag: string) =>
    p.api.call('POST', '/evaluation/evaluate-async', {
      token: who.token,
      form: p.api.essayForm(essay(tag), { title: `EE ${tag}`, essay_type: 'ee', rubric_id: rubric.id, assignment_id: assignmentId }),
    });

  // --- refusals before anything is charged ---
  const pool = async () => (await p.api.call('GET', `/schools/${s1.id}/credits`, { token: superToken })).body.balance as number;
  const before = await pool();
  expect((await submit(dee, A, 'foreign')).body.code).toBe('ASSIGNMENT_NOT_FOUND');
  expect((await submit(teacher, A, 'teacher')).body.code).toBe('NOT_IN_ASSIGNMENT_CLASS');
  const wrongRubric = await p.api.call('POST', '/evaluation/evaluate-async', {
    token: ann.token,
    form: p.api.essayForm(essay('tok'), { title: 'x', essay_type: 'tok', rubric_id: rubric.id, assignment_id: A }),
  });
  expect(wrongRubric.status).toBe(400);
  expect(await pool()).toBe(before);

  // --- three students submit: Ann once, Ben twice, Cai late (into the past-due assignment) ---
  const annSub = await submit(ann, A, 'ann');
  expect(annSub.status).toBe(201);
  expect(annSub.body.assignment).toMatchObject({ assignment_id: A, late: false, release: { state: 'awaiting_review' } });
  const ben1 = await submit(ben, A, 'ben one');
  const ben2 = await submit(ben, A, 'ben two');
  const caiSub = await submit(cai, past.body.id, 'cai');
  expect([ben1.status, ben2.status, caiSub.status]).toEqual([201, 201, 201]);
  expect(caiSub.body.assignment.late).toBe(true);
  expect(await pool()).toBe(before - 4);
  for (const [id, who] of [
    [annSub.body.id, ann],
    [ben2.body.id, ben],
    [caiSub.body.id, cai],
  ] as const) {
    // the student's poll says completed; its marks stay hidden
    const done = await p.api.waitForEvaluation(id, who.token);
    expect(done).toMatchObject({
      status: 'completed',
      results: null,
      overall_score: null,
      assignment: { release: { state: 'awaiting_review' } },
    });
  }
  await p.api.waitForEvaluation(ben1.body.id, ben.token);

  // --- nothing of the result reaches the student before release ---
  const annList = await p.api.call('GET', '/evaluation/my-evaluations', { token: ann.token });
  expect(annList.body.evaluations[0]).toMatchObject({ id: annSub.body.id, results: null, overall_score: null });
  expect((await p.api.call('GET', `/evaluation/${annSub.body.id}/download-pdf`, { token: ann.token })).status).toBe(409);
  const sse = await fetch(`${p.api.base}/evaluation/${annSub.body.id}/events`, { headers: { authorization: `Bearer ${ann.token}` } });
  expect(await sse.text()).toContain('"overall_score":null');
  const mine = await p.api.call('GET', '/assignments/mine', { token: ann.token });
  expect(mine.body.assignments.find((a: { id: string }) => a.id === A)).toMatchObject({ state: 'submitted', total: null });

  // --- the teacher's view: states, attempts, lateness ---
  const subs = await p.api.call('GET', `/assignments/${A}/submissions`, { token: teacher.token });
  expect(subs.status).toBe(200);
  const by = Object.fromEntries(subs.body.submissions.map((s: { student: { user_id: string } }) => [s.student.user_id, s]));
  expect(by[ben.id]).toMatchObject({ attempts: 2, evaluation_id: ben2.body.id });
  expect(['graded', 'needs_review']).toContain(by[ann.id].state);
  expect(by[cai.id]).toMatchObject({ state: 'not_submitted', attempts: 0 });
  const book = await p.api.call('GET', `/classes/${class1}/gradebook`, { token: teacher.token });
  expect(
    book.body.cells.find(
      (c: { assignment_id: string; student: { user_id: string } }) => c.assignment_id === past.body.id && c.student.user_id === cai.id,
    ),
  ).toMatchObject({ late: true });

  // --- review with changed marks and a passage comment, then release ---
  const full = (await p.api.call('GET', `/evaluation/${annSub.body.id}`, { token: teacher.token })).body;
  const first = full.results.criteria[0];
  const changed = first.score >= first.maxScore ? first.score - 1 : first.score + 1;
  const text: string = (await p.api.call('GET', `/evaluation/${annSub.body.id}/text`, { token: teacher.token })).body.text;
  const reviewed = await p.api.call('PUT', `/evaluation/${annSub.body.id}/review`, {
    token: teacher.token,
    json: {
      criteria: [{ criterion_id: first.code, score: changed, feedback: 'Look again at your method.' }],
      comment: 'Well argued.',
      passage_comments: [{ start: 0, end: 20, text: 'Sharpen this.' }],
    },
  });
  expect(reviewed.status).toBe(200);
  expect(reviewed.body.assignment.teacher_review.criteria[0]).toMatchObject({ score: changed, ai_score: first.score });
  expect((await p.api.call('GET', `/evaluation/${annSub.body.id}`, { token: ann.token })).body.results).toBeNull();
  const released = await p.api.call('POST', `/evaluation/${annSub.body.id}/release`, { token: teacher.token });
  expect(released.status).toBe(200);
  const annView = (await p.api.call('GET', `/evaluation/${annSub.body.id}`, { token: ann.token })).body;
  expect(annView.results.criteria[0]).toMatchObject({ code: first.code, score: changed, feedback: 'Look again at your method.' });
  expect(annView.assignment).toMatchObject({
    release: { state: 'released' },
    teacher_review: { comment: 'Well argued.', passage_comments: [{ start: 0, end: 20, quote: text.slice(0, 20) }] },
  });
  expect(annView.assignment.teacher_review.criteria[0]).not.toHaveProperty('ai_score');
  expect((await p.api.call('GET', `/evaluation/${annSub.body.id}/download-pdf`, { token: ann.token })).status).toBe(200);
  // the others still await review
  expect((await p.api.call('GET', `/evaluation/${ben2.body.id}`, { token: ben.token })).body).toMatchObject({
    results: null,
    assignment: { release: { state: 'awaiting_review' } },
  });
  await waitFor('the result-released mail', async () =>
    writtenMails(p.env.MAIL_DIR!).find((m) => m.to.includes(ann.email) && m.subject.includes('is released')),
  );

  // --- every new route across the line, as every role ---
  const E = annSub.body.id;
  const routes: Array<[string, string, object?]> = [
    ['GET', `/evaluation/${E}`],
    ['GET', `/evaluation/${E}/text`],
    ['GET', `/evaluation/${E}/download-pdf`],
    ['GET', `/evaluation/${E}/growth`],
    ['PUT', `/evaluation/${E}/review`, { criteria: [] }],
    ['POST', `/evaluation/${E}/release`],
    ['GET', `/assignments/${A}/submissions`],
    ['GET', `/assignments/${A}/submissions?format=csv`],
    ['POST', `/assignments/${A}/release-reviewed`],
    ['GET', `/classes/${class1}/gradebook`],
    ['GET', `/schools/${s1.id}/agreement`],
    ['GET', `/schools/${s1.id}/agreement?format=csv`],
  ];
  const outsiders: Array<[string, Member]> = [
    ['other school admin', s2.head],
    ['other school teacher', teacher2],
    ['other school student', dee],
    ['classmate', ben],
  ];
  for (const [label, who] of outsiders) {
    for (const [method, url, json] of routes) {
      const res = await p.api.call(method, url, { token: who.token, json });
      expect({ label, method, url, status: res.status }).toEqual({ label, method, url, status: 404 });
    }
  }
  // a teacher of another class of the same school: the class's work is not theirs (agreement: their own classes only)
  for (const [method, url, json] of routes.slice(0, 10)) {
    const res = await p.api.call(method, url, { token: otherTeacher.token, json });
    expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 });
  }
  expect((await p.api.call('GET', `/schools/${s1.id}/agreement?class_id=${class1}`, { token: otherTeacher.token })).status).toBe(404);
  expect((await p.api.call('GET', `/schools/${s1.id}/agreement?class_id=${class1b}`, { token: otherTeacher.token })).body.essays).toBe(0);
  // the other school's work is just as closed to the first school's people
  const deeSub = await submit(dee, other.body.id, 'dee');
  expect(deeSub.status).toBe(201);
  for (const who of [s1.head, teacher, ann]) {
    for (const [method, url] of [
      ['GET', `/evaluation/${deeSub.body.id}`],
      ['GET', `/assignments/${other.body.id}/submissions`],
      ['GET', `/classes/${class2}/gradebook`],
      ['GET', `/schools/${s2.id}/agreement`],
    ]) {
      expect({ url, status: (await p.api.call(method, url, { token: who.token })).status }).toEqual({ url, status: 404 });
    }
  }
  // the owner may read but not review or release
  expect((await p.api.call('PUT', `/evaluation/${E}/review`, { token: ann.token, json: { criteria: [] } })).status).toBe(403);
  expect((await p.api.call('POST', `/evaluation/${E}/release`, { token: ann.token })).status).toBe(403);
  // the school's admin and the platform see it; platform agreement is the platform's only
  for (const token of [s1.head.token, superToken]) {
    for (const [, url] of routes.filter(([m]) => m === 'GET'))
      expect({ url, status: (await p.api.call('GET', url, { token })).status }).toEqual({ url, status: 200 });
  }
  const agreement = await p.api.call('GET', `/schools/${s1.id}/agreement`, { token: teacher.token });
  expect(agreement.body).toMatchObject({ school_id: s1.id, essays: 1 });
  expect(agreement.body.criteria.find((c: { criterion_id: string }) => c.criterion_id === first.code)).toMatchObject({
    n: 1,
    mean_difference: first.score - changed,
  });
  expect((await p.api.call('GET', '/evaluation/admin/agreement', { token: superToken })).status).toBe(200);
  for (const who of [teacher, s1.head, ann])
    expect((await p.api.call('GET', '/evaluation/admin/agreement', { token: who.token })).status).toBe(403);
  // bad input is a 4xx, never a 500
  for (const [method, url, json] of [
    ['PUT', `/evaluation/${E}/review`, { criteria: 'all' }],
    ['PUT', `/evaluation/${E}/review`, { criteria: [{ criterion_id: 'ZZ', score: 1 }] }],
    ['GET', `/assignments/not-a-uuid/submissions`],
    ['GET', `/classes/not-a-uuid/gradebook`],
    ['GET', `/schools/not-a-uuid/agreement?rubric_id=${'x'.repeat(500)}`],
    ['GET', `/evaluation/not-a-uuid/growth`],
  ] as Array<[string, string, object?]>) {
    const res = await p.api.call(method, url, { token: teacher.token, json });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.detail).toBe('string');
  }
});
