import type { FastifyBaseLogger } from 'fastify';
import type { Grader } from '../../domain/job';
import { modelConfigured, resolveGrader, type GradingConfig } from '../../config';
import { builtinGrader } from './builtin';
import { specLocalGrader } from './spec-local';
import { createOpenAiGrader, type OpenAiGraderOptions } from '../../peers/openai';
import type { ExemplarSource } from '../../domain/exemplars';

export { builtinGrader, specLocalGrader, createOpenAiGrader };
export type { OpenAiGraderOptions } from '../../peers/openai';

/** The configured model settings (base URL, model, budget, retries, samples, fallback, exemplars) with the given key. */
export function openAiOptions(
  config: GradingConfig,
  apiKey: string,
  fallback: Grader,
  logger?: FastifyBaseLogger,
  exemplars?: ExemplarSource,
): OpenAiGraderOptions {
  return {
    exemplars,
    exemplarTokens: config.GRADING_EXEMPLAR_TOKENS,
    apiKey,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    budgetMs: config.OPENAI_BUDGET_MS,
    maxRetries: config.OPENAI_MAX_RETRIES,
    samples: config.OPENAI_SAMPLES,
    fallback,
    logger,
  };
}

/**
 * The key sent to a compatible endpoint configured without one (OPENAI_BASE_URL alone: vLLM, Ollama
 * and the like take any bearer); the SDK refuses to start without a key.
 */
export const NO_KEY = 'no-key-configured';

/** The graders this deployment offers, by name; `openai` only with an API key or a compatible endpoint. */
export function createGraders(config: GradingConfig, logger?: FastifyBaseLogger, exemplars?: ExemplarSource): Record<string, Grader> {
  resolveGrader(config); // refuses GRADER=openai with no model configured
  const graders: Record<string, Grader> = { builtin: builtinGrader, 'spec-local': specLocalGrader };
  if (modelConfigured(config)) {
    graders.openai = createOpenAiGrader(
      openAiOptions(config, config.OPENAI_API_KEY ?? NO_KEY, graders[config.GRADING_FALLBACK], logger, exemplars),
    );
  }
  return graders;
}
