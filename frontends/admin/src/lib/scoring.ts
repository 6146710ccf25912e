/** Checks of a rubric's scoring structure as the criteria editor changes it (the server validates again). */
import type { ScoringStructure } from '@corestone/sdk';

/** The rubric service's limit of a criterion's maximum (whole marks, as in every IB markband). */
export const MAX_CRITERION_MARKS = 100;

export function scoringProblems(s: ScoringStructure): string[] {
  const out: string[] = [];
  if (!s.criteria.length) out.push('A rubric needs at least one criterion.');
  const codes = new Set<string>();
  const names = new Set<string>();
  for (const c of s.criteria) {
    if (!c.code.trim() || !c.name.trim()) out.push('Every criterion needs a code and a name.');
    if (codes.has(c.code)) out.push(`Criterion code ${c.code} is used twice.`);
    codes.add(c.code);
    const name = c.name.trim().toLowerCase();
    if (name && names.has(name)) out.push(`Criterion name ${c.name.trim()} is used twice.`);
    names.add(name);
    if (!(c.maxScore > 0)) out.push(`Criterion ${c.code}: the maximum must be above 0.`);
    else if (!Number.isInteger(c.maxScore) || c.maxScore > MAX_CRITERION_MARKS)
      out.push(`Criterion ${c.code}: the maximum must be a whole number of marks up to ${MAX_CRITERION_MARKS}.`);
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

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The structure with the figures the rubric service derives (weighted_sum): the total is the sum of
 * the maxima and each weight its criterion's share of it, so the editor shows what will be stored.
 */
export function withDerivedPoints(s: ScoringStructure): ScoringStructure {
  const total = totalOf(s);
  return {
    ...s,
    total_points: total,
    criteria: s.criteria.map((c) => ({ ...c, weight: total > 0 ? round3((Number(c.maxScore) || 0) / total) : 0 })),
  };
}
