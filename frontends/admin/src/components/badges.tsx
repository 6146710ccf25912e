import { Tag } from 'antd';
import type { EvaluationListItem } from '@corestone/sdk';
import { APPROVAL_LABELS, approvalOf } from '../lib/review';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';

const STATUS_LABELS = defineMessages({
  pending: { id: 'badges.status.pending', defaultMessage: 'Pending' },
  processing: { id: 'badges.status.processing', defaultMessage: 'Processing' },
  completed: { id: 'badges.status.completed', defaultMessage: 'Completed' },
  failed: { id: 'badges.status.failed', defaultMessage: 'Failed' },
});
const STATUS: Record<string, { label: MessageDescriptor; color: string }> = {
  pending: { label: STATUS_LABELS.pending, color: 'default' },
  processing: { label: STATUS_LABELS.processing, color: 'processing' },
  in_progress: { label: STATUS_LABELS.processing, color: 'processing' },
  completed: { label: STATUS_LABELS.completed, color: 'success' },
  failed: { label: STATUS_LABELS.failed, color: 'error' },
};

export const TYPE_LABELS = defineMessages({
  ee: { id: 'badges.type.ee', defaultMessage: 'Extended Essay' },
  tok: { id: 'badges.type.tok', defaultMessage: 'TOK Essay' },
});

export function StatusTag({ status }: { status: string }) {
  const intl = useIntl();
  const s = STATUS[status];
  return (
    <Tag color={s?.color ?? 'default'} data-status={status}>
      {s ? intl.formatMessage(s.label) : status}
    </Tag>
  );
}

export function ApprovalTag({ evaluation }: { evaluation: Pick<EvaluationListItem, 'approval_status'> }) {
  const intl = useIntl();
  const a = APPROVAL_LABELS[approvalOf(evaluation)];
  return (
    <Tag color={a.color} data-approval={approvalOf(evaluation)}>
      {intl.formatMessage(APPROVAL_MESSAGES[approvalOf(evaluation)])}
    </Tag>
  );
}

export function TypeTag({ type }: { type: 'ee' | 'tok' }) {
  const intl = useIntl();
  return <Tag color={type === 'ee' ? 'geekblue' : 'purple'}>{TYPE_LABELS[type] ? intl.formatMessage(TYPE_LABELS[type]) : type}</Tag>;
}

const APPROVAL_MESSAGES = defineMessages({
  pending_review: { id: 'badges.approval.pendingReview', defaultMessage: 'Pending Review' },
  under_review: { id: 'badges.approval.underReview', defaultMessage: 'Under Review' },
  approved: { id: 'badges.approval.approved', defaultMessage: 'Approved' },
  rejected: { id: 'badges.approval.rejected', defaultMessage: 'Rejected' },
});

/** 'Pending' until there are results; else grade and points. */
export function gradeText(ev: Pick<EvaluationListItem, 'results'>, intl?: IntlShape): string {
  if (!ev.results) return intl ? intl.formatMessage(STATUS_LABELS.pending) : 'Pending';
  return `${ev.results.overallGrade} · ${ev.results.totalPoints}/${ev.results.maxPoints}`;
}

export const studentName = (ev: Pick<EvaluationListItem, 'profiles' | 'user_name'>) => ev.profiles?.full_name || ev.user_name || 'Unknown';
export const studentEmail = (ev: Pick<EvaluationListItem, 'profiles'>) => ev.profiles?.email || 'N/A';
