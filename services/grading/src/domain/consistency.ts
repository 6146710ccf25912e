import type { AiGradingReply, Consistency } from '@corestone/contracts';
import { markOf } from './ai-reply';
import type { GradingJob } from './job';

/** Marks within this distance of the median count as agreeing. */
const AGREEMENT_TOLERANCE = 1;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Consistency mode: several replies for one essay become one result. Each criterion gets the
 * median of the samples' marks (two middle marks: their mean, rounded half up); agreement is the
 * share of sample marks within one mark of that median. The words (feedback, remarks, summary) are
 * those of the sample whose marks lie nearest the medians, so the text matches the scores.
 */
export function combineSamples(
  job: GradingJob,
  replies: readonly AiGradingReply[],
): { reply: AiGradingReply; medians: Map<string, number>; consistency: Consistency } {
  const rubric = job.rubric.scoring_structure.criteria;
  const marks = replies.map((r) => rubric.map((rc, i) => markOf(r.criteria[i].score, rc.maxScore)));
  const medians = new Map(rubric.map((rc, i) => [rc.code, markOf(median(marks.map((m) => m[i])), rc.maxScore)]));
  const distance = (m: number[]) => m.reduce((s, x, i) => s + Math.abs(x - medians.get(rubric[i].code)!), 0);
  const nearest = marks.reduce((best, m, k) => (distance(m) < distance(marks[best]) ? k : best), 0);
  const pairs = marks.flatMap((m) => m.map((x, i) => Math.abs(x - medians.get(rubric[i].code)!) <= AGREEMENT_TOLERANCE));
  return {
    reply: replies[nearest],
    medians,
    consistency: {
      samples: replies.length,
      agreement: Math.round((pairs.filter(Boolean).length / pairs.length) * 100) / 100,
      criteria: rubric.map((rc, i) => ({ code: rc.code, scores: marks.map((m) => m[i]), median: medians.get(rc.code)! })),
    },
  };
}
