import type { FastifyBaseLogger } from 'fastify';
import { Rpc, type RpcRequest, type RpcResponse } from '@corestone/contracts';
import { badRequest, callRpc, type Bus } from '@corestone/service-kit';
import { resolveGrader, type GradingConfig } from '../config';
import { UngradableJobError, checkJob, type Grader } from '../domain/job';
import { NO_KEY, createOpenAiGrader, openAiOptions } from './graders';
import type { ExemplarSource } from '../domain/exemplars';

export interface QuickAssessDeps {
  bus: Bus;
  config: GradingConfig;
  /** The deployment's graders by name (the worker's registry). */
  graders: Record<string, Grader>;
  logger: FastifyBaseLogger;
  /** The rubrics' marked exemplars for the model's prompt (issue 33 §3). */
  exemplars?: ExemplarSource;
  /** Wait for users' answer about the admin's key. */
  lookupTimeoutMs?: number;
}

/**
 * The admin Quick Assessment (`rpc.grading.assess`): one essay graded now and answered, nothing
 * published. With `key_owner` the admin's own OpenAI key is asked of users (`rpc.users.get_api_key`;
 * it lives only in this call's grader) and the OpenAI grader uses it with the deployment's model
 * settings; without a key the grader in force (`GRADER` resolved: resolveGrader) grades. A model grading is capped by
 * the caller's `budget_ms`, so the answer comes within its limit (the fallback result after it).
 */
export function createQuickAssessor(deps: QuickAssessDeps) {
  const { config, graders } = deps;
  const fallback = graders[config.GRADING_FALLBACK]!;
  const inForce = resolveGrader(config);

  const modelGrader = (apiKey: string, budgetMs: number | undefined) => {
    const options = openAiOptions(config, apiKey, fallback, deps.logger, deps.exemplars);
    return createOpenAiGrader({ ...options, budgetMs: Math.min(options.budgetMs, budgetMs ?? options.budgetMs) });
  };

  async function ownKey(userId: string | undefined): Promise<string | null> {
    if (!userId) return null;
    const { api_key } = await callRpc(deps.bus, Rpc.usersGetApiKey, { user_id: userId }, { timeoutMs: deps.lookupTimeoutMs ?? 5000 });
    return api_key;
  }

  return async function assess(req: RpcRequest<typeof Rpc.gradingAssess>): Promise<RpcResponse<typeof Rpc.gradingAssess>> {
    try {
      checkJob(req.job);
    } catch (err) {
      if (err instanceof UngradableJobError) throw badRequest(err.message, err.code);
      throw err;
    }
    const key = await ownKey(req.key_owner);
    const grader = key
      ? modelGrader(key, req.budget_ms)
      : inForce === 'openai'
        ? modelGrader(config.OPENAI_API_KEY ?? NO_KEY, req.budget_ms)
        : graders[inForce]!;
    const started = Date.now();
    const results = await grader.grade(req.job);
    const processing_ms = Date.now() - started;
    deps.logger.info({ grader: results.grader, own_key: Boolean(key), processing_ms }, 'quick assessment graded');
    return { results, grader: results.grader, own_key: Boolean(key), processing_ms };
  };
}
