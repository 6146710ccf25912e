import { Events, Messages, type Evaluation } from '@corestone/contracts';
import { newId, serveRpc } from '@corestone/service-kit';
import { Rpc } from '@corestone/contracts';
import { ESSAY, JOB_FIELDS, expectExactly } from './fixtures';
import { results, startHarness, type Harness } from './harness';
import { GraderInForce } from '../src/peers/grader-in-force';

/** What the student states in the upload wizard travels with the submission (issue 28 §4). */
let h: Harness;
beforeAll(async () => {
  h = await startHarness('evd');
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;

const submit = (headers: Headers, fields: Record<string, string>, text = ESSAY) =>
  h.submitEssay(headers, fields, { name: 'essay.txt', data: text, contentType: 'text/plain' });
const ee = (extra: Record<string, string> = {}) => ({
  title: 'Coastal renewables',
  essay_type: 'ee',
  rubric_id: h.rubrics.ee.id,
  subject_area: 'Physics',
  include_reflection: 'true',
  ...extra,
});
const read = async (id: string, headers: Headers): Promise<Evaluation> =>
  (await h.app.inject({ url: `/evaluation/${id}`, headers })).json();
const jobOf = async (id: string) =>
  (await h.streamEvents<Record<string, unknown>>(Events.evaluationSubmitted.subject)).filter((e) => e.data.evaluation_id === id);

const RQ = 'To what extent does the use of renewable energy reduce carbon emissions in coastal cities?';

describe('the stated research question, title, citation style, areas of knowledge and context', () => {
  it('are stored with an EE submission, returned with it, and given to the grader in the job', async () => {
    const me = await h.user('student', 3);
    const res = await submit(
      me.headers,
      ee({
        research_question: `  ${RQ}  `,
        citation_style: 'APA',
        additional_context: 'My supervisor asked me to focus on Lisbon.',
        prescribed_title: 'A TOK field the EE wizard never sends', // not an EE field: dropped
        aok_focus: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    const stated = { research_question: RQ, citation_style: 'APA', additional_context: 'My supervisor asked me to focus on Lisbon.' };
    expect(res.json().submission_details).toEqual(stated);
    expect((await read(res.json().id, me.headers)).submission_details).toEqual(stated);

    const [job] = await jobOf(res.json().id);
    expect(job.data).toMatchObject(stated);
    expect(job.data).not.toHaveProperty('prescribed_title');
    expect(job.data).not.toHaveProperty('aok_focus');
    expect(job.data.text).toBe(ESSAY.trim());

    // lists stay small: the details are on the evaluation, not on list rows
    const list = (await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers })).json();
    expect(list.evaluations[0]).not.toHaveProperty('submission_details');
  });

  it('are kept for a TOK essay (prescribed title, areas of knowledge) and sent again when an admin regrades', async () => {
    const me = await h.user('student', 3);
    const res = await submit(me.headers, {
      title: 'Knowledge and certainty',
      essay_type: 'tok',
      rubric_id: h.rubrics.tok.id,
      include_reflection: 'true',
      prescribed_title: 'Title 3: Is certainty possible?',
      aok_focus: 'History, Natural Sciences',
      research_question: 'An EE field', // dropped
    });
    expect(res.statusCode).toBe(201);
    const e = res.json() as Evaluation;
    const stated = { prescribed_title: 'Title 3: Is certainty possible?', aok_focus: 'History, Natural Sciences' };
    expect(e.submission_details).toEqual(stated);

    await h.completeGrading(e.id, results(7, 10));
    const admin = await h.user('admin');
    expect((await h.app.inject({ method: 'POST', url: `/evaluation/admin/${e.id}/regrade`, headers: admin.headers })).statusCode).toBe(200);
    const jobs = await jobOf(e.id);
    expect(jobs).toHaveLength(2);
    expect(jobs[1].data).toMatchObject({ ...stated, attempt: 2 });
    expect(jobs[1].data).not.toHaveProperty('research_question');
  });

  it('leave the job without any of the fields when nothing was stated (never null)', async () => {
    const me = await h.user('student', 3);
    const res = await submit(me.headers, ee({ research_question: '   ' }), `${ESSAY}\nNothing stated.`);
    expect(res.statusCode).toBe(201);
    expect(res.json().submission_details).toEqual({});
    const [job] = await jobOf(res.json().id);
    for (const k of ['research_question', 'prescribed_title', 'citation_style', 'aok_focus', 'additional_context']) {
      expect(job.data).not.toHaveProperty(k);
    }
  });

  it('refuses fields longer than their limits (400, nothing charged)', async () => {
    const me = await h.user('student', 3);
    const res = await submit(me.headers, ee({ research_question: 'x'.repeat(1001) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(h.ledger.credits.get(me.id)).toBe(3);
  });

  it('make another statement another grading: a changed research question is not given the stored result', async () => {
    const me = await h.user('student', 5);
    const text = `${ESSAY}\nStated twice.`;
    const first = (await submit(me.headers, ee({ research_question: RQ }), text)).json() as Evaluation;
    await h.completeGrading(first.id, results(20, 34));
    const same = (await submit(me.headers, ee({ research_question: RQ }), text)).json() as Evaluation;
    expect(same).toMatchObject({ status: 'completed', reused_from: first.id, submission_details: { research_question: RQ } });
    const other = (await submit(me.headers, ee({ research_question: 'How do tides affect offshore wind output?' }), text)).json();
    expect(other).toMatchObject({ status: 'pending', reused_from: null });
    expect(h.ledger.credits.get(me.id)).toBe(3);
  });
});

describe('the grading job Postgres builds from the row (evaluation.submitted.v1: QUEUE_SUBMITTED) against its contract', () => {
  it('of a submission with nothing stated: its required fields and the attempt, nothing else', async () => {
    const me = await h.user('student', 3);
    const res = await submit(me.headers, ee({ title: 'Plain job' }));
    expect(res.statusCode).toBe(201);
    const [job] = await jobOf(res.json().id);
    expectExactly(Events.evaluationSubmitted.schema, job.data, JOB_FIELDS);
    expect(job.data).toMatchObject({ evaluation_id: res.json().id, user_id: me.id, attempt: 1, rubric: h.rubrics.ee });
  });

  it('of an EE with everything stated, and of its regrade: the stated fields too, nothing else', async () => {
    const me = await h.user('student', 3);
    const stated = { research_question: 'Does "quoting" survive?', citation_style: 'MLA', additional_context: 'Line one\nline two' };
    const res = await submit(me.headers, ee({ title: 'Stated job', ...stated }));
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const [job] = await jobOf(id);
    expectExactly(Events.evaluationSubmitted.schema, job.data, [...JOB_FIELDS, ...Object.keys(stated)]);
    expect(job.data).toMatchObject(stated);

    await h.completeGrading(id, results(20, 34), 10);
    expect(await h.store.markRegrade(h.db.pool, id)).toBe(true);
    const [, again] = await jobOf(id);
    expectExactly(Events.evaluationSubmitted.schema, again.data, [...JOB_FIELDS, ...Object.keys(stated)]);
    expect(again.data).toEqual({ ...job.data, attempt: 2 });
  });

  it('of a TOK essay: its prescribed title and areas of knowledge', async () => {
    const me = await h.user('student', 3);
    const stated = { prescribed_title: 'Title 2: Is certainty possible?', aok_focus: 'History, Natural Sciences' };
    const res = await submit(me.headers, { title: 'TOK job', essay_type: 'tok', rubric_id: h.rubrics.tok.id, ...stated });
    expect(res.statusCode).toBe(201);
    const [job] = await jobOf(res.json().id);
    expectExactly(Events.evaluationSubmitted.schema, job.data, [...JOB_FIELDS, ...Object.keys(stated)]);
    expect(job.data).toMatchObject({ essay_type: 'tok', ...stated });
  });
});

describe('include_reflection', () => {
  it('accepts true (the spec client always sends it) and refuses anything else with the reason', async () => {
    const me = await h.user('student', 3);
    expect((await submit(me.headers, ee({ include_reflection: 'TRUE' }), `${ESSAY}\nReflection one.`)).statusCode).toBe(201);
    const refused = await submit(me.headers, ee({ include_reflection: 'false' }), `${ESSAY}\nReflection two.`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: Messages.REFLECTION_ALWAYS_GRADED, code: 'VALIDATION_ERROR' });
    expect(h.ledger.credits.get(me.id)).toBe(2);
  });
});

describe('the grader in force (rpc.grading.grader)', () => {
  it('is asked of grading, kept for a while, asked again later, and unknown (null) when grading does not answer', async () => {
    let now = 1_000_000;
    let asked = 0;
    const answers = ['builtin', 'openai'];
    const subject = { ...Rpc.gradingGrader, subject: 'rpc.grading.grader_test' as const };
    const sub = serveRpc(h.bus, subject, async () => ({ grader: answers[asked++ % 2]! }), h.app.log);
    // 2 s: an answering grader must not look silent on a busy machine (no responder fails at once anyway)
    const inForce = new GraderInForce({ bus: h.bus, log: h.app.log, timeoutMs: 2_000, now: () => now, rpc: subject });
    expect(await Promise.all([inForce.current(), inForce.current()])).toEqual(['builtin', 'builtin']);
    expect(asked).toBe(1); // one question for both
    now += 29_000;
    expect(await inForce.current()).toBe('builtin');
    now += 2_000;
    expect(await inForce.current()).toBe('openai');
    sub.unsubscribe();
    await h.bus.nc.flush();
    now += 31_000;
    expect(await inForce.current()).toBeNull();
  });

  it('decides re-submission reuse: a result by another grader is not carried', async () => {
    const me = await h.user('student', 5);
    const text = `${ESSAY}\nGraded by the built-in grader.`;
    const first = (await submit(me.headers, ee(), text)).json() as Evaluation;
    await h.completeGrading(first.id, results(20, 34));
    // the service asks grading (harness stand-in: builtin) → carried
    expect((await submit(me.headers, ee(), text)).json()).toMatchObject({ status: 'completed', reused_from: first.id });

    // the statement the submission runs, with each answer about the grader in force
    const { rows } = await h.db.pool.query<{ content_key: string }>('SELECT content_key FROM evaluations WHERE id = $1', [first.id]);
    const again = (grader: string | null) =>
      h.store.insertSubmission(
        {
          id: newId(),
          user_id: me.id,
          user_name: me.name,
          user_email: me.email,
          user_type: 'student',
          file_name: 'essay.txt',
          title: 'Coastal renewables',
          essay_type: 'ee',
          subject_area: 'Physics',
          rubric: h.rubrics.ee,
          word_count: 10,
          essay_text: text,
          content_key: rows[0]!.content_key,
        },
        { user_id: me.id, email: me.email, name: me.name, role: 'student' },
        grader,
      );
    const dropCharging = () => h.db.pool.query(`DELETE FROM evaluations WHERE user_id = $1 AND status = 'charging'`, [me.id]);
    expect((await again('builtin')).reusedFrom).not.toBeNull(); // the latest completed one (the carried copy)
    expect(await again('openai')).toEqual({ reusedFrom: null, inFlight: null }); // written to be charged and graded
    await dropCharging();
    expect(await again(null)).toEqual({ reusedFrom: null, inFlight: null }); // grading did not say: graded anew
    await dropCharging();
  });
});
