import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage, type CorestoneClient, type EssayType, type MyAssignment } from '@corestone/sdk';

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
          ? 'This assignment is not one of yours.'
          : a.essay_type !== type
            ? `This assignment takes a ${a.essay_type.toUpperCase()} essay.`
            : null;
        setState({ assignment: problem ? null : a, loading: false, problem });
      },
      (e: unknown) =>
        alive && setState({ assignment: null, loading: false, problem: errorMessage(e, 'Your assignments could not be loaded.') }),
    );
    return () => {
      alive = false;
    };
  }, [client, id, type]);
  return { id, ...state };
}
