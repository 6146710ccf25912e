import { Events, MAX_ESSAY_CHARS, MAX_UPLOAD_BYTES, Messages } from '@corestone/contracts';
import { checkerOf, newId } from '@corestone/service-kit';
import { ESSAY, makeDocx, makePdf, multipart, type FilePart } from './fixtures';
import { startHarness, until, type Harness } from './harness';
import { submissionStatement } from '../src/store/evaluations';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('evs');
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;

function submit(headers: Headers, fields: Record<string, string>, file?: FilePart) {
  const body = multipart(fields, file);
  return h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate-async',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const eeFields = () => ({
  title: 'Solar power in coastal cities',
  essay_type: 'ee',
  rubric_id: h.rubrics.ee.id,
  subject_area: 'Physics',
  include_reflection: 'true',
});
const txt = (text = ESSAY): FilePart => ({ name: 'essay.txt', data: text, contentType: 'text/plain' });

async function rowState(id: string): Promise<string | undefined> {
  const { rows } = await h.db.pool.query<{ status: string }>(`SELECT status FROM evaluations WHERE id = $1`, [id]);
  return rows[0]?.status;
}

describe('POST /evaluation/evaluate-async', () => {
  it('stores a .txt submission as pending, charges one credit and emits evaluation.submitted.v1 with text and rubric', async () => {
    const me = await h.user('student', 3, 'Ann Lee');
    const res = await submit(me.headers, eeFields(), txt());
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      user_id: me.id,
      user_name: 'Ann Lee',
      user_type: 'student',
      submitted_by: 'Ann Lee',
      fileName: 'essay.txt',
      title: 'Solar power in coastal cities',
      essay_type: 'ee',
      subject_area: 'Physics',
      status: 'pending',
      approval_status: 'pending_review',
      overall_score: null,
      rubric_id: h.rubrics.ee.id,
      rubric: h.rubrics.ee,
      extractedWordCount: ESSAY.split(/\s+/).length,
      progress: 0,
      processingTime: null,
      evaluation_time: null,
      error_message: null,
      completed_at: null,
      profiles: { full_name: 'Ann Lee', email: me.email },
      suggestions: [],
      review: { status: 'pending_review', decided_at: null, feedback: null, feedback_at: null, notes: null },
      results: null,
    });
    expect(e.submittedAt).toBe(e.created_at);
    expect(e).not.toHaveProperty('essay_text');
    expect(e).not.toHaveProperty('admin_notes'); // internal to reviewers (issue 28)
    expect(h.ledger.credits.get(me.id)).toBe(2);
    expect(h.ledger.charges.get(e.id)).toBe(me.id);

    const events = (await h.streamEvents<Record<string, unknown>>('evaluation.submitted.v1')).filter((x) => x.data.evaluation_id === e.id);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      user_id: me.id,
      essay_type: 'ee',
      title: e.title,
      subject_area: 'Physics',
      text: ESSAY,
      word_count: e.extractedWordCount,
      rubric: h.rubrics.ee,
    });
    // Postgres builds the job from the row: it is checked here as makeEvent checks what the kit builds.
    expect(checkerOf(Events.evaluationSubmitted.schema).Check(events[0].data)).toBe(true);
    expect(events[0].data).toEqual({ ...events[0].data, evaluation_id: e.id, attempt: 1 });
  });

  it('refuses an essay whose job would not fit one message before anything is written or charged', async () => {
    const me = await h.user('student', 2);
    // 900,000 bytes of text (the first bound), 930,000 once its 30,000 quotes are escaped in the job.
    const text = `${'€'.repeat(29)}"""`.repeat(10_000);
    expect(Buffer.byteLength(text)).toBe(900_000);
    const res = await submit(me.headers, eeFields(), txt(text));
    expect(res.statusCode).toBe(413);
    // 320,000 characters: the answer names the size bound too
    expect(res.json()).toEqual({ code: 'ESSAY_TOO_LONG', detail: expect.stringContaining('about 900 KB') });
    expect(h.ledger.credits.get(me.id)).toBe(2);
    const { rows } = await h.db.pool.query(`SELECT id FROM evaluations WHERE user_id = $1`, [me.id]);
    expect(rows).toEqual([]);
  });

  it('reads real .docx and .pdf files and defaults an empty title by essay type', async () => {
    const me = await h.user('teacher', 5);
    const docx = await submit(
      me.headers,
      { ...eeFields(), title: '' },
      { name: 'Essay.DOCX', data: await makeDocx(['Paragraph one of the essay.', 'Paragraph two.']) },
    );
    expect(docx.statusCode).toBe(201);
    expect(docx.json()).toMatchObject({
      title: 'Extended Essay Submission',
      extractedWordCount: 7,
      user_type: 'teacher',
      fileName: 'Essay.DOCX',
    });
    const pdf = await submit(
      me.headers,
      { essay_type: 'tok', rubric_id: h.rubrics.tok.id },
      { name: 'tok.pdf', data: makePdf(['Knowledge is justified true belief', 'or is it?']), contentType: 'application/pdf' },
    );
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({
      title: 'Theory of Knowledge Submission',
      essay_type: 'tok',
      subject_area: '',
      extractedWordCount: 8,
    });
    const texts = (await h.streamEvents<{ evaluation_id: string; text: string }>('evaluation.submitted.v1'))
      .filter((x) => x.data.evaluation_id === pdf.json().id)
      .map((x) => x.data.text);
    expect(texts).toEqual(['Knowledge is justified true belief\nor is it?']);
  });

  it('admits students and teachers only', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const who = await h.user(role, 5);
      const res = await submit(who.headers, eeFields(), txt());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: Messages.GRADING_ROLE_ONLY, code: 'FORBIDDEN' });
      expect(h.ledger.credits.get(who.id)).toBe(5);
    }
    const anon = await submit({}, eeFields(), txt());
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('UNAUTHENTICATED');
    const bad = await submit({ authorization: 'Bearer not.a.token' }, eeFields(), txt());
    expect(bad.statusCode).toBe(401);
  });

  it('answers bad input with a 4xx envelope, charges nothing and stores nothing visible', async () => {
    const me = await h.user('student', 5);
    const cases: Array<[string, () => ReturnType<typeof submit>, number, string]> = [
      ['missing essay_type', () => submit(me.headers, { rubric_id: h.rubrics.ee.id }, txt()), 400, 'VALIDATION_ERROR'],
      ['wrong essay_type', () => submit(me.headers, { ...eeFields(), essay_type: 'ia' }, txt()), 400, 'VALIDATION_ERROR'],
      ['missing rubric_id', () => submit(me.headers, { essay_type: 'ee' }, txt()), 400, 'VALIDATION_ERROR'],
      ['missing file', () => submit(me.headers, eeFields()), 400, 'VALIDATION_ERROR'],
      [
        'binary named .txt',
        () => submit(me.headers, eeFields(), { name: 'essay.txt', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]) }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'latin-1 named .txt',
        () => submit(me.headers, eeFields(), { name: 'essay.txt', data: Buffer.from('caf\xe9 cr\xe8me', 'latin1') }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      ['text named .pdf', () => submit(me.headers, eeFields(), { name: 'essay.pdf', data: ESSAY }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [
        'broken pdf',
        () => submit(me.headers, eeFields(), { name: 'essay.pdf', data: '%PDF-1.4\nnot really' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'pdf named .docx',
        () => submit(me.headers, eeFields(), { name: 'essay.docx', data: makePdf(['x']) }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      ['.exe', () => submit(me.headers, eeFields(), { name: 'essay.exe', data: ESSAY }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['no extension', () => submit(me.headers, eeFields(), { name: 'essay', data: ESSAY }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['empty file', () => submit(me.headers, eeFields(), txt('')), 400, 'EMPTY_ESSAY'],
      ['whitespace only', () => submit(me.headers, eeFields(), txt(' \n\t \r\n')), 400, 'EMPTY_ESSAY'],
      ['text too long', () => submit(me.headers, eeFields(), txt('a'.repeat(MAX_ESSAY_CHARS + 1))), 413, 'ESSAY_TOO_LONG'],
      ['unknown rubric', () => submit(me.headers, { ...eeFields(), rubric_id: newId() }, txt()), 404, 'RUBRIC_NOT_FOUND'],
      ['non-uuid rubric', () => submit(me.headers, { ...eeFields(), rubric_id: "x' OR 1=1" }, txt()), 404, 'RUBRIC_NOT_FOUND'],
      ['inactive rubric', () => submit(me.headers, { ...eeFields(), rubric_id: h.rubrics.eeDraft.id }, txt()), 404, 'RUBRIC_NOT_FOUND'],
      [
        'rubric of the other type',
        () => submit(me.headers, { ...eeFields(), rubric_id: h.rubrics.tok.id }, txt()),
        400,
        'RUBRIC_TYPE_MISMATCH',
      ],
      ['title too long', () => submit(me.headers, { ...eeFields(), title: 'x'.repeat(501) }, txt()), 400, 'VALIDATION_ERROR'],
    ];
    for (const [name, send, status, code] of cases) {
      const res = await send();
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({ name, status, code });
      expect(typeof res.json().detail).toBe('string');
    }
    // an allowed extension with other content: the message says what is wrong and what to do
    expect((await submit(me.headers, eeFields(), { name: 'essay.txt', data: Buffer.from([0x41, 0x00, 0x42]) })).json().detail).toBe(
      'This file is named .txt but it is not plain text: save the essay as .txt (or as a PDF) and upload that',
    );
    expect((await submit(me.headers, eeFields(), { name: 'essay.docx', data: makePdf(['x']) })).json().detail).toBe(
      'This file is named .docx but its content is not a .docx document: save it again as .docx (or as a PDF) and upload that',
    );

    const json = await h.app.inject({
      method: 'POST',
      url: '/evaluation/evaluate-async',
      headers: me.headers,
      payload: { essay_type: 'ee' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const garbled = await h.app.inject({
      method: 'POST',
      url: '/evaluation/evaluate-async',
      headers: { ...me.headers, 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="essay_type"\r\n\r\nee',
    });
    expect(garbled.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbled.statusCode).toBeLessThan(500);

    expect(h.ledger.credits.get(me.id)).toBe(5);
    const list = (await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers })).json();
    expect(list).toEqual({ evaluations: [], total: 0 });
  });

  it('refuses a file over 20 MB with a clean 413', async () => {
    const me = await h.user('student', 5);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
    const res = await submit(me.headers, eeFields(), { name: 'big.txt', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: Messages.FILE_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
    // exactly at the limit the file is read (and then refused for its text length, not its size)
    const exact = await submit(me.headers, eeFields(), { name: 'big.txt', data: Buffer.alloc(MAX_UPLOAD_BYTES, 0x61) });
    expect(exact.json().code).toBe('ESSAY_TOO_LONG');
    expect(h.ledger.credits.get(me.id)).toBe(5);
  });

  it('answers 403 with the credits message when billing refuses, and never shows the refused row', async () => {
    const me = await h.user('student', 0);
    const res = await submit(me.headers, eeFields(), txt());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: Messages.NO_CREDITS, code: 'INSUFFICIENT_CREDITS' });
    const { rows } = await h.db.pool.query(`SELECT status, essay_text FROM evaluations WHERE user_id = $1`, [me.id]);
    expect(rows).toEqual([{ status: 'refused', essay_text: null }]);
    expect((await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers })).json().total).toBe(0);
  });

  it('accepts exactly one of several concurrent uploads when one credit is left', async () => {
    const me = await h.user('student', 1);
    // four different essays: each reaches billing, which has one credit to give (the same essay twice
    // may meet the first still being charged: 409, tested below)
    const results = await Promise.all([1, 2, 3, 4].map((i) => submit(me.headers, eeFields(), txt(`${ESSAY}\nEssay ${i}.`))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 403, 403, 403]);
    expect(h.ledger.credits.get(me.id)).toBe(0);
    const list = (await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers })).json();
    expect(list.total).toBe(1);
    expect(list.evaluations[0].id).toBe(results.find((r) => r.statusCode === 201)!.json().id);
    const submitted = (await h.streamEvents<{ user_id: string }>('evaluation.submitted.v1')).filter((x) => x.data.user_id === me.id);
    expect(submitted).toHaveLength(1);
  });

  it('the same essay uploaded four times at once is accepted once and charged once', async () => {
    const me = await h.user('student', 3);
    const results = await Promise.all([1, 2, 3, 4].map(() => submit(me.headers, eeFields(), txt(`${ESSAY}\nOnly once.`))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    // the others met the first being charged, or already charged and waiting to be graded
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(['SUBMISSION_AWAITING_CREDIT', 'SUBMISSION_IN_PROGRESS']).toContain(r.json().code);
    }
    expect(h.ledger.credits.get(me.id)).toBe(2);
    const { rows } = await h.db.pool.query(`SELECT status FROM evaluations WHERE user_id = $1`, [me.id]);
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('the same essay again while the first is being graded is refused (409) and charges nothing', async () => {
    const me = await h.user('student', 3);
    const first = await submit(me.headers, eeFields(), txt(`${ESSAY}\nWhile graded.`));
    expect(first.json().status).toBe('pending');
    for (const state of ['pending', 'processing']) {
      await h.db.pool.query(`UPDATE evaluations SET status = $2 WHERE id = $1`, [first.json().id, state]);
      const again = await submit(me.headers, eeFields(), txt(`${ESSAY}\nWhile graded.`));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'SUBMISSION_IN_PROGRESS', detail: Messages.SUBMISSION_IN_PROGRESS });
    }
    expect(h.ledger.credits.get(me.id)).toBe(2);
    // another essay is a submission of its own; so is this one once its grading failed (credit refunded)
    expect((await submit(me.headers, eeFields(), txt(`${ESSAY}\nSomething else.`))).statusCode).toBe(201);
    await h.db.pool.query(`UPDATE evaluations SET status = 'failed' WHERE id = $1`, [first.json().id]);
    expect((await submit(me.headers, eeFields(), txt(`${ESSAY}\nWhile graded.`))).statusCode).toBe(201);
    expect(h.ledger.credits.get(me.id)).toBe(0);
  });
});

describe('charging sweeper', () => {
  const insertCharging = async (userId: string, id = newId()) => {
    await h.store.insertCharging({
      id,
      user_id: userId,
      user_name: 'Crash Test',
      user_email: 'c@example.com',
      user_type: 'student',
      file_name: 'essay.txt',
      title: 'Left behind',
      essay_type: 'ee',
      subject_area: '',
      rubric: h.rubrics.ee,
      essay_text: ESSAY,
      word_count: 40,
      content_key: `crash-${id}`,
    });
    return id;
  };

  it('completes a row left charging by a crash before the charge, exactly once even with two sweepers', async () => {
    const me = await h.user('student', 2);
    const id = await insertCharging(me.id); // the process "died" right after step 1
    expect((await h.app.inject({ url: `/evaluation/${id}`, headers: me.headers })).statusCode).toBe(404);
    // a row younger than SWEEP_AFTER_MS is left alone
    expect(await h.charging.sweepOnce(60_000)).toEqual({ completed: 0, refused: 0, unavailable: 0 });
    const [a, b] = await Promise.all([h.charging.sweepOnce(0), h.charging.sweepOnce(0)]);
    expect(a.completed + b.completed).toBe(1);
    expect(await rowState(id)).toBe('pending');
    expect(h.ledger.credits.get(me.id)).toBe(1);
    expect((await h.charging.sweepOnce(0)).completed).toBe(0);
    expect(
      (await h.streamEvents<{ evaluation_id: string }>('evaluation.submitted.v1')).filter((x) => x.data.evaluation_id === id),
    ).toHaveLength(1);
    const got = await h.app.inject({ url: `/evaluation/${id}`, headers: me.headers });
    expect(got.json()).toMatchObject({ id, status: 'pending', title: 'Left behind' });
  });

  it('writes one job when the request and the sweeper settle the same row together', async () => {
    const me = await h.user('student', 2);
    const id = await insertCharging(me.id);
    // Whichever comes second finds the row settled (the request answers null, the sweeper skips it).
    const [mine] = await Promise.all([h.charging.complete(id, 1, id), h.charging.sweepOnce(0)]);
    if (mine) expect(mine).toMatchObject({ id, status: 'pending' });
    expect(await rowState(id)).toBe('pending');
    const jobs = (await h.streamEvents<{ evaluation_id: string }>('evaluation.submitted.v1')).filter((x) => x.data.evaluation_id === id);
    expect(jobs.map((x) => x.data)).toEqual([
      expect.objectContaining({ evaluation_id: id, user_id: me.id, title: 'Left behind', text: ESSAY, word_count: 40, attempt: 1 }),
    ]);
    // Settled: a late request changes nothing.
    expect(await h.charging.complete(id, 1, id)).toBeNull();
  });

  it('completes a submission whose charge reply was lost without charging twice', async () => {
    const me = await h.user('student', 2);
    h.ledger.loseReplies = true;
    let res;
    try {
      res = await submit(me.headers, eeFields(), txt());
    } finally {
      h.ledger.loseReplies = false;
    }
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'CREDIT_UNCONFIRMED', detail: Messages.CREDIT_UNCONFIRMED });
    expect(h.ledger.credits.get(me.id)).toBe(1); // billing did charge
    const { rows } = await h.db.pool.query<{ id: string; status: string }>(`SELECT id, status FROM evaluations WHERE user_id = $1`, [
      me.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('charging');
    expect((await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers })).json().total).toBe(0);

    const callsBefore = h.ledger.calls;
    expect((await h.charging.sweepOnce(0)).completed).toBe(1);
    expect(h.ledger.calls).toBe(callsBefore + 1); // asked again…
    expect(h.ledger.credits.get(me.id)).toBe(1); // …and not charged again
    expect(await rowState(rows[0].id)).toBe('pending');
    expect(
      (await h.streamEvents<{ evaluation_id: string }>('evaluation.submitted.v1')).filter((x) => x.data.evaluation_id === rows[0].id),
    ).toHaveLength(1);
    expect((await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers })).json().total).toBe(1);
  });

  it('leaves rows charging while billing is unreachable and settles them when it is back', async () => {
    const me = await h.user('student', 1);
    await h.billingDown();
    let id: string;
    try {
      const res = await submit(me.headers, eeFields(), txt());
      expect(res.statusCode).toBe(503);
      const { rows } = await h.db.pool.query<{ id: string }>(`SELECT id FROM evaluations WHERE user_id = $1 AND status = 'charging'`, [
        me.id,
      ]);
      expect(rows).toHaveLength(1);
      id = rows[0].id;
      expect(await h.charging.sweepOnce(0)).toMatchObject({ completed: 0, unavailable: 1 });
      expect(await rowState(id)).toBe('charging');
    } finally {
      h.billingUp();
      await h.bus.nc.flush();
    }
    expect((await h.charging.sweepOnce(0)).completed).toBeGreaterThanOrEqual(1);
    expect(await rowState(id!)).toBe('pending');
    expect(h.ledger.credits.get(me.id)).toBe(0);
  });

  it('a resubmission of an essay still awaiting its credit is refused (409) and charges nothing more', async () => {
    const me = await h.user('student', 2);
    await h.billingDown();
    try {
      const first = await submit(me.headers, eeFields(), txt());
      expect(first.statusCode).toBe(503);
      expect(first.json().code).toBe('CREDIT_UNCONFIRMED');
      // the student does what a failure invites: the same essay again, twice
      for (let i = 0; i < 2; i++) {
        const again = await submit(me.headers, eeFields(), txt());
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ code: 'SUBMISSION_AWAITING_CREDIT', detail: Messages.SUBMISSION_AWAITING_CREDIT });
      }
      // another essay is a submission of its own
      expect((await submit(me.headers, eeFields(), txt(`${ESSAY}\nA different essay.`))).statusCode).toBe(503);
    } finally {
      h.billingUp();
      await h.bus.nc.flush();
    }
    const { rows } = await h.db.pool.query(`SELECT id FROM evaluations WHERE user_id = $1`, [me.id]);
    expect(rows).toHaveLength(2);
    expect((await h.charging.sweepOnce(0)).completed).toBe(2);
    expect(h.ledger.credits.get(me.id)).toBe(0); // two essays, two credits: none for the resubmissions
    // once charged, the same essay is being graded: still not a submission of its own
    const again = await submit(me.headers, eeFields(), txt());
    expect(again.json()).toEqual({ code: 'SUBMISSION_IN_PROGRESS', detail: Messages.SUBMISSION_IN_PROGRESS });
  });

  it('marks a row refused when billing refuses on the sweep', async () => {
    const me = await h.user('student', 0);
    const id = await insertCharging(me.id);
    expect(await h.charging.sweepOnce(0)).toMatchObject({ refused: 1, completed: 0 });
    expect(await rowState(id)).toBe('refused');
    expect((await h.app.inject({ url: `/evaluation/${id}`, headers: me.headers })).statusCode).toBe(404);
    expect((await h.charging.sweepOnce(0)).refused).toBe(0);
  });

  it('runs on its own timer', async () => {
    const me = await h.user('student', 1);
    const id = await insertCharging(me.id);
    const sweeper = h.charging.startSweeper(20, 0);
    try {
      expect(
        await until(
          () => rowState(id),
          (s) => s === 'pending',
        ),
      ).toBe('pending');
    } finally {
      await sweeper.stop();
    }
  });
});

describe("a submission's look-ups of the same essay", () => {
  type PlanNode = {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Rows Removed by Filter'?: number;
    'Index Cond'?: string;
    'Recheck Cond'?: string;
    Plans?: PlanNode[];
  };
  /** Every scan of `evaluations` in a plan: what its index looked up and the rows it read (kept + filtered out). */
  function evaluationScans(node: PlanNode, into: Array<{ type: string; cond?: string; read: number }> = []) {
    if (node['Relation Name'] === 'evaluations' && node['Node Type'].endsWith('Scan')) {
      const read = ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
      into.push({ type: node['Node Type'], cond: node['Index Cond'] ?? node['Recheck Cond'], read });
    }
    for (const child of node.Plans ?? []) evaluationScans(child, into);
    return into;
  }

  it('read only rows of that essay, however many submissions the user has and whatever the statistics say', async () => {
    const me = await h.user('teacher', 0);
    const submitter = { user_id: me.id, email: me.email, name: me.name, role: 'teacher' };
    const essay = (content_key: string) => ({
      id: newId(),
      user_id: me.id,
      user_name: me.name,
      user_email: me.email,
      user_type: 'teacher' as const,
      file_name: 'essay.txt',
      title: 'Lookups',
      essay_type: 'ee' as const,
      subject_area: '',
      rubric: h.rubrics.ee,
      essay_text: ESSAY,
      word_count: 40,
      content_key,
    });
    /** The plan of the submission statement for `key`, planned as `mode` in a transaction rolled back. */
    async function plan(key: string, mode: string, analyze: boolean): Promise<PlanNode> {
      const client = await h.db.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL plan_cache_mode = ${mode}`);
        const { text, values } = submissionStatement(essay(key), submitter, 'builtin');
        const { rows } = await client.query({ text: `EXPLAIN (ANALYZE ${analyze}, FORMAT JSON) ${text}`, values });
        return rows[0]['QUERY PLAN'][0].Plan;
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    }
    /** The user's earlier submissions `from`…`to` (one in forty still being graded), written at once: no statistics. */
    const seed = (from: number, to: number) =>
      h.db.pool.query(
        `INSERT INTO evaluations (id, user_id, user_type, file_name, title, essay_type, status, rubric_id, rubric, content_key, grader, results, completed_at)
         SELECT gen_random_uuid(), $1, 'teacher', 'e.txt', 'Essay ' || i, 'ee', CASE WHEN i % 40 = 0 THEN 'pending' ELSE 'completed' END,
           $2, '{}', 'key-' || i, 'builtin', CASE WHEN i % 40 = 0 THEN NULL ELSE '{}'::jsonb END, now()
         FROM generate_series($3::int, $4::int) i`,
        [me.id, h.rubrics.ee.id, from, to],
      );
    // A prepared statement keeps the generic plan it made while the table was small: both look-ups
    // must look the essay up in an index whatever the table's size, or every later upload reads all
    // the user's rows (with (user_id, content_key) indexes, Postgres chose (user_id, created_at) at
    // a few hundred rows).
    for (const [from, to] of [
      [1, 0],
      [1, 300],
    ]) {
      await seed(from, to);
      const scans = evaluationScans(await plan('key-new', 'force_generic_plan', false));
      expect(scans).toHaveLength(2);
      for (const scan of scans) expect(scan.cond).toContain('content_key');
    }
    await seed(301, 2000);
    // a new essay, one graded before (carried), one being graded (refused as in flight); planned for
    // these values and once for any values (a prepared statement's generic plan)
    for (const key of ['key-new', 'key-7', 'key-40']) {
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        const scans = evaluationScans(await plan(key, mode, true));
        expect(scans.length).toBeGreaterThan(0);
        for (const scan of scans) expect({ key, mode, ...scan, read: scan.read <= 2 }).toEqual({ key, mode, ...scan, read: true });
      }
    }
  });
});
