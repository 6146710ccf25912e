/**
 * Issue 28 point 2: what the student is told of a review, through the real service (Postgres,
 * NATS, the outbox relay and the review-mail consumer; mails written to the run's MAIL_DIR).
 * Internal admin notes never reach the student's answers or PDF unless the reviewer shows them;
 * a review with feedback mails the student once; an admin's score edit stays on the rubric's scale.
 */
import { Events, ReviewTexts, type Evaluation, type EvaluationList } from '@corestone/contracts';
import { writtenMails } from '@corestone/service-kit/testing';
import { extractText } from '@corestone/documents';
import { ESSAY, multipart } from './fixtures';
import { results, sleep, startHarness, until, type Harness } from './harness';

let h: Harness;
let adm: Record<string, string>;
beforeAll(async () => {
  h = await startHarness('evrv');
  adm = (await h.user('admin')).headers;
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;

async function completed(headers: Headers, title = 'Reviewed essay'): Promise<Evaluation> {
  const res = await h.submitEssay(
    headers,
    { title, essay_type: 'ee', rubric_id: h.rubrics.ee.id },
    { name: 'essay.txt', data: `${ESSAY}\n${Math.random()}` },
  );
  expect(res.statusCode).toBe(201);
  const e = res.json() as Evaluation;
  await h.completeGrading(e.id, results(24, 34), 900);
  return read(e.id, adm);
}
const read = async (id: string, headers: Headers): Promise<Evaluation> =>
  (await h.app.inject({ url: `/evaluation/${id}`, headers })).json();
const myList = async (headers: Headers): Promise<EvaluationList> =>
  (await h.app.inject({ url: '/evaluation/my-evaluations', headers })).json();
const put = (id: string, payload: object) => h.app.inject({ method: 'PUT', url: `/evaluation/admin/${id}`, headers: adm, payload });
const decide = (id: string, what: 'approve' | 'reject', fields: Record<string, string>) => {
  const body = multipart(fields);
  return h.app.inject({
    method: 'POST',
    url: `/evaluation/admin/${id}/${what}`,
    headers: { ...adm, ...body.headers },
    payload: body.payload,
  });
};
const pdfText = async (id: string, headers: Headers) => {
  const res = await h.app.inject({ url: `/evaluation/${id}/download-pdf`, headers });
  expect(res.statusCode).toBe(200);
  return (await extractText('pdf', res.rawPayload)).replace(/\s+/g, ' ');
};
const mailsTo = (email: string) => writtenMails(h.mailDir).filter((m) => m.to.includes(email));
const reviewedEvents = async (id: string) =>
  (await h.streamEvents<{ evaluation_id: string }>(Events.evaluationReviewed.subject)).filter((e) => e.data.evaluation_id === id);

describe('the review as the student sees it', () => {
  it('shows the feedback for the student and keeps the admin notes internal (answer, list and PDF)', async () => {
    const me = await h.user('student', 5, 'Ann Lee');
    const e = await completed(me.headers);
    const pending = await read(e.id, me.headers);
    expect(pending.review).toEqual({ status: 'pending_review', decided_at: null, feedback: null, feedback_at: null, notes: null });

    const saved = await put(e.id, {
      ai_feedback: 'Your method is strong; tighten the conclusion.',
      admin_notes: 'Possible ghost-writing: check',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ admin_notes: 'Possible ghost-writing: check', admin_notes_for_student: false });

    const mine = await read(e.id, me.headers);
    expect(mine).not.toHaveProperty('admin_notes');
    expect(mine).not.toHaveProperty('admin_notes_for_student');
    expect(mine.review).toMatchObject({
      status: 'pending_review',
      feedback: 'Your method is strong; tighten the conclusion.',
      notes: null,
    });
    expect(Date.parse(mine.review!.feedback_at!)).toBeGreaterThan(Date.parse(e.completed_at!) - 1000);
    expect(JSON.stringify(mine)).not.toContain('ghost-writing');

    const row = (await myList(me.headers)).evaluations.find((x) => x.id === e.id)!;
    expect(row).not.toHaveProperty('admin_notes');
    expect(row.review).toMatchObject({ feedback: 'Your method is strong; tighten the conclusion.', feedback_truncated: false });
    expect(JSON.stringify(await myList(me.headers))).not.toContain('ghost-writing');

    const text = await pdfText(e.id, me.headers);
    expect(text).toContain(ReviewTexts.HEADING);
    expect(text).toContain('Your method is strong; tighten the conclusion.');
    expect(text).not.toContain('ghost-writing');
    // an admin downloading the report gets the student's report: no internal notes either
    expect(await pdfText(e.id, adm)).not.toContain('ghost-writing');
  });

  it('shows the notes when the reviewer marks them for the student, with the decision and its date', async () => {
    const me = await h.user('student', 5);
    const e = await completed(me.headers);
    const rejected = await decide(e.id, 'reject', { admin_notes: 'Cite your sources in section 2.', notes_for_student: 'true' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ approval_status: 'rejected', admin_notes_for_student: true });
    const mine = await read(e.id, me.headers);
    expect(mine).not.toHaveProperty('admin_notes');
    expect(mine.review).toMatchObject({ status: 'rejected', feedback: null, notes: 'Cite your sources in section 2.' });
    expect(mine.review!.decided_at).toEqual(expect.any(String));
    expect(await pdfText(e.id, me.headers)).toContain('Cite your sources in section 2.');
    expect(await pdfText(e.id, me.headers)).toContain(ReviewTexts.STATUS.rejected);

    // notes sent again without the mark are internal again
    await decide(e.id, 'approve', { admin_notes: 'Fixed after a talk' });
    const after = await read(e.id, me.headers);
    expect(after.review).toMatchObject({ status: 'approved', notes: null });
    expect(JSON.stringify(after)).not.toContain('Fixed after a talk');
    // through PUT too (JSON boolean)
    await put(e.id, { admin_notes: 'Well done in the end', admin_notes_for_student: true });
    expect((await read(e.id, me.headers)).review!.notes).toBe('Well done in the end');
  });

  it('a list row carries the start of a long feedback and says so', async () => {
    const me = await h.user('student', 5);
    const e = await completed(me.headers);
    const long = 'Detailed feedback. '.repeat(120).trim();
    await put(e.id, { ai_feedback: long });
    const row = (await myList(me.headers)).evaluations.find((x) => x.id === e.id)!;
    expect(row.review!.feedback).toHaveLength(1000);
    expect(row.review!.feedback_truncated).toBe(true);
    expect((await read(e.id, me.headers)).review!.feedback).toBe(long);
  });
});

describe('the review mail', () => {
  it('mails the student once per review with feedback; saving the same review again sends nothing', async () => {
    const me = await h.user('student', 5, 'Bea Quinn');
    const e = await completed(me.headers, 'Mail essay');
    // a review without feedback for the student (internal notes only) sends nothing
    await put(e.id, { admin_notes: 'internal only' });
    await put(e.id, { ai_feedback: 'Good structure. Add a counter-argument.', admin_notes: 'internal only' });
    const first = await until(
      async () => mailsTo(me.email),
      (m) => m.length >= 1,
    );
    expect(first).toHaveLength(1);
    expect(first[0].subject).toBe('Your essay "Mail essay" was reviewed: Pending review');
    expect(first[0].raw).toContain('Hello Bea Quinn,');
    expect(first[0].raw).toContain('Good structure. Add a counter-argument.');
    expect(first[0].raw).toContain(`/dashboard/results/${e.id}`);
    expect(first[0].raw).not.toContain('internal only');

    // the same review saved twice more: no new event, no new mail
    await put(e.id, { ai_feedback: 'Good structure. Add a counter-argument.', admin_notes: 'internal only' });
    await put(e.id, { ai_feedback: 'Good structure. Add a counter-argument.' });
    // then a decision: a new review (its status changed) with feedback → one more mail
    expect((await decide(e.id, 'approve', {})).statusCode).toBe(200);
    const both = await until(
      async () => mailsTo(me.email),
      (m) => m.length >= 2,
    );
    await sleep(400); // a double would have been written by now
    expect(mailsTo(me.email)).toHaveLength(2);
    expect(both[1].subject).toBe('Your essay "Mail essay" was reviewed: Approved');
    expect(await reviewedEvents(e.id)).toHaveLength(2);
    // approving again changes nothing the student sees: no mail
    await decide(e.id, 'approve', {});
    await sleep(400);
    expect(mailsTo(me.email)).toHaveLength(2);
    expect(await reviewedEvents(e.id)).toHaveLength(2);
  });
});

describe('an admin score edit as the student sees it', () => {
  it('keeps the total on the rubric scale and equal to the criteria shown (28/34, not 28/100)', async () => {
    const me = await h.user('student', 5);
    const e = await completed(me.headers);
    const res = await put(e.id, {
      overall_score: 28,
      results: {
        overallGrade: 'A',
        totalPoints: 28,
        maxPoints: 100, // as the screen sends it (spec): not what the student is shown
        criteria: [{ code: 'A', name: 'Focus', score: 28, maxScore: 34, feedback: 'Edited by the reviewer.' }],
      },
    });
    expect(res.statusCode).toBe(200);
    const mine = await read(e.id, me.headers);
    const sum = mine.results!.criteria.reduce((n, c) => n + c.score, 0);
    expect(mine.results).toMatchObject({ totalPoints: 28, maxPoints: 34, percentage: 82.4 });
    expect(mine.results!.totalPoints).toBe(sum);
    expect(mine.overall_score).toBe(28);
    const row = (await myList(me.headers)).evaluations.find((x) => x.id === e.id)!;
    expect(row.results).toMatchObject({ totalPoints: 28, maxPoints: 34, percentage: 82.4 });
    expect(await pdfText(e.id, me.headers)).toContain('28 / 34 points');
  });
});
