import { useState } from 'react';
import { App } from 'antd';
import type { CorestoneClient, Evaluation } from '@corestone/sdk';
import { decisionError } from '../lib/review';
import { useIntl } from 'react-intl';

export type Decision = 'approve' | 'reject';

/**
 * The approve / reject dialog of a submission: which decision is open, its notes (required to
 * reject) and whether they are shown to the student, the notes' problem (said once the admin has
 * typed or tried to send), and `decide` (POST approve / reject through `run`, which keeps the busy
 * state and the error toast; `onChanged` gets the evaluation the server answered with).
 */
export function useDecision(
  ev: Evaluation,
  client: CorestoneClient,
  run: (key: string, fn: () => Promise<void>, failure: string) => Promise<void>,
  onChanged: (ev: Evaluation) => void,
) {
  const { message } = App.useApp();
  const intl = useIntl();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [notes, setNotesState] = useState('');
  const [forStudent, setForStudent] = useState(false);
  const [tried, setTried] = useState(false);
  const [typed, setTyped] = useState(false);
  const problem = decision ? decisionError(decision, notes, intl) : null;

  const close = () => {
    setDecision(null);
    setNotesState('');
    setForStudent(false);
    setTried(false);
    setTyped(false);
  };
  const setNotes = (text: string) => {
    setNotesState(text);
    setTyped(true);
  };

  const decide = () => {
    setTried(true);
    if (!decision || problem) return;
    void run(
      decision,
      async () => {
        const next =
          decision === 'approve'
            ? await client.admin.approve(ev.id, notes.trim() || undefined, { forStudent })
            : await client.admin.reject(ev.id, notes.trim(), { forStudent });
        onChanged(next);
        message.success(
          decision === 'approve'
            ? intl.formatMessage({ id: 'useDecision.submissionApproved', defaultMessage: 'Submission approved' })
            : intl.formatMessage({ id: 'useDecision.submissionRejected', defaultMessage: 'Submission rejected' }),
        );
        close();
      },
      'Failed to update approval status',
    );
  };

  return {
    decision,
    open: setDecision,
    close,
    notes,
    setNotes,
    forStudent,
    setForStudent,
    problem,
    /** the problem is shown once the admin has written, or tried to send, something */
    showProblem: (tried || typed) && problem !== null,
    decide,
  };
}
