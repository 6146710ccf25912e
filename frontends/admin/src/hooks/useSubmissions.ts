import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import {
  errorMessage,
  type AdminEvaluationStats,
  type CorestoneClient,
  type EssayType,
  type EvaluationListItem,
  type EvaluationStatus,
} from '@corestone/sdk';
import { downloadReport } from '../lib/submissions';
import { useIntl } from 'react-intl';

/**
 * Every submission for the filters (`query` already debounced; GET /evaluation/admin/submissions,
 * the list stays while it is fetched again) with the counters (stats, null when they failed), and
 * the row actions: `remove` (the row leaves, the counters are fetched again) and `download` (the
 * PDF); `busy` is the row whose action runs. Failures are said in a toast.
 */
export function useSubmissions(
  client: CorestoneClient,
  { status, type, query }: { status: EvaluationStatus | ''; type: EssayType | ''; query: string },
) {
  const { message } = App.useApp();
  const intl = useIntl();
  const [tick, setTick] = useState(0);
  const [stats, setStats] = useState<AdminEvaluationStats | null>(null);
  const [list, setList] = useState<{ items: EvaluationListItem[]; loading: boolean; error?: string }>({ items: [], loading: true });
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    setList((s) => ({ ...s, loading: true, error: undefined }));
    client.admin
      .submissions({ limit: 1000, status: status || undefined, essay_type: type || undefined, search_query: query || undefined })
      .then(
        (r) => alive && setList({ items: r.evaluations, loading: false }),
        () => alive && setList({ items: [], loading: false, error: 'Failed to load submissions' }),
      );
    client.admin.submissionStats().then(
      (s) => alive && setStats(s),
      () => alive && setStats(null),
    );
    return () => {
      alive = false;
    };
  }, [client, status, type, query, tick]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);

  const remove = async (ev: EvaluationListItem) => {
    setBusy(ev.id);
    try {
      await client.evaluations.remove(ev.id);
      message.success(intl.formatMessage({ id: 'useSubmissions.submissionDeleted', defaultMessage: 'Submission deleted' }));
      setList((s) => ({ ...s, items: s.items.filter((e) => e.id !== ev.id) }));
      client.admin.submissionStats().then(setStats, () => undefined);
    } catch (e) {
      message.error(
        errorMessage(
          e,
          intl.formatMessage({ id: 'useSubmissions.failedToDeleteSubmission', defaultMessage: 'Failed to delete submission' }),
        ),
      );
    } finally {
      setBusy(null);
    }
  };

  const download = async (ev: EvaluationListItem) => {
    setBusy(ev.id);
    try {
      await downloadReport(client, ev);
    } catch (e) {
      message.error(
        errorMessage(e, intl.formatMessage({ id: 'useSubmissions.failedToDownloadReport', defaultMessage: 'Failed to download report' })),
      );
    } finally {
      setBusy(null);
    }
  };

  return { list, stats, refresh, remove, download, busy };
}
