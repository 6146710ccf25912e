import { Events, Messages, type Evaluation } from '@corestone/contracts';
import { publishEvent } from '@corestone/service-kit';
import { extractText } from '@corestone/documents';
import { ESSAY, multipart } from './fixtures';
import { results, startHarness, until, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('evl');
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;

async function submit(headers: Headers, text = ESSAY) {
  const body = multipart(
    { title: 'Lifecycle essay', essay_type: 'ee', rubric_id: h.rubrics.ee.id, subject_area: 'Biology' },
    { name: 'essay.txt', data: text },
  );
  return h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate-async',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
async function submitted(headers: Headers, text = ESSAY): Promise<Evaluation> {
  const res = await submit(headers, text);
  expect(res.statusCode).toBe(201);
  return res.json();
}
const read = async (id: string, headers: Headers): Promise<Evaluation> =>
  (await h.app.inject({ url: `/evaluation/${id}`, headers })).json();
const retry = (id: string, headers: Headers) => h.app.inject({ method: 'POST', url: `/evaluation/${id}/retry`, headers });
const fail = (id: string, attempt?: number) =>
  publishEvent(h.bus, Events.gradingFailed, {
    evaluation_id: id,
    code: 'GRADER_ERROR',
    reason: 'The grader gave up',
    ...(attempt ? { attempt } : {}),
  });
const complete = (id: string, total: number, attempt?: number) =>
  publishEvent(h.bus, Events.gradingCompleted, {
    evaluation_id: id,
    results: results(total, 34),
    grader: 'builtin',
    processing_ms: 1200,
    ...(attempt ? { attempt } : {}),
  });

async function failed(headers: Headers): Promise<Evaluation> {
  const e = await submitted(headers);
  await fail(e.id);
  return until(
    () => read(e.id, headers),
    (x) => x.status === 'failed',
  );
}

describe('POST /evaluation/{id}/retry', () => {
  it('grades a failed evaluation again under a new charge key, ignoring the earlier attempt', async () => {
    const me = await h.user('student', 3);
    const e = await failed(me.headers);
    expect(h.ledger.credits.get(me.id)).toBe(2); // the harness ledger does not refund; billing does on evaluation.failed.v1
    const failedEvent = (await h.streamEvents<{ evaluation_id: string; charge_key: string }>('evaluation.failed.v1')).find(
      (x) => x.data.evaluation_id === e.id,
    );
    expect(failedEvent?.data.charge_key).toBe(e.id);

    const res = await retry(e.id, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: e.id, status: 'pending', attempt: 2, error_message: null, progress: 0, results: null });
    expect(h.ledger.charges.get(`${e.id}#2`)).toBe(me.id);
    expect(h.ledger.credits.get(me.id)).toBe(1);
    const jobs = (await h.streamEvents<{ evaluation_id: string; attempt: number }>('evaluation.submitted.v1')).filter(
      (x) => x.data.evaluation_id === e.id,
    );
    expect(jobs.map((j) => j.data.attempt)).toEqual([1, 2]);

    // a late event of attempt 1 changes nothing; attempt 2's result lands
    await fail(e.id);
    await complete(e.id, 20); // no attempt named = attempt 1
    await complete(e.id, 26, 2);
    const done = await until(
      () => read(e.id, me.headers),
      (x) => x.status === 'completed',
    );
    expect(done).toMatchObject({ overall_score: 26, attempt: 2 });
    const again = await retry(e.id, me.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: Messages.RETRY_ONLY_FAILED, code: 'EVALUATION_NOT_FAILED' });
  });

  it('a retry that fails again is refunded under its own key', async () => {
    const me = await h.user('teacher', 3);
    const e = await failed(me.headers);
    expect((await retry(e.id, me.headers)).statusCode).toBe(200);
    await fail(e.id, 2);
    await until(
      () => read(e.id, me.headers),
      (x) => x.status === 'failed',
    );
    const events = (await h.streamEvents<{ evaluation_id: string; charge_key: string }>('evaluation.failed.v1')).filter(
      (x) => x.data.evaluation_id === e.id,
    );
    expect(events.map((x) => x.data.charge_key)).toEqual([e.id, `${e.id}#2`]);
  });

  it('with no credit left: 403 and the evaluation stays failed as it was', async () => {
    const me = await h.user('student', 1);
    const e = await failed(me.headers);
    const res = await retry(e.id, me.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: Messages.NO_CREDITS, code: 'INSUFFICIENT_CREDITS' });
    expect(await read(e.id, me.headers)).toMatchObject({ status: 'failed', attempt: 1, error_message: 'The grader gave up' });
    h.ledger.credits.set(me.id, 1); // bought a pack
    expect((await retry(e.id, me.headers)).json()).toMatchObject({ status: 'pending', attempt: 2 });
  });

  it('billing not answering: 503, the retry shows as pending and the sweeper finishes it with one charge', async () => {
    const me = await h.user('student', 2);
    const e = await failed(me.headers);
    await h.billingDown();
    try {
      const res = await retry(e.id, me.headers);
      expect(res.statusCode).toBe(503);
      expect(await read(e.id, me.headers)).toMatchObject({ status: 'pending', attempt: 2 });
    } finally {
      h.billingUp();
      await h.bus.nc.flush();
    }
    expect((await h.charging.sweepOnce(0)).completed).toBeGreaterThanOrEqual(1);
    expect(h.ledger.charges.get(`${e.id}#2`)).toBe(me.id);
    expect(h.ledger.credits.get(me.id)).toBe(0);
    expect(await read(e.id, me.headers)).toMatchObject({ status: 'pending', attempt: 2 });
  });

  it('role matrix: 404 for other users, 403 for an admin, 401 anonymous, 409 while pending', async () => {
    const me = await h.user('student', 3);
    const e = await failed(me.headers);
    expect((await retry(e.id, (await h.user('student')).headers)).statusCode).toBe(404);
    expect((await retry(e.id, (await h.user('teacher')).headers)).statusCode).toBe(404);
    expect((await retry(e.id, (await h.user('admin')).headers)).statusCode).toBe(403);
    expect((await retry(e.id, (await h.user('super_admin')).headers)).statusCode).toBe(403);
    expect((await retry(e.id, {})).statusCode).toBe(401);
    expect((await retry('not-a-uuid', me.headers)).statusCode).toBe(404);
    const pending = await submitted(me.headers, `${ESSAY}\nAnother one.`);
    expect((await retry(pending.id, me.headers)).statusCode).toBe(409);
    expect(h.ledger.charges.has(`${e.id}#2`)).toBe(false);
  });
});

