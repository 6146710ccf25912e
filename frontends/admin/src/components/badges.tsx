import { Tag } from 'antd';
import type { EvaluationListItem } from '@corestone/sdk';
import { APPROVAL_LABELS, approvalOf } from '../lib/review';

const STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'default' },
  processing: { label: 'Processing', color: 'processing' },
  in_progress: { label: 'Processing', color: 'processing' },
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

export const TYPE_LABELS = { ee: 'Extended Essay', tok: 'TOK Essay' } as const;

export function StatusTag({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={s.color} data-status={status}>
      {s.label}
    </Tag>
  );
}

export function ApprovalTag({ evaluation }: { evaluation: Pick<EvaluationListItem, 'approval_status'> }) {
  const a = APPROVAL_LABELS[approvalOf(evaluation)];
  return (
    <Tag color={a.color} data-approval={approvalOf(evaluation)}>
      {a.label}
    </Tag>
  );
}

export function TypeTag({ type }: { type: 'ee' | 'tok' }) {
  return <Tag color={type === 'ee' ? 'geekblue' : 'purple'}>{TYPE_LABELS[type] ?? type}</Tag>;
}

/** 'Pending' until there are results; else grade and points. */
export function gradeText(ev: Pick<EvaluationListItem, 'results'>): string {
  if (!ev.results) return 'Pending';
  return `${ev.results.overallGrade} · ${ev.results.totalPoints}/${ev.results.maxPoints}`;
}

export const studentName = (ev: Pick<EvaluationListItem, 'profiles' | 'user_name'>) => ev.profiles?.full_name || ev.user_name || 'Unknown';
export const studentEmail = (ev: Pick<EvaluationListItem, 'profiles'>) => ev.profiles?.email || 'N/A';
