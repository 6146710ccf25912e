import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { configSchema } from '@corestone/service-kit';

export const GradingConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.grading.port }),
  /** Default grader. Only `builtin` exists yet; `openai` comes with its own issue. */
  GRADER: Type.Union([Type.Literal('builtin')], { default: 'builtin' }),
  /** Jobs graded at once by one replica. */
  GRADING_CONCURRENCY: Type.Integer({ default: 4, minimum: 1, maximum: 64 }),
  /** Deliveries of one job before it is dead-lettered and reported as grading.failed.v1. */
  GRADING_MAX_DELIVER: Type.Integer({ default: 5, minimum: 1 }),
  /** JetStream ack wait; long jobs extend it with msg.working() every third of it. */
  GRADING_ACK_WAIT_MS: Type.Integer({ default: 120_000, minimum: 1_000 }),
});
export type GradingConfig = Static<typeof GradingConfig>;
