import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { errorMessage, type CorestoneClient, type ExternalLink, type LinksOverview } from '@corestone/sdk';
import { linkCounters } from '../lib/links';
import { saveBlob } from '../lib/text';
import { useIntl } from 'react-intl';
import { useIntlRef } from '@corestone/ui/i18n';

/** The most links one list request may ask for (the service's bound); the table pages through them itself. */
const LIST_LIMIT = 500;

/**
 * The links manager's data: the newest links (and, when there are more, the service's counts of
 * all), the counters, the selection, and the actions: `patch` (a switch; the row is replaced by the
 * answer), `remove`, `bulk` (on the selection), `exportCsv`. Failures are said in a toast.
 */
export function useLinks(client: CorestoneClient) {
  const { message } = App.useApp();
  const intl = useIntl();
  const intlRef = useIntlRef();
  const [state, setState] = useState<{
    links: ExternalLink[];
    total?: number;
    overview?: LinksOverview | null;
    loading: boolean;
    error?: string;
  }>({ links: [], loading: true });
  const [tick, setTick] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    const partOnly = (total: number, listed: number) => (total > listed ? client.links.overview().catch(() => null) : null);
    client.links.list({ limit: LIST_LIMIT }).then(
      async (r) => {
        const overview = await partOnly(r.total, r.links.length);
        if (alive) setState({ links: r.links, total: r.total, overview, loading: false });
      },
      (e) =>
        alive &&
        setState({
          links: [],
          loading: false,
          error: errorMessage(e, intlRef.current.formatMessage({ id: 'useLinks.loadFailed', defaultMessage: 'Failed to fetch links' })),
        }),
    );
    return () => {
      alive = false;
    };
  }, [client, tick, intlRef]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const counters = linkCounters(state.links, state.overview);

  const patch = async (l: ExternalLink, change: { is_active?: boolean; featured?: boolean }, failure: string) => {
    try {
      const next = await client.links.update(l.id, change);
      setState((s) => ({ ...s, links: s.links.map((x) => (x.id === l.id ? next : x)) }));
    } catch (e) {
      message.error(errorMessage(e, failure));
    }
  };
  const remove = async (l: ExternalLink) => {
    try {
      await client.links.remove(l.id);
      message.success(intl.formatMessage({ id: 'useLinks.linkDeleted', defaultMessage: 'Link deleted' }));
      reload();
    } catch (e) {
      message.error(errorMessage(e, intl.formatMessage({ id: 'useLinks.failedToDeleteLink', defaultMessage: 'Failed to delete link' })));
    }
  };
  const bulk = async (what: 'activate' | 'deactivate' | 'delete') => {
    try {
      const r =
        what === 'delete'
          ? await client.links.bulkDelete(selected)
          : await client.links.bulkUpdate(selected, { is_active: what === 'activate' });
      message.success(r.message);
      setSelected([]);
      reload();
    } catch (e) {
      message.error(errorMessage(e, intl.formatMessage({ id: 'useLinks.failedToUpdateLinks', defaultMessage: 'Failed to update links' })));
    }
  };
  const exportCsv = async () => {
    try {
      const f = await client.links.exportCsv();
      saveBlob(f.blob, f.filename ?? 'external_links.csv');
    } catch (e) {
      message.error(errorMessage(e, intl.formatMessage({ id: 'useLinks.failedToExportLinks', defaultMessage: 'Failed to export links' })));
    }
  };

  return { state, reload, counters, patch, remove, selected, setSelected, bulk, exportCsv };
}
