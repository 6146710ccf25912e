import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { Codes, Events, Results, streamName } from '@corestone/contracts';
import { loadConfig, newId, publishEvent, type Bus, type RunningConsumer } from '@corestone/service-kit';
import { createTestRun } from '@corestone/service-kit/testing';
import { GradingConfig } from '../src/config';
import { builtinGrader } from '../src/app/graders';
import { startService, type GradingRunning } from '../src/start';
import { gradeBuiltin } from '../src/domain/builtin';
import { eventIdFor } from '../src/domain/ids';
import type { Grader } from '../src/domain/job';
import { job } from './rubrics';
import { gradingEventsFor, hasType, storedEvents, until } from './events';

const run = createTestRun('grd');
const EE_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-good.txt'), 'utf8');
const MAX_DELIVER = 3;
const CONCURRENCY = 2;
/** Longer than any grading in this file takes, so none of them reports progress (test/progress.int.test.ts does). */
const PROGRESS_AFTER_MS = 60_000;

/** Test grader: the real built-in one, except for marker texts (poison, slow, bounded). */
const calls = new Map<string, number>();
let slowEntered: () => void = () => undefined;
let releaseSlow: () => void = () => undefined;
const slowGate = { entered: new Promise<void>((r) => (slowEntered = r)), released: new Promise<void>((r) => (releaseSlow = r)) };
const order: string[] = [];
let active = 0;
let maxActive = 0;
let releaseBounded: () => void = () => undefined;
const boundedGate = new Promise<void>((r) => (releaseBounded = r));
const testGrader: Grader = {
  name: 'builtin',
  async grade(j, ctx) {
    calls.set(j.evaluation_id, (calls.get(j.evaluation_id) ?? 0) + 1);
    if (j.text.includes('POISON-MARKER')) throw new Error('grader exploded on this job');
    if (j.text.includes('SLOW-MARKER')) {
      slowEntered();
      await slowGate.released;
      order.push('slow job graded');
    }
    if (j.text.includes('BOUNDED-MARKER')) {
      active++;
      maxActive = Math.max(maxActive, active);
      await boundedGate;
      active--;
    }
    return builtinGrader.grade(j, ctx);
  },
};

let service: GradingRunning;
let bus: Bus;
let worker: RunningConsumer;
let app: GradingRunning['app'];

beforeAll(async () => {
  const config = loadConfig(GradingConfig, {
    ...run.env,
    GRADING_MAX_DELIVER: String(MAX_DELIVER),
    GRADING_CONCURRENCY: String(CONCURRENCY),
    GRADING_PROGRESS_AFTER_MS: String(PROGRESS_AFTER_MS),
  });
  service = await startService(config, { graders: { builtin: testGrader }, backoffMs: () => 50 });
  ({ app, worker } = service);
  bus = service.infra.bus;
});
afterAll(async () => {
  releaseSlow();
  releaseBounded();
  await service?.stop();
  await run.cleanup();
});

const stored = (service: string) => storedEvents(bus, service);
const gradingEventsOf = (evaluationId: string) => gradingEventsFor(bus, evaluationId);

it('is ready once the worker runs, and has no routes of its own', async () => {
  expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/grading' })).statusCode).toBe(404);
});

it('reports progress after 1 s by default (GRADING_PROGRESS_AFTER_MS)', () => {
  expect(loadConfig(GradingConfig, run.env).GRADING_PROGRESS_AFTER_MS).toBe(1000);
  expect(service.config.GRADING_PROGRESS_AFTER_MS).toBe(PROGRESS_AFTER_MS);
});

it('grades a submitted essay: a grading done within GRADING_PROGRESS_AFTER_MS publishes no progress, only completed with the built-in results', async () => {
  const j = job(EE_GOOD, { evaluation_id: newId() });
  await publishEvent(bus, Events.evaluationSubmitted, j);
  const events = await until(() => gradingEventsOf(j.evaluation_id), hasType(Events.gradingCompleted.subject), 'grading.completed.v1');
  expect(events.map((e) => e.type)).toEqual([Events.gradingCompleted.subject]);
  expect(events[0].subject).toBe(`${bus.prefix}.grading.completed.v1`);
  expect(events[0].id).toBe(eventIdFor(j.evaluation_id, 'completed'));
  const done = events[0].data as { results: unknown; grader: string; processing_ms: number };
  expect(done.grader).toBe('builtin');
  expect(Number.isInteger(done.processing_ms) && done.processing_ms >= 0).toBe(true);
  expect(Value.Check(Results, done.results)).toBe(true);
  expect(done.results).toEqual(gradeBuiltin(j));
  // acked after its one publish; nothing follows it
  await until(
    async () => (await bus.jsm.consumers.info(streamName(bus.prefix, 'evaluation'), 'grading')).num_ack_pending,
    (n) => n === 0,
    'acks',
  );
  expect((await gradingEventsOf(j.evaluation_id)).map((e) => e.type)).toEqual([Events.gradingCompleted.subject]);
});

