/**
 * The teacher's area (issue 31) without React: state labels, the gradebook's rows with their
 * filters and sorting, the review form from a result and back to the request, agreement figures
 * as words. The server decides and computes; this only arranges what it answered.
 */
import { defineMessages, type IntlShape } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';
import type {
  AgreementFigure,
  Assignment,
  AssignmentSubmission,
  Evaluation,
  Gradebook,
  PassageComment,
  StudentRef,
  SubmissionState,
  TeacherReviewRequest,
} from '@corestone/sdk';

export const STATE_LABELS = defineMessages({
  not_submitted: { id: 'teaching.state.notSubmitted', defaultMessage: 'Not submitted' },
  submitted: { id: 'teaching.state.submitted', defaultMessage: 'Submitted' },
  graded: { id: 'teaching.state.graded', defaultMessage: 'Graded' },
  needs_review: { id: 'teaching.state.needsReview', defaultMessage: 'Needs review' },
  reviewed: { id: 'teaching.state.reviewed', defaultMessage: 'Reviewed' },
  released: { id: 'teaching.state.released', defaultMessage: 'Released' },
}) satisfies Record<SubmissionState, unknown>;
export const STATE_COLORS: Record<SubmissionState, string> = {
  not_submitted: 'default',
  submitted: 'processing',
  graded: 'blue',
  needs_review: 'orange',
  reviewed: 'purple',
  released: 'green',
};
/** The order states sort in: what needs the teacher first. */
const STATE_ORDER: SubmissionState[] = ['needs_review', 'graded', 'reviewed', 'submitted', 'released', 'not_submitted'];

export const RELEASE_MODE_LABELS = defineMessages({
  immediate: { id: 'teaching.release.immediate', defaultMessage: 'Released at once' },
  after_review: { id: 'teaching.release.afterReview', defaultMessage: 'After my review' },
});
export const KIND_LABELS = defineMessages({
  draft: { id: 'teaching.kind.draft', defaultMessage: 'Draft' },
  final: { id: 'teaching.kind.final', defaultMessage: 'Final' },
});

/** '27 / 34', '27.5 / 34' ('27,5 / 34' in French and Spanish) or '—'. */
export function scoreText(total: number | null | undefined, max: number | null | undefined, intl: IntlShape = ENGLISH): string {
  if (total === null || total === undefined) return '—';
  const n = intl.formatNumber(total, { maximumFractionDigits: 1 });
  return max ? `${n} / ${intl.formatNumber(max)}` : n;
}

export type StateFilter = SubmissionState | 'late' | 'all';

export interface GradebookView {
  search: string;
  state: StateFilter;
  /** the column the state filter and a score/state sort look at (none: any column, name sort only) */
  assignmentId: string | null;
  sort: 'name' | 'score' | 'state' | 'submitted';
  descending: boolean;
}

export const DEFAULT_GRADEBOOK_VIEW: GradebookView = { search: '', state: 'all', assignmentId: null, sort: 'name', descending: false };

export interface GradebookRow {
  student: StudentRef;
  /** by assignment id */
  cells: Record<string, AssignmentSubmission | undefined>;
}

const cellMatches = (cell: AssignmentSubmission | undefined, state: StateFilter): boolean => {
  if (state === 'all') return true;
  if (state === 'late') return !!cell?.late;
  return (cell?.state ?? 'not_submitted') === state;
};

/**
 * The gradebook's rows: one per student, the cells by assignment; filtered by name or e-mail and by
 * a state (in the chosen assignment, or in any), sorted by name, or by the chosen assignment's
 * score, state or submission time (students without one last, whichever the direction).
 */
