import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { configSchema } from '@corestone/service-kit';

export const GradingConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.grading.port }),
  /**
   * Which grader grades: `auto` (default) = the model grader (`openai`) when an OpenAI key or an
   * OpenAI-compatible endpoint is configured, otherwise the built-in text analysis; `builtin` or
   * `openai` force one; `spec-local` = the spec's local fallback rules. See resolveGrader.
   */
  GRADER: Type.Union([Type.Literal('auto'), Type.Literal('builtin'), Type.Literal('openai'), Type.Literal('spec-local')], {
    default: 'auto',
  }),
  /** Configures the model grader (with OPENAI_BASE_URL alone, a compatible server that needs no key). */
  OPENAI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Any OpenAI-compatible server; unset = api.openai.com. Set alone, it configures the model grader too. */
  OPENAI_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  OPENAI_MODEL: Type.String({ default: 'gpt-4o-mini', minLength: 1 }),
  /** Budget of one model grading, retries included (spec: 30 s); then the fallback is used. */
  OPENAI_BUDGET_MS: Type.Integer({ default: 30_000, minimum: 100 }),
  /** Retries of one model call on 408/409/429/5xx, within the budget. */
  OPENAI_MAX_RETRIES: Type.Integer({ default: 5, minimum: 0, maximum: 10 }),
  /** Replies per essay; more than 1 turns on consistency mode (median per criterion, agreement reported). */
  OPENAI_SAMPLES: Type.Integer({ default: 1, minimum: 1, maximum: 7 }),
  /** What replaces a failed model grading: the built-in grader, or the spec's local fallback rules. */
  GRADING_FALLBACK: Type.Union([Type.Literal('builtin'), Type.Literal('spec-local')], { default: 'builtin' }),
  /**
   * Jobs graded at once by one replica. With the shared budget (model grader) it is the number of
   * essays a replica holds in the fair queue while they wait for their turn: the budget, not this,
   * limits the requests in flight, and only held essays are ordered fairly (size it so that the
   * replicas together hold a deadline's burst, e.g. 256 each).
   */
  GRADING_CONCURRENCY: Type.Integer({ default: 4, minimum: 1, maximum: 2048 }),
  /** Deliveries of one job before it is dead-lettered and reported as grading.failed.v1. */
  GRADING_MAX_DELIVER: Type.Integer({ default: 5, minimum: 1 }),
  /**
   * JetStream ack wait; long jobs extend it with msg.working() every third of it. It is also how
   * long a job delivered but lost with its worker's connection (a NATS restart mid-fetch, a killed
   * worker) waits before it is delivered again, so it is kept short: the heartbeat covers slow graders.
   */
  GRADING_ACK_WAIT_MS: Type.Integer({ default: 30_000, minimum: 1_000 }),
  /**
   * A job publishes no progress during its first this many ms, then its latest stage, and afterwards
   * at most one progress event per this interval (the processing screen polls every 2 s); a job done
   * sooner publishes only its result. 0 publishes every stage at once.
   */
  GRADING_PROGRESS_AFTER_MS: Type.Integer({ default: 1_000, minimum: 0, maximum: 600_000 }),
  /**
   * The shared provider budget (issue 33 §1): `redis` = every replica draws model requests from one
   * token bucket per endpoint in Redis, in a fair order across schools and individuals; `off` =
   * each request is sent at once (one replica against a generous limit). Only the model grader uses it.
   */
  GRADING_BUDGET: Type.Union([Type.Literal('redis'), Type.Literal('off')], { default: 'redis' }),
  /**
   * The endpoint's tokens per window (per minute), a ceiling: the provider's x-ratelimit-limit-tokens
   * may lower it. Unset: the budget starts at OPENAI_DEFAULT_LIMITS and the provider's headers set it.
   */
  OPENAI_TPM: Type.Optional(Type.Integer({ minimum: 1_000 })),
  /** The endpoint's requests per window (per minute), a ceiling as OPENAI_TPM; unset: learnt. */
  OPENAI_RPM: Type.Optional(Type.Integer({ minimum: 1 })),
  /** The provider's rate-limit window: 60000 for per-minute limits (a benchmark may scale it down). */
  OPENAI_RATE_WINDOW_MS: Type.Integer({ default: 60_000, minimum: 100 }),
  /** Weights of schools in the fair order, "school-id=2,school-id=0.5" (default 1 each). */
  GRADING_SCHOOL_WEIGHTS: Type.String({ default: '' }),
  /** Caps: the share of the window's tokens one school may use, "school-id=0.25,…" (0..1). */
  GRADING_SCHOOL_CAPS: Type.String({ default: '' }),
  /** The share of the window's tokens any one school or individual may use (1 = no cap). */
  GRADING_TENANT_CAP: Type.Number({ default: 1, exclusiveMinimum: 0, maximum: 1 }),
  /** How often a replica asks for a turn while its essays wait (ms). */
  GRADING_QUEUE_POLL_MS: Type.Integer({ default: 100, minimum: 5, maximum: 10_000 }),
  /** How often waiting essays report their place and estimated start (ms). */
  GRADING_QUEUE_REPORT_MS: Type.Integer({ default: 5_000, minimum: 100, maximum: 600_000 }),
  /**
   * Issue 33 §3: tokens the rubric's marked exemplars may take in a model prompt together (the most
   * relevant that fit; 0 = no exemplars). Each is also charged to the shared budget with the prompt.
   */
  GRADING_EXEMPLAR_TOKENS: Type.Integer({ default: 4_000, minimum: 0, maximum: 100_000 }),
  /**
   * Issue 33 §2: how long a replica keeps a school's AI switch and own endpoint before asking
   * schools again (ms): a changed endpoint or switch reaches gradings within this time.
   */
  GRADING_SCHOOL_ENDPOINT_CACHE_MS: Type.Integer({ default: 30_000, minimum: 0, maximum: 3_600_000 }),
  /** How long a replica keeps a rubric's exemplars before asking the rubric service again (ms). */
  GRADING_EXEMPLAR_CACHE_MS: Type.Integer({ default: 30_000, minimum: 0, maximum: 3_600_000 }),
});
export type GradingConfig = Static<typeof GradingConfig>;

/**
 * The budget's first guess when OPENAI_TPM / OPENAI_RPM are unset, until the provider's first answer
 * names its limits: OpenAI's smallest tier for gpt-4o-mini (docs/capacity.md), so the first requests
 * never exceed a real account's limits.
 */
export const OPENAI_DEFAULT_LIMITS = { tpm: 200_000, rpm: 500 } as const;

/** The graders a deployment can be set to grade with (GRADER resolved). */
export type GraderName = 'builtin' | 'openai' | 'spec-local';

/** A model grader is configured: an API key, or an OpenAI-compatible endpoint (vLLM, Ollama need no key). */
export const modelConfigured = (config: Pick<GradingConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>): boolean =>
  Boolean(config.OPENAI_API_KEY || config.OPENAI_BASE_URL);

/**
 * The grader new gradings use: GRADER as set, or for `auto` the model grader when one is configured
 * and the built-in one otherwise. `openai` forced without a key or endpoint is a configuration error.
 */
export function resolveGrader(config: Pick<GradingConfig, 'GRADER' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>): GraderName {
  if (config.GRADER === 'auto') return modelConfigured(config) ? 'openai' : 'builtin';
  if (config.GRADER === 'openai' && !modelConfigured(config)) {
    throw new Error('Invalid configuration: GRADER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a compatible server)');
  }
  return config.GRADER;
}
