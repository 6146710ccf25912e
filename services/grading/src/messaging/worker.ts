import type { FastifyBaseLogger } from 'fastify';
import { Codes, Events, attemptKey } from '@corestone/contracts';
import {
  ensureConsumer,
  ensureStream,
  publishEvent,
  startConsumer,
  type Bus,
  type ConsumerOptions,
  type RunningConsumer,
} from '@corestone/service-kit';

type JsMsg = Parameters<ConsumerOptions['handler']>[1];
import { STAGE_PERCENT, UngradableJobError, checkJob, type GradeContext, type Grader, type GradingJob } from '../domain/job';

/** Percent of the `queued` stage: with `started`, in the processing screen's first band. */
const QUEUED_PERCENT = 5;
import { eventIdFor } from '../domain/ids';
import { tenantOf } from '../domain/rate-limits';
import type { Admission } from '../app/admission';
import type { JobRoute } from '../app/graders/school-endpoints';
import { gradingMetrics, reasonKind } from './metrics';
import { coalescedProgress } from './progress';

const GRADING_DURABLE = 'grading';
/** The work queue: grading's durable consumer of `evaluation.submitted.v1` on the evaluation stream. */
export const GRADING_CONSUMER = {
  stream: Events.evaluationSubmitted.service,
  durable: GRADING_DURABLE,
  subjects: [Events.evaluationSubmitted.subject],
};
const GRADING_FAILED_REASON = 'The essay could not be graded: the grader failed repeatedly. Please try again later.';

export interface GradingWorkerOptions {
  bus: Bus;
  logger: FastifyBaseLogger;
  graders: Record<string, Grader>;
  defaultGrader: string;
  concurrency: number;
  maxDeliver: number;
  ackWaitMs: number;
  /** Quiet time before a job's first progress event, and the least time between two (`coalescedProgress`). */
  progressAfterMs: number;
  /** Redelivery backoff by delivery count (tests shorten it). */
  backoffMs?: (deliveryCount: number) => number;
  /**
   * The shared provider budget and fair queue (issue 33 §1): model requests wait there for their
   * turn, and the job reports its place as `queued` progress. Absent: requests go at once.
   */
  admission?: Admission;
  /** Issue 33 §2: the grader (and budget) of a school's job, when not the platform's (app/graders/school-endpoints.ts). */
  route?: (job: GradingJob) => Promise<JobRoute | null>;
}

/**
 * The grading worker: a durable JetStream pull consumer of `evaluation.submitted.v1`. Replicas share
 * the durable, so each job is graded by one of them. Events it publishes carry ids derived from the
 * evaluation id (see domain/ids.ts), so a redelivered job publishes duplicates that are dropped.
 */
export async function startGradingWorker(opts: GradingWorkerOptions): Promise<RunningConsumer> {
  const { bus, logger, graders } = opts;
  if (!graders[opts.defaultGrader]) throw new Error(`unknown grader ${opts.defaultGrader}`);
  await ensureStream(bus, 'grading'); // the stream our events go to

  const fail = failure(bus);
  const handle = createJobHandler(opts);

  return startConsumer({
    bus,
    ...GRADING_CONSUMER,
    logger,
    concurrency: opts.concurrency,
    maxDeliver: opts.maxDeliver,
    ackWaitMs: opts.ackWaitMs,
    backoffMs: opts.backoffMs,
    handler: (event, msg) => {
      // How long the essay waited for a worker (first delivery: a retry's wait is its backoff).
      const submittedAt = Date.parse(event.occurredAt);
      if (msg.info.deliveryCount === 1 && Number.isFinite(submittedAt))
        gradingMetrics.queueWait.observe(Math.max(0, Date.now() - submittedAt) / 1000);
      return handle(event.data as GradingJob, msg);
    },
    onDeadLetter: async (event, error, msg) => {
      if (event) {
        logger.error({ evaluation_id: (event.data as GradingJob).evaluation_id, error }, 'grading gave up on a job');
        const job = event.data as GradingJob;
        await fail(job.evaluation_id, Codes.GRADING_FAILED, GRADING_FAILED_REASON, job.attempt);
        return;
      }
      // A job that does not match the contract: report it for its evaluation when the id can be read.
      const evaluationId = evaluationIdOf(msg.data);
      logger.error({ evaluation_id: evaluationId, error }, 'malformed grading job');
      if (evaluationId) await fail(evaluationId, Codes.UNGRADABLE, 'The grading job was malformed and cannot be graded');
    },
  });
}

