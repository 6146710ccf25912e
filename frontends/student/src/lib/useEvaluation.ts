import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isApiError, type CorestoneClient, type Evaluation } from '@corestone/sdk';
import { useIntlRef } from '@corestone/ui/i18n';

export interface EvaluationState {
  ev?: Evaluation;
  notFound?: boolean;
  error?: string;
}

/** One evaluation by id: loading, found, not found (404/400/422) or a plain load failure. */
export function useEvaluation(client: CorestoneClient, id: string) {
  const [state, setState] = useState<EvaluationState>({});
  const [attempt, setAttempt] = useState(0);
  const intl = useIntlRef();
  useEffect(() => {
    let alive = true;
    setState({});
    client.evaluations.get(id).then(
      (ev) => alive && setState({ ev }),
      (e) => {
        if (!alive) return;
        if (isApiError(e) && (e.status === 404 || e.status === 400 || e.status === 422)) setState({ notFound: true });
        else
          setState({
            error: errorMessage(
              e,
              intl.current.formatMessage({
                id: 'results.loadFailedText',
                defaultMessage: 'Failed to load this submission. Please try again.',
              }),
            ),
          });
      },
    );
    return () => {
      alive = false;
    };
  }, [client, id, attempt, intl]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, setState, reload };
}
