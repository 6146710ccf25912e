import OpenAI, { AzureOpenAI } from 'openai';
import { AiGradingReply, AssessmentFallbackReasons, type Results } from '@corestone/contracts';
import { ReplyError, SYSTEM_PROMPT, parseReply, resultsFromReply, userPrompt } from '../domain/ai-reply';
import { combineSamples } from '../domain/consistency';
import { gradeBuiltin } from '../domain/builtin';
import { isRetryableStatus, retryDelayMs } from '../domain/retry';
import { STAGE_PERCENT, UnsupportedLanguageError, type GradeContext, type Grader, type GradingJob } from '../domain/job';
import { detectLanguage } from '../domain/language';
import { estimateRequestTokens } from '../domain/rate-limits';
import { chooseExemplars, type ChosenExemplar, type ExemplarSource } from '../domain/exemplars';

/** Spec admin §7 / §9: the model call's settings. */
const MODEL_SETTINGS = { temperature: 0.3, max_tokens: 3000 } as const;

export interface OpenAiGraderOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Whole grading budget (spec: 30 s); after it the fallback's result is used. */
  budgetMs: number;
  /** Retries of one call on 408/409/429/5xx and lost connections, within the budget. */
  maxRetries: number;
  /** Replies per essay; more than 1 is consistency mode (median per criterion). */
  samples: number;
  /** Grader whose result replaces a failed model grading (builtin, or spec-local). */
  fallback: Grader;
  logger?: { warn(obj: object, msg: string): void };
  /** Issue 33 §2: Azure OpenAI (`baseURL` is the resource endpoint): the deployment's path and api-version. */
  azure?: AzureTarget;
  /** Issue 33 §3: the rubric's marked exemplars (none when unset); the most relevant go into the prompt. */
  exemplars?: ExemplarSource;
  /** Tokens the exemplars' blocks may take in the prompt together (0: none are shown). */
  exemplarTokens?: number;
  /** Jitter source (tests make it fixed). */
  random?: () => number;
}

/** An Azure OpenAI deployment: requests go to `<endpoint>/openai/deployments/<deployment>/…?api-version=<apiVersion>`. */
export interface AzureTarget {
  deployment: string;
  apiVersion: string;
}

/**
 * The SDK client for an endpoint (issue 33 §2): the SDK's AzureOpenAI client for an Azure
 * deployment (its path, `api-version` query and `api-key` header), otherwise the OpenAI client at
 * `baseURL` (api.openai.com when unset, or any compatible server: vLLM, Ollama). Retries are ours.
 */
export function modelClient(o: { apiKey: string; baseURL?: string; azure?: AzureTarget; timeoutMs: number }): OpenAI {
  return o.azure
    ? new AzureOpenAI({
        // null, not undefined: the SDK would otherwise take OPENAI_BASE_URL (the platform's) and refuse both
        baseURL: null,
        endpoint: o.baseURL,
        apiKey: o.apiKey,
        apiVersion: o.azure.apiVersion,
        deployment: o.azure.deployment,
        maxRetries: 0,
        timeout: o.timeoutMs,
      })
    : new OpenAI({ apiKey: o.apiKey, baseURL: o.baseURL, maxRetries: 0, timeout: o.timeoutMs });
}

/** A model call that failed for good: the reason recorded with the fallback result. */
class CallFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * 429s one request may meet and wait out through the shared budget before it counts as a failure:
 * each one holds the budget until the provider's reset, so this bounds only a provider that keeps
 * refusing for a very long time.
 */
const RATE_LIMITED_TRIES = 50;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/**
 * The OpenAI grader: the `openai` SDK against OPENAI_BASE_URL (any compatible server), structured
 * JSON output (contracts AiGradingReply as a strict JSON schema), the rubric's criteria and
 * descriptors in the prompt. Retries follow the spec (domain/retry.ts) inside one budget; when the
 * budget runs out, the model keeps failing or its reply is unusable, the fallback grader's result is
 * used and recorded as `<fallback>-fallback` with the reason.
 */
