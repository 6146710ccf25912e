import { Typography } from 'antd';
import type { EvaluationProgress } from '@corestone/sdk';

type Place = NonNullable<EvaluationProgress['queue']>;

/**
 * Honest waiting (issue 33): while the essay waits for its turn at the AI model, where it stands —
 * "About 4 minutes: 120 essays ahead of yours". An estimate from the shared budget, so in words:
 * whole minutes, "less than a minute" under half of one.
 */
export function queuePlaceText(place: Place, now = Date.now()): string {
  const ms = Date.parse(place.estimated_start_at) - now;
  const minutes = Math.round(ms / 60_000);
  const when = !Number.isFinite(ms) || ms < 30_000 ? 'Less than a minute' : `About ${minutes} minute${minutes === 1 ? '' : 's'}`;
  if (place.ahead === 0) return `${when}: yours is next`;
  return `${when}: ${place.ahead} essay${place.ahead === 1 ? '' : 's'} ahead of yours`;
}

/** The queue line of the processing screen; nothing once the essay's grading has started. */
export function QueuePlace({ place }: { place: Place | null | undefined }) {
  if (!place) return null;
  return (
    <Typography.Paragraph strong style={{ marginTop: 20, marginBottom: 0 }} data-testid="queue-place">
      {queuePlaceText(place)}
    </Typography.Paragraph>
  );
}
