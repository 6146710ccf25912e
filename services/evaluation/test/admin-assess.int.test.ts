import type { Subscription } from '@nats-io/transport-node';
import { Rpc, type AdminAssessment, type RpcRequest } from '@corestone/contracts';
import { serveRpc } from '@corestone/service-kit';
import { ESSAY } from './fixtures';
import { results, startHarness, type Harness } from './harness';

/**
 * POST /evaluation/admin/assess (the admin Quick Assessment) with a grading stand-in answering
 * rpc.grading.assess: what evaluation sends and what it does NOT do (no row, no credit, no event,
 * no directory entry). The real grading path with the admin's key: grading's assess.int.test.ts and
 * tests/system/admin-quick-assessment.test.ts.
 */
let h: Harness;
let grading: Subscription | null = null;
const asked: RpcRequest<typeof Rpc.gradingAssess>[] = [];

const gradingUp = () => {
  grading = serveRpc(
    h.bus,
    Rpc.gradingAssess,
    async (req) => {
      asked.push(req);
      return { results: { ...results(20, 34), grader: 'openai' }, grader: 'openai', own_key: true, processing_ms: 812 };
    },
    h.app.log,
  );
};

beforeAll(async () => {
  h = await startHarness('evas', { ASSESS_TIMEOUT_MS: '5000' });
  gradingUp();
});
afterAll(async () => {
  grading?.unsubscribe();
  await h?.close();
});
beforeEach(() => {
  asked.length = 0;
});

const body = (over: Record<string, unknown> = {}) => ({
  essay_type: 'ee',
  essay_content: ESSAY,
  rubric_id: h.rubrics.ee.id,
  title: 'Quick check',
  subject_area: 'Biology',
  research_question: 'To what extent does light intensity affect photosynthesis?',
  ...over,
});
const assess = (headers: Record<string, string>, payload: object = body()) =>
  h.app.inject({ method: 'POST', url: '/evaluation/admin/assess', headers, payload });

const counts = async () => {
  const q = async (sql: string) => Number((await h.db.pool.query<{ n: string }>(sql)).rows[0]!.n);
  return {
    evaluations: await q(`SELECT count(*) AS n FROM evaluations`),
    directory: await q(`SELECT count(*) AS n FROM user_directory`),
    outbox: await q(`SELECT count(*) AS n FROM outbox`),
    billingCalls: h.ledger.calls,
  };
};

it("answers the grading service's results at once for an admin and a super admin, asking with the admin as key owner", async () => {
  const before = await counts();
  for (const role of ['admin', 'super_admin'] as const) {
    const admin = await h.user(role, 3);
    const res = await assess(admin.headers);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as AdminAssessment;
    expect(answer).toMatchObject({ grader: 'openai', own_key: true, processing_ms: 812, word_count: ESSAY.trim().split(/\s+/).length });
    expect(answer.results).toMatchObject({ totalPoints: 20, maxPoints: 34, grader: 'openai' });
    const req = asked.at(-1)!;
    expect(req.key_owner).toBe(admin.id);
    expect(req.budget_ms).toBe(2000); // ASSESS_TIMEOUT_MS less the 3 s margin
    expect(req.job).toMatchObject({
      user_id: admin.id,
      essay_type: 'ee',
      title: 'Quick check',
      subject_area: 'Biology',
      research_question: 'To what extent does light intensity affect photosynthesis?',
      rubric: { id: h.rubrics.ee.id },
    });
    expect(req.job.text).toBe(ESSAY.trim());
    expect(req.job).not.toHaveProperty('prescribed_title');
    expect(h.ledger.credits.get(admin.id)).toBe(3);
  }
  // Nothing stored, charged or announced: no row, no directory entry, no outbox event, no billing call.
  expect(await counts()).toEqual(before);
  expect(
    (await h.streamEvents('evaluation.submitted.v1')).filter((e) =>
      asked.some((a) => a.job.user_id === (e.data as { user_id: string }).user_id),
    ),
  ).toEqual([]);
});

it('a student is still charged for POST /evaluation/evaluate as before, and may not use the admin route', async () => {
  const student = await h.user('student', 2);
  const res = await h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate',
    headers: student.headers,
    payload: { title: 'Typed', essay_type: 'ee', rubric_id: h.rubrics.ee.id, essay_content: ESSAY },
  });
  expect(res.statusCode).toBe(201);
  expect(h.ledger.credits.get(student.id)).toBe(1);
  for (const role of ['student', 'teacher'] as const) {
    const denied = await assess((await h.user(role)).headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
  }
  expect((await h.app.inject({ method: 'POST', url: '/evaluation/admin/assess', payload: body() })).statusCode).toBe(401);
  expect(asked).toEqual([]);
});

it('refuses bad input with 4xx {detail, code} before grading is asked', async () => {
  const admin = await h.user('admin');
  const expectRefused = async (payload: object, status: number, code: string) => {
    const res = await assess(admin.headers, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, detail: expect.any(String) });
  };
  await expectRefused(body({ essay_content: ' \n ' }), 400, 'EMPTY_ESSAY');
  await expectRefused(body({ essay_content: 'x'.repeat(400_001) }), 413, 'ESSAY_TOO_LONG');
  await expectRefused(body({ essay_content: '€'.repeat(300_001) }), 413, 'ESSAY_TOO_LONG'); // over 900,000 bytes
  await expectRefused(body({ essay_content: 'x'.repeat(400_002) }), 400, 'VALIDATION_ERROR');
  await expectRefused(body({ essay_type: 'ia' }), 400, 'VALIDATION_ERROR');
  await expectRefused({ essay_type: 'ee', essay_content: ESSAY }, 400, 'VALIDATION_ERROR');
  await expectRefused(body({ rubric_id: 'nope' }), 404, 'RUBRIC_NOT_FOUND');
  await expectRefused(body({ rubric_id: h.rubrics.eeDraft.id }), 404, 'RUBRIC_NOT_FOUND');
  await expectRefused(body({ rubric_id: h.rubrics.tok.id }), 400, 'RUBRIC_TYPE_MISMATCH');
  expect(asked).toEqual([]);
  const tok = await assess(
    admin.headers,
    body({ essay_type: 'tok', rubric_id: h.rubrics.tok.id, prescribed_title: 'Is certainty possible?' }),
  );
  expect(tok.statusCode).toBe(200);
  expect(asked[0]!.job).toMatchObject({ essay_type: 'tok', prescribed_title: 'Is certainty possible?' });
  expect(asked[0]!.job).not.toHaveProperty('research_question');
});

it('answers 503 {detail, code} while the grading service does not answer', async () => {
  grading!.unsubscribe();
  await h.bus.nc.flush();
  try {
    const res = await assess((await h.user('admin')).headers);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  } finally {
    gradingUp();
  }
});
