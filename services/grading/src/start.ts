import { openInfra, startWith, type RunningConsumer } from '@corestone/service-kit';
import { resolveGrader, type GradingConfig } from './config';
import { buildApp } from './app';
import { createGraders } from './app/graders';
import type { Grader } from './domain/job';
import { startGradingWorker, type GradingWorkerOptions } from './messaging/worker';
import { createQuickAssessor } from './app/assess';
import { serveAssessRpc, serveGraderRpc } from './messaging/assess-rpc';

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
    const opened = await openInfra('grading', config, lifecycle, { bus: true });
    const infra = { ...opened, bus: opened.bus! };
    let worker: RunningConsumer | null = null;
    const { app } = buildApp({ config, infra, worker: () => worker });
    const graders = opts.graders ?? createGraders(config, app.log);
    const inForce = resolveGrader(config);
    app.log.info(
      { grader: inForce, setting: config.GRADER, ...(inForce === 'openai' ? { model: config.OPENAI_MODEL } : {}) },
      'grader in force',
    );
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
    });
    const running = worker;
    lifecycle.onClose('grading worker', () => running.stop());
    const assessRpc = serveAssessRpc(infra.bus, createQuickAssessor({ bus: infra.bus, config, graders, logger: app.log }), app.log);
    lifecycle.onClose('assess rpc', async () => assessRpc.unsubscribe());
    const graderRpc = serveGraderRpc(
      infra.bus,
      { grader: inForce, ...(inForce === 'openai' ? { model: config.OPENAI_MODEL } : {}) },
      app.log,
    );
    lifecycle.onClose('grader rpc', async () => graderRpc.unsubscribe());
    await app.ready();
    return { app, config, infra, worker: running };
  });
}

export type GradingRunning = Awaited<ReturnType<typeof startService>>;
