/** Approval and score-editing rules of the submission review (spec admin §2, §4, §5). */
import type { ApprovalStatus, Evaluation } from '@corestone/sdk';
import { type IntlShape } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

export const DEFAULT_RUBRIC_TOTAL = 30;

export const APPROVAL_LABELS: Record<ApprovalStatus, { label: string; color: string }> = {
  pending_review: { label: 'Pending Review', color: 'gold' },
  under_review: { label: 'Under Review', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

export const approvalOf = (ev: Pick<Evaluation, 'approval_status'>): ApprovalStatus => ev.approval_status ?? 'pending_review';

/** Only completed submissions can be approved or rejected; approve is off when approved, reject when rejected. */
export function reviewButtons(ev: Pick<Evaluation, 'status' | 'approval_status'>) {
  const completed = ev.status === 'completed';
  const approval = approvalOf(ev);
  return { approve: completed && approval !== 'approved', reject: completed && approval !== 'rejected' };
}

/** null when the decision may be sent; else the message to show. */
export function decisionError(decision: 'approve' | 'reject', notes: string, intl: IntlShape = ENGLISH): string | null {
  if (decision === 'reject' && !notes.trim())
    return intl.formatMessage({ id: 'review.notesRequired', defaultMessage: 'Admin notes are required to reject an evaluation' });
  return null;
}

/** The rubric total (scoring_structure.total_points, default 30). */
export function rubricTotal(ev: Pick<Evaluation, 'rubric'>): number {
  const t = ev.rubric?.scoring_structure?.total_points;
  return typeof t === 'number' && t > 0 ? t : DEFAULT_RUBRIC_TOTAL;
}

/** An overall score may be 0..rubric total. */
export function scoreError(score: number | null | undefined, total: number, intl: IntlShape = ENGLISH): string | null {
  if (score === null || score === undefined || Number.isNaN(score))
    return intl.formatMessage({ id: 'review.enterScore', defaultMessage: 'Enter a score.' });
  if (score < 0 || score > total)
    return intl.formatMessage(
      { id: 'review.scoreRange', defaultMessage: 'Score must be between 0 and {total}.' },
      { total: intl.formatNumber(total) },
    );
  return null;
}

/** A criterion score may be 0..its maximum. */
export function criterionScoreError(score: number | null | undefined, max: number, intl: IntlShape = ENGLISH): string | null {
  if (score === null || score === undefined || Number.isNaN(score))
    return intl.formatMessage({ id: 'review.enterScore', defaultMessage: 'Enter a score.' });
  if (score < 0 || score > max)
    return intl.formatMessage({ id: 'review.criterionRange', defaultMessage: 'Between 0 and {max}.' }, { max: intl.formatNumber(max) });
  return null;
}

/**
 * The overall score the criteria give when their maxima add up to the rubric total (a plain sum,
 * as the graders total it): the server keeps the total equal to the criteria the student sees and
 * refuses another figure. null for a weighted rubric (the admin's overall score stands) or while a
 * criterion score is missing.
 */
export function criteriaSum(criteria: { score: number | null | undefined; maxScore: number }[], total: number): number | null {
  if (!criteria.length) return null;
  const sumMax = criteria.reduce((n, c) => n + c.maxScore, 0);
  if (Math.abs(sumMax - total) > 1e-6 || criteria.some((c) => typeof c.score !== 'number' || Number.isNaN(c.score))) return null;
  return Math.round(criteria.reduce((n, c) => n + (c.score as number), 0) * 10) / 10;
}

/** The overall score must equal the criteria's sum when they add up to the rubric total. */
export function overallSumError(score: number | null | undefined, sum: number | null, intl: IntlShape = ENGLISH): string | null {
  if (sum === null || score === null || score === undefined || Math.abs(score - sum) < 1e-6) return null;
  return intl.formatMessage(
    { id: 'review.mustEqualSum', defaultMessage: 'Must equal the sum of the criterion scores ({sum}).' },
    { sum: intl.formatNumber(sum) },
  );
}