export function gradebookRows(gb: Pick<Gradebook, 'students' | 'cells' | 'assignments'>, view: GradebookView): GradebookRow[] {
  const byStudent = new Map<string, GradebookRow>();
  for (const s of gb.students) byStudent.set(s.user_id, { student: s, cells: {} });
  for (const c of gb.cells) {
    const row = byStudent.get(c.student.user_id) ?? { student: c.student, cells: {} };
    row.cells[c.assignment_id] = c;
    byStudent.set(c.student.user_id, row);
  }
  const q = view.search.trim().toLowerCase();
  const columns = view.assignmentId ? [view.assignmentId] : gb.assignments.map((a) => a.id);
  const rows = [...byStudent.values()].filter(
    (r) =>
      (!q || r.student.name.toLowerCase().includes(q) || r.student.email.toLowerCase().includes(q)) &&
      (view.state === 'all' || columns.some((id) => cellMatches(r.cells[id], view.state))),
  );
  const byName = (a: GradebookRow, b: GradebookRow) =>
    a.student.name.localeCompare(b.student.name) || a.student.email.localeCompare(b.student.email);
  const key = (r: GradebookRow): number | null => {
    const cell = view.assignmentId ? r.cells[view.assignmentId] : undefined;
    if (view.sort === 'score') return cell?.total ?? null;
    if (view.sort === 'state') return STATE_ORDER.indexOf(cell?.state ?? 'not_submitted');
    if (view.sort === 'submitted') return cell?.submitted_at ? Date.parse(cell.submitted_at) : null;
    return null;
  };
  const dir = view.descending ? -1 : 1;
  return rows.sort((a, b) => {
    if (view.sort === 'name' || !view.assignmentId) return dir * byName(a, b);
    const ka = key(a);
    const kb = key(b);
    if (ka === null && kb === null) return byName(a, b);
    if (ka === null) return 1;
    if (kb === null) return -1;
    return dir * (ka - kb) || byName(a, b);
  });
}

/** Counts per state of one assignment's submissions (the gradebook's column heads). */
export function stateCounts(cells: readonly AssignmentSubmission[], assignmentId: string): Partial<Record<SubmissionState, number>> {
  const counts: Partial<Record<SubmissionState, number>> = {};
  for (const c of cells) if (c.assignment_id === assignmentId) counts[c.state] = (counts[c.state] ?? 0) + 1;
  return counts;
}

/** One criterion of the review form. */
export interface ReviewCriterion {
  criterion_id: string;
  name: string;
  max: number;
  ai_score: number | null;
  score: number;
  feedback: string;
}

export interface ReviewDraft {
  criteria: ReviewCriterion[];
  comment: string;
  passage_comments: PassageComment[];
}

/**
 * The review form of a graded submission: the teacher's saved review when there is one, else the
 * AI's marks and feedback to start from (the teacher confirms or changes them).
 */
export function reviewDraftOf(ev: Pick<Evaluation, 'results' | 'rubric' | 'assignment'>): ReviewDraft {
  const saved = ev.assignment?.teacher_review ?? null;
  const ai = ev.results?.criteria ?? [];
  const rubric = ev.rubric?.scoring_structure?.criteria ?? [];
  const base = ai.length
    ? ai.map((c) => ({ code: c.code, name: c.name, max: c.maxScore, score: c.score, feedback: c.feedback }))
    : rubric.map((c) => ({ code: c.code, name: c.name, max: c.maxScore, score: 0, feedback: '' }));
  const criteria = base.map((c): ReviewCriterion => {
    const mine = saved?.criteria.find((s) => s.criterion_id === c.code || s.name === c.name);
    return {
      criterion_id: c.code,
      name: c.name,
      max: mine?.max_score ?? c.max,
      ai_score: ai.length ? c.score : null,
      score: mine?.score ?? c.score,
      feedback: mine?.feedback ?? c.feedback,
    };
  });
  return {
    criteria,
    comment: saved?.comment ?? '',
    passage_comments: (saved?.passage_comments ?? []).map(({ start, end, text }) => ({ start, end, text })),
  };
}

