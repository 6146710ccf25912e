import { useEffect, useState } from 'react';
import { App } from 'antd';
import { errorMessage, type CorestoneClient, type Evaluation } from '@corestone/sdk';
import { criteriaSum, criterionScoreError, overallSumError, rubricTotal, scoreError } from '../lib/review';
import { useIntl } from 'react-intl';

export interface CriterionDraft {
  code: string;
  name: string;
  score: number | null;
  maxScore: number;
  feedback: string;
}

/**
 * The results editor's draft of a completed submission: overall score and grade, each criterion's
 * score and feedback, the feedback for the student and the admin notes (shared with the student or
 * not), with the checks of each score, and `save` (PUT /evaluation/admin/{id}; `onSaved` gets the
 * stored evaluation).
 */
export function useResultsDraft(ev: Evaluation, client: CorestoneClient, onSaved: (ev: Evaluation) => void) {
  const { message } = App.useApp();
  const intl = useIntl();
  const results = ev.results!;
  const total = rubricTotal(ev);
  const [overall, setOverall] = useState<number | null>(ev.overall_score ?? results.totalPoints);
  const [grade, setGrade] = useState(results.overallGrade);
  const [criteria, setCriteria] = useState<CriterionDraft[]>(
    results.criteria.map((c) => ({ code: c.code, name: c.name, score: c.score, maxScore: c.maxScore, feedback: c.feedback })),
  );
  const [notes, setNotes] = useState(ev.admin_notes ?? '');
  const [shareNotes, setShareNotes] = useState(ev.admin_notes_for_student ?? false);
  const [feedback, setFeedback] = useState(ev.ai_feedback ?? '');
  // notes written in the approve/reject modal arrive with the evaluation: show them, never save over them
  useEffect(() => setNotes(ev.admin_notes ?? ''), [ev.admin_notes]);
  useEffect(() => setShareNotes(ev.admin_notes_for_student ?? false), [ev.admin_notes_for_student]);
  const [saving, setSaving] = useState(false);

  /** A criterion change updates the overall score to the new sum (the admin may still set it by hand). */
  const changeScore = (i: number, v: number | null) => {
    const next = criteria.map((x, j) => (j === i ? { ...x, score: v } : x));
    setCriteria(next);
    if (next.every((c) => typeof c.score === 'number')) setOverall(Math.round(next.reduce((n, c) => n + c.score!, 0) * 10) / 10);
  };
  const changeFeedback = (i: number, text: string) => setCriteria((cs) => cs.map((x, j) => (j === i ? { ...x, feedback: text } : x)));

  const overallError = scoreError(overall, total, intl) ?? overallSumError(overall, criteriaSum(criteria, total), intl);
  const criterionErrors = criteria.map((c) => criterionScoreError(c.score, c.maxScore, intl));
  const invalid = Boolean(overallError) || criterionErrors.some(Boolean);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await client.admin.updateSubmission(ev.id, {
        overall_score: overall!,
        ai_feedback: feedback,
        admin_notes: notes,
        admin_notes_for_student: shareNotes,
        results: {
          overallGrade: grade,
          totalPoints: Math.min(overall!, 100),
          maxPoints: 100,
          criteria: criteria.map((c) => ({ ...c, score: c.score! })),
        },
      });
      onSaved(saved);
      message.success(intl.formatMessage({ id: 'useResultsDraft.resultsSaved', defaultMessage: 'Results saved' }));
    } catch (e) {
      message.error(
        errorMessage(e, intl.formatMessage({ id: 'useResultsDraft.failedToUpdateResults', defaultMessage: 'Failed to update results' })),
      );
    } finally {
      setSaving(false);
    }
  };

  return {
    results,
    total,
    overall,
    setOverall,
    grade,
    setGrade,
    criteria,
    changeScore,
    changeFeedback,
    feedback,
    setFeedback,
    notes,
    setNotes,
    shareNotes,
    setShareNotes,
    overallError,
    criterionErrors,
    invalid,
    saving,
    save,
  };
}
