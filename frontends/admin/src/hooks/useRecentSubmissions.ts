import { useEffect, useState } from 'react';
import { errorMessage, type CorestoneClient, type EssayType, type EvaluationListItem, type EvaluationStatus } from '@corestone/sdk';
import { useIntlRef } from '@corestone/ui/i18n';

/**
 * The overview's Recent Submissions (GET /evaluation/admin/all, only when `visible`): 10 at first
 * (five shown); View All reads 50 with the filters and search, Load More 20 more each time. The list
 * stays while it is fetched again; `retry` reads it again after a failure.
 */
export function useRecentSubmissions(client: CorestoneClient, visible: boolean) {
  const intlRef = useIntlRef();
  const [viewAll, setViewAll] = useState(false);
  const [limit, setLimit] = useState(10);
  const [status, setStatus] = useState<EvaluationStatus | ''>('');
  const [type, setType] = useState<EssayType | ''>('');
  const [search, setSearch] = useState('');
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ items: EvaluationListItem[]; total: number; loading: boolean; error?: string }>({
    items: [],
    total: 0,
    loading: true,
  });

  useEffect(() => {
    if (!visible) return;
    let alive = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    const q = viewAll
      ? { limit, status: status || undefined, essay_type: type || undefined, search_query: search.trim() || undefined }
      : { limit: 10 };
    client.admin.submissions(q).then(
      (r) => alive && setState({ items: r.evaluations, total: r.total, loading: false }),
      (e) =>
        alive &&
        setState({
          items: [],
          total: 0,
          loading: false,
          error: errorMessage(
            e,
            intlRef.current.formatMessage({ id: 'recentSubmissions.loadFailed', defaultMessage: 'Failed to fetch submissions' }),
          ),
        }),
    );
    return () => {
      alive = false;
    };
  }, [client, visible, viewAll, limit, status, type, search, tick, intlRef]);

  const toggleViewAll = () => {
    setViewAll((v) => !v);
    setLimit(50);
  };

  return {
    state,
    items: viewAll ? state.items : state.items.slice(0, 5),
    viewAll,
    toggleViewAll,
    status,
    setStatus,
    type,
    setType,
    setSearch,
    loadMore: () => setLimit((l) => l + 20),
    retry: () => setTick((n) => n + 1),
  };
}
