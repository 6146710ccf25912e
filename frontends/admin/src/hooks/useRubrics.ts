import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { errorMessage, type CorestoneClient, type Rubric } from '@corestone/sdk';
import { useIntl } from 'react-intl';

/**
 * Every rubric (GET /rubrics, the list stays while it is fetched again), with `remove` (DELETE,
 * then the list again) and `details` (GET /rubrics/{id}, for the edit dialog; null when it failed,
 * which is said in a dialog).
 */
export function useRubrics(client: CorestoneClient) {
  const { message, modal } = App.useApp();
  const intl = useIntl();
  const [state, setState] = useState<{ rubrics: Rubric[]; loading: boolean; error?: string }>({ rubrics: [], loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    client.rubrics.list({}).then(
      (rubrics) => alive && setState({ rubrics, loading: false }),
      (e) => alive && setState({ rubrics: [], loading: false, error: `Error loading rubrics: ${errorMessage(e)}` }),
    );
    return () => {
      alive = false;
    };
  }, [client, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);

  const remove = async (r: Rubric) => {
    try {
      await client.rubrics.remove(r.id);
      message.success(intl.formatMessage({ id: 'useRubrics.rubricDeleted', defaultMessage: 'Rubric deleted' }));
      reload();
    } catch {
      modal.error({
        title: intl.formatMessage({
          id: 'useRubrics.deleteFailed',
          defaultMessage: 'Failed to delete rubric. It may be in use by existing evaluations.',
        }),
      });
    }
  };
  const details = async (r: Rubric): Promise<Rubric | null> => {
    try {
      return await client.rubrics.get(r.id);
    } catch {
      modal.error({
        title: intl.formatMessage({ id: 'useRubrics.detailsFailed', defaultMessage: 'Failed to load rubric details for editing.' }),
      });
      return null;
    }
  };
  return { ...state, reload, remove, details };
}
