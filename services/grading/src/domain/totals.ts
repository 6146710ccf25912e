import type { Criterion, RubricCriterion, ScoringStructure } from '@corestone/contracts';
import { boundaryFor, round1 } from './grades';

/** Longest text used as a band label; longer mark-band descriptors are quoted in the feedback instead. */
export const MAX_BAND_LABEL = 40;

/** The rubric's mark band a score falls in, if the criterion has bands. */
export function levelOf(rc: RubricCriterion, score: number) {
  return rc.scoring_levels?.find((l) => score >= l.min && score <= l.max) ?? null;
}

/**
 * A criterion's band, a short label: the mark band's descriptor when it is short, or its first
 * sentence when that is a label ("Good. The essay is focused …" → "Good"); otherwise the
 * grade-boundary description for the criterion's percentage. "Not demonstrated" at 0 without bands.
 */
export function bandOf(rc: RubricCriterion, score: number, boundaries: ScoringStructure['grade_boundaries']): string {
  const level = levelOf(rc, score);
  if (level) {
    const text = level.descriptor.trim();
    if (text && text.length <= MAX_BAND_LABEL) return text;
    const first = /^([^.!?]{1,40})[.!?](\s|$)/.exec(text)?.[1];
    if (first && first.split(/\s+/).length <= 4) return first;
  } else if (score === 0) return 'Not demonstrated';
  return boundaryFor((score / rc.maxScore) * 100, boundaries).description;
}

/**
 * Total, percentage and grade of criterion scores under a rubric (both graders). The total is the
 * sum of scores when the criteria add up to `total_points`; otherwise (weighted_sum on a rubric whose
 * criteria do not) each criterion's share is scaled by its weight to the rubric total.
 */
export function totalsOf(structure: ScoringStructure, criteria: readonly Pick<Criterion, 'score' | 'maxScore'>[]) {
  const maxPoints = structure.total_points;
  const sumMax = structure.criteria.reduce((s, c) => s + c.maxScore, 0);
  let totalPoints: number;
  if (Math.abs(sumMax - maxPoints) < 1e-9) {
    totalPoints = criteria.reduce((s, c) => s + c.score, 0);
  } else {
    const weights = structure.criteria.map((c) => (c.weight > 0 ? c.weight : c.maxScore));
    const wsum = weights.reduce((a, b) => a + b, 0);
    totalPoints = round1((criteria.reduce((s, c, i) => s + (c.score / c.maxScore) * weights[i], 0) / wsum) * maxPoints);
  }
  const percentage = round1((totalPoints / maxPoints) * 100);
  const boundary = boundaryFor(percentage, structure.grade_boundaries);
  return { totalPoints, maxPoints, percentage, overallGrade: boundary.grade, overallBand: boundary.description };
}
