import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isApiError, type CorestoneClient, type Evaluation } from '@corestone/sdk';
import { useIntlRef } from '@corestone/ui/i18n';

export interface SubmissionState {
  ev?: Evaluation;
  error?: string;
  /** the server answered 404: no such submission (or it was deleted) */
  notFound?: boolean;
  loading: boolean;
}

/**
 * One submission by id (GET /evaluation/{id}): loading, found, not found or a load failure.
 * `update` puts the evaluation an action answered with in its place; `reload` fetches it again.
 */
export function useSubmission(client: CorestoneClient, id: string) {
  const intlRef = useIntlRef();
  const [state, setState] = useState<SubmissionState>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    setState({ loading: true });
    client.evaluations.get(id).then(
      (ev) => alive && setState({ ev, loading: false }),
      (e) =>
        alive &&
        setState({
          loading: false,
          notFound: isApiError(e) && e.status === 404,
          error: errorMessage(
            e,
            intlRef.current.formatMessage({ id: 'submission.loadFailed', defaultMessage: 'Failed to load evaluation' }),
          ),
        }),
    );
    return () => {
      alive = false;
    };
  }, [client, id, tick, intlRef]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const update = useCallback((ev: Evaluation) => setState({ ev, loading: false }), []);
  return { state, reload, update };
}
