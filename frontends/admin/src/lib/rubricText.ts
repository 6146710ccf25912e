/** The rubric service's limits (contracts' RubricInput), said before saving rather than by a refused request. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

export const RUBRIC_TEXT_LIMITS = { title: 200, description: 5000, criteria: 50_000 } as const;

const TEXTS: Record<keyof typeof RUBRIC_TEXT_LIMITS, MessageDescriptor> = defineMessages({
  title: { id: 'rubricText.titleTooLong', defaultMessage: 'The title can be at most {max} characters.' },
  description: { id: 'rubricText.descriptionTooLong', defaultMessage: 'The description can be at most {max} characters.' },
  criteria: { id: 'rubricText.criteriaTooLong', defaultMessage: 'The criteria text can be at most {max} characters.' },
});

/** What is too long in a rubric's texts, as the form says it; null when all fit. */
export function rubricTextProblem(
  texts: { title: string; description: string; criteria: string },
  intl: IntlShape = ENGLISH,
): string | null {
  for (const k of ['title', 'description', 'criteria'] as const)
    if (texts[k].trim().length > RUBRIC_TEXT_LIMITS[k])
      return intl.formatMessage(TEXTS[k], { max: intl.formatNumber(RUBRIC_TEXT_LIMITS[k]) });
  return null;
}
