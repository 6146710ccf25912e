import { openInfra, startWith, type Redis, type RunningConsumer } from '@corestone/service-kit';
import { OPENAI_DEFAULT_LIMITS, modelConfigured, resolveGrader, type GradingConfig } from './config';
import { Admission } from './app/admission';
import { NO_KEY } from './app/graders';
import { parseSchoolNumbers } from './domain/rate-limits';
import { FairBudgetStore, endpointId } from './store/fair-budget';
import { buildApp } from './app';
import { createGraders } from './app/graders';
import type { Grader } from './domain/job';
import { startGradingWorker, type GradingWorkerOptions } from './messaging/worker';
import { createQuickAssessor } from './app/assess';
import { serveAssessRpc, serveGraderRpc } from './messaging/assess-rpc';
import { rubricExemplarSource } from './peers/rubric-exemplars';

export interface GradingStartOptions {
  /** The graders by name (default: those the configuration offers, `createGraders`). */
  graders?: Record<string, Grader>;
  /** Redelivery backoff (tests shorten it). */
  backoffMs?: GradingWorkerOptions['backoffMs'];
}

/**
 * grading's composition root: NATS, the health-only app (ready once the worker runs) and the
 * grading worker (durable consumer of `evaluation.submitted.v1`), and `rpc.grading.assess` (the admin
 * Quick Assessment, graded at once with the same graders). On stop the worker finishes its
 * in-flight jobs and publishes their results before NATS closes.
 * server.ts listens on the answer; tests publish jobs on the run's NATS.
 */
export function startService(config: GradingConfig, opts: GradingStartOptions = {}) {
  return startWith(async (lifecycle) => {
    const shared = config.GRADING_BUDGET === 'redis' && modelConfigured(config);
    const opened = await openInfra('grading', config, lifecycle, { bus: true, redis: shared });
    const infra = { ...opened, bus: opened.bus! };
    let worker: RunningConsumer | null = null;
    const { app } = buildApp({ config, infra, worker: () => worker });
    const exemplars = rubricExemplarSource(infra.bus, { ttlMs: config.GRADING_EXEMPLAR_CACHE_MS });
    const graders = opts.graders ?? createGraders(config, app.log, exemplars);
    const inForce = resolveGrader(config);
    app.log.info(
      { grader: inForce, setting: config.GRADER, ...(inForce === 'openai' ? { model: config.OPENAI_MODEL } : {}) },
      'grader in force',
    );
    const admission = shared
      ? createAdmission(config, opened.redis!, (err) => app.log.warn({ err }, 'shared budget: Redis failed'))
      : undefined;
    worker = await startGradingWorker({
      bus: infra.bus,
      logger: app.log,
      graders,
      defaultGrader: inForce,
      concurrency: config.GRADING_CONCURRENCY,
      maxDeliver: config.GRADING_MAX_DELIVER,
      ackWaitMs: config.GRADING_ACK_WAIT_MS,
      progressAfterMs: config.GRADING_PROGRESS_AFTER_MS,
      backoffMs: opts.backoffMs,
      admission,
    });
    const running = worker;
    lifecycle.onClose('grading worker', async () => {
      // essays waiting for a turn go back to JetStream at once (another replica takes them); then
      // the jobs in flight finish
      await admission?.stop();
      await running.stop();
    });
    const assessRpc = serveAssessRpc(
      infra.bus,
      createQuickAssessor({ bus: infra.bus, config, graders, logger: app.log, exemplars }),
      app.log,
    );
    lifecycle.onClose('assess rpc', async () => assessRpc.unsubscribe());
    const graderRpc = serveGraderRpc(
      infra.bus,
      { grader: inForce, ...(inForce === 'openai' ? { model: config.OPENAI_MODEL } : {}) },
      app.log,
    );
    lifecycle.onClose('grader rpc', async () => graderRpc.unsubscribe());
    await app.ready();
    return { app, config, infra, worker: running, admission };
  });
}

/** The shared budget of the configured endpoint, with the schools' weights and caps (issue 33 §1). */
function createAdmission(config: GradingConfig, redis: Redis, onError: (err: unknown) => void): Admission {
  const weights = parseSchoolNumbers(config.GRADING_SCHOOL_WEIGHTS, 'GRADING_SCHOOL_WEIGHTS');
  const caps = parseSchoolNumbers(config.GRADING_SCHOOL_CAPS, 'GRADING_SCHOOL_CAPS');
  const tpm = config.OPENAI_TPM ?? OPENAI_DEFAULT_LIMITS.tpm;
  const store = new FairBudgetStore(
    redis,
    config.REDIS_PREFIX,
    endpointId(config.OPENAI_BASE_URL, config.OPENAI_MODEL, config.OPENAI_API_KEY ?? NO_KEY),
    {
      tokensPerWindow: tpm,
      requestsPerWindow: config.OPENAI_RPM ?? OPENAI_DEFAULT_LIMITS.rpm,
      windowMs: config.OPENAI_RATE_WINDOW_MS,
      ceiling: config.OPENAI_TPM !== undefined || config.OPENAI_RPM !== undefined,
    },
  );
  return new Admission({
    store,
    tenantTerms: (tenant) => {
      const school = tenant.startsWith('school:') ? tenant.slice('school:'.length) : '';
      const share = Math.min(caps.get(school) ?? config.GRADING_TENANT_CAP, 1);
      return { weight: weights.get(school) ?? 1, cap: share >= 1 ? 0 : Math.floor(share * tpm) };
    },
    pollMs: config.GRADING_QUEUE_POLL_MS,
    placeEveryMs: config.GRADING_QUEUE_REPORT_MS,
    default429HoldMs: Math.min(config.OPENAI_RATE_WINDOW_MS, 60_000),
    onError,
  });
}

export type GradingRunning = Awaited<ReturnType<typeof startService>>;