/** Publishes `grading.failed.v1` for an evaluation (an attempt's own event id). */
function failure(bus: Bus) {
  return (evaluationId: string, code: string, reason: string, attempt?: number) =>
    publishEvent(
      bus,
      Events.gradingFailed,
      { evaluation_id: evaluationId, code, reason, ...attemptOf(attempt) },
      eventIdFor(attemptKey(evaluationId, attempt), 'failed'),
    );
}

/**
 * Grades one delivered job and publishes its events; resolves once they are all stored (the consumer
 * then acks), rejects to have the job retried. Every timer it starts is cleared before it settles.
 */
export function createJobHandler(
  opts: Pick<
    GradingWorkerOptions,
    'bus' | 'logger' | 'graders' | 'defaultGrader' | 'ackWaitMs' | 'progressAfterMs' | 'admission' | 'route'
  >,
) {
  const { bus, logger, graders } = opts;
  const fail = failure(bus);
  return async (job: GradingJob, msg: Pick<JsMsg, 'working'>) => {
    const started = Date.now();
    const evaluationId = job.evaluation_id;
    // A retried or regraded evaluation's events get ids of their own, so they are not dropped as repeats.
    const key = attemptKey(evaluationId, job.attempt);
    // Events are sent without waiting for each acknowledgement: one connection keeps them in order in
    // the stream (progress ahead of the result), and their acknowledgements are awaited together with
    // the result's. A failed publish fails the job, which is then retried, as before.
    const published: Promise<unknown>[] = [];
    const send = (p: Promise<unknown>) => {
      p.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
      published.push(p);
    };
    // Progress only when someone could see it (the processing screen polls every 2 s): a job done
    // within progressAfterMs publishes only its result.
    const reporter = coalescedProgress(opts.progressAfterMs, (stage, percent, extra) =>
      send(
        publishEvent(
          bus,
          Events.gradingProgress,
          { evaluation_id: evaluationId, stage, percent, ...attemptOf(job.attempt), ...extra },
          // a queue place is news each time it moves: its own id (the same place twice is a repeat)
          eventIdFor(key, `progressed:${stage}${extra?.queue ? `:${(extra.queue as { ahead: number }).ahead}` : ''}`),
        ),
      ),
    );
    const progress = async (stage: string, percent: number) => reporter.report(stage, percent);
    const admit = admitFor(opts.admission, job, key, reporter, progress);
    const grader = (job.grader && graders[job.grader]) || graders[opts.defaultGrader];
    // Long jobs (remote graders) keep the message ours while they work: a heartbeat every third of
    // the ack wait. Not one per stage as well: each is a write and an ack-timer reset in nats-server,
    // and a built-in grading (milliseconds) sent four per job, 60 % of grading's NATS writes.
    const heartbeat = setInterval(() => msg.working(), Math.max(500, Math.floor(opts.ackWaitMs / 3)));
    try {
      checkJob(job);
      // Issue 33 §2: a school's own endpoint (with a budget of its own), or only the built-in grader
      // when the school switched AI grading off. A failed look-up fails the job (retried), never
      // grading it on an endpoint the school did not choose.
      const routed = await opts.route?.(job);
      const use = routed ? { grader: routed.grader, admit: admitFor(routed.admission, job, key, reporter, progress) } : { grader, admit };
      await progress('started', 5);
      const results = await use.grader.grade(job, { progress, ...(use.admit ? { admit: use.admit } : {}) });
      await progress('finalising', 95);
      reporter.stop(); // no progress after the result
      send(
        publishEvent(
          bus,
          Events.gradingCompleted,
          // results.grader says who graded in the end (e.g. 'builtin-fallback' when the model failed)
          {
            evaluation_id: evaluationId,
            results,
            grader: results.grader || grader.name,
            processing_ms: Date.now() - started,
            ...attemptOf(job.attempt),
          },
          eventIdFor(key, 'completed'),
        ),
      );
      await Promise.all(published);
      gradingMetrics.results.inc({ grader: results.grader });
      gradingMetrics.duration.observe({ grader: results.grader }, (Date.now() - started) / 1000);
      if (results.fallbackReason) gradingMetrics.fallbacks.inc({ reason: reasonKind(results.fallbackReason) });
      logger.info({ evaluation_id: evaluationId, grader: results.grader, total: results.totalPoints, ms: Date.now() - started }, 'graded');
    } catch (err) {
      reporter.stop(); // nothing after the failure either
      if (!(err instanceof UngradableJobError)) throw err; // retried, then dead-lettered
      logger.warn({ evaluation_id: evaluationId, reason: err.message }, 'ungradable job');
      await fail(evaluationId, err.code, err.message, job.attempt);
    } finally {
      clearInterval(heartbeat);
    }
  };
}