/** A criterion mark the server would refuse (REVIEW_INVALID), said before sending; null when all are fine. */
export function reviewProblem(draft: ReviewDraft, intl: IntlShape): string | null {
  for (const c of draft.criteria) {
    if (!Number.isFinite(c.score) || c.score < 0)
      return intl.formatMessage({ id: 'teaching.markNegative', defaultMessage: '{name}: the mark must be 0 or more.' }, { name: c.name });
    if (c.score > c.max)
      return intl.formatMessage(
        { id: 'teaching.markOverMax', defaultMessage: '{name}: the mark can be at most {max}.' },
        { name: c.name, max: intl.formatNumber(c.max) },
      );
  }
  return null;
}

export function reviewRequest(draft: ReviewDraft): TeacherReviewRequest {
  return {
    criteria: draft.criteria.map((c) => ({ criterion_id: c.criterion_id, name: c.name, score: c.score, feedback: c.feedback })),
    comment: draft.comment,
    passage_comments: draft.passage_comments,
  };
}

export const draftTotal = (draft: ReviewDraft) => draft.criteria.reduce((s, c) => s + c.score, 0);
export const draftMax = (draft: ReviewDraft) => draft.criteria.reduce((s, c) => s + c.max, 0);

/** Adds a passage comment, kept in the order of the text. */
export function withPassageComment(list: readonly PassageComment[], comment: PassageComment): PassageComment[] {
  return [...list, comment].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** 0.734 → '73%'; null → '—'. */
export const percentText = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${Math.round(v * 100)}%`);
/** Kappa with two decimals ('0.62', French and Spanish '0,62'); null → '—'. */
export const kappaText = (v: number | null | undefined, intl: IntlShape = ENGLISH) =>
  v === null || v === undefined ? '—' : intl.formatNumber(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** +0.8 / −0.3 marks (French and Spanish +0,8 / −0,3); null → '—'. */
export function differenceText(v: number | null | undefined, intl: IntlShape = ENGLISH): string {
  if (v === null || v === undefined) return '—';
  const r = Math.round(v * 100) / 100;
  const abs = intl.formatNumber(Math.abs(r), { maximumFractionDigits: 2 });
  return r > 0 ? `+${abs}` : r < 0 ? `\u2212${abs}` : '0';
}

const KAPPA_WORDS = defineMessages({
  none: { id: 'teaching.kappa.none', defaultMessage: 'not enough essays' },
  belowChance: { id: 'teaching.kappa.belowChance', defaultMessage: 'less than chance' },
  slight: { id: 'teaching.kappa.slight', defaultMessage: 'slight' },
  fair: { id: 'teaching.kappa.fair', defaultMessage: 'fair' },
  moderate: { id: 'teaching.kappa.moderate', defaultMessage: 'moderate' },
  substantial: { id: 'teaching.kappa.substantial', defaultMessage: 'substantial' },
  almostPerfect: { id: 'teaching.kappa.almostPerfect', defaultMessage: 'almost perfect' },
});

/** Landis & Koch's words for a kappa (the usual reading of one). */
export function kappaWords(v: number | null, intl: IntlShape): string {
  const word =
    v === null
      ? KAPPA_WORDS.none
      : v < 0
        ? KAPPA_WORDS.belowChance
        : v <= 0.2
          ? KAPPA_WORDS.slight
          : v <= 0.4
            ? KAPPA_WORDS.fair
            : v <= 0.6
              ? KAPPA_WORDS.moderate
              : v <= 0.8
                ? KAPPA_WORDS.substantial
                : KAPPA_WORDS.almostPerfect;
  return intl.formatMessage(word);
}

export const agreementRows = (criteria: readonly AgreementFigure[], total: AgreementFigure | null) =>
  total ? [...criteria, total] : [...criteria];

/** An assignment's dates in words for its card. */
export function assignmentWindow(a: Pick<Assignment, 'opens_at' | 'due_at'>, fmt: (iso: string | null) => string, intl: IntlShape): string {
  return a.opens_at
    ? intl.formatMessage(
        { id: 'teaching.window', defaultMessage: 'Opens {opens} · due {due}' },
        { opens: fmt(a.opens_at), due: fmt(a.due_at) },
      )
    : intl.formatMessage({ id: 'teaching.due', defaultMessage: 'Due {due}' }, { due: fmt(a.due_at) });
}
