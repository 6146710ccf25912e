import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { EssayType } from '@corestone/contracts';

/** What the model must answer: every field required, nothing else (OpenAI strict structured output). */
const Level = Type.Object({ min: Type.Integer(), max: Type.Integer(), descriptor: Type.String() }, { additionalProperties: false });
export const AiRubric = Type.Object(
  {
    title: Type.String(),
    description: Type.String(),
    criteria: Type.Array(
      Type.Object(
        {
          code: Type.String(),
          name: Type.String(),
          maxScore: Type.Integer(),
          description: Type.String(),
          scoring_levels: Type.Array(Level),
        },
        { additionalProperties: false },
      ),
    ),
    detailed_guidance: Type.Array(Type.String()),
    prompts: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type AiRubric = Static<typeof AiRubric>;

/** The document text sent to the model is cut here (a rubric is a few pages; the rest is noise and cost). */
const MAX_PROMPT_CHARS = 60_000;

export interface RubricAssistant {
  structure(text: string, opts: { rubric_type: EssayType; generate_scoring: boolean }): Promise<AiRubric>;
}

class AiAnswerError extends Error {
  override name = 'AiAnswerError';
}

const SYSTEM = `You are an experienced International Baccalaureate examiner. You turn a marking rubric document into a structured rubric.
Rules:
- Use only criteria the document states, in its order, with its codes (A, B, C...; give letters in order when it has none), names and maximum marks.
- Copy each mark band's range and descriptor from the document; join wrapped lines, keep the wording.
- description: one or two sentences on what the criterion assesses, from the document.
- detailed_guidance: the document's guidance or notes for examiners, one item each.
- prompts: the questions the document asks of the examiner or the student, verbatim.`;

/** Why a call failed, in words for the admin (the SDK has already retried what is worth retrying). */
function reasonOf(err: unknown): string {
  if (err instanceof APIUserAbortError || err instanceof APIConnectionTimeoutError) return 'it took too long';
  if (err instanceof APIError && err.status) return `the model service answered ${err.status}`;
  return (err as Error).message || String(err);
}

export class OpenAiRubricAssistant implements RubricAssistant {
  private readonly client: OpenAI;

  constructor(private readonly opts: { apiKey: string; baseURL?: string; model: string; timeoutMs: number }) {
    // The SDK retries 408/409/429/5xx with backoff (honouring retry-after); the signal below bounds the whole call.
    this.client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL, maxRetries: 2, timeout: opts.timeoutMs });
  }

  async structure(
    text: string,
    { rubric_type, generate_scoring }: { rubric_type: EssayType; generate_scoring: boolean },
  ): Promise<AiRubric> {
    const essay = rubric_type === 'ee' ? 'Extended Essay' : 'Theory of Knowledge essay';
    const scoring = generate_scoring
      ? 'Where the document gives a criterion no mark bands, write IB-style bands for it (0, then ranges up to its maximum) with descriptors naming the qualities an essay at that level shows.'
      : 'Where the document gives a criterion no mark bands, leave scoring_levels empty; never invent descriptors.';
    const completion = await this.client.chat.completions
      .create(
        {
          model: this.opts.model,
          temperature: 0.2,
          max_tokens: 4000,
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'rubric', strict: true, schema: AiRubric as unknown as Record<string, unknown> },
          },
          messages: [
            { role: 'system', content: `${SYSTEM}\n- ${scoring}` },
            { role: 'user', content: `Rubric document for the ${essay}:\n\n${text.slice(0, MAX_PROMPT_CHARS)}` },
          ],
        },
        { signal: AbortSignal.timeout(this.opts.timeoutMs) },
      )
      .catch((err: unknown) => {
        throw new AiAnswerError(reasonOf(err));
      });
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new AiAnswerError('the model gave no answer');
    let answer: unknown;
    try {
      answer = JSON.parse(content);
    } catch {
      throw new AiAnswerError('the answer is not JSON');
    }
    if (!Value.Check(AiRubric, answer)) {
      const first = [...Value.Errors(AiRubric, answer)][0];
      throw new AiAnswerError(`the answer does not match the rubric schema (${first?.path || '/'}: ${first?.message ?? 'invalid'})`);
    }
    return answer;
  }
}
