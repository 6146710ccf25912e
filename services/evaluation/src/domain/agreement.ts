import type { AgreementFigure } from '@corestone/contracts';

/**
 * AI–teacher agreement (issue 31), pure and exact. A "pair" is one essay's mark for one criterion
 * (or the total): the AI's original mark and the teacher's released mark, on the same scale.
 *
 * Quadratic weighted kappa (Cohen 1968) with quadratic disagreement weights is
 *   κ = 1 − Σ_ij w_ij·O_ij / Σ_ij w_ij·E_ij,  w_ij = (x_i − x_j)², E_ij = row_i·col_j / N,
 * over the categories x of the scale. The usual normalisation of the weights by (k − 1)² appears
 * in numerator and denominator and cancels, and empty categories add nothing, so the sums reduce
 * to sums over the essays themselves:
 *   Σ w·O = Σ_p (a_p − t_p)²,  Σ w·E = (1/N) Σ_p Σ_q (a_p − t_q)².
 * This is the textbook value for any equally spaced scale (whole or half marks alike), computed
 * without building the confusion matrix.
 */
export interface MarkPair {
  ai: number;
  teacher: number;
}

/** Marks step by halves; sums of a few of them differ from the decimal value by rounding only. */
const EPSILON = 1e-9;

/** κ, or null when there are fewer than 2 essays or no variance at all (every mark the same). */
export function quadraticWeightedKappa(pairs: readonly MarkPair[]): number | null {
  const n = pairs.length;
  if (n < 2) return null;
  let observed = 0;
  for (const p of pairs) observed += (p.ai - p.teacher) ** 2;
  // Σ_p Σ_q (a_p − t_q)² = n·Σa² − 2·Σa·Σt + n·Σt² (exact in the same arithmetic as the pairwise sum).
  let sumA = 0;
  let sumT = 0;
  let sumA2 = 0;
  let sumT2 = 0;
  for (const p of pairs) {
    sumA += p.ai;
    sumT += p.teacher;
    sumA2 += p.ai * p.ai;
    sumT2 += p.teacher * p.teacher;
  }
  const expected = (n * sumA2 - 2 * sumA * sumT + n * sumT2) / n;
  if (expected <= EPSILON) return null;
  return 1 - observed / expected;
}

/** Share of essays where the AI gave the teacher's mark exactly (0–1), null with no essays. */
export function exactAgreement(pairs: readonly MarkPair[]): number | null {
  return share(pairs, (p) => Math.abs(p.ai - p.teacher) <= EPSILON);
}

/** Share of essays where the AI's mark is within one mark of the teacher's (0–1), null with no essays. */
export function adjacentAgreement(pairs: readonly MarkPair[]): number | null {
  return share(pairs, (p) => Math.abs(p.ai - p.teacher) <= 1 + EPSILON);
}

/** Mean of AI − teacher: positive when the AI marks higher. Null with no essays. */
export function meanSignedDifference(pairs: readonly MarkPair[]): number | null {
  if (pairs.length === 0) return null;
  let sum = 0;
  for (const p of pairs) sum += p.ai - p.teacher;
  return sum / pairs.length;
}

function share(pairs: readonly MarkPair[], test: (p: MarkPair) => boolean): number | null {
  if (pairs.length === 0) return null;
  return pairs.filter(test).length / pairs.length;
}

/** Below this many essays a figure is shown with a caution. */
export const FEW_ESSAYS = 10;
/** A mean difference smaller than this (in marks) reads as "alike on average". */
const ALIKE_WITHIN = 0.25;

/** Landis & Koch (1977): the customary words for a kappa. */
export function kappaStrength(kappa: number): string {
  if (kappa < 0) return 'poor (worse than chance)';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almost perfect';
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const marks = (n: number) => {
  const rounded = Math.round(n * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'mark' : 'marks'}`;
};
const percent = (f: number) => `${Math.round(f * 100)} %`;

/**
 * The plain-words reading of one figure, e.g. "The AI marks criterion C 0.8 marks higher than your
 * teachers on average (32 essays); agreement is substantial (κ 0.72), exact 41 %, within one mark
 * 94 %." `subject` is how the criterion is named in a sentence ("criterion C", "the total").
 */
export function agreementReading(subject: string, figure: Omit<AgreementFigure, 'reading' | 'criterion' | 'criterion_id'>): string {
  const { n, qwk, exact, adjacent, mean_difference: mean } = figure;
  if (n === 0 || mean === null || exact === null || adjacent === null) {
    return `No teacher-reviewed essays yet for ${subject}.`;
  }
  const essays = plural(n, 'essay');
  const direction =
    Math.abs(mean) < ALIKE_WITHIN
      ? `The AI and your teachers mark ${subject} alike on average (${essays})`
      : `The AI marks ${subject} ${marks(Math.abs(mean))} ${mean > 0 ? 'higher' : 'lower'} than your teachers on average (${essays})`;
  const kappa =
    qwk === null
      ? 'agreement beyond chance cannot be measured yet (κ needs at least 2 essays with different marks)'
      : `agreement is ${kappaStrength(qwk)} (κ ${qwk.toFixed(2)})`;
  const caution = n < FEW_ESSAYS ? ` With only ${essays}, read this with care.` : '';
  return `${direction}; ${kappa}, exact ${percent(exact)}, within one mark ${percent(adjacent)}.${caution}`;
}

/** Every figure for one criterion (or the total) from its pairs. */
export function agreementFigure(
  criterion: string,
  criterionId: string | null,
  pairs: readonly MarkPair[],
  subject?: string,
): AgreementFigure {
  const figures = {
    n: pairs.length,
    qwk: quadraticWeightedKappa(pairs),
    exact: exactAgreement(pairs),
    adjacent: adjacentAgreement(pairs),
    mean_difference: meanSignedDifference(pairs),
  };
  const named = subject ?? (criterionId === null ? criterion : `criterion ${criterionId}`);
  return { criterion, criterion_id: criterionId, ...figures, reading: agreementReading(named, figures) };
}

/** One teacher-released essay: each criterion's AI and teacher mark (AI null when it had none). */
export interface ReviewedEssay {
  criteria: ReadonlyArray<{ criterion_id: string; name: string; ai: number | null; teacher: number }>;
  /** The totals; when absent, the sum of the criteria that have both marks is not used (weighted rubrics). */
  total?: { ai: number | null; teacher: number };
}

export interface AgreementFigures {
  essays: number;
  criteria: AgreementFigure[];
  total: AgreementFigure | null;
}

/**
 * The figures over many released essays: one per criterion (in the order criteria first appear,
 * named as first seen), essays whose AI mark is missing for a criterion left out of that
 * criterion, and the total over essays that carry both totals (null when none does).
 */
export function agreementFigures(essays: readonly ReviewedEssay[]): AgreementFigures {
  const byCriterion = new Map<string, { name: string; pairs: MarkPair[] }>();
  const totals: MarkPair[] = [];
  for (const essay of essays) {
    for (const c of essay.criteria) {
      const entry = byCriterion.get(c.criterion_id) ?? { name: c.name, pairs: [] };
      byCriterion.set(c.criterion_id, entry);
      if (c.ai !== null) entry.pairs.push({ ai: c.ai, teacher: c.teacher });
    }
    if (essay.total && essay.total.ai !== null) totals.push({ ai: essay.total.ai, teacher: essay.total.teacher });
  }
  return {
    essays: essays.length,
    criteria: [...byCriterion].map(([id, { name, pairs }]) => agreementFigure(name, id, pairs)),
    total: totals.length === 0 ? null : agreementFigure('Total', null, totals, 'the total'),
  };
}
