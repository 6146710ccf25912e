import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage, type CorestoneClient, type EssayType, type MyAssignment } from '@corestone/sdk';
import { useIntlRef } from '@corestone/ui/i18n';

export interface AssignmentTarget {
  /** the address names an assignment (`?assignment=<id>`) */
  id: string | null;
  assignment: MyAssignment | null;
  loading: boolean;
  /** why the named assignment cannot be submitted into from this wizard */
  problem: string | null;
}

/**
 * The assignment the upload wizard submits into (issue 31), named by the address: one of the
 * student's own (GET /assignments/mine) of this essay type; its rubric and type are the submission's.
 */
export function useAssignmentTarget(client: CorestoneClient, type: EssayType): AssignmentTarget {
  const location = useLocation();
  const id = new URLSearchParams(location.search).get('assignment');
  const [state, setState] = useState<Omit<AssignmentTarget, 'id'>>({ assignment: null, loading: !!id, problem: null });
  const intl = useIntlRef();
  useEffect(() => {
    if (!id) {
      setState({ assignment: null, loading: false, problem: null });
      return;
    }
    let alive = true;
    setState({ assignment: null, loading: true, problem: null });
    client.assignments.mine().then(
      ({ assignments }) => {
        if (!alive) return;
        const a = assignments.find((x) => x.id === id) ?? null;
        const problem = !a
          ? intl.current.formatMessage({ id: 'upload.assignment.notYours', defaultMessage: 'This assignment is not one of yours.' })
          : a.essay_type !== type
            ? intl.current.formatMessage(
                { id: 'upload.assignment.otherType', defaultMessage: 'This assignment takes a {type} essay.' },
                { type: a.essay_type.toUpperCase() },
              )
            : null;
        setState({ assignment: problem ? null : a, loading: false, problem });
      },
      (e: unknown) =>
        alive &&
        setState({
          assignment: null,
          loading: false,
          problem: errorMessage(
            e,
            intl.current.formatMessage({ id: 'assignments.loadFailed', defaultMessage: 'Your assignments could not be loaded.' }),
          ),
        }),
    );
    return () => {
      alive = false;
    };
  }, [client, id, type, intl]);
  return { id, ...state };
}
