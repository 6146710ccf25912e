/**
 * A student's assignments (issue 31) without React: the overview's groups, the words for each
 * state, the wizard's address for submitting into one, and what a result into an assignment may show.
 */
import type { MessageDescriptor } from 'react-intl';
import type { Evaluation, MyAssignment, TeacherReview } from '@corestone/sdk';

export type MyAssignmentState = MyAssignment['state'];

export const MY_STATE_LABELS: Record<MyAssignmentState, MessageDescriptor> = {
  upcoming: { id: 'assignments.state.upcoming', defaultMessage: 'Not open yet' },
  open: { id: 'assignments.state.open', defaultMessage: 'Open' },
  due_soon: { id: 'assignments.state.dueSoon', defaultMessage: 'Due soon' },
  overdue: { id: 'assignments.state.overdue', defaultMessage: 'Overdue' },
  closed: { id: 'assignments.state.closed', defaultMessage: 'Closed' },
  submitted: { id: 'assignments.state.submitted', defaultMessage: 'Submitted' },
  released: { id: 'assignments.state.released', defaultMessage: 'Released' },
};
export const MY_STATE_COLORS: Record<MyAssignmentState, string> = {
  upcoming: 'default',
  open: 'blue',
  due_soon: 'orange',
  overdue: 'red',
  closed: 'default',
  submitted: 'purple',
  released: 'green',
};

export const ASSIGNMENT_MESSAGES: Record<'awaitingReview', MessageDescriptor> = {
  awaitingReview: { id: 'assignments.awaitingReview', defaultMessage: "Awaiting your teacher's review" },
};

/** The overview's groups, in this order: what needs doing first. */
export const ASSIGNMENT_GROUPS = [
  { key: 'due', title: { id: 'assignments.group.due', defaultMessage: 'To do' }, states: ['overdue', 'due_soon', 'open'] },
  { key: 'submitted', title: { id: 'assignments.group.submitted', defaultMessage: 'Submitted' }, states: ['submitted'] },
  { key: 'released', title: { id: 'assignments.group.released', defaultMessage: 'Results released' }, states: ['released'] },
  { key: 'later', title: { id: 'assignments.group.later', defaultMessage: 'Coming up' }, states: ['upcoming'] },
] as const satisfies readonly { key: string; title: MessageDescriptor; states: readonly MyAssignmentState[] }[];

const STATE_RANK: Record<MyAssignmentState, number> = {
  overdue: 0,
  due_soon: 1,
  open: 2,
  submitted: 3,
  released: 4,
  upcoming: 5,
  closed: 6,
};

/**
 * The assignments in their groups (closed ones with nothing submitted are left out: nothing can be
 * done with them); inside a group the most urgent first (state, then due time), released newest first.
 */
export function groupAssignments(list: readonly MyAssignment[]) {
  return ASSIGNMENT_GROUPS.map((g) => ({
    ...g,
    items: list
      .filter((a) => (g.states as readonly MyAssignmentState[]).includes(a.state))
      .sort((a, b) =>
        g.key === 'released'
          ? Date.parse(b.due_at) - Date.parse(a.due_at)
          : STATE_RANK[a.state] - STATE_RANK[b.state] || Date.parse(a.due_at) - Date.parse(b.due_at),
      ),
  })).filter((g) => g.items.length > 0);
}

/** Whether the student may submit into it now (again, for a draft line: a new attempt replaces the last). */
export const maySubmit = (a: Pick<MyAssignment, 'state'>): boolean => ['open', 'due_soon', 'overdue', 'submitted'].includes(a.state);

/** The upload wizard for this assignment: its type, and the assignment in the address. */
export const uploadAddress = (a: Pick<MyAssignment, 'essay_type' | 'id'>) =>
  `/dashboard/upload/${a.essay_type}?assignment=${encodeURIComponent(a.id)}`;

/** A result into an after-review assignment that the teacher has not released: status only, no marks. */
export const awaitingReview = (ev: Pick<Evaluation, 'assignment'>): boolean => ev.assignment?.release.state === 'awaiting_review';

/** The teacher's review the student may read (released), or null. */
export const releasedReview = (ev: Pick<Evaluation, 'assignment'>): TeacherReview | null =>
  ev.assignment?.release.state === 'released' ? (ev.assignment.teacher_review ?? null) : null;

/**
 * A released result's figures with the teacher's marks in place of the AI's: each criterion's final
 * score and feedback, the total, maximum and grade. The AI's own marks stay only where the server
 * sent them (the assignment shows them).
 */
export function withTeacherMarks<C extends { code: string; name: string; score: number; maxScore: number; feedback: string }>(
  summary: { grade: string; total: number; max: number; percent: number; criteria: C[] },
  review: TeacherReview | null,
): { grade: string; total: number; max: number; percent: number; criteria: (C & { aiScore: number | null })[] } {
  if (!review) return { ...summary, criteria: summary.criteria.map((c) => ({ ...c, aiScore: null })) };
  const criteria = summary.criteria.map((c) => {
    const t = review.criteria.find((x) => x.criterion_id === c.code || x.name === c.name);
    if (!t) return { ...c, aiScore: null };
    return {
      ...c,
      score: t.score,
      maxScore: t.max_score,
      feedback: t.feedback || c.feedback,
      aiScore: typeof t.ai_score === 'number' ? t.ai_score : null,
    };
  });
  const max = review.max_total || summary.max;
  return {
    grade: review.grade ?? summary.grade,
    total: review.total,
    max,
    percent: max > 0 ? Math.round((review.total / max) * 100) : 0,
    criteria,
  };
}
