import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { SessionUser } from '@corestone/sdk';

const CREDITS: Record<'unlimited' | 'ofMax', MessageDescriptor> = {
  unlimited: { id: 'credits.unlimited', defaultMessage: 'Unlimited' },
  ofMax: { id: 'credits.ofMax', defaultMessage: '{credits} / {max}' },
};

/** The sdk's creditLabel in the page's language: 'Unlimited' or '3 / 5'. */
export function creditText(user: Pick<SessionUser, 'essay_credits' | 'max_essay_credits'>, intl: IntlShape): string {
  if (user.max_essay_credits === -1) return intl.formatMessage(CREDITS.unlimited);
  return intl.formatMessage(CREDITS.ofMax, { credits: user.essay_credits, max: user.max_essay_credits });
}
