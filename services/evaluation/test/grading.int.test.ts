import type { AddressInfo } from 'node:net';
import { Events, Messages, type Evaluation } from '@corestone/contracts';
import { ensureStream, makeEvent, newId, publishEvent, type Bus } from '@corestone/service-kit';
import { handleGradingEvent, type StreamPosition } from '../src/messaging/grading';
import { ESSAY, expectExactly, multipart } from './fixtures';
import { results, startHarness, until, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('evg');
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;

/** Essays of different titles are different essays (the same essay again while it is graded is refused). */
async function submitted(headers: Headers, essay_type: 'ee' | 'tok' = 'ee', title = 'An essay'): Promise<Evaluation> {
  const body = multipart(
    { title, essay_type, rubric_id: essay_type === 'ee' ? h.rubrics.ee.id : h.rubrics.tok.id, subject_area: 'History' },
    { name: 'essay.txt', data: `${ESSAY}\n${title}` },
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

const get = (id: string, headers: Headers) => h.app.inject({ url: `/evaluation/${id}`, headers });
const read = async (id: string, headers: Headers): Promise<Evaluation> => (await get(id, headers)).json();

describe('grading events', () => {
  it('moves an evaluation through processing to completed, stores results and emits evaluation.completed.v1', async () => {
    const me = await h.user('student', 5);
    const e = await submitted(me.headers);
    await publishEvent(h.bus, Events.gradingProgress, { evaluation_id: e.id, stage: 'analysing', percent: 40 });
    const processing = await until(
      () => read(e.id, me.headers),
      (x) => x.progress === 40,
    );
    expect(processing).toMatchObject({ status: 'processing', progress: 40 });

    await publishEvent(h.bus, Events.gradingCompleted, {
      evaluation_id: e.id,
      results: results(24, 34),
      grader: 'builtin',
      processing_ms: 2345,
    });
    const done = await until(
      () => read(e.id, me.headers),
      (x) => x.status === 'completed',
    );
    expect(done).toMatchObject({
      status: 'completed',
      progress: 100,
      overall_score: 24,
      processingTime: 2.3,
      evaluation_time: 2.3,
      error_message: null,
      results: results(24, 34),
      suggestions: ['Add counter-claims', 'Cite more sources', 'Refine the research question'],
    });
    expect(done.completed_at).not.toBeNull();

    // a late progress event does not move it back
    const late = [
      await publishEvent(h.bus, Events.gradingProgress, { evaluation_id: e.id, stage: 'late', percent: 80 }),
      await publishEvent(h.bus, Events.gradingFailed, { evaluation_id: e.id, code: 'LATE', reason: 'late failure' }),
    ];
    const handled = async () =>
      (await h.db.pool.query(`SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::uuid[])`, [late])).rows[0]
        .n as number;
    expect(await until(handled, (n) => n === 2)).toBe(2);
    expect(await read(e.id, me.headers)).toMatchObject({ status: 'completed', progress: 100, overall_score: 24, error_message: null });

    const completed = (await h.streamEvents<{ evaluation_id: string }>('evaluation.completed.v1')).filter(
      (x) => x.data.evaluation_id === e.id,
    );
    expect(completed.map((x) => x.data)).toEqual([{ evaluation_id: e.id, user_id: me.id, overall_score: 24, overall_grade: 'B' }]);
    expect(
      (await h.streamEvents<{ evaluation_id: string }>('evaluation.failed.v1')).filter((x) => x.data.evaluation_id === e.id),
    ).toHaveLength(0);
  });

  it('marks a failed grading failed and emits evaluation.failed.v1 once (billing refunds on it)', async () => {
    const me = await h.user('teacher', 5);
    const e = await submitted(me.headers, 'tok');
    const failed = makeEvent(Events.gradingFailed, { evaluation_id: e.id, code: 'GRADER_ERROR', reason: 'The grader gave up' });
    await h.bus.js.publish(h.bus.subject(failed.type), JSON.stringify(failed), { msgID: failed.id });
    const got = await until(
      () => read(e.id, me.headers),
      (x) => x.status === 'failed',
    );
    expect(got).toMatchObject({ status: 'failed', error_message: 'The grader gave up', overall_score: null, results: null });
    // the same event again (a redelivery) and a fresh completion change nothing
    await handleGradingEvent(h.store, failed);
    await handleGradingEvent(
      h.store,
      makeEvent(Events.gradingCompleted, { evaluation_id: e.id, results: results(5, 10), grader: 'builtin', processing_ms: 10 }),
    );
    expect(await read(e.id, me.headers)).toMatchObject({ status: 'failed', results: null });
    const events = (await h.streamEvents<{ evaluation_id: string }>('evaluation.failed.v1')).filter((x) => x.data.evaluation_id === e.id);
    expect(events.map((x) => x.data)).toEqual([
      { evaluation_id: e.id, user_id: me.id, reason: 'GRADER_ERROR: The grader gave up', charge_key: e.id },
    ]);
  });

  it('applies a redelivered event once and ignores events for unknown evaluations', async () => {
    const me = await h.user('student', 5);
    const e = await submitted(me.headers);
    const completed = makeEvent(Events.gradingCompleted, {
      evaluation_id: e.id,
      results: results(30, 34),
      grader: 'openai',
      processing_ms: 500,
    });
    await handleGradingEvent(h.store, completed);
    await handleGradingEvent(h.store, completed);
    expect(await read(e.id, me.headers)).toMatchObject({ status: 'completed', overall_score: 30 });
    expect(
      (await h.streamEvents<{ evaluation_id: string }>('evaluation.completed.v1')).filter((x) => x.data.evaluation_id === e.id),
    ).toHaveLength(1);
    await expect(
      handleGradingEvent(h.store, makeEvent(Events.gradingProgress, { evaluation_id: newId(), stage: 's', percent: 5 })),
    ).resolves.toBeUndefined();
    await expect(
      handleGradingEvent(
        h.store,
        makeEvent(Events.gradingCompleted, { evaluation_id: 'not-a-uuid', results: results(1, 2), grader: 'b', processing_ms: 1 }),
      ),
    ).resolves.toBeUndefined();
  });
});

describe('a grading result, applied in one statement', () => {
  /** A message standing in for a consumed result: a stream position no consumer reads. */
  async function stored(event: unknown): Promise<StreamPosition> {
    const stream = await ensureStream(h.bus, 'evgtest');
    const ack = await h.bus.js.publish(h.bus.subject('evgtest.result.v1'), JSON.stringify(event));
    return { bus: h.bus, stream, seq: ack.seq };
  }
  /** The message is still in its stream (a deleted one reads as null). */
  const kept = async (p: StreamPosition) => (await h.bus.jsm.streams.getMessage(p.stream, { seq: p.seq }).catch(() => null)) !== null;
  const count = async (sql: string, params: unknown[]) => (await h.db.pool.query(sql, params)).rowCount;

  it('is applied, remembered and announced once when delivered twice at the same time, and again later', async () => {
    const me = await h.user('student', 5);
    const e = await submitted(me.headers);
    const event = makeEvent(Events.gradingCompleted, {
      evaluation_id: e.id,
      results: results(27, 34),
      grader: 'builtin',
      processing_ms: 900,
    });
    const at = await stored(event);
    await Promise.all([handleGradingEvent(h.store, event, at), handleGradingEvent(h.store, event, at)]);
    await handleGradingEvent(h.store, event, at);
    expect(await read(e.id, me.headers)).toMatchObject({ status: 'completed', overall_score: 27, progress: 100 });
    expect(await count(`SELECT 1 FROM processed_events WHERE event_id = $1`, [event.id])).toBe(1);
    const remembered = await h.db.pool.query(`SELECT seq FROM stream_messages WHERE aggregate = $1 AND stream = $2`, [e.id, at.stream]);
    expect(remembered.rows).toEqual([{ seq: String(at.seq) }]);
    const completed = (await h.streamEvents<{ evaluation_id: string }>('evaluation.completed.v1')).filter(
      (x) => x.data.evaluation_id === e.id,
    );
    expect(completed.map((x) => x.data)).toEqual([{ evaluation_id: e.id, user_id: me.id, overall_score: 27, overall_grade: 'B' }]);
    // Deleting the evaluation erases the remembered message.
    expect((await h.app.inject({ method: 'DELETE', url: `/evaluation/${e.id}`, headers: me.headers })).statusCode).toBe(200);
    expect(await kept(at)).toBe(false);
  });

  it('of an evaluation deleted first is erased from its stream, also on redelivery after a failed erasure', async () => {
    const me = await h.user('student', 5);
    const e = await submitted(me.headers);
    expect((await h.app.inject({ method: 'DELETE', url: `/evaluation/${e.id}`, headers: me.headers })).statusCode).toBe(200);
    const event = makeEvent(Events.gradingCompleted, {
      evaluation_id: e.id,
      results: results(20, 34),
      grader: 'builtin',
      processing_ms: 5,
    });
    const at = await stored(event);
    const away = { deleteMessage: () => Promise.reject(new Error('NATS away')) };
    const unreachable = { ...at, bus: { jsm: { streams: away } } as unknown as Bus };
    await expect(handleGradingEvent(h.store, event, unreachable)).rejects.toThrow('NATS away');
    expect(await kept(at)).toBe(true);
    expect(await count(`SELECT 1 FROM processed_events WHERE event_id = $1`, [event.id])).toBe(1);
    await handleGradingEvent(h.store, event, at); // the redelivery
    expect(await kept(at)).toBe(false);
    expect(await count(`SELECT 1 FROM stream_messages WHERE aggregate = $1`, [e.id])).toBe(0);
    expect(await count(`SELECT 1 FROM outbox WHERE order_key = $1 AND subject = $2`, [e.id, Events.evaluationCompleted.subject])).toBe(0);
  });
});

describe('evaluation.completed.v1, built by Postgres (QUEUE_COMPLETED), against its contract', () => {
  it("holds exactly its fields: the row's user, the score stored and the grading's grade", async () => {
    const me = await h.user('student', 3);
    const e = await submitted(me.headers, 'ee', 'Completed event');
    await publishEvent(h.bus, Events.gradingCompleted, {
      evaluation_id: e.id,
      results: { ...results(23.5, 34), overallGrade: 'C' },
      grader: 'builtin',
      processing_ms: 10,
    });
    const [done] = await until(
      async () =>
        (await h.streamEvents<{ evaluation_id: string }>(Events.evaluationCompleted.subject)).filter((x) => x.data.evaluation_id === e.id),
      (found) => found.length > 0,
    );
    expectExactly(Events.evaluationCompleted.schema, done.data, ['evaluation_id', 'user_id', 'overall_score', 'overall_grade']);
    expect(done.data).toEqual({ evaluation_id: e.id, user_id: me.id, overall_score: 23.5, overall_grade: 'C' });
  });
});

describe('reading and deleting', () => {
  it('GET /evaluation/{id}: owner and admins only; others get the same 404 as a missing id', async () => {
    const owner = await h.user('student');
    const e = await submitted(owner.headers);
    expect((await get(e.id, owner.headers)).statusCode).toBe(200);
    for (const role of ['admin', 'super_admin'] as const) {
      const admin = await h.user(role);
      expect((await get(e.id, admin.headers)).json()).toMatchObject({ id: e.id, user_id: owner.id });
    }
    for (const role of ['student', 'teacher'] as const) {
      const other = await h.user(role);
      const res = await get(e.id, other.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: Messages.EVALUATION_NOT_FOUND, code: 'NOT_FOUND' });
    }
    expect((await get(newId(), owner.headers)).json()).toEqual({ detail: Messages.EVALUATION_NOT_FOUND, code: 'NOT_FOUND' });
    expect((await get('not-a-uuid', owner.headers)).statusCode).toBe(404);
    expect((await get(e.id, {})).statusCode).toBe(401);
  });

  it("GET /evaluation/my-evaluations: only the caller's, newest first, with filters", async () => {
    const me = await h.user('teacher', 10);
    const other = await h.user('student', 10);
    const first = await submitted(me.headers, 'ee', 'first');
    const second = await submitted(me.headers, 'tok', 'second');
    const third = await submitted(me.headers, 'ee', 'third');
    await submitted(other.headers, 'ee', 'not mine');
    await handleGradingEvent(
      h.store,
      makeEvent(Events.gradingCompleted, { evaluation_id: first.id, results: results(20, 34), grader: 'builtin', processing_ms: 1 }),
    );

    const list = (await h.app.inject({ url: '/evaluation/my-evaluations', headers: me.headers })).json();
    expect(list.total).toBe(3);
    expect(list.evaluations.map((x: Evaluation) => x.title)).toEqual(['third', 'second', 'first']);
    expect(list.evaluations[2]).toMatchObject({ status: 'completed', overall_score: 20, profiles: { full_name: 'Test User' } });
    expect(list.evaluations[0]).not.toHaveProperty('essay_text');
    const ee = (await h.app.inject({ url: '/evaluation/my-evaluations?essay_type=ee', headers: me.headers })).json();
    expect(ee.evaluations.map((x: Evaluation) => x.id)).toEqual([third.id, first.id]);
    const pending = (await h.app.inject({ url: '/evaluation/my-evaluations?status=pending&essay_type=tok', headers: me.headers })).json();
    expect(pending).toMatchObject({ total: 1, evaluations: [{ id: second.id }] });
    const bad = await h.app.inject({ url: '/evaluation/my-evaluations?status=charging', headers: me.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect((await h.app.inject({ url: '/evaluation/my-evaluations?essay_type=x', headers: me.headers })).statusCode).toBe(400);
    expect((await h.app.inject({ url: '/evaluation/my-evaluations' })).statusCode).toBe(401);
    const admin = await h.user('admin');
    expect((await h.app.inject({ url: '/evaluation/my-evaluations', headers: admin.headers })).json()).toEqual({
      evaluations: [],
      total: 0,
    });
  });

  it('DELETE /evaluation/{id}: the owner or a super admin', async () => {
    const owner = await h.user('student');
    const e = await submitted(owner.headers);
    const del = (id: string, headers: Headers) => h.app.inject({ method: 'DELETE', url: `/evaluation/${id}`, headers });
    expect((await del(e.id, {})).statusCode).toBe(401);
    expect((await del(e.id, (await h.user('student')).headers)).statusCode).toBe(404);
    expect((await del(e.id, (await h.user('teacher')).headers)).statusCode).toBe(404);
    const byAdmin = await del(e.id, (await h.user('admin')).headers);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().code).toBe('FORBIDDEN');
    const ok = await del(e.id, owner.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Evaluation deleted successfully' });
    expect((await get(e.id, owner.headers)).statusCode).toBe(404);
    expect((await del(e.id, owner.headers)).statusCode).toBe(404);
    expect((await del('nope', owner.headers)).statusCode).toBe(404);

    const e2 = await submitted(owner.headers);
    expect((await del(e2.id, (await h.user('super_admin')).headers)).statusCode).toBe(200);
    expect((await get(e2.id, owner.headers)).statusCode).toBe(404);
    // grading events for a deleted evaluation are ignored
    await expect(
      handleGradingEvent(h.store, makeEvent(Events.gradingFailed, { evaluation_id: e2.id, code: 'X', reason: 'y' })),
    ).resolves.toBeUndefined();
  });
});

describe('GET /evaluation/{id}/events (server-sent events)', () => {
  let base: string;
  beforeAll(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });

  async function collect(res: Response, onEvent: (name: string, data: Record<string, unknown>) => Promise<void>) {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    const seen: Array<{ event: string; data: Record<string, unknown> }> = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let cut;
      while ((cut = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) {
          seen.push({ event, data: JSON.parse(data) });
          await onEvent(event, JSON.parse(data));
        }
      }
    }
    return seen;
  }

  it('streams status and progress to the owner and ends after completion', async () => {
    const me = await h.user('student');
    const e = await submitted(me.headers);
    const res = await fetch(`${base}/evaluation/${e.id}/events`, { headers: me.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const seen = await collect(res, async (_name, data) => {
      if (data.status === 'pending')
        await publishEvent(h.bus, Events.gradingProgress, { evaluation_id: e.id, stage: 'reading', percent: 30 });
      if (data.status === 'processing') {
        await publishEvent(h.bus, Events.gradingCompleted, {
          evaluation_id: e.id,
          results: results(25, 34),
          grader: 'builtin',
          processing_ms: 1000,
        });
      }
    });
    expect(seen.map((s) => `${s.event}:${s.data.status}:${s.data.progress}`)).toEqual([
      'status:pending:0',
      'status:processing:30',
      'status:completed:100',
    ]);
    expect(seen[2].data).toMatchObject({ id: e.id, overall_score: 25 });
  });

  it('refuses other users and anonymous callers with the envelope', async () => {
    const me = await h.user('student');
    const e = await submitted(me.headers);
    const other = await fetch(`${base}/evaluation/${e.id}/events`, { headers: (await h.user('student')).headers });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ detail: Messages.EVALUATION_NOT_FOUND, code: 'NOT_FOUND' });
    const anon = await fetch(`${base}/evaluation/${e.id}/events`);
    expect(anon.status).toBe(401);
    await anon.body?.cancel();
  });

  it('ends the stream when the evaluation is deleted', async () => {
    const me = await h.user('student');
    const e = await submitted(me.headers);
    const res = await fetch(`${base}/evaluation/${e.id}/events`, { headers: me.headers });
    const seen = await collect(res, async (name) => {
      if (name === 'status') await h.app.inject({ method: 'DELETE', url: `/evaluation/${e.id}`, headers: me.headers });
    });
    expect(seen.map((s) => s.event)).toEqual(['status', 'deleted']);
  });
});
