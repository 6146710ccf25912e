import type { FastifyBaseLogger } from 'fastify';
import { Events } from '@corestone/contracts';
import type { Bus } from '@corestone/service-kit';
import { coalescedProgress } from '../src/messaging/progress';
import { createJobHandler } from '../src/messaging/worker';
import { gradeBuiltin } from '../src/domain/builtin';
import { eventIdFor } from '../src/domain/ids';
import { UngradableJobError, type GradeContext, type Grader, type GradingJob } from '../src/domain/job';
import { builtinGrader } from '../src/app/graders';
import { job } from './rubrics';

const AFTER = 1000;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('coalescedProgress', () => {
  const start = (afterMs = AFTER) => {
    const published: string[] = [];
    const reporter = coalescedProgress(afterMs, (stage, percent) => published.push(`${stage}:${percent}`));
    return { reporter, published };
  };

  it('publishes nothing during the quiet time, then the latest stage reached', async () => {
    const { reporter, published } = start();
    reporter.report('started', 5);
    reporter.report('analysing_text', 40);
    await jest.advanceTimersByTimeAsync(AFTER - 1);
    expect(published).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(published).toEqual(['analysing_text:40']);
    reporter.stop();
  });

  it('a job that ends within the quiet time publishes nothing and leaves no timer', async () => {
    const { reporter, published } = start();
    for (const [stage, percent] of [
      ['started', 5],
      ['analysing_text', 40],
      ['writing_feedback', 80],
      ['finalising', 95],
    ] as const)
      reporter.report(stage, percent);
    expect(jest.getTimerCount()).toBe(1);
    reporter.stop();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * AFTER);
    expect(published).toEqual([]);
  });

  it('afterwards publishes at most one stage per interval, the latest, skipping stages passed within it', async () => {
    const { reporter, published } = start();
    reporter.report('started', 5);
    await jest.advanceTimersByTimeAsync(AFTER); // t = 1000: the quiet time is over
    expect(published).toEqual(['started:5']);
    reporter.report('analysing_text', 40); // t = 1000: within the interval, held
    await jest.advanceTimersByTimeAsync(300);
    reporter.report('reading_sources', 50); // t = 1300: replaces analysing_text, which is skipped
    await jest.advanceTimersByTimeAsync(AFTER - 301);
    expect(published).toEqual(['started:5']);
    await jest.advanceTimersByTimeAsync(1); // t = 2000
    expect(published).toEqual(['started:5', 'reading_sources:50']);
    // Nothing reached in the next interval: no timer waits, and the next stage goes out at once.
    await jest.advanceTimersByTimeAsync(5 * AFTER); // t = 7000
    expect(jest.getTimerCount()).toBe(0);
    reporter.report('writing_feedback', 80);
    expect(published).toEqual(['started:5', 'reading_sources:50', 'writing_feedback:80']);
    reporter.report('finalising', 95); // within the new interval: held, then dropped by stop
    reporter.stop();
    await jest.advanceTimersByTimeAsync(10 * AFTER);
    expect(published).toEqual(['started:5', 'reading_sources:50', 'writing_feedback:80']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('never lets an older (lower) stage overtake a newer one', async () => {
    const { reporter, published } = start();
    reporter.report('writing_feedback', 80);
    reporter.report('analysing_text', 40);
    await jest.advanceTimersByTimeAsync(AFTER);
    reporter.report('started', 5);
    await jest.advanceTimersByTimeAsync(AFTER);
    reporter.report('finalising', 95);
    await jest.advanceTimersByTimeAsync(AFTER);
    expect(published).toEqual(['writing_feedback:80', 'finalising:95']);
    reporter.stop();
  });

  it('publishes nothing after stop, whatever is reported or however long it waits', async () => {
    const { reporter, published } = start();
    reporter.report('started', 5);
    await jest.advanceTimersByTimeAsync(AFTER);
    reporter.report('analysing_text', 40); // held until t = 2000
    reporter.stop();
    reporter.report('writing_feedback', 80);
    await jest.advanceTimersByTimeAsync(10 * AFTER);
    expect(published).toEqual(['started:5']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('with 0 publishes every stage at once, starts no timer and stops too', async () => {
    const { reporter, published } = start(0);
    expect(jest.getTimerCount()).toBe(0);
    reporter.report('started', 5);
    reporter.report('analysing_text', 40);
    expect(published).toEqual(['started:5', 'analysing_text:40']);
    reporter.stop();
    reporter.report('writing_feedback', 80);
    expect(published).toEqual(['started:5', 'analysing_text:40']);
  });
});

describe('the worker job handler (fake bus and timers)', () => {
  const EVALUATION_ID = '0193a000-0000-7000-8000-00000000a001';
  const ESSAY = 'Research question: Why? Introduction. A short essay about trade (Smith, 2020). Conclusion.';
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

  /** A bus whose JetStream publish records the events in the order they are sent and answers at once. */
  function fakeBus() {
    const sent: { type: string; id: string; data: Record<string, unknown> }[] = [];
    const publish = jest.fn(async (_subject: string, payload: string) => {
      sent.push(JSON.parse(payload));
      return { seq: sent.length, duplicate: false, stream: 'T' };
    });
    const bus = { prefix: 't', subject: (s: string) => `t.${s}`, js: { publish } } as unknown as Bus;
    const kinds = () => sent.map((e) => (e.type === Events.gradingProgress.subject ? `progress:${e.data.stage}` : e.type));
    return { bus, sent, kinds };
  }

  /** A grader that reports its stages and waits between them until the test lets it go on. */
  function steppedGrader() {
    const steps: Array<() => void> = [];
    let ctxSeen: GradeContext | undefined;
    const step = () => new Promise<void>((resolve) => steps.push(resolve));
    const grader: Grader = {
      name: 'builtin',
      async grade(j, ctx) {
        ctxSeen = ctx;
        await step();
        await ctx?.progress('analysing_text', 40);
        await step();
        await ctx?.progress('writing_feedback', 80);
        await step();
        return gradeBuiltin(j);
      },
    };
    const next = async () => {
      await jest.advanceTimersByTimeAsync(0);
      steps.shift()!();
      await jest.advanceTimersByTimeAsync(0);
    };
    return { grader, next, lateProgress: (stage: string, percent: number) => ctxSeen!.progress(stage, percent) };
  }

  const handlerWith = (bus: Bus, grader: Grader, progressAfterMs = AFTER) =>
    createJobHandler({ bus, logger, graders: { builtin: grader }, defaultGrader: 'builtin', ackWaitMs: 30_000, progressAfterMs });
  const essayJob = (): GradingJob => job(ESSAY, { evaluation_id: EVALUATION_ID });

  it('a fast grading publishes only its result, sends no heartbeat, and leaves no timer', async () => {
    const { bus, sent, kinds } = fakeBus();
    const msg = { working: jest.fn() };
    await handlerWith(bus, builtinGrader)(essayJob(), msg);
    expect(kinds()).toEqual([Events.gradingCompleted.subject]);
    expect(sent[0].id).toBe(eventIdFor(EVALUATION_ID, 'completed'));
    expect(msg.working).not.toHaveBeenCalled(); // done well within the ack wait
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * AFTER);
    expect(kinds()).toEqual([Events.gradingCompleted.subject]);
  });

  it('a slow grading publishes its latest stage after the quiet time, then throttled stages in order, then the result; nothing later', async () => {
    const { bus, sent, kinds } = fakeBus();
    const msg = { working: jest.fn() };
    const { grader, next, lateProgress } = steppedGrader();
    const done = handlerWith(bus, grader)(essayJob(), msg);
    await next(); // t = 0: analysing_text right after started
    await jest.advanceTimersByTimeAsync(AFTER); // t = 1000: the latest stage goes out
    expect(kinds()).toEqual(['progress:analysing_text']);
    await jest.advanceTimersByTimeAsync(AFTER / 2); // t = 1500: writing_feedback within the interval, held
    await next();
    expect(kinds()).toEqual(['progress:analysing_text']);
    await jest.advanceTimersByTimeAsync(AFTER / 2); // t = 2000
    expect(kinds()).toEqual(['progress:analysing_text', 'progress:writing_feedback']);
    await jest.advanceTimersByTimeAsync(AFTER / 2); // t = 2500: finalising within the interval, dropped for the result
    await next();
    await done;
    expect(kinds()).toEqual(['progress:analysing_text', 'progress:writing_feedback', Events.gradingCompleted.subject]);
    expect(sent.map((e) => e.id)).toEqual([
      eventIdFor(EVALUATION_ID, 'progressed:analysing_text'),
      eventIdFor(EVALUATION_ID, 'progressed:writing_feedback'),
      eventIdFor(EVALUATION_ID, 'completed'),
    ]);
    expect(sent.slice(0, 2).map((e) => e.data.percent)).toEqual([40, 80]);
    expect(jest.getTimerCount()).toBe(0);
    // A grader that reports after its result (e.g. a straggling model sample) publishes nothing.
    await lateProgress('writing_feedback', 99);
    await jest.advanceTimersByTimeAsync(10 * AFTER);
    expect(kinds()).toEqual(['progress:analysing_text', 'progress:writing_feedback', Events.gradingCompleted.subject]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps the heartbeat every third of the ack wait while the grader works', async () => {
    const { bus } = fakeBus();
    const msg = { working: jest.fn() };
    const { grader, next } = steppedGrader();
    const done = handlerWith(bus, grader)(essayJob(), msg);
    await jest.advanceTimersByTimeAsync(0);
    expect(msg.working).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(msg.working).toHaveBeenCalledTimes(3); // every 10 s of a 30 s ack wait
    await next();
    await next();
    await next();
    await done;
    expect(msg.working).toHaveBeenCalledTimes(3); // stages add none; the heartbeat stops with the job
    expect(jest.getTimerCount()).toBe(0);
  });

  it('an ungradable job publishes only its failure and leaves no timer', async () => {
    const { bus, sent, kinds } = fakeBus();
    const grade = jest.fn();
    await handlerWith(bus, { name: 'builtin', grade })(job('  \n ', { evaluation_id: EVALUATION_ID }), { working: jest.fn() });
    expect(kinds()).toEqual([Events.gradingFailed.subject]);
    expect(sent[0].id).toBe(eventIdFor(EVALUATION_ID, 'failed'));
    expect(grade).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a grader that throws after the quiet time fails the job (retried), publishes nothing more and leaves no timer', async () => {
    const { bus, kinds } = fakeBus();
    let explode: (err: Error) => void = () => undefined;
    const grader: Grader = {
      name: 'builtin',
      async grade(_j, ctx) {
        await ctx?.progress('analysing_text', 40);
        await new Promise<void>((_resolve, reject) => (explode = reject));
        return undefined as never;
      },
    };
    const done = handlerWith(bus, grader)(essayJob(), { working: jest.fn() });
    const outcome = done.then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    await jest.advanceTimersByTimeAsync(AFTER);
    expect(kinds()).toEqual(['progress:analysing_text']);
    explode(new Error('grader exploded'));
    expect(await outcome).toBe('grader exploded');
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * AFTER);
    expect(kinds()).toEqual(['progress:analysing_text']);
  });

  it('an UngradableJobError from the grader stops progress before the failure is sent', async () => {
    const { bus, kinds } = fakeBus();
    const grader: Grader = {
      name: 'builtin',
      async grade(_j, ctx) {
        await ctx?.progress('analysing_text', 40);
        throw new UngradableJobError('nothing to grade here');
      },
    };
    await handlerWith(bus, grader)(essayJob(), { working: jest.fn() });
    await jest.advanceTimersByTimeAsync(10 * AFTER);
    expect(kinds()).toEqual([Events.gradingFailed.subject]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('with GRADING_PROGRESS_AFTER_MS=0 publishes every stage before the result, as before', async () => {
    const { bus, kinds } = fakeBus();
    await handlerWith(bus, builtinGrader, 0)(essayJob(), { working: jest.fn() });
    expect(kinds()).toEqual([
      'progress:started',
      'progress:analysing_text',
      'progress:writing_feedback',
      'progress:finalising',
      Events.gradingCompleted.subject,
    ]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
