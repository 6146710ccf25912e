/**
 * Issue 31 through the real service (Postgres, NATS, the outbox relay, the release-mail consumer):
 * submitting into a class assignment (every refusal before anything is charged; late; twice; the
 * unchanged-essay rule), release gating on every route a student reads, the teacher's review and
 * release (and the mail, as the student's choices allow), the lists, gradebook and CSV, growth,
 * agreement against a hand computation, rpc.evaluation.assignment_submitters, and who may do what
 * across classes and schools. Schools and users answer through stand-ins (test/harness.ts).
 */
import type { AddressInfo } from 'node:net';
import {
  Rpc,
  type AgreementReport,
  type AssignmentSubmissionList,
  type Evaluation,
  type EvaluationList,
  type Gradebook,
  type MyAssignmentList,
  type Results,
  type RubricSnapshot,
  type SubmissionGrowth,
} from '@corestone/contracts';
import { callRpc, newId } from '@corestone/service-kit';
import { writtenMails } from '@corestone/service-kit/testing';
import { ESSAY } from './fixtures';
import { results, startHarness, until, type Harness } from './harness';

type Headers = Record<string, string>;
type Who = Awaited<ReturnType<Harness['user']>>;

let h: Harness;
let ib: RubricSnapshot;
/** Platform admin; school 1 (admin, class 1's teacher, another class's teacher, three students); school 2 (admin, teacher, student). */
let adm: Who, sa1: Who, t1: Who, t1b: Who, s1: Who, s2: Who, s3: Who, sa2: Who, t2: Who, s4: Who;
let school1: string, school2: string, class1: string, class1b: string, class2: string;

/** An IB-like rubric: A /6, B /6, C /12 (24); grades A ≥ 75 %, B ≥ 50 %, C below. */
const IB: RubricSnapshot = {
  id: newId(),
  title: 'IB EE (test)',
  rubric_type: 'ee',
  scoring_structure: {
    total_points: 24,
    criteria: [
      { code: 'A', name: 'Focus', maxScore: 6, weight: 1 },
      { code: 'B', name: 'Knowledge', maxScore: 6, weight: 1 },
      { code: 'C', name: 'Analysis', maxScore: 12, weight: 1 },
    ],
    grade_boundaries: [
      { grade: 'A', min_percentage: 75, max_percentage: 100, description: '' },
      { grade: 'B', min_percentage: 50, max_percentage: 74.99, description: '' },
      { grade: 'C', min_percentage: 0, max_percentage: 49.99, description: '' },
    ],
    scoring_method: 'weighted_sum',
    pass_threshold: 50,
  },
};

/** A result on the IB rubric (harness `results` with three criteria); `extra` adds consistency, grader etc. */
function ibResults([a, b, c]: [number, number, number], extra: Partial<Results> = {}): Results {
  const total = a + b + c;
  const base = results(total, 24);
  const crit = (code: string, name: string, score: number, maxScore: number) => ({
    ...base.criteria[0],
    code,
    name,
    score,
    maxScore,
    feedback: `${name}: ${score}/${maxScore} (AI feedback)`,
    improvements: [`Develop ${name.toLowerCase()} further`],
  });
  return {
    ...base,
    overallGrade: total >= 18 ? 'A' : total >= 12 ? 'B' : 'C',
    percentage: Math.round((total / 24) * 1000) / 10,
    criteria: [crit('A', 'Focus', a, 6), crit('B', 'Knowledge', b, 6), crit('C', 'Analysis', c, 12)],
    overallSummary: { ...base.overallSummary, holisticCommentary: `The essay scores ${total}/24.` },
    ...extra,
  };
}

