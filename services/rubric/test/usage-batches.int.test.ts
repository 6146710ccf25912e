/**
 * Rubric usage written in batches (messaging/usage.ts) against the real Postgres: many events in one
 * statement per kind, the same counts as one by one, and a change that cannot be written refused
 * alone, without its neighbours.
 */
import { newId } from '@corestone/service-kit';
import type { Rubric } from '@corestone/contracts';
import { UsageBatches } from '../src/messaging/usage';
import type { UsageChanges } from '../src/store/usage';
import { startRubricService, type RubricService } from './harness';

let svc: RubricService;
beforeAll(async () => {
  svc = await startRubricService('rub-batch');
});
afterAll(async () => {
  await svc.close();
});

const none = (): UsageChanges => ({ submissions: [], completions: [], deletions: [] });
const submission = (evaluationId: string, rubricId: string): UsageChanges => ({
  ...none(),
  submissions: [{ evaluationId, rubricId, maxPoints: 20, at: new Date() }],
});
const completion = (evaluationId: string, score: number, at: Date): UsageChanges => ({
  ...none(),
  completions: [{ evaluationId, score, at }],
});

async function newRubric(title: string): Promise<Rubric> {
  const res = await svc.as('super_admin', {
    method: 'POST',
    url: '/rubrics',
    payload: {
      title,
      description: 'A rubric made in a test',
      rubric_type: 'ee',
      scoring_structure: { criteria: [{ code: 'A', name: 'Argument', maxScore: 20 }] },
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Rubric;
}

const stats = async (id: string) => (await svc.as('super_admin', { url: `/rubrics/${id}/usage-stats` })).json();

/** Counts the statements that write rubric_usage while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const pool = svc.usage['pool'] as { query: (...args: unknown[]) => unknown };
  const query = pool.query;
  pool.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    if ((typeof config === 'string' ? config : (config.text ?? '')).includes('INTO rubric_usage')) n++;
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    pool.query = query;
  }
  return n;
}

it('writes the events of one window together: one statement per kind, each evaluation counted once', async () => {
  const rubric = await newRubric('Batched');
  const batches = new UsageBatches(svc.usage, 50);
  const evaluations = Array.from({ length: 12 }, () => newId());
  const t0 = new Date('2026-11-01T10:00:00Z');
  const statements = await statementsDuring(() =>
    Promise.all([
      ...evaluations.map((e) => batches.add(submission(e, rubric.id))),
      batches.add(submission(evaluations[0], rubric.id)), // a redelivery in the same batch
      batches.add(completion(evaluations[1], 10, t0)),
      batches.add(completion(evaluations[1], 16, new Date(t0.getTime() + 1000))), // a regrade: the later counts
      batches.add(completion(evaluations[2], 12, t0)),
    ]),
  );
  expect(statements).toBe(2);
  expect(await stats(rubric.id)).toMatchObject({ submission_count: 12, evaluations_in_use: 12, completed_count: 2, average_percent: 70 });
  expect(((await svc.as('super_admin', { url: `/rubrics/${rubric.id}` })).json() as Rubric).submission_count).toBe(12);

  // Handled again (a redelivery after a crash): nothing counts twice, an older grading changes nothing.
  await Promise.all([...evaluations.map((e) => batches.add(submission(e, rubric.id))), batches.add(completion(evaluations[1], 2, t0))]);
  expect(await stats(rubric.id)).toMatchObject({ submission_count: 12, completed_count: 2, average_percent: 70 });
});

it('refuses only the change that cannot be written; the rest of its batch is written', async () => {
  const rubric = await newRubric('Batch with a bad event');
  const batches = new UsageBatches(svc.usage, 50);
  const good = [newId(), newId(), newId()];
  const results = await Promise.allSettled([
    ...good.map((e) => batches.add(submission(e, rubric.id))),
    batches.add(submission(`bad\u0000${newId()}`, rubric.id)), // Postgres refuses a NUL in text
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
  expect(await stats(rubric.id)).toMatchObject({ submission_count: 3 });
});
