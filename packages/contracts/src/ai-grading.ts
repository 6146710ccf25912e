import { Type, type Static } from '@sinclair/typebox';

/**
 * What a language-model grader must answer: the JSON schema sent as the structured-output format
 * (strict: every property required, no others) and checked again on the reply. Scores are the
 * model's; maxima, bands, totals and the grade are computed from the rubric, never taken from it.
 */
const strict = { additionalProperties: false } as const;

/** A remark with the essay's own words it refers to (copied exactly, or empty). */
const AiRemark = Type.Object(
  { text: Type.String(), quote: Type.String({ description: 'exact words copied from the essay, at most 30 words; empty if none' }) },
  strict,
);

const AiCriterionReply = Type.Object(
  {
    code: Type.String({ description: 'the rubric criterion code' }),
    score: Type.Number({ description: 'marks awarded, 0 to the criterion maximum' }),
    feedback: Type.String(),
    strengths: Type.Array(AiRemark),
    improvements: Type.Array(AiRemark),
  },
  strict,
);

export const AiGradingReply = Type.Object(
  {
    criteria: Type.Array(AiCriterionReply),
    overallSummary: Type.Object(
      {
        holisticCommentary: Type.String(),
        strengths: Type.Array(Type.String()),
        improvements: Type.Array(Type.String()),
        nextSteps: Type.Array(Type.String()),
      },
      strict,
    ),
    insight_feedback: Type.Object(
      {
        clarity_and_cohesion: Type.String(),
        argument_and_evidence: Type.String(),
        grammar_and_mechanics: Type.String(),
        critical_thinking: Type.String(),
        originality_and_insight: Type.String(),
      },
      strict,
    ),
    suggestions: Type.Array(Type.String()),
  },
  strict,
);
export type AiGradingReply = Static<typeof AiGradingReply>;
