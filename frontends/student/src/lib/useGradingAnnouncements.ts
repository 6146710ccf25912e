import { useEffect, useRef } from 'react';
import type { Evaluation } from '@corestone/sdk';
import { announce } from '@corestone/ui/announce';
import { isInProgress } from './evaluation';

/**
 * Tells screen readers how grading goes on the results page, politely and without a flood: each
 * stage once as it starts ('Grading: Content Analysis'), never the percentages, then the outcome —
 * only when this page saw the essay being graded (opening a finished result announces nothing).
 */
export function useGradingAnnouncements(ev: Evaluation | undefined, stage: string | undefined) {
  const sawGrading = useRef(false);
  const status = ev?.status;
  useEffect(() => {
    if (!status) return;
    if (isInProgress(status)) {
      sawGrading.current = true;
      if (stage) announce(`Grading: ${stage}`);
      return;
    }
    if (!sawGrading.current) return;
    sawGrading.current = false;
    announce(status === 'completed' ? 'Grading complete. Your result is shown.' : 'Grading did not complete.');
  }, [status, stage]);
}
