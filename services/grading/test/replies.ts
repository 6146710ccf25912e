import type { AiGradingReply } from '@corestone/contracts';
import { EE_RUBRIC } from './rubrics';

/** A complete reply for the default EE rubric. */
export function replyFor(scores: number[], over: Partial<AiGradingReply> = {}): AiGradingReply {
  return {
    criteria: EE_RUBRIC.scoring_structure.criteria.map((c, i) => ({
      code: c.code,
      score: scores[i],
      feedback: `Feedback for ${c.code}`,
      strengths: [{ text: `Strength ${c.code}`, quote: 'Firms cut sugar by 29%' }],
      improvements: [{ text: `Improve ${c.code}`, quote: 'words that are not in the essay' }],
    })),
    overallSummary: {
      holisticCommentary: 'A focused essay.',
      strengths: ['Focus'],
      improvements: ['Depth'],
      nextSteps: ['Evaluate sources'],
    },
    insight_feedback: {
      clarity_and_cohesion: 'Clear.',
      argument_and_evidence: 'Cited.',
      grammar_and_mechanics: 'Clean.',
      critical_thinking: 'Some.',
      originality_and_insight: 'Fresh.',
    },
    suggestions: ['Add a counter-argument'],
    ...over,
  };
}
