import { useCallback, useEffect, useState } from 'react';
import { errorMessage, type CorestoneClient, type EvaluationListItem } from '@corestone/sdk';

export function useMyEvaluations(client: CorestoneClient) {
  const [state, setState] = useState<{ loading: boolean; items: EvaluationListItem[]; total: number; error: string | null }>({
    loading: true,
    items: [],
    total: 0,
    error: null,
  });
  const load = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: null }));
    return client.evaluations.mine().then(
      (r) => setState({ loading: false, items: r.evaluations ?? [], total: r.total ?? r.evaluations?.length ?? 0, error: null }),
      (e) => setState({ loading: false, items: [], total: 0, error: errorMessage(e, 'Failed to fetch submissions') }),
    );
  }, [client]);
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
