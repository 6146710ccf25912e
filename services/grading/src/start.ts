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
import { serveAssessRpc, serveEndpointTestRpc, serveGraderRpc } from './messaging/assess-rpc';
import { createSchoolRouter, endpointTarget } from './app/graders/school-endpoints';
import { openAiOptions } from './app/graders';
import { schoolSettingsSource } from './peers/school-endpoints';
import { testEndpoint, type EndpointTarget } from './peers/endpoint-test';
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
    const onBudgetError = (err: unknown) => app.log.warn({ err }, 'shared budget: Redis failed');
    const admission = shared
      ? createAdmission(config, opened.redis!, onBudgetError, {
          id: endpointId(config.OPENAI_BASE_URL, config.OPENAI_MODEL, config.OPENAI_API_KEY ?? NO_KEY),
          tpm: config.OPENAI_TPM,
          rpm: config.OPENAI_RPM,
        })
      : undefined;
    // Issue 33 §2: schools' own endpoints (each its own budget, limits learnt from its headers) and AI switches.
    const schools = createSchoolRouter({
      settings: schoolSettingsSource(infra.bus, { ttlMs: config.GRADING_SCHOOL_ENDPOINT_CACHE_MS }),
      builtin: graders.builtin,
      modelOptions: (t) => ({
        ...openAiOptions(config, t.apiKey, graders[config.GRADING_FALLBACK], app.log, exemplars),
        baseURL: t.baseURL,
        model: t.model,
        azure: t.azure,
      }),
      admissionFor: shared ? (t) => createAdmission(config, opened.redis!, onBudgetError, { id: targetBudgetId(t) }) : undefined,
      noKey: NO_KEY,
    });
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
      route: opts.graders ? undefined : (job) => schools.route(job),
    });
    const running = worker;
    lifecycle.onClose('grading worker', async () => {
      // essays waiting for a turn go back to JetStream at once (another replica takes them); then
      // the jobs in flight finish
      await admission?.stop();
      await Promise.all(schools.admissions().map((a) => a.stop()));
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
    const testRpc = serveEndpointTestRpc(infra.bus, (endpoint) => testEndpoint(endpointTarget(endpoint, NO_KEY)), app.log);
    lifecycle.onClose('endpoint test rpc', async () => testRpc.unsubscribe());
    await app.ready();
    return { app, config, infra, worker: running, admission };
  });
}

/**
 * A school endpoint's budget id: its URL (an Azure deployment's path included), model and key, so
 * every distinct endpoint — and never the platform's — has a budget of its own (issue 33 §2).
 */
const targetBudgetId = (t: EndpointTarget) =>
  endpointId(t.azure ? `${t.baseURL}/openai/deployments/${t.azure.deployment}` : t.baseURL, t.model, t.apiKey);

/**
 * The shared budget of one endpoint (`endpoint.id`), with the schools' weights and caps (issue 33
 * §1). `tpm`/`rpm` are ceilings when set (the platform's OPENAI_TPM/RPM); unset, the budget starts at
 * OPENAI_DEFAULT_LIMITS and the provider's headers set it (a school's endpoint).
 */
function createAdmission(
  config: GradingConfig,
  redis: Redis,
  onError: (err: unknown) => void,
  endpoint: { id: string; tpm?: number; rpm?: number },
): Admission {
  const weights = parseSchoolNumbers(config.GRADING_SCHOOL_WEIGHTS, 'GRADING_SCHOOL_WEIGHTS');
  const caps = parseSchoolNumbers(config.GRADING_SCHOOL_CAPS, 'GRADING_SCHOOL_CAPS');
  const tpm = endpoint.tpm ?? OPENAI_DEFAULT_LIMITS.tpm;
  const store = new FairBudgetStore(redis, config.REDIS_PREFIX, endpoint.id, {
    tokensPerWindow: tpm,
    requestsPerWindow: endpoint.rpm ?? OPENAI_DEFAULT_LIMITS.rpm,
    windowMs: config.OPENAI_RATE_WINDOW_MS,
    ceiling: endpoint.tpm !== undefined || endpoint.rpm !== undefined,
  });
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