export function createOpenAiGrader(opts: OpenAiGraderOptions): Grader {
  // Retries are ours (spec policy, bounded by the budget), so the SDK makes one attempt per call.
  const client = modelClient({ apiKey: opts.apiKey, baseURL: opts.baseURL, azure: opts.azure, timeoutMs: opts.budgetMs });
  const random = opts.random ?? Math.random;

  /**
   * One model request, retried by the spec's policy. With the shared budget (`ctx.admit`, the
   * worker's) every attempt first waits for its fair turn and its estimated tokens, the grading's
   * budget (OPENAI_BUDGET_MS) counts from the turn, not from the wait, and a 429 is not a failure:
   * the budget is held until the provider's reset and the request waits again at the head of its line.
   */
  async function call(job: GradingJob, prompt: string, ctx: GradeContext | undefined): Promise<string | null | undefined> {
    const messages = [
      { role: 'system' as const, content: SYSTEM_PROMPT },
      { role: 'user' as const, content: prompt },
    ];
    const body = {
      model: opts.model,
      ...MODEL_SETTINGS,
      response_format: {
        type: 'json_schema' as const,
        json_schema: { name: 'essay_assessment', strict: true, schema: AiGradingReply as unknown as Record<string, unknown> },
      },
      messages,
    };
    const tokens = estimateRequestTokens(messages, MODEL_SETTINGS.max_tokens);
    let deadline = 0;
    let timer: NodeJS.Timeout | undefined;
    let signal!: AbortSignal;
    const arm = () => {
      clearTimeout(timer);
      const controller = new AbortController();
      signal = controller.signal;
      deadline = Date.now() + opts.budgetMs;
      timer = setTimeout(() => controller.abort(), opts.budgetMs);
    };
    let seq: number | undefined;
    let rateLimited = 0;
    arm();
    try {
      for (let retry = 0; ; retry++) {
        if (ctx?.admit) clearTimeout(timer); // the wait for a turn is not the provider's time
        const permit = ctx?.admit ? await ctx.admit(tokens, seq) : undefined;
        if (permit) {
          seq = permit.seq;
          arm();
        }
        try {
          const { data, response } = await client.chat.completions
            .create(body, { signal, timeout: Math.max(1, deadline - Date.now()) })
            .withResponse();
          await permit?.report(response.status, response.headers);
          return data.choices[0]?.message?.content;
        } catch (err) {
          const status = err instanceof OpenAI.APIError ? err.status : undefined;
          if (permit && status) await permit.report(status, (err as InstanceType<typeof OpenAI.APIError>).headers);
          if (permit && status === 429 && rateLimited++ < RATE_LIMITED_TRIES) {
            retry--; // waited out through the budget, not a failed attempt
            continue;
          }
          if (err instanceof OpenAI.APIUserAbortError || err instanceof OpenAI.APIConnectionTimeoutError || Date.now() >= deadline) {
            throw new CallFailed(AssessmentFallbackReasons.TIMEOUT);
          }
          const retryable = err instanceof OpenAI.APIConnectionError || isRetryableStatus(status);
          const what = status ? `HTTP ${status}` : (err as Error).message;
          if (!retryable || retry >= opts.maxRetries) {
            throw new CallFailed(`${AssessmentFallbackReasons.NO_RESPONSE}: ${what} after ${plural(retry + 1, 'attempt')}`);
          }
          const wait = retryDelayMs(retry, err instanceof OpenAI.APIError ? err.headers : undefined, random);
          if (Date.now() + wait >= deadline) throw new CallFailed(AssessmentFallbackReasons.TIMEOUT);
          await sleep(wait, signal);
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async function sample(job: GradingJob, prompt: string, filler: () => Results, ctx: GradeContext | undefined): Promise<AiGradingReply> {
    const content = await call(job, prompt, ctx);
    return parseReply(content, job, filler());
  }

  /**
   * The exemplars shown for this essay. The rubric service not answering costs the grading its
   * exemplars, never the grading itself (logged; the result then names none).
   */
  async function exemplarsFor(job: GradingJob): Promise<ChosenExemplar[]> {
    if (!opts.exemplars || !(opts.exemplarTokens! > 0)) return [];
    try {
      return chooseExemplars(await opts.exemplars(job.rubric.id), job, opts.exemplarTokens!);
    } catch (err) {
      opts.logger?.warn({ evaluation_id: job.evaluation_id, err }, 'rubric exemplars unavailable; graded without them');
      return [];
    }
  }

  return {
    name: 'openai',
    async grade(job: GradingJob, ctx?: GradeContext): Promise<Results> {
      // With the shared budget the essay first waits for its turn: the worker reports the stage then.
      if (!ctx?.admit) await ctx?.progress('analysing_text', STAGE_PERCENT.analysing_text);
      // Text metrics, and the words a reply leaves out: made once the model has answered, so an essay
      // waiting for its turn costs no analysis yet (a burst of held essays would analyse them all at once).
      // The essay's language (issue 36): the prompt names it and the model answers in it.
      const language = detectLanguage(job.text);
      let analysed: Results | undefined;
      const analysis = () => (analysed ??= gradeBuiltin(job, { language, anyLanguage: true }));
      const chosen = await exemplarsFor(job);
      const prompt = userPrompt(
        job,
        chosen.map((c) => c.block),
        language,
      );
      const shown = chosen.length ? { exemplars: chosen.map(({ exemplar }) => ({ id: exemplar.id, title: exemplar.title })) } : {};
      const outcomes = await Promise.allSettled(Array.from({ length: opts.samples }, () => sample(job, prompt, analysis, ctx)));
      await ctx?.progress('writing_feedback', STAGE_PERCENT.writing_feedback);
      const replies = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      if (replies.length === 0) {
        const failure = (outcomes[0] as PromiseRejectedResult).reason;
        if (!(failure instanceof CallFailed || failure instanceof ReplyError)) throw failure; // a bug: retried, then dead-lettered
        opts.logger?.warn({ evaluation_id: job.evaluation_id, reason: failure.message }, 'model grading failed; fallback used');
        // The built-in grader cannot judge another language: the essay is refused, not marked down.
        if (opts.fallback.name === 'builtin' && language === 'other') throw new UnsupportedLanguageError();
        const fallback = opts.fallback.name === 'builtin' ? analysis() : await opts.fallback.grade(job);
        return { ...fallback, grader: `${opts.fallback.name}-fallback`, fallbackReason: failure.message, model: opts.model, language };
      }
      if (opts.samples === 1) {
        return {
          ...resultsFromReply(job, replies[0]),
          textMetrics: analysis().textMetrics,
          grader: 'openai',
          model: opts.model,
          language,
          ...shown,
        };
      }
      const combined = combineSamples(job, replies);
      return {
        ...resultsFromReply(job, combined.reply, combined.medians),
        textMetrics: analysis().textMetrics,
        grader: 'openai',
        model: opts.model,
        consistency: combined.consistency,
        language,
        ...shown,
      };
    },
  };
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
