import type { RubricCriterion } from '@corestone/contracts';

const range = (min: number, max: number) => (min === max ? `${min}` : `${min}–${max}`);

/**
 * The criteria as the admin screens show and edit them, then any guidance. The format reads back
 * through `parseRubricText` to the same criteria, marks, descriptors and guidance.
 */
export function criteriaText(criteria: readonly Omit<RubricCriterion, 'weight'>[], guidance: readonly string[] = []): string {
  const text = criteria
    .map((c) => {
      const lines = [`Criterion ${c.code}: ${c.name} (${c.maxScore} marks)`];
      if (c.description) lines.push(c.description);
      for (const l of c.scoring_levels ?? []) lines.push(`${range(l.min, l.max)}: ${l.descriptor}`);
      return lines.join('\n');
    })
    .join('\n\n');
  return guidance.length ? `${text}\n\nGuidance\n${guidance.map((g) => `- ${g}`).join('\n')}` : text;
}