/**
 * Creates the stream and the durable consumer with the worker's settings, without consuming:
 * KEDA scales the workers on this consumer's lag, so it must exist before any worker has started.
 */
export function ensureGradingConsumer(bus: Bus, opts: Pick<GradingWorkerOptions, 'concurrency' | 'ackWaitMs'>) {
  return ensureConsumer(bus, { ...GRADING_CONSUMER, concurrency: opts.concurrency, ackWaitMs: opts.ackWaitMs });
}

/**
 * The job's door to the shared budget: each model request (a sample, a retry) waits for its fair
 * turn under the job's tenant (its school, else its submitter); while it waits the job reports
 * `queued` with its place and estimated start; the first turn reports `analysing_text`.
 */
function admitFor(
  admission: Admission | undefined,
  job: GradingJob,
  key: string,
  reporter: ReturnType<typeof coalescedProgress>,
  progress: (stage: string, percent: number) => Promise<void>,
): GradeContext['admit'] {
  if (!admission) return undefined;
  let requests = 0;
  let started = false;
  let told: ToldPlace | null = null;
  return async (tokens, seq) => {
    const permit = await admission.admit({
      id: `${key}:${++requests}`,
      tenant: tenantOf(job),
      tokens,
      seq,
      onPlace: ({ ahead, startsInMs }) => {
        const place = { ahead, startAt: Date.now() + startsInMs };
        if (!placeMoved(told, place, Date.now())) return;
        told = place;
        reporter.report('queued', QUEUED_PERCENT, { queue: { ahead, estimated_start_at: new Date(place.startAt).toISOString() } });
      },
    });
    if (!started) {
      started = true;
      await progress('analysing_text', STAGE_PERCENT.analysing_text);
    }
    return permit;
  };
}

/**
 * Whether a waiting essay's place moved enough to tell (each report is an event that evaluation
 * stores): the first place; `ahead` changed by a tenth (at least one); or the estimated start moved
 * by a fifth of the wait (at least a second). A long wait is reported a few dozen times, not every
 * few seconds.
 */
export function placeMoved(told: ToldPlace | null, place: ToldPlace, now: number): boolean {
  if (!told) return true;
  if (Math.abs(place.ahead - told.ahead) >= Math.max(1, Math.ceil(told.ahead / 10))) return true;
  return Math.abs(place.startAt - told.startAt) >= Math.max(1_000, (place.startAt - now) / 5);
}

/** A place as last told: essays ahead, and the estimated start (ms since the epoch). */
export interface ToldPlace {
  ahead: number;
  startAt: number;
}

/** The job's attempt, echoed in every event about it (only when the job named one). */
function attemptOf(attempt: number | undefined): { attempt?: number } {
  return attempt ? { attempt } : {};
}

function evaluationIdOf(raw: Uint8Array): string | null {
  try {
    const id = (JSON.parse(new TextDecoder().decode(raw)) as { data?: { evaluation_id?: unknown } })?.data?.evaluation_id;
    return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
  } catch {
    return null;
  }
}
