import {
  DEFAULT_GRADE_BOUNDARIES,
  DEFAULT_PASS_THRESHOLD,
  type GradeBoundary,
  type RubricCriterion,
  type ScoringStructure,
  type ScoringStructureInput,
  type ScoringValidation,
} from '@corestone/contracts';

export type CriterionInput = Omit<RubricCriterion, 'weight'> & { weight?: number };

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A criterion's maximum is a whole number of marks, as in every IB markband, and no larger than the
 * document parser reads back from a heading (criteria text must read back to the same criteria).
 */
const MAX_CRITERION_MARKS = 100;

/** Each criterion's weight is its share of the total (weighted_sum). */
export function buildStructure(
  criteria: CriterionInput[],
  opts: { grade_boundaries?: readonly GradeBoundary[]; pass_threshold?: number } = {},
): ScoringStructure {
  const total = criteria.reduce((sum, c) => sum + c.maxScore, 0);
  return {
    total_points: total,
    criteria: criteria.map((c) => ({ ...c, weight: total > 0 ? round3(c.maxScore / total) : 0 })),
    grade_boundaries: (opts.grade_boundaries ?? DEFAULT_GRADE_BOUNDARIES).map((b) => ({ ...b })),
    scoring_method: 'weighted_sum',
    pass_threshold: opts.pass_threshold ?? DEFAULT_PASS_THRESHOLD,
  };
}

function checkLevels(c: CriterionInput, errors: string[], warnings: string[]): void {
  const levels = [...(c.scoring_levels ?? [])].sort((a, b) => a.min - b.min);
  if (!levels.length) return;
  const label = `Criterion ${c.code}`;
  let next = 0;
  for (const l of levels) {
    if (l.min > l.max) errors.push(`${label}: the level ${l.min}–${l.max} starts above its end`);
    if (l.min < 0 || l.max > c.maxScore) errors.push(`${label}: the level ${l.min}–${l.max} lies outside 0–${c.maxScore}`);
    if (!l.descriptor.trim()) warnings.push(`${label}: the level ${l.min}–${l.max} has no descriptor`);
    if (l.min < next) errors.push(`${label}: the levels overlap at ${l.min}`);
    else if (l.min > next) warnings.push(`${label}: no level describes ${next === l.min - 1 ? next : `${next}–${l.min - 1}`} marks`);
    next = Math.max(next, Math.floor(l.max) + 1);
  }
  if (next <= c.maxScore) warnings.push(`${label}: no level describes ${next === c.maxScore ? next : `${next}–${c.maxScore}`} marks`);
}

function checkBoundaries(boundaries: GradeBoundary[], errors: string[]): void {
  if (!boundaries.length) {
    errors.push('At least one grade boundary is required');
    return;
  }
  const seen = new Set<string>();
  for (const b of boundaries) {
    const grade = b.grade.trim();
    if (!grade) errors.push('Every grade boundary needs a grade');
    if (seen.has(grade.toUpperCase())) errors.push(`Grade ${grade} appears more than once`);
    seen.add(grade.toUpperCase());
    if (b.min_percentage < 0 || b.max_percentage > 100 || b.min_percentage > b.max_percentage) {
      errors.push(`Grade ${grade}: ${b.min_percentage}–${b.max_percentage}% is not a range within 0–100%`);
    }
  }
  const desc = [...boundaries].sort((a, b) => b.min_percentage - a.min_percentage);
  if (desc[0].max_percentage < 100) errors.push(`No grade covers ${desc[0].max_percentage}–100%`);
  if (desc[desc.length - 1].min_percentage > 0) errors.push(`No grade covers 0–${desc[desc.length - 1].min_percentage}%`);
  for (let i = 1; i < desc.length; i++) {
    const higher = desc[i - 1];
    const lower = desc[i];
    // Whole percentages: 70–79 then 80–100 is contiguous; a shared end (…–80, 80–…) belongs to the higher grade.
    if (higher.min_percentage - lower.max_percentage > 1) {
      errors.push(`No grade covers ${lower.max_percentage}–${higher.min_percentage}% (between ${lower.grade} and ${higher.grade})`);
    } else if (lower.max_percentage > higher.min_percentage) {
      errors.push(`Grades ${lower.grade} and ${higher.grade} overlap`);
    }
  }
}

/**
 * Checks a scoring structure and returns it as it would be stored: total_points is the sum of the
 * criteria's maxScore and weights their shares, so the grader's arithmetic always adds up.
 */
export function validateScoring(input: ScoringStructureInput): ScoringValidation {
  const errors: string[] = [];
  const warnings: string[] = [];
  const criteria = input.criteria.map(({ weight: _derived, ...c }) => ({ ...c, code: c.code.trim(), name: c.name.trim() }));
  if (!criteria.length) errors.push('At least one criterion is required');
  const codes = new Set<string>();
  const names = new Set<string>();
  criteria.forEach((c, i) => {
    const label = `Criterion ${c.code || i + 1}`;
    if (!c.code) errors.push(`Criterion ${i + 1}: a code is required`);
    if (!c.name) errors.push(`${label}: a name is required`);
    if (!(c.maxScore > 0) || !Number.isFinite(c.maxScore)) errors.push(`${label}: maxScore must be greater than 0`);
    else if (!Number.isInteger(c.maxScore) || c.maxScore > MAX_CRITERION_MARKS)
      errors.push(`${label}: maxScore must be a whole number of marks from 1 to ${MAX_CRITERION_MARKS}`);
    if (c.code && codes.has(c.code.toUpperCase())) errors.push(`Criterion code ${c.code} is used more than once`);
    codes.add(c.code.toUpperCase());
    // Two criteria of one name cannot be told apart in feedback, results or the per-criterion analytics.
    if (c.name && names.has(c.name.toLowerCase())) errors.push(`Criterion name ${c.name} is used more than once`);
    names.add(c.name.toLowerCase());
    checkLevels(c, errors, warnings);
  });
  const structure = buildStructure(criteria, { grade_boundaries: input.grade_boundaries, pass_threshold: input.pass_threshold });
  if (criteria.length && input.total_points !== undefined && input.total_points !== structure.total_points) {
    warnings.push(`total_points ${input.total_points} was set to ${structure.total_points}, the sum of the criteria's maximum scores`);
  }
  const given = input.criteria.map((c) => c.weight);
  if (given.every((w) => w !== undefined) && given.some((w, i) => Math.abs(w! - structure.criteria[i].weight) > 0.01)) {
    const sum = given.reduce((a, w) => a! + w!, 0)!;
    warnings.push(`Weights (summing to ${round3(sum)}) were set to each criterion's share of the total`);
  }
  checkBoundaries(structure.grade_boundaries, errors);
  if (!(structure.pass_threshold >= 0 && structure.pass_threshold <= 100)) errors.push('pass_threshold must be a percentage from 0 to 100');
  return { valid: errors.length === 0, errors, warnings, total_points: structure.total_points, scoring_structure: structure };
}