it('a job delivered twice publishes its completion once (deterministic event ids)', async () => {
  const j = job(EE_GOOD, { evaluation_id: newId() });
  await publishEvent(bus, Events.evaluationSubmitted, j);
  await publishEvent(bus, Events.evaluationSubmitted, j); // a second submission event for the same evaluation
  await until(
    async () => calls.get(j.evaluation_id) ?? 0,
    (n) => n === 2,
    'both deliveries graded',
  );
  const events = await until(() => gradingEventsOf(j.evaluation_id), hasType(Events.gradingCompleted.subject), 'completed');
  await until(
    async () => (await bus.jsm.consumers.info(streamName(bus.prefix, 'evaluation'), 'grading')).num_ack_pending,
    (n) => n === 0,
    'acks',
  );
  const after = await gradingEventsOf(j.evaluation_id);
  expect(after.filter((e) => e.type === Events.gradingCompleted.subject)).toHaveLength(1);
  expect(after.filter((e) => e.type === Events.gradingProgress.subject)).toHaveLength(0);
  expect(events.length).toBeLessThanOrEqual(after.length);
});

it('an unusable job fails at once with UNGRADABLE_JOB, without retries or grading', async () => {
  const j = job('   \n\n  ', { evaluation_id: newId() });
  await publishEvent(bus, Events.evaluationSubmitted, j);
  const events = await until(() => gradingEventsOf(j.evaluation_id), hasType(Events.gradingFailed.subject), 'grading.failed.v1');
  expect(events).toHaveLength(1);
  expect(events[0].data).toEqual({
    evaluation_id: j.evaluation_id,
    code: Codes.UNGRADABLE,
    reason: 'The essay has no readable text to grade',
  });
  expect(calls.get(j.evaluation_id)).toBeUndefined();
  const dead = (await stored('deadletter')).filter((e) => (e.data as { evaluation_id?: string }).evaluation_id === j.evaluation_id);
  expect(dead).toHaveLength(0);
});

it('a malformed job is reported as failed for its evaluation id', async () => {
  const evaluationId = newId();
  const bad = {
    id: newId(),
    type: Events.evaluationSubmitted.subject,
    version: 1,
    occurredAt: new Date().toISOString(),
    data: { evaluation_id: evaluationId, text: 'no rubric here' },
  };
  await bus.js.publish(bus.subject(Events.evaluationSubmitted.subject), JSON.stringify(bad), { msgID: bad.id });
  const events = await until(() => gradingEventsOf(evaluationId), hasType(Events.gradingFailed.subject), 'failed for malformed job');
  expect(events[0].data).toMatchObject({ code: Codes.UNGRADABLE });
});

it('a poison job is retried a bounded number of times, dead-lettered and reported as grading.failed.v1', async () => {
  const j = job(`${EE_GOOD}\nPOISON-MARKER`, { evaluation_id: newId() });
  await publishEvent(bus, Events.evaluationSubmitted, j);
  const events = await until(
    () => gradingEventsOf(j.evaluation_id),
    hasType(Events.gradingFailed.subject),
    'grading.failed.v1 after retries',
  );
  expect(calls.get(j.evaluation_id)).toBe(MAX_DELIVER);
  const failed = events.filter((e) => e.type === Events.gradingFailed.subject);
  expect(failed).toHaveLength(1);
  expect(failed[0].data).toMatchObject({ evaluation_id: j.evaluation_id, code: Codes.GRADING_FAILED });
  expect(JSON.stringify(failed[0].data)).not.toContain('exploded'); // internals stay in the logs
  expect(events.some((e) => e.type === Events.gradingCompleted.subject)).toBe(false);
  const dead = await until(
    () => stored('deadletter'),
    (d) => d.some((e) => (e.data as { evaluation_id?: string }).evaluation_id === j.evaluation_id),
    'dead letter',
  );
  expect(dead.find((e) => (e.data as { evaluation_id?: string }).evaluation_id === j.evaluation_id)!.subject).toBe(
    `${bus.prefix}.deadletter.grading`,
  );
});

it(`grades at most GRADING_CONCURRENCY (${CONCURRENCY}) jobs at once`, async () => {
  const ids = Array.from({ length: 5 }, () => newId());
  for (const id of ids) await publishEvent(bus, Events.evaluationSubmitted, job(`${EE_GOOD}\nBOUNDED-MARKER`, { evaluation_id: id }));
  await until(
    async () => active,
    (n) => n === CONCURRENCY,
    'the first jobs to start',
  );
  releaseBounded();
  for (const id of ids) await until(() => gradingEventsOf(id), hasType(Events.gradingCompleted.subject), `completed ${id}`);
  expect(maxActive).toBe(CONCURRENCY);
});

it('stopping the worker lets the job in flight finish and publish its result', async () => {
  const j = job(`${EE_GOOD}\nSLOW-MARKER`, { evaluation_id: newId() });
  await publishEvent(bus, Events.evaluationSubmitted, j);
  await slowGate.entered;
  expect(worker.inFlight).toBe(1);
  const stopping = worker.stop().then(() => order.push('worker stopped'));
  releaseSlow();
  await stopping;
  expect(order).toEqual(['slow job graded', 'worker stopped']);
  expect(worker.inFlight).toBe(0);
  const events = await gradingEventsOf(j.evaluation_id);
  expect(events.filter((e) => e.type === Events.gradingCompleted.subject)).toHaveLength(1);
  const info = await bus.jsm.consumers.info(streamName(bus.prefix, 'evaluation'), 'grading');
  expect(info.num_ack_pending).toBe(0);
  expect(info.num_pending).toBe(0);
});
