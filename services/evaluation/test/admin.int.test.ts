import { Value } from '@sinclair/typebox/value';
import { EvaluationList, Events, Messages, type Evaluation } from '@corestone/contracts';
import { publishEvent } from '@corestone/service-kit';
import { ESSAY, multipart } from './fixtures';
import { results, startHarness, until, type Harness } from './harness';

let h: Harness;
let sup: Record<string, string>;
let adm: Record<string, string>;
beforeAll(async () => {
  h = await startHarness('eva');
  sup = (await h.user('super_admin')).headers;
  adm = (await h.user('admin')).headers;
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;

async function submitted(
  headers: Headers,
  o: { title?: string; type?: 'ee' | 'tok'; file?: string; text?: string } = {},
): Promise<Evaluation> {
  const type = o.type ?? 'ee';
  const body = multipart(
    { title: o.title ?? 'Admin essay', essay_type: type, rubric_id: type === 'ee' ? h.rubrics.ee.id : h.rubrics.tok.id },
    { name: o.file ?? 'essay.txt', data: o.text ?? `${ESSAY}\n${Math.random()}` },
  );
  const res = await h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate-async',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const read = async (id: string, headers: Headers = sup): Promise<Evaluation> =>
  (await h.app.inject({ url: `/evaluation/${id}`, headers })).json();
async function completed(headers: Headers, total = 24, o: Parameters<typeof submitted>[1] = {}): Promise<Evaluation> {
  const e = await submitted(headers, o);
  await publishEvent(h.bus, Events.gradingCompleted, {
    evaluation_id: e.id,
    results: results(total, 34),
    grader: 'builtin',
    processing_ms: 900,
  });
  return until(
    () => read(e.id),
    (x) => x.status === 'completed',
  );
}
const list = (query: string, headers: Headers = sup) => h.app.inject({ url: `/evaluation/admin/all${query}`, headers });

describe('GET /evaluation/admin/all', () => {
  it('super admin only; filters by status, type, user type and a search over title, file, name and e-mail', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const ann = await h.user('student', 10, `Ann ${tag}`);
    const tom = await h.user('teacher', 10, 'Tom Teacher');
    const a1 = await completed(ann.headers, 20, { title: `Photosynthesis ${tag}` });
    const a2 = await submitted(ann.headers, { type: 'tok', title: 'Knowledge' });
    const t1 = await submitted(tom.headers, { file: `${tag}-draft.TXT`, title: 'Untitled' });

    expect((await list('', adm)).statusCode).toBe(403);
    expect((await list('', ann.headers)).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);

    const ids = async (q: string) => ((await list(q)).json().evaluations as Evaluation[]).map((e) => e.id);
    expect(new Set(await ids(`?search_query=${tag}`))).toEqual(new Set([a1.id, a2.id, t1.id])); // title, name, file name
    expect(await ids(`?search_query=${encodeURIComponent(ann.email.toUpperCase())}`)).toEqual([a2.id, a1.id]);
    expect(await ids(`?search_query=${tag}&status=completed`)).toEqual([a1.id]);
    // rows as lists show them: the result's summary, no rubric or feedback (GET /evaluation/{id} has those)
    const done = (await list(`?search_query=${tag}&status=completed`)).json();
    expect(Value.Check(EvaluationList, done)).toBe(true);
    const { overallGrade, overallBand, totalPoints, maxPoints, percentage, grader } = a1.results!;
    expect(done.evaluations[0].results).toEqual({ overallGrade, overallBand, totalPoints, maxPoints, percentage, grader });
    for (const heavy of ['rubric', 'suggestions', 'ai_feedback']) expect(done.evaluations[0]).not.toHaveProperty(heavy);
    expect(await ids(`?search_query=${tag}&status=processing`)).toEqual([t1.id, a2.id]); // in progress: pending too
    expect(await ids(`?search_query=${tag}&essay_type=tok`)).toEqual([a2.id]);
    expect(await ids(`?search_query=${tag}&user_type=teacher`)).toEqual([t1.id]);
    expect(await ids(`?search_query=${encodeURIComponent('%')}&user_type=teacher&essay_type=tok`)).toEqual([]); // wildcards are literal

    const limited = (await list(`?search_query=${tag}&limit=2`)).json();
    expect(limited.evaluations).toHaveLength(2);
    expect(limited.total).toBe(3);
    expect(limited.evaluations[0]).toMatchObject({
      id: t1.id,
      profiles: { full_name: 'Tom Teacher', email: tom.email },
      user_type: 'teacher',
    });

    // the name the users service knows now (users.created) is searchable too
    await publishEvent(h.bus, Events.usersCreated, {
      user_id: tom.id,
      email: tom.email,
      role: 'teacher',
      first_name: 'Thomasina',
      last_name: tag,
    });
    await until(
      () => ids('?search_query=Thomasina'),
      (x) => x.length === 1,
    );
    expect(await ids('?search_query=Thomasina')).toEqual([t1.id]);

    // deep pages by cursor (issue 34): the next page goes on after the last row, total unchanged
    const first = (await list(`?search_query=${tag}&limit=2`)).json();
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await list(`?search_query=${tag}&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect({ total: second.total, next: second.next_cursor }).toEqual({ total: 3, next: null });
    expect([...first.evaluations, ...second.evaluations].map((e: Evaluation) => e.id)).toEqual(await ids(`?search_query=${tag}`));
    expect(Value.Check(EvaluationList, second)).toBe(true);

    for (const bad of ['?limit=0', '?limit=x', '?status=charging', '?essay_type=ia', '?user_type=god', '?cursor=bm90LWEtY3Vyc29y']) {
      const res = await list(bad);
      expect({ bad, status: res.statusCode, code: res.json().code }).toEqual({ bad, status: 400, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /evaluation/admin/stats', () => {
  it('counts visible evaluations by status, type and approval (super admin only)', async () => {
    const before = (await h.app.inject({ url: '/evaluation/admin/stats', headers: sup })).json();
    const me = await h.user('student', 10);
    await completed(me.headers);
    await submitted(me.headers, { type: 'tok' });
    const failed = await submitted(me.headers);
    await publishEvent(h.bus, Events.gradingFailed, { evaluation_id: failed.id, code: 'X', reason: 'broken' });
    await until(
      () => read(failed.id),
      (x) => x.status === 'failed',
    );
    const after = (await h.app.inject({ url: '/evaluation/admin/stats', headers: sup })).json();
    expect(after.total - before.total).toBe(3);
    expect(after.completed - before.completed).toBe(1);
    expect(after.processing - before.processing).toBe(1);
    expect(after.failed - before.failed).toBe(1);
    expect(after.by_type.tok - before.by_type.tok).toBe(1);
    expect(after.by_approval.pending_review - before.by_approval.pending_review).toBe(3);
    expect(after.completed_this_week - before.completed_this_week).toBe(1);
    expect((await h.app.inject({ url: '/evaluation/admin/stats', headers: adm })).statusCode).toBe(403);
  });
});

describe('PUT /evaluation/admin/{id}', () => {
  const put = (id: string, payload: object, headers: Headers = adm) =>
    h.app.inject({ method: 'PUT', url: `/evaluation/admin/${id}`, headers, payload });

  it('saves feedback, notes, a score within the rubric total and results on the rubric scale', async () => {
    const me = await h.user('student', 5);
    const e = await completed(me.headers, 24);
    const res = await put(e.id, {
      title: e.title, // unchanged metadata may be sent
      ai_feedback: 'Strong method; weak conclusion.',
      admin_notes: 'Checked by hand',
      overall_score: 31,
      results: {
        overallGrade: 'A',
        totalPoints: 31, // the screen sends the spec's "out of 100" (checked: at most 100); not stored
        maxPoints: 100,
        criteria: [
          { code: 'A', name: 'Focus', score: 30, maxScore: 34, feedback: 'Edited.' },
          { code: 'Z', name: 'Extra', score: 1, maxScore: 2, feedback: 'New.' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ ai_feedback: 'Strong method; weak conclusion.', admin_notes: 'Checked by hand', overall_score: 31 });
    // maxima 36 against a total of 34 (a weighted rubric): the admin's overall score stands, out of 34
    expect(saved.results).toMatchObject({ overallGrade: 'A', totalPoints: 31, maxPoints: 34, percentage: 91.2 });
    expect(saved.results.criteria).toEqual([
      { ...results(24, 34).criteria[0], score: 30, maxScore: 34, feedback: 'Edited.' },
      { code: 'Z', name: 'Extra', score: 1, maxScore: 2, feedback: 'New.', band: '', weight: 1, strengths: [], improvements: [] },
    ]);
    expect(saved.results.overallSummary).toEqual(results(24, 34).overallSummary); // untouched parts kept
    // the notes are internal: the student's answer has none (test/review-student.int.test.ts)
    expect((await read(e.id, me.headers)).admin_notes).toBeUndefined();
    expect((await read(e.id, adm)).admin_notes).toBe('Checked by hand');
  });

  it('refuses metadata changes, scores out of range, results before completion and non-reviewers', async () => {
    const me = await h.user('student', 5);
    const e = await completed(me.headers);
    const expect400 = async (payload: object, detail: string | RegExp) => {
      const res = await put(e.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(detail);
    };
    await expect400({ title: 'New title' }, /^Title cannot be modified by admin$/);
    await expect400({ essay_type: 'tok' }, /^Essay type cannot be modified by admin$/);
    await expect400({ status: 'failed' }, /^Status cannot be modified by admin$/);
    await expect400({ overall_score: 35 }, 'overall_score: must be between 0 and 34');
    await expect400({ overall_score: -1 }, /overall_score/);
    await expect400({ results: { overallGrade: 'A', totalPoints: 101, maxPoints: 100, criteria: [] } }, /at most 100/);
    await expect400(
      {
        overall_score: 20,
        results: {
          overallGrade: 'B',
          totalPoints: 20,
          maxPoints: 100,
          criteria: [{ code: 'A', name: 'Focus', score: 22, maxScore: 34, feedback: '' }],
        },
      },
      'overall_score: must equal the sum of the criterion scores (22)',
    );
    await expect400({ overall_score: 20 }, 'overall_score: must equal the sum of the criterion scores (24)');
    await expect400(
      {
        results: {
          overallGrade: 'A',
          totalPoints: 5,
          maxPoints: 100,
          criteria: [{ code: 'A', name: 'A', score: 7, maxScore: 6, feedback: '' }],
        },
      },
      /above its maximum/,
    );
    const pending = await submitted(me.headers);
    const early = await put(pending.id, { overall_score: 3 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: Messages.RESULTS_NOT_READY, code: 'EVALUATION_NOT_COMPLETED' });
    expect((await put(pending.id, { admin_notes: 'noted early' })).statusCode).toBe(200);
    expect((await put(e.id, { admin_notes: 'x' }, me.headers)).statusCode).toBe(403);
    expect((await put(e.id, { admin_notes: 'x' }, (await h.user('teacher')).headers)).statusCode).toBe(403);
    expect((await put('01900000-0000-7000-8000-000000000000', { admin_notes: 'x' })).statusCode).toBe(404);
    expect((await put(e.id, { admin_notes: 'x' }, sup)).statusCode).toBe(200);
  });
});

describe('GET /evaluation/admin/{id}/text', () => {
  it('answers the stored essay text to admins and super admins only', async () => {
    const me = await h.user('student', 5);
    const other = await h.user('student', 5);
    const text = `Essay for the viewer.\n\nSecond paragraph ${Math.random()}`;
    const e = await submitted(me.headers, { text });
    for (const headers of [adm, sup]) {
      const res = await h.app.inject({ url: `/evaluation/admin/${e.id}/text`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: e.id, text, word_count: e.extractedWordCount });
    }
    expect((await h.app.inject({ url: `/evaluation/admin/${e.id}/text`, headers: me.headers })).statusCode).toBe(403);
    expect((await h.app.inject({ url: `/evaluation/admin/${e.id}/text`, headers: other.headers })).statusCode).toBe(403);
    expect((await h.app.inject({ url: `/evaluation/admin/${e.id}/text`, headers: {} })).statusCode).toBe(401);
    const missing = await h.app.inject({ url: '/evaluation/admin/0190c0de-0000-7000-8000-000000000000/text', headers: adm });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBeDefined();
  });
});

describe('approve, reject and regrade', () => {
  const decide = (id: string, what: 'approve' | 'reject', notes?: string, headers: Headers = adm) => {
    const body = multipart(notes === undefined ? {} : { admin_notes: notes });
    return h.app.inject({
      method: 'POST',
      url: `/evaluation/admin/${id}/${what}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('only completed evaluations; reject needs non-blank notes', async () => {
    const me = await h.user('student', 5);
    const pending = await submitted(me.headers);
    const early = await decide(pending.id, 'approve');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: Messages.REVIEW_ONLY_COMPLETED, code: 'EVALUATION_NOT_COMPLETED' });

    const e = await completed(me.headers);
    expect((await decide(e.id, 'approve')).json()).toMatchObject({ approval_status: 'approved', admin_notes: null });
    for (const notes of [undefined, '', '   \n']) {
      const res = await decide(e.id, 'reject', notes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: Messages.REJECT_NOTES_REQUIRED, code: 'VALIDATION_ERROR' });
    }
    expect((await read(e.id)).approval_status).toBe('approved');
    const rejected = await decide(e.id, 'reject', ' Plagiarised passages in section 2 ', sup);
    expect(rejected.json()).toMatchObject({ approval_status: 'rejected', admin_notes: 'Plagiarised passages in section 2' });
    const json = await h.app.inject({
      method: 'POST',
      url: `/evaluation/admin/${e.id}/approve`,
      headers: adm,
      payload: { admin_notes: 'On second reading, fine' },
    });
    expect(json.json()).toMatchObject({ approval_status: 'approved', admin_notes: 'On second reading, fine' });
    expect((await decide(e.id, 'approve', undefined, me.headers)).statusCode).toBe(403);
  });

  it('regrade: pending and pending_review, a new attempt graded without a charge', async () => {
    const me = await h.user('student', 1);
    const e = await completed(me.headers, 20);
    await decide(e.id, 'approve');
    const calls = h.ledger.calls;
    const res = await h.app.inject({ method: 'POST', url: `/evaluation/admin/${e.id}/regrade`, headers: adm });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pending',
      approval_status: 'pending_review',
      attempt: 2,
      results: null,
      overall_score: null,
    });
    expect(h.ledger.calls).toBe(calls);
    const jobs = (await h.streamEvents<{ evaluation_id: string; attempt: number }>('evaluation.submitted.v1')).filter(
      (x) => x.data.evaluation_id === e.id,
    );
    expect(jobs.map((j) => j.data.attempt)).toEqual([1, 2]);
    const again = await h.app.inject({ method: 'POST', url: `/evaluation/admin/${e.id}/regrade`, headers: adm });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EVALUATION_IN_PROGRESS');
    await publishEvent(h.bus, Events.gradingCompleted, {
      evaluation_id: e.id,
      results: results(28, 34),
      grader: 'builtin',
      processing_ms: 500,
      attempt: 2,
    });
    expect(
      await until(
        () => read(e.id),
        (x) => x.status === 'completed',
      ),
    ).toMatchObject({ overall_score: 28, attempt: 2 });
    expect((await h.app.inject({ method: 'POST', url: `/evaluation/admin/${e.id}/regrade`, headers: me.headers })).statusCode).toBe(403);
  });
});
