/** The rubric service's limits (contracts' RubricInput), said before saving rather than by a refused request. */
export const RUBRIC_TEXT_LIMITS = { title: 200, description: 5000, criteria: 50_000 } as const;

/** What is too long in a rubric's texts, as the form says it; null when all fit. */
export function rubricTextProblem(texts: { title: string; description: string; criteria: string }): string | null {
  if (texts.title.trim().length > RUBRIC_TEXT_LIMITS.title) return `The title can be at most ${RUBRIC_TEXT_LIMITS.title} characters.`;
  if (texts.description.trim().length > RUBRIC_TEXT_LIMITS.description)
    return `The description can be at most ${RUBRIC_TEXT_LIMITS.description.toLocaleString('en-US')} characters.`;
  if (texts.criteria.trim().length > RUBRIC_TEXT_LIMITS.criteria)
    return `The criteria text can be at most ${RUBRIC_TEXT_LIMITS.criteria.toLocaleString('en-US')} characters.`;
  return null;
}
