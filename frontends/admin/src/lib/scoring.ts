/** Checks of a rubric's scoring structure as the criteria editor changes it (the server validates again). */
import type { ScoringStructure } from '@corestone/sdk';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

/** The rubric service's limit of a criterion's maximum (whole marks, as in every IB markband). */
export const MAX_CRITERION_MARKS = 100;

const TEXTS = defineMessages({
  noCriterion: { id: 'scoring.noCriterion', defaultMessage: 'A rubric needs at least one criterion.' },
  codeAndName: { id: 'scoring.codeAndName', defaultMessage: 'Every criterion needs a code and a name.' },
  codeTwice: { id: 'scoring.codeTwice', defaultMessage: 'Criterion code {code} is used twice.' },
  nameTwice: { id: 'scoring.nameTwice', defaultMessage: 'Criterion name {name} is used twice.' },
  maxAboveZero: { id: 'scoring.maxAboveZero', defaultMessage: 'Criterion {code}: the maximum must be above 0.' },
  maxWhole: { id: 'scoring.maxWhole', defaultMessage: 'Criterion {code}: the maximum must be a whole number of marks up to {limit}.' },
  levelRange: { id: 'scoring.levelRange', defaultMessage: 'Criterion {code}: level {min}–{max} must lie within 0–{maxScore}.' },
  gradeRange: { id: 'scoring.gradeRange', defaultMessage: 'Grade {grade}: {min}–{max}% is not a range within 0–100.' },
});

export function scoringProblems(s: ScoringStructure, intl: IntlShape = ENGLISH): string[] {
  const out: string[] = [];
  const say = (m: MessageDescriptor, values?: Record<string, string | number>) => out.push(intl.formatMessage(m, values));
  if (!s.criteria.length) say(TEXTS.noCriterion);
  const codes = new Set<string>();
  const names = new Set<string>();
  for (const c of s.criteria) {
    if (!c.code.trim() || !c.name.trim()) say(TEXTS.codeAndName);
    if (codes.has(c.code)) say(TEXTS.codeTwice, { code: c.code });
    codes.add(c.code);
    const name = c.name.trim().toLowerCase();
    if (name && names.has(name)) say(TEXTS.nameTwice, { name: c.name.trim() });
    names.add(name);
    if (!(c.maxScore > 0)) say(TEXTS.maxAboveZero, { code: c.code });
    else if (!Number.isInteger(c.maxScore) || c.maxScore > MAX_CRITERION_MARKS)
      say(TEXTS.maxWhole, { code: c.code, limit: MAX_CRITERION_MARKS });
    for (const l of c.scoring_levels ?? []) {
      if (l.min > l.max || l.min < 0 || l.max > c.maxScore)
        say(TEXTS.levelRange, { code: c.code, min: l.min, max: l.max, maxScore: c.maxScore });
    }
  }
  for (const b of s.grade_boundaries) {
    if (b.min_percentage > b.max_percentage || b.min_percentage < 0 || b.max_percentage > 100)
      say(TEXTS.gradeRange, { grade: b.grade, min: b.min_percentage, max: b.max_percentage });
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