beforeAll(async () => {
  h = await startHarness('evas');
  (h.rubrics as Record<string, RubricSnapshot>).ib = IB;
  ib = IB;
  [adm, sa1, t1, t1b, s1, s2, s3, sa2, t2, s4] = await Promise.all([
    h.user('admin'),
    h.user('teacher', 5, 'Sam Admin'),
    h.user('teacher', 5, 'Tess Teacher'),
    h.user('teacher', 5, 'Tom Other'),
    h.user('student', 10, 'Ann Able'),
    h.user('student', 10, 'Ben Baker'),
    h.user('student', 10, 'Cai Chen'),
    h.user('teacher', 5, 'Sue Second'),
    h.user('teacher', 5, 'Ted Second'),
    h.user('student', 10, 'Dee Second'),
  ]);
  school1 = h.schools.school([sa1.id]);
  school2 = h.schools.school([sa2.id]);
  class1 = h.schools.klass(school1, [t1.id], [s1.id, s2.id, s3.id], 'EE 1');
  class1b = h.schools.klass(school1, [t1b.id], [], 'EE 2');
  class2 = h.schools.klass(school2, [t2.id], [s4.id], 'Other school');
});
afterAll(async () => {
  await h?.close();
});

let n = 0;
/** An essay text of its own (the same essay again while graded is refused; an unchanged one is carried). */
const essay = (tag = `${++n}`) => `${ESSAY}\n${'More analysis of the evidence and its limits. '.repeat(20)}\n${tag}`;

const submit = (who: Who, fields: Record<string, string>, text = essay()) =>
  h.submitEssay(who.headers, { title: 'My EE', essay_type: 'ee', rubric_id: ib.id, ...fields }, { name: 'essay.txt', data: text });