describe('GET /evaluation/{id}/download-pdf', () => {
  it('is a real PDF report with grade, points, every criterion, summary and next steps', async () => {
    const me = await h.user('student', 2, 'Zoë Ørsted');
    const e = await submitted(me.headers, `${ESSAY}\nFor the report.`);
    await complete(e.id, 24);
    await until(
      () => read(e.id, me.headers),
      (x) => x.status === 'completed',
    );
    const res = await h.app.inject({ url: `/evaluation/${e.id}/download-pdf`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Lifecycle-essay-report.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await extractText('pdf', res.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'Essay Evaluation Report',
      'Lifecycle essay',
      'Zoë Ørsted',
      'Extended Essay',
      'Biology',
      '24 / 34 points',
      '71% · Good',
      'A · Focus',
      'Band: Good',
      'Clear focus.',
      'A solid essay.',
      'Next steps',
      'Refine the research question',
      'Add counter-claims',
      'Page 1 of',
    ]) {
      expect(text).toContain(expected);
    }
    const admin = await h.app.inject({ url: `/evaluation/${e.id}/download-pdf`, headers: (await h.user('admin')).headers });
    expect(admin.statusCode).toBe(200);
  });

  it('404 for other users, 409 before completion, 401 anonymous', async () => {
    const me = await h.user('student', 2);
    const e = await submitted(me.headers, `${ESSAY}\nNot yet graded.`);
    const url = `/evaluation/${e.id}/download-pdf`;
    expect((await h.app.inject({ url, headers: (await h.user('student')).headers })).statusCode).toBe(404);
    const early = await h.app.inject({ url, headers: me.headers });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: Messages.REPORT_NOT_READY, code: 'EVALUATION_NOT_COMPLETED' });
    expect((await h.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('an unchanged re-submission carries the stored result at no charge', () => {
  it('reuses only for the same user, text and rubric', async () => {
    const me = await h.user('student', 3);
    const text = `${ESSAY}\nReuse me.`;
    const first = await submitted(me.headers, text);
    await complete(first.id, 22);
    await until(
      () => read(first.id, me.headers),
      (x) => x.status === 'completed',
    );
    const calls = h.ledger.calls;

    const again = await submitted(me.headers, text);
    expect(again).toMatchObject({ status: 'completed', overall_score: 22, reused_from: first.id, progress: 100, results: results(22, 34) });
    expect(again.id).not.toBe(first.id);
    expect(h.ledger.calls).toBe(calls);
    expect(h.ledger.credits.get(me.id)).toBe(2);
    const jobs = (await h.streamEvents<{ evaluation_id: string }>('evaluation.submitted.v1')).filter(
      (x) => x.data.evaluation_id === again.id,
    );
    expect(jobs).toHaveLength(0);

    expect((await submitted(me.headers, `${text} Changed.`)).status).toBe('pending');
    const other = await h.user('student', 1);
    expect((await submitted(other.headers, text)).status).toBe('pending');
    expect(h.ledger.credits.get(me.id)).toBe(1);
  });
});

describe('POST /evaluation/evaluate (essay as text)', () => {
  const fields = () => ({ title: 'Typed essay', essay_type: 'ee', rubric_id: h.rubrics.ee.id });

  it('accepts multipart and JSON, charging one credit each', async () => {
    const me = await h.user('student', 2);
    const body = multipart({ ...fields(), essay_content: '  Typed essay text\r\nwith two lines ' });
    const res = await h.app.inject({
      method: 'POST',
      url: '/evaluation/evaluate',
      headers: { ...me.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', fileName: 'essay_content.txt', extractedWordCount: 6, title: 'Typed essay' });
    const json = await h.app.inject({
      method: 'POST',
      url: '/evaluation/evaluate',
      headers: me.headers,
      payload: { ...fields(), essay_content: 'Another typed essay.' },
    });
    expect(json.statusCode).toBe(201);
    expect(h.ledger.credits.get(me.id)).toBe(0);
  });

  it('refuses missing or empty text and admins', async () => {
    const me = await h.user('student', 2);
    const post = (payload: object, headers = me.headers) => h.app.inject({ method: 'POST', url: '/evaluation/evaluate', headers, payload });
    expect((await post(fields())).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await post({ ...fields(), essay_content: ' \n ' })).json()).toEqual({ detail: Messages.EMPTY_ESSAY, code: 'EMPTY_ESSAY' });
    expect((await post({ ...fields(), essay_content: 'x', essay_type: 'ia' })).statusCode).toBe(400);
    expect((await post({ ...fields(), essay_content: 'x' }, (await h.user('admin')).headers)).statusCode).toBe(403);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/evaluation/evaluate',
          headers: { ...me.headers, 'content-type': 'text/plain' },
          payload: 'hi',
        })
      ).statusCode,
    ).toBe(415);
    expect(h.ledger.credits.get(me.id)).toBe(2);
  });
});
