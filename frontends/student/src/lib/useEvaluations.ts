import { useCallback, useEffect, useState } from 'react';
import { errorMessage, type CorestoneClient, type EvaluationListItem } from '@corestone/sdk';
import { useIntlRef } from '@corestone/ui/i18n';

export function useMyEvaluations(client: CorestoneClient) {
  const [state, setState] = useState<{ loading: boolean; items: EvaluationListItem[]; total: number; error: string | null }>({
    loading: true,
    items: [],
    total: 0,
    error: null,
  });
  const intl = useIntlRef();
  const load = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: null }));
    return client.evaluations.mine().then(
      (r) => setState({ loading: false, items: r.evaluations ?? [], total: r.total ?? r.evaluations?.length ?? 0, error: null }),
      (e) =>
        setState({
          loading: false,
          items: [],
          total: 0,
          error: errorMessage(
            e,
            intl.current.formatMessage({ id: 'submissions.fetchFailed', defaultMessage: 'Failed to fetch submissions' }),
          ),
        }),
    );
  }, [client, intl]);
  useEffect(() => {
    load();
  }, [load]);
  return {
    ...state,
    reload: load,
    setItems: (fn: (items: EvaluationListItem[]) => EvaluationListItem[]) =>
      setState((s) => ({ ...s, items: fn(s.items), total: fn(s.items).length })),
  };
}