async function submitted(who: Who, assignmentId: string, text = essay()): Promise<Evaluation> {
  const rubric_id = h.schools.assignments.get(assignmentId)?.rubric_id ?? ib.id;
  const res = await submit(who, { assignment_id: assignmentId, rubric_id }, text);
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function graded(who: Who, assignmentId: string, marks: [number, number, number], extra: Partial<Results> = {}, text = essay()) {
  const e = await submitted(who, assignmentId, text);
  await h.completeGrading(e.id, ibResults(marks, extra));
  return e;
}

const get = (url: string, who: Who | Headers) => h.app.inject({ url, headers: 'headers' in who ? (who.headers as Headers) : who });
const read = async (id: string, who: Who): Promise<Evaluation> => (await get(`/evaluation/${id}`, who)).json();
const review = (id: string, who: Who, payload: object) =>
  h.app.inject({ method: 'PUT', url: `/evaluation/${id}/review`, headers: who.headers, payload });
const release = (id: string, who: Who) => h.app.inject({ method: 'POST', url: `/evaluation/${id}/release`, headers: who.headers });
const mailsTo = (email: string) => writtenMails(h.mailDir).filter((m) => m.to.includes(email));
const credits = (who: Who) => h.ledger.credits.get(who.id);

describe('submitting into an assignment', () => {
  it('refuses an unknown, foreign, unopened, closed, archived or mismatched assignment before anything is charged', async () => {
    const open = h.schools.assignment(class1, ib.id);
    const before = { s1: credits(s1), s4: credits(s4), t1: credits(t1) };
    const cases: Array<[Who, Record<string, string>, number, string]> = [
      [s1, { assignment_id: newId() }, 404, 'ASSIGNMENT_NOT_FOUND'],
      [s1, { assignment_id: 'not-an-id' }, 404, 'ASSIGNMENT_NOT_FOUND'],
      [s4, { assignment_id: open.id }, 404, 'ASSIGNMENT_NOT_FOUND'], // another school's student: existence does not leak
      [t1b, { assignment_id: open.id }, 404, 'ASSIGNMENT_NOT_FOUND'], // a teacher of another class of the school
      [t1, { assignment_id: open.id }, 403, 'NOT_IN_ASSIGNMENT_CLASS'], // the class's own teacher knows it exists
      [
        s1,
        { assignment_id: h.schools.assignment(class1, ib.id, { opens_at: new Date(Date.now() + 86400_000).toISOString() }).id },
        409,
        'ASSIGNMENT_NOT_OPEN',
      ],
      [
        s1,
        {
          assignment_id: h.schools.assignment(class1, ib.id, { due_at: new Date(Date.now() - 60_000).toISOString(), allow_late: false }).id,
        },
        409,
        'ASSIGNMENT_CLOSED',
      ],
      [s1, { assignment_id: h.schools.assignment(class1, ib.id, { archived_at: new Date().toISOString() }).id }, 409, 'ASSIGNMENT_CLOSED'],
      [s1, { assignment_id: open.id, essay_type: 'tok', rubric_id: h.rubrics.tok.id }, 400, 'ASSIGNMENT_MISMATCH'],
      [s1, { assignment_id: open.id, rubric_id: h.rubrics.ee.id }, 400, 'ASSIGNMENT_MISMATCH'],
    ];
    for (const [who, fields, status, code] of cases) {
      const res = await submit(who, fields);
      expect({ fields, status: res.statusCode, code: res.json().code }).toEqual({ fields, status, code });
      expect(typeof res.json().detail).toBe('string');
    }
    expect({ s1: credits(s1), s4: credits(s4), t1: credits(t1) }).toEqual(before);
    const { rows } = await h.db.pool.query(`SELECT count(*)::int AS n FROM evaluations WHERE assignment_id = $1`, [open.id]);
    expect(rows[0].n).toBe(0);
  });

  it('takes late work when allowed (marked late), as JSON too, and links the submission to the assignment', async () => {
    const late = h.schools.assignment(class1, ib.id, { due_at: new Date(Date.now() - 3600_000).toISOString(), title: 'Late one' });
    const before = credits(s2)!;
    const e = await submitted(s2, late.id);
    expect(e.assignment).toMatchObject({
      assignment_id: late.id,
      title: 'Late one',
      class_id: class1,
      class_name: 'EE 1',
      kind: 'final',
      release_mode: 'after_review',
      late: true,
      release: { state: 'awaiting_review', released_at: null },
      teacher_review: null,
    });
    expect(e.assignment).not.toHaveProperty('needs_review');
    expect(credits(s2)).toBe(before - 1);
    // Billing is told the class, for the school pool's use per class and the class's cap (issue 30).
    expect(h.ledger.classes.get(e.id)).toBe(class1);

    const onTime = h.schools.assignment(class1, ib.id);
    const json = await h.app.inject({
      method: 'POST',
      url: '/evaluation/evaluate',
      headers: s2.headers,
      payload: { title: 'JSON', essay_type: 'ee', rubric_id: ib.id, essay_content: essay(), assignment_id: onTime.id },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().assignment).toMatchObject({ assignment_id: onTime.id, late: false });
    expect(await callRpc(h.bus, Rpc.evaluationAssignmentSubmitters, { assignment_id: onTime.id })).toEqual({ user_ids: [s2.id] });
    expect(await callRpc(h.bus, Rpc.evaluationAssignmentSubmitters, { assignment_id: 'nope' })).toEqual({ user_ids: [] });
  });

  it('carries the stored result of an unchanged essay inside an assignment (no charge), still gated until release', async () => {
    const a = h.schools.assignment(class1, ib.id);
    const text = essay('unchanged');
    const first = await graded(s3, a.id, [4, 4, 8], {}, text);
    const before = credits(s3);
    const again = await submitted(s3, a.id, text);
    expect(again).toMatchObject({ status: 'completed', reused_from: first.id, results: null, overall_score: null });
    expect(again.assignment?.release.state).toBe('awaiting_review');
    expect(credits(s3)).toBe(before);
    // outside the assignment the unreleased result is not carried: graded (and charged) anew
    const outside = await submit(s3, {}, text);
    expect(outside.statusCode).toBe(201);
    expect(outside.json()).toMatchObject({ status: 'pending', reused_from: null, results: null });
    expect(credits(s3)).toBe(before! - 1);
  });
});

describe('release gating, review and release', () => {
  let a: ReturnType<Harness['schools']['assignment']>;
  let e: Evaluation;
  let base: string;
  beforeAll(async () => {
    a = h.schools.assignment(class1, ib.id, { title: 'Final EE' });
    e = await graded(s1, a.id, [4, 3, 10], {
      consistency: {
        samples: 3,
        agreement: 0.67,
        criteria: [
          { code: 'A', scores: [4, 4, 4], median: 4 },
          { code: 'B', scores: [1, 3, 4], median: 3 },
          { code: 'C', scores: [10, 10, 10], median: 10 },
        ],
      },
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });

  it('shows the student status and no marks anywhere before release', async () => {
    const mine = await read(e.id, s1);
    expect(mine).toMatchObject({ status: 'completed', results: null, overall_score: null, suggestions: [], ai_feedback: null });
    expect(mine.assignment).toMatchObject({ release: { state: 'awaiting_review', released_at: null }, teacher_review: null });
    expect(mine.assignment).not.toHaveProperty('needs_review');
    const list: EvaluationList = (await get('/evaluation/my-evaluations', s1)).json();
    const row = list.evaluations.find((x) => x.id === e.id)!;
    expect(row).toMatchObject({ results: null, overall_score: null });
    const pdf = await get(`/evaluation/${e.id}/download-pdf`, s1);
    expect(pdf.statusCode).toBe(409);
    const sse = await (await fetch(`${base}/evaluation/${e.id}/events`, { headers: s1.headers })).text();
    expect(sse).toContain('"status":"completed"');
    expect(sse).toContain('"overall_score":null');
    expect((await get(`/evaluation/${e.id}/text`, s1)).statusCode).toBe(200); // the student's own text
    const teacherSse = await (await fetch(`${base}/evaluation/${e.id}/events`, { headers: t1.headers })).text();
    expect(teacherSse).toContain('"overall_score":17');

    // a platform admin's review feedback reaches the student neither in the answer nor by mail before release
    const put = await h.app.inject({
      method: 'PUT',
      url: `/evaluation/admin/${e.id}`,
      headers: adm.headers,
      payload: { ai_feedback: 'Strong.' },
    });
    expect(put.statusCode).toBe(200);
    expect((await read(e.id, s1)).review).toMatchObject({ feedback: null, notes: null });
    const handled = async () =>
      (await h.db.pool.query(`SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'evaluation-review-mail'`)).rows[0]
        .n as number;
    await until(handled, (k) => k >= 1);
    expect(mailsTo(s1.email)).toHaveLength(0);
  });

  it("lets the class's teacher, the school's admins and platform admins read it (with needs_review); nobody else", async () => {
    for (const who of [t1, sa1, adm]) {
      const ev = await read(e.id, who);
      expect(ev.results?.totalPoints).toBe(17);
      expect(ev.assignment?.needs_review?.map((r) => r.code)).toEqual(['samples_disagree', 'near_grade_boundary', 'very_short']);
      expect(ev.assignment?.needs_review?.[0].detail).toBe(
        "The model's 3 gradings disagree by more than one mark on criterion B (1, 3, 4)",
      );
      expect(ev.assignment?.needs_review?.[1].detail).toBe('Total 17/24 is one point from grade A (18)');
      for (const path of ['', '/text', '/download-pdf', '/growth'])
        expect((await get(`/evaluation/${e.id}${path}`, who)).statusCode).toBe(200);
    }
    for (const who of [t1b, t2, sa2, s2, s4]) {
      for (const path of ['', '/text', '/download-pdf', '/growth', '/events']) {
        const res = await get(`/evaluation/${e.id}${path}`, who);
        expect({ who: who.name, path, status: res.statusCode }).toEqual({ who: who.name, path, status: 404 });
      }
    }
  });

  it('checks a review: criteria of the rubric within their maxima, passages inside the text; owner 403, others 404', async () => {
    const bad: Array<[object, number, string]> = [
      [{ criteria: [{ criterion_id: 'Z', score: 1 }] }, 400, 'REVIEW_INVALID'],
      [{ criteria: [{ criterion_id: 'A', score: 7 }] }, 400, 'REVIEW_INVALID'],
      [
        {
          criteria: [
            { criterion_id: 'A', score: 2 },
            { name: 'focus', score: 3 },
          ],
        },
        400,
        'REVIEW_INVALID',
      ],
      [{ criteria: [], passage_comments: [{ start: 0, end: 999999, text: 'x' }] }, 400, 'PASSAGE_OUT_OF_RANGE'],
      [{ criteria: [], passage_comments: [{ start: 5, end: 5, text: 'x' }] }, 400, 'PASSAGE_OUT_OF_RANGE'],
      [{ criteria: [{ criterion_id: 'A', score: -1 }] }, 400, 'VALIDATION_ERROR'],
      [{ criteria: 'all good' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [payload, status, code] of bad) {
      const res = await review(e.id, t1, payload);
      expect({ payload, status: res.statusCode, code: res.json().code }).toEqual({ payload, status, code });
    }
    expect((await review(e.id, s1, { criteria: [] })).statusCode).toBe(403);
    for (const who of [t1b, t2, sa2, s2]) expect((await review(e.id, who, { criteria: [] })).statusCode).toBe(404);
    expect((await review('nope', t1, { criteria: [] })).statusCode).toBe(404);
    const pending = await submitted(s2, a.id);
    expect((await review(pending.id, t1, { criteria: [] })).json().code).toBe('SUBMISSION_NOT_GRADED');
    expect((await release(e.id, t1)).json().code).toBe('SUBMISSION_NOT_REVIEWED');
  });

  it('releases the teacher’s marks and passage comments to the student, mails them once, hides the AI marks', async () => {
    const text: string = (await get(`/evaluation/${e.id}/text`, t1)).json().text;
    const at = text.indexOf('three case studies');
    const saved = await review(e.id, t1, {
      criteria: [
        { criterion_id: 'A', score: 5, feedback: 'Sharper than the AI says.' },
        { name: 'Analysis', score: 10 },
      ],
      comment: 'Good work overall.',
      passage_comments: [{ start: at, end: at + 'three case studies'.length, text: 'Name them here.' }],
    });
    expect(saved.statusCode).toBe(200);
    const staffView: Evaluation = saved.json();
    expect(staffView.assignment?.teacher_review).toMatchObject({
      reviewer_id: t1.id,
      reviewer_name: 'Tess Teacher',
      comment: 'Good work overall.',
      total: 18,
      max_total: 24,
      grade: 'A',
      released_at: null,
      criteria: [
        { criterion_id: 'A', name: 'Focus', score: 5, max_score: 6, ai_score: 4, feedback: 'Sharper than the AI says.' },
        { criterion_id: 'B', name: 'Knowledge', score: 3, max_score: 6, ai_score: 3, feedback: '' },
        { criterion_id: 'C', name: 'Analysis', score: 10, max_score: 12, ai_score: 10, feedback: '' },
      ],
      passage_comments: [{ start: at, end: at + 18, text: 'Name them here.', quote: 'three case studies' }],
    });
    // reviewed, not released: still nothing for the student
    expect(await read(e.id, s1)).toMatchObject({ results: null, overall_score: null, assignment: { teacher_review: null } });

    const released = await release(e.id, t1);
    expect(released.statusCode).toBe(200);
    const shown = await read(e.id, s1);
    expect(shown.overall_score).toBe(18);
    expect(shown.results).toMatchObject({ totalPoints: 18, maxPoints: 24, overallGrade: 'A', percentage: 75 });
    expect(shown.results?.criteria.map((c) => [c.code, c.score, c.feedback])).toEqual([
      ['A', 5, 'Sharper than the AI says.'],
      ['B', 3, 'Knowledge: 3/6 (AI feedback)'],
      ['C', 10, 'Analysis: 10/12 (AI feedback)'],
    ]);
    expect(shown.results).not.toHaveProperty('consistency');
    expect(shown.assignment?.release.state).toBe('released');
    expect(shown.assignment?.teacher_review?.criteria[0]).not.toHaveProperty('ai_score');
    expect(shown.assignment?.teacher_review?.passage_comments[0].quote).toBe('three case studies');
    const row = ((await get('/evaluation/my-evaluations', s1)).json() as EvaluationList).evaluations.find((x) => x.id === e.id)!;
    expect(row).toMatchObject({ overall_score: 18, results: { totalPoints: 18, overallGrade: 'A' } });
    expect((await get(`/evaluation/${e.id}/download-pdf`, s1)).statusCode).toBe(200);
    const sse = await (await fetch(`${base}/evaluation/${e.id}/events`, { headers: s1.headers })).text();
    expect(sse).toContain('"overall_score":18');

    const mails = await until(
      async () => mailsTo(s1.email),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toContain('Your teacher has released your result for "Final EE" (EE 1)');
    expect(mails[0].raw).toContain('Result: 18/24, grade A.');
    expect((await release(e.id, t1)).statusCode).toBe(200); // again: no change, no second mail
    await h.relay.flush();
    expect(mailsTo(s1.email)).toHaveLength(1);
    // issue 32: the event carries the released mark for LTI grade passback, once
    const events = (await h.streamEvents<{ evaluation_id: string; score?: unknown }>('evaluation.released.v1')).filter(
      (ev) => ev.data.evaluation_id === e.id,
    );
    expect(events.map((ev) => ev.data.score)).toEqual([{ given: 18, maximum: 24, comment: 'Good work overall.' }]);
  });

  it('release-reviewed releases the reviewed ones only and honours a student who switched the mail off', async () => {
    const b = h.schools.assignment(class1, ib.id, { show_ai_marks: true });
    const [x, y, z] = [await graded(s1, b.id, [2, 2, 4]), await graded(s2, b.id, [3, 3, 6]), await graded(s3, b.id, [1, 1, 2])];
    h.schools.mailOff.add(s2.id);
    const mailsBefore = { s1: mailsTo(s1.email).length, s2: mailsTo(s2.email).length };
    expect((await review(x.id, t1, { criteria: [{ criterion_id: 'C', score: 6 }] })).statusCode).toBe(200);
    expect((await review(y.id, sa1, { criteria: [] })).statusCode).toBe(200); // the school admin confirms the AI's marks
    for (const who of [t1b, t2, sa2, s1]) {
      const res = await h.app.inject({ method: 'POST', url: `/assignments/${b.id}/release-reviewed`, headers: who.headers });
      expect(res.statusCode).toBe(404);
    }
    const res = await h.app.inject({ method: 'POST', url: `/assignments/${b.id}/release-reviewed`, headers: t1.headers });
    expect(res.json()).toEqual({ released: 2 });
    expect((await read(x.id, s1)).assignment?.teacher_review?.criteria[2]).toMatchObject({ score: 6, ai_score: 4 }); // shown: show_ai_marks
    expect((await read(z.id, s3)).results).toBeNull();
    await until(
      async () => mailsTo(s1.email).length,
      (k) => k > mailsBefore.s1,
    );
    // s2's event was handled (processed) without a mail
    await until(
      async () =>
        (await h.db.pool.query(`SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'evaluation-release-mail'`)).rows[0]
          .n as number,
      (k) => k >= 3,
    );
    expect(mailsTo(s2.email).length).toBe(mailsBefore.s2);
    expect((await h.app.inject({ method: 'POST', url: `/assignments/${b.id}/release-reviewed`, headers: t1.headers })).json()).toEqual({
      released: 0,
    });
  });
});

describe('lists, gradebook and CSV', () => {
  it("shows each student's standing to the class's staff; 404 to everyone else", async () => {
    const a = h.schools.assignment(class1, ib.id, { title: 'Lists', due_at: new Date(Date.now() + 3600_000).toISOString() });
    await graded(s1, a.id, [2, 2, 4]);
    const second = await graded(s1, a.id, [5, 5, 10]);
    await graded(s2, a.id, [5, 1, 5], { grader: 'builtin-fallback', fallbackReason: 'model timed out' });
    const list: AssignmentSubmissionList = (await get(`/assignments/${a.id}/submissions`, t1)).json();
    expect(list.total).toBe(3);
    const by = Object.fromEntries(list.submissions.map((s) => [s.student.name, s]));
    expect(by['Ann Able']).toMatchObject({
      state: 'needs_review',
      evaluation_id: second.id,
      attempts: 2,
      late: false,
      total: 20,
      ai_total: 20,
      grade: 'A',
    });
    expect(by['Ben Baker'].state).toBe('needs_review');
    expect(by['Ben Baker'].needs_review.map((r) => r.code)).toContain('fallback_grader');
    expect(by['Cai Chen']).toMatchObject({ state: 'not_submitted', evaluation_id: null, attempts: 0, total: null });

    const csv = await get(`/assignments/${a.id}/submissions?format=csv`, sa1);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Lists-marks.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'student,email,state,submitted_at,late,attempts,A Focus (/6),B Knowledge (/6),C Analysis (/12),total,max_total,grade',
    );
    expect(lines[1]).toMatch(/^Ann Able,.*,needs_review,.*,no,2,5,5,10,20,24,A$/);
    expect(lines[3]).toMatch(/^Cai Chen,.*,not_submitted,,,0,,,,,,$/);

    const book: Gradebook = (await get(`/classes/${class1}/gradebook`, t1)).json();
    expect(book.class_name).toBe('EE 1');
    expect(book.students.map((s) => s.name)).toEqual(['Ann Able', 'Ben Baker', 'Cai Chen']);
    expect(book.assignments.every((x) => !x.archived_at)).toBe(true);
    expect(book.cells).toHaveLength(book.students.length * book.assignments.length);
    expect(book.cells.find((c) => c.assignment_id === a.id && c.student.user_id === s1.id)?.attempts).toBe(2);

    for (const who of [t1b, t2, sa2, s1, s4]) {
      for (const url of [
        `/assignments/${a.id}/submissions`,
        `/assignments/${a.id}/submissions?format=csv`,
        `/classes/${class1}/gradebook`,
      ]) {
        const res = await get(url, who);
        expect({ who: who.name, url, status: res.statusCode }).toEqual({ who: who.name, url, status: 404 });
      }
    }
    expect((await get(`/classes/${class1}/gradebook`, adm)).statusCode).toBe(200);
    expect((await get(`/assignments/nope/submissions`, t1)).statusCode).toBe(404);
    expect((await get(`/assignments/${a.id}/submissions?format=xml`, t1)).statusCode).toBe(400);
    expect((await get(`/classes/${newId()}/gradebook`, t1)).statusCode).toBe(404);

    const mine: MyAssignmentList = (await get('/assignments/mine', s3)).json();
    const lists = mine.assignments.find((x) => x.id === a.id)!;
    expect(lists).toMatchObject({ state: 'due_soon', evaluation_id: null });
    const s1mine: MyAssignmentList = (await get('/assignments/mine', s1)).json();
    expect(s1mine.assignments.find((x) => x.id === a.id)).toMatchObject({ state: 'submitted', evaluation_id: second.id, total: null });
    expect(((await get('/assignments/mine', s4)).json() as MyAssignmentList).assignments.every((x) => x.class_id === class2)).toBe(true);
    expect(((await get('/assignments/mine', t1)).json() as MyAssignmentList).total).toBe(0);
  });
});

describe('growth', () => {
  it('compares a resubmission with the previous one; the student sees only released results', async () => {
    const draft = h.schools.assignment(class1, ib.id, { kind: 'draft', release_mode: 'immediate', title: 'Draft' });
    const final = h.schools.assignment(class1, ib.id, { kind: 'final', title: 'Final' });
    const d = await graded(s3, draft.id, [2, 3, 6]);
    const f = await graded(s3, final.id, [4, 3, 9]);
    const staff: SubmissionGrowth = (await get(`/evaluation/${f.id}/growth`, t1)).json();
    expect(staff.previous_id).toBe(d.id);
    expect(staff.criteria.map((c) => [c.criterion_id, c.previous, c.current, c.change])).toEqual([
      ['A', 2, 4, 2],
      ['B', 3, 3, 0],
      ['C', 6, 9, 3],
    ]);
    expect(staff.history.map((x) => [x.evaluation_id, x.kind, x.total])).toEqual([
      [d.id, 'draft', 11],
      [f.id, 'final', 16],
    ]);
    expect(staff.improvements.length).toBeGreaterThan(0);
    // the student: the draft (immediate) is released, the final not yet
    const mine: SubmissionGrowth = (await get(`/evaluation/${f.id}/growth`, s3)).json();
    expect(mine).toMatchObject({ previous_id: null, criteria: [], improvements: [] });
    expect(mine.history.map((x) => x.evaluation_id)).toEqual([d.id]);
    expect((await get(`/evaluation/${newId()}/growth`, s3)).statusCode).toBe(404);
  });
});

describe('agreement', () => {
  it('matches a hand computation and is refused across classes and schools', async () => {
    const rubric2: RubricSnapshot = { ...IB, id: newId(), title: 'Agreement rubric' };
    (h.rubrics as Record<string, RubricSnapshot>).agree = rubric2;
    const a = h.schools.assignment(class1, rubric2.id);
    // AI A = 4, 2; teacher A = 5, 2 → exact 1/2, adjacent 1, mean −0.5, κ = 1 − 1/7 (Σ(a−t)² = 1; (1/N)ΣΣ(a_p−t_q)² = 7)
    const x = await graded(s1, a.id, [4, 3, 6]);
    const y = await graded(s2, a.id, [2, 3, 6]);
    expect((await review(x.id, t1, { criteria: [{ criterion_id: 'A', score: 5 }] })).statusCode).toBe(200);
    expect((await review(y.id, t1, { criteria: [] })).statusCode).toBe(200);
    await release(x.id, t1);
    await release(y.id, t1);
    const report: AgreementReport = (await get(`/schools/${school1}/agreement?rubric_id=${rubric2.id}`, t1)).json();
    expect(report).toMatchObject({ school_id: school1, rubric_id: rubric2.id, rubric_name: 'Agreement rubric', essays: 2 });
    const A = report.criteria.find((c) => c.criterion_id === 'A')!;
    expect(A).toMatchObject({ n: 2, exact: 0.5, adjacent: 1, mean_difference: -0.5 });
    expect(A.qwk).toBeCloseTo(6 / 7, 10);
    expect(A.reading).toMatch(/criterion A/);
    expect(report.total).toMatchObject({ n: 2, mean_difference: -0.5 });

    const csv = await get(`/schools/${school1}/agreement?rubric_id=${rubric2.id}&format=csv`, sa1);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('criterion_id,criterion,essays,qwk,exact,adjacent,mean_difference,reading');
    expect(csv.body).toContain('A,Focus,2,0.857');

    const platform: AgreementReport = (await get(`/evaluation/admin/agreement?rubric_id=${rubric2.id}`, adm)).json();
    expect(platform.essays).toBe(2);
    expect((await get(`/evaluation/admin/agreement`, t1)).statusCode).toBe(403);
    expect((await get(`/schools/${school1}/agreement?class_id=${class1b}`, t1)).statusCode).toBe(404);
    expect(
      ((await get(`/schools/${school1}/agreement?class_id=${class1b}&rubric_id=${rubric2.id}`, t1b)).json() as AgreementReport).essays,
    ).toBe(0);
    for (const who of [t2, sa2, s1, s4]) {
      for (const url of [`/schools/${school1}/agreement`, `/schools/${school1}/agreement?format=csv`, `/schools/${newId()}/agreement`]) {
        const res = await get(url, who);
        expect({ who: who.name, url, status: res.statusCode }).toEqual({ who: who.name, url, status: 404 });
      }
    }
    expect(((await get(`/schools/${school2}/agreement`, sa2)).json() as AgreementReport).essays).toBe(0);
  });
});
