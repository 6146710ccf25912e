import { useEffect, useState } from 'react';
import { errorMessage, type CorestoneClient, type EssayType, type Rubric } from '@corestone/sdk';
import { useIntlRef } from '@corestone/ui/i18n';

export interface ActiveRubrics {
  loading: boolean;
  list: Rubric[];
  error: string | null;
}

/** The active rubrics of an essay type and the one the student chose (starting from a kept choice). */
export function useRubricChoice(client: CorestoneClient, type: EssayType, keptId: string) {
  const [rubricId, setRubricId] = useState(keptId);
  const [rubrics, setRubrics] = useState<ActiveRubrics>({ loading: true, list: [], error: null });
  const intl = useIntlRef();

  useEffect(() => {
    let alive = true;
    setRubrics({ loading: true, list: [], error: null });
    client.rubrics.active(type).then(
      (list) => {
        if (!alive) return;
        const ofType = list.filter((r) => !r.rubric_type || r.rubric_type === type);
        setRubrics({ loading: false, list: ofType, error: null });
        // a kept choice stays if that rubric is still active; the only one is chosen for the student
        setRubricId((kept) => (ofType.some((r) => r.id === kept) ? kept : ofType.length === 1 ? ofType[0]!.id : ''));
      },
      (e) =>
        alive &&
        setRubrics({
          loading: false,
          list: [],
          error: errorMessage(
            e,
            intl.current.formatMessage({ id: 'upload.rubricsLoadFailed', defaultMessage: 'Failed to load rubrics. Please try again.' }),
          ),
        }),
    );
    return () => {
      alive = false;
    };
  }, [client, type, intl]);

  return { rubrics, rubricId, setRubricId };
}
