import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { REVIEW_STEP, UPLOAD_STEP, depthOf, searchForStep, stepFromSearch, type WizardEntryState } from './wizardSteps';

/**
 * The wizard's step is the address's, as far as the wizard has what it needs: `reachable` turns the
 * address's step into the one that can be shown (and the address follows). While submitting
 * (`busy`), the Submit step stays.
 */
export function useStepInAddress(reachable: (wanted: number) => number, busy: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const depth = depthOf(location.state);
  const depthNow = useRef(depth); // for a submit that ends after Back was pressed meanwhile
  useEffect(() => {
    depthNow.current = depth;
  }, [depth]);
  const allowedStep = reachable(stepFromSearch(location.search));
  const step = busy ? REVIEW_STEP : allowedStep;
  useEffect(() => {
    if (busy || location.search === searchForStep(allowedStep, location.search)) return;
    navigate({ search: searchForStep(allowedStep, location.search) }, { replace: true, state: location.state });
  }, [busy, allowedStep, location.search, location.state, navigate]);

  const goForward = (to: number) =>
    navigate({ search: searchForStep(to, location.search) }, { state: { wizardDepth: depth + 1 } satisfies WizardEntryState });
  /** Back `entries` entries in history when they are the wizard's (as the browser's Back would), else this entry becomes step `to`. */
  const goBack = (entries: number, to: number) =>
    entries > 0 && depth >= entries
      ? navigate(-entries)
      : navigate({ search: searchForStep(to, location.search) }, { replace: true, state: location.state });

  // After a submit the wizard goes back to its first entry and puts the result there: Back from the
  // result leaves the wizard instead of showing it emptied.
  const leavingTo = useRef<string | null>(null);
  useEffect(() => {
    const to = leavingTo.current;
    if (!to || depth > 0) return;
    leavingTo.current = null;
    navigate(to, { replace: true });
  }, [depth, navigate]);
  useEffect(() => {
    const leaving = leavingTo;
    // that entry was not the wizard's any more (a stale one reached with Forward): the result goes where it landed
    return () => {
      if (leaving.current) navigate(leaving.current, { replace: true });
    };
  }, [navigate]);

  /** Leaves the wizard for `path`: the result replaces the wizard's first entry, so Back from it goes to where the student came from. */
  const leaveFor = (path: string) => {
    if (depthNow.current > 0) {
      leavingTo.current = path;
      navigate(-depthNow.current);
    } else navigate(path, { replace: true });
  };

  /** Back to the wizard's first entry, on the Upload step. */
  const goBackToStart = () => goBack(depth, UPLOAD_STEP);

  return { step, goForward, goBack, goBackToStart, leaveFor };
}
