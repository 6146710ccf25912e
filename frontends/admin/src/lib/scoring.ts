/** Checks of a rubric's scoring structure as the criteria editor changes it (the server validates again). */
import type { ScoringStructure } from '@corestone/sdk';

export function scoringProblems(s: ScoringStructure): string[] {
  const out: string[] = [];
  if (!s.criteria.length) out.push('A rubric needs at least one criterion.');
  const codes = new Set<string>();
  for (const c of s.criteria) {
    if (!c.code.trim() || !c.name.trim()) out.push('Every criterion needs a code and a name.');
    if (codes.has(c.code)) out.push(`Criterion code ${c.code} is used twice.`);
    codes.add(c.code);
    if (!(c.maxScore > 0)) out.push(`Criterion ${c.code}: the maximum must be above 0.`);
    for (const l of c.scoring_levels ?? []) {
      if (l.min > l.max || l.min < 0 || l.max > c.maxScore)
        out.push(`Criterion ${c.code}: level ${l.min}–${l.max} must lie within 0–${c.maxScore}.`);
    }
  }
  for (const b of s.grade_boundaries) {
    if (b.min_percentage > b.max_percentage || b.min_percentage < 0 || b.max_percentage > 100)
      out.push(`Grade ${b.grade}: ${b.min_percentage}–${b.max_percentage}% is not a range within 0–100.`);
  }
  return [...new Set(out)];
}

/** The total is the sum of the criteria maxima. */
export const totalOf = (s: Pick<ScoringStructure, 'criteria'>) => s.criteria.reduce((n, c) => n + (Number(c.maxScore) || 0), 0);
