import type { FastifyBaseLogger } from 'fastify';
import type { Grader } from '../domain/job';
import type { GradingConfig } from '../config';
import { builtinGrader } from './builtin';
import { specLocalGrader } from './spec-local';
import { createOpenAiGrader, type OpenAiGraderOptions } from './openai';

export { builtinGrader, specLocalGrader, createOpenAiGrader };
export type { OpenAiGraderOptions } from './openai';

/** The configured model settings (base URL, model, budget, retries, samples, fallback) with the given key. */
export function openAiOptions(config: GradingConfig, apiKey: string, fallback: Grader, logger?: FastifyBaseLogger): OpenAiGraderOptions {
  return {
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

/** The graders this deployment offers, by name; `openai` only with an API key. */
export function createGraders(config: GradingConfig, logger?: FastifyBaseLogger): Record<string, Grader> {
  const graders: Record<string, Grader> = { builtin: builtinGrader, 'spec-local': specLocalGrader };
  if (config.OPENAI_API_KEY) {
    graders.openai = createOpenAiGrader(openAiOptions(config, config.OPENAI_API_KEY, graders[config.GRADING_FALLBACK], logger));
  } else if (config.GRADER === 'openai') {
    throw new Error('Invalid configuration: GRADER=openai needs OPENAI_API_KEY');
  }
  return graders;
}
