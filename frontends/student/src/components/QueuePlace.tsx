import { Typography } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
import type { EvaluationProgress } from '@corestone/sdk';
import { ENGLISH } from '@corestone/ui/i18n';

type Place = NonNullable<EvaluationProgress['queue']>;

/**
 * Honest waiting (issue 33): while the essay waits for its turn at the AI model, where it stands —
 * "About 4 minutes: 120 essays ahead of yours". An estimate from the shared budget, so in words:
 * whole minutes, "less than a minute" under half of one.
 */
export function queuePlaceText(place: Place, now = Date.now(), intl: IntlShape = ENGLISH): string {
  const ms = Date.parse(place.estimated_start_at) - now;
  const minutes = Math.round(ms / 60_000);
  const when =
    !Number.isFinite(ms) || ms < 30_000
      ? intl.formatMessage({ id: 'queue.lessThanMinute', defaultMessage: 'Less than a minute' })
      : intl.formatMessage(
          { id: 'queue.about', defaultMessage: '{minutes, plural, one {About # minute} other {About # minutes}}' },
          { minutes },
        );
  if (place.ahead === 0) return intl.formatMessage({ id: 'queue.next', defaultMessage: '{when}: yours is next' }, { when });
  return intl.formatMessage(
    { id: 'queue.ahead', defaultMessage: '{when}: {ahead, plural, one {# essay ahead of yours} other {# essays ahead of yours}}' },
    { when, ahead: place.ahead },
  );
}

/** The queue line of the processing screen; nothing once the essay's grading has started. */
export function QueuePlace({ place }: { place: Place | null | undefined }) {
  const intl = useIntl();
  if (!place) return null;
  return (
    <Typography.Paragraph strong style={{ marginTop: 20, marginBottom: 0 }} data-testid="queue-place">
      {queuePlaceText(place, Date.now(), intl)}
    </Typography.Paragraph>
  );
}
