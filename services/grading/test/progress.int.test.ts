/**
 * Coalesced progress on the real NATS (the timing rules themselves: test/progress.unit.test.ts with
 * fake timers). A grading held by the test outlasts GRADING_PROGRESS_AFTER_MS (100 ms here).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Events, streamName } from '@corestone/contracts';
import { loadConfig, newId, publishEvent, type Bus } from '@corestone/service-kit';
import { createTestRun } from '@corestone/service-kit/testing';
import { GradingConfig } from '../src/config';
import { builtinGrader } from '../src/app/graders';
import { startService, type GradingRunning } from '../src/start';
import { gradeBuiltin } from '../src/domain/builtin';
import { eventIdFor } from '../src/domain/ids';
import type { GradeContext, Grader } from '../src/domain/job';
import { job } from './rubrics';
import { gradingEventsFor, hasType, until } from './events';

const run = createTestRun('grp');
const EE_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-good.txt'), 'utf8');

/** Gates the test opens one by one; the held grader waits on the next one. */
const gates: Array<() => void> = [];
const opened: Array<Promise<void>> = [];
for (let i = 0; i < 2; i++) opened.push(new Promise<void>((r) => gates.push(r)));
let heldCtx: GradeContext | undefined;

/** The built-in grader, except a HELD-MARKER essay: its stages wait for the test. */
const testGrader: Grader = {
  name: 'builtin',
  async grade(j, ctx) {
    if (!j.text.includes('HELD-MARKER')) return builtinGrader.grade(j, ctx);
    heldCtx = ctx;
    await ctx?.progress('analysing_text', 40); // right after 'started': both within the quiet time
    await opened[0];
    await ctx?.progress('writing_feedback', 80);
    await opened[1];
    return gradeBuiltin(j);
  },
};

let service: GradingRunning;
let bus: Bus;

beforeAll(async () => {
  const config = loadConfig(GradingConfig, { ...run.env, GRADING_PROGRESS_AFTER_MS: '100' });
  service = await startService(config, { graders: { builtin: testGrader } });
  bus = service.infra.bus;
});
afterAll(async () => {
  gates.forEach((open) => open());
  await service?.stop();
  await run.cleanup();
});

const kinds = async (evaluationId: string) =>
  (await gradingEventsFor(bus, evaluationId)).map((e) =>
    e.type === Events.gradingProgress.subject ? `progress:${(e.data as { stage: string }).stage}` : e.type,
  );

const held = job(`${EE_GOOD}\nHELD-MARKER`, { evaluation_id: newId() });

it('a slow grading publishes its latest stage after the quiet time, then later stages in order, then completed', async () => {
  await publishEvent(bus, Events.evaluationSubmitted, held);
  // 'started' was passed within the quiet time: only the latest stage reached goes out
  const first = await until(
    () => kinds(held.evaluation_id),
    (k) => k.length > 0,
    'the first progress event',
  );
  expect(first).toEqual(['progress:analysing_text']);

  gates[0]();
  const second = await until(
    () => kinds(held.evaluation_id),
    (k) => k.length > 1,
    'the next progress event',
  );
  expect(second).toEqual(['progress:analysing_text', 'progress:writing_feedback']);

  gates[1]();
  const events = await until(() => gradingEventsFor(bus, held.evaluation_id), hasType(Events.gradingCompleted.subject), 'completed');
  const all = await kinds(held.evaluation_id);
  // 'finalising' goes out only when an interval has passed since writing_feedback; never after the result
  expect([
    ['progress:analysing_text', 'progress:writing_feedback', Events.gradingCompleted.subject],
    ['progress:analysing_text', 'progress:writing_feedback', 'progress:finalising', Events.gradingCompleted.subject],
  ]).toContainEqual(all);
  const progress = events.filter((e) => e.type === Events.gradingProgress.subject);
  expect(progress.map((e) => e.id)).toEqual(
    progress.map((e) => eventIdFor(held.evaluation_id, `progressed:${(e.data as { stage: string }).stage}`)),
  );
  const percents = progress.map((e) => (e.data as { percent: number }).percent);
  expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  expect((events.at(-1)!.data as { results: unknown }).results).toEqual(gradeBuiltin(held));
});

it('publishes no progress event after completed, even when the grader reports one late', async () => {
  await until(
    async () => (await bus.jsm.consumers.info(streamName(bus.prefix, 'evaluation'), 'grading')).num_ack_pending,
    (n) => n === 0,
    'the held job acked',
  );
  const before = await kinds(held.evaluation_id);
  await heldCtx!.progress('writing_feedback', 90);
  // Anything the late call sent went out on the same connection ahead of this later job's result.
  const later = job(EE_GOOD, { evaluation_id: newId() });
  await publishEvent(bus, Events.evaluationSubmitted, later);
  await until(() => gradingEventsFor(bus, later.evaluation_id), hasType(Events.gradingCompleted.subject), 'the later job completed');
  expect(await kinds(held.evaluation_id)).toEqual(before);
  expect(before.at(-1)).toBe(Events.gradingCompleted.subject);
});
