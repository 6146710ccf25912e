import type { AdminCriterionEdit, AdminEvaluationUpdate, ApprovalStatus, Criterion, Results, ReviewOutcome } from '@corestone/contracts';
import type { EvaluationRow } from './evaluation';

/** Spec admin §2: the screen saves results with maxPoints 100 (checked, not stored: applyResultsEdit). */
const ADMIN_RESULTS_MAX_POINTS = 100;
/** Spec admin §2/§9: the rubric total when the rubric gives none. */
const DEFAULT_RUBRIC_TOTAL = 30;

const METADATA_LABELS = { title: 'Title', essay_type: 'Essay type', subject_area: 'Subject area', status: 'Status' } as const;

/** Why an admin's change is refused: `field` names the field, `detail` is the sentence to show. */
export class ReviewError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'ReviewError';
  }
}

/**
 * Basic information is view-only for admins (spec admin §2: "saving is permanently disabled",
 * "Title cannot be modified by admin"): a metadata field may be sent, but only with its current value.
 */
export function checkMetadataUnchanged(row: EvaluationRow, update: AdminEvaluationUpdate): void {
  const current = { title: row.title, essay_type: row.essay_type, subject_area: row.subject_area, status: shownStatus(row) };
  for (const field of Object.keys(METADATA_LABELS) as Array<keyof typeof METADATA_LABELS>) {
    const sent = update[field];
    if (sent !== undefined && sent !== current[field]) throw new ReviewError(`${METADATA_LABELS[field]} cannot be modified by admin`);
  }
}

const shownStatus = (row: EvaluationRow) => (row.status === 'charging' ? 'pending' : row.status);

export function rubricTotal(row: EvaluationRow): number {
  const total = row.rubric?.scoring_structure?.total_points;
  return Number.isFinite(total) && total > 0 ? total : DEFAULT_RUBRIC_TOTAL;
}

/** overall_score: 0 to the rubric total (spec admin §5). */
export function checkOverallScore(row: EvaluationRow, score: number): number {
  const total = rubricTotal(row);
  if (!(score >= 0 && score <= total)) throw new ReviewError(`overall_score: must be between 0 and ${total}`);
  return score;
}

/** Within a rounding error (scores step by halves; sums of a few of them). */
const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The stored results with an admin's edit applied, on the rubric's scale: criteria matched by code
 * (score, maxScore, feedback and name replaced; band, strengths, improvements and passages kept),
 * criteria the grader did not have appended, the grade as sent, `maxPoints` the rubric total (what
 * the grader's result carries) and `percentage` recomputed.
 *
 * The total is what the student's page shows beside the criterion cards, so it must agree with
 * them (issue 28): when the criteria's maxima add up to the rubric total (a plain sum, as the
 * graders total it), `totalPoints` is the sum of the criterion scores and an `overall` that
 * disagrees is refused; otherwise (a weighted rubric) it is `overall` when given, else the weighted
 * share of the total. The spec's "maximum points fixed at 100" of the screen's request (`totalPoints`
 * at most 100, `maxPoints` 100) is checked and not stored: a student never sees 28/100 for 28/34.
 */
export function applyResultsEdit(
  stored: Results,
  edit: Partial<NonNullable<AdminEvaluationUpdate['results']>>,
  scale: { total: number; overall?: number },
): Results {
  if ((edit.totalPoints ?? 0) > ADMIN_RESULTS_MAX_POINTS) {
    throw new ReviewError(`results.totalPoints: must be at most ${ADMIN_RESULTS_MAX_POINTS}`);
  }
  const edits = new Map<string, AdminCriterionEdit>();
  for (const e of edit.criteria ?? []) {
    if (edits.has(e.code)) throw new ReviewError(`results.criteria: criterion ${e.code} appears twice`);
    if (e.score > e.maxScore) throw new ReviewError(`results.criteria: the score of ${e.code} is above its maximum (${e.maxScore})`);
    edits.set(e.code, e);
  }
  const apply = (base: Criterion, e: AdminCriterionEdit): Criterion => ({
    ...base,
    name: e.name,
    score: e.score,
    maxScore: e.maxScore,
    // the grader's feedback quotes the score ("Focus and Method: 2/6 (…)"): it states the new one
    feedback: quotedScore(e.feedback, base, e),
  });
  const known = new Set(stored.criteria.map((c) => c.code));
  const blank = (code: string): Criterion => ({
    code,
    name: '',
    score: 0,
    maxScore: 0,
    band: '',
    feedback: '',
    weight: 1,
    strengths: [],
    improvements: [],
  });
  const criteria = [
    ...stored.criteria.map((c) => (edits.has(c.code) ? apply(c, edits.get(c.code)!) : c)),
    ...(edit.criteria ?? []).filter((e) => !known.has(e.code)).map((e) => apply(blank(e.code), e)),
  ];
  const totalPoints = totalOf(criteria, scale);
  const percentage = scale.total > 0 ? round1((totalPoints / scale.total) * 100) : 0;
  const next = { totalPoints, maxPoints: scale.total, percentage };
  return {
    ...stored,
    overallGrade: edit.overallGrade ?? stored.overallGrade,
    ...next,
    criteria,
    overallSummary: {
      ...stored.overallSummary,
      holisticCommentary: criteria.reduce(
        (text, c) => quotedScore(text, stored.criteria.find((o) => o.code === c.code) ?? c, c, `${c.name} (`),
        restated(stored.overallSummary.holisticCommentary, stored, next),
      ),
    },
  };
}

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with a criterion's old score figure ("2/6") stated as the new one; `prefix` limits it to
 * figures right after that text (the summary names each criterion: "A Focus and Method (2/6)").
 */
function quotedScore(
  text: string,
  was: Pick<Criterion, 'score' | 'maxScore'>,
  now: Pick<Criterion, 'score' | 'maxScore'>,
  prefix = '',
): string {
  if (was.score === now.score && was.maxScore === now.maxScore) return text;
  const figure = new RegExp(`(?<![\\d.])(${literal(prefix)})${literal(points(was.score))}/${literal(points(was.maxScore))}(?![\\d.])`, 'g');
  return text.replace(figure, (_m, before: string) => `${before}${points(now.score)}/${points(now.maxScore)}`);
}

/**
 * The grader's summary quotes its total ("scores 9/34 (26.5%)"): after an edit it states the new
 * one, so the page never shows a total that disagrees with the criteria above it.
 */
export function restated(text: string, was: Pick<Results, 'totalPoints' | 'maxPoints' | 'percentage'>, now: typeof was): string {
  if (was.totalPoints === now.totalPoints && was.maxPoints === now.maxPoints) return text;
  const figure = new RegExp(
    `(?<![\\d.])${literal(points(was.totalPoints))}\\s*/\\s*${literal(points(was.maxPoints))}(?![\\d.])( \\(${literal(String(was.percentage))}%\\))?`,
    'g',
  );
  return text.replace(
    figure,
    (_m, pct?: string) => `${points(now.totalPoints)}/${points(now.maxPoints)}${pct ? ` (${now.percentage}%)` : ''}`,
  );
}

/** The overall points of edited criteria on the rubric's scale (see applyResultsEdit). */
function totalOf(criteria: Criterion[], { total, overall }: { total: number; overall?: number }): number {
  const sumMax = criteria.reduce((n, c) => n + c.maxScore, 0);
  if (criteria.length > 0 && same(sumMax, total)) {
    const sum = round1(criteria.reduce((n, c) => n + c.score, 0));
    if (overall !== undefined && !same(overall, sum)) {
      throw new ReviewError(`overall_score: must equal the sum of the criterion scores (${sum})`);
    }
    return sum;
  }
  if (overall !== undefined) return overall;
  const weights = criteria.map((c) => (c.weight > 0 ? c.weight : c.maxScore));
  const wsum = weights.reduce((a, b) => a + b, 0);
  if (!(wsum > 0)) return 0;
  return round1((criteria.reduce((n, c, i) => n + (c.maxScore > 0 ? (c.score / c.maxScore) * weights[i] : 0), 0) / wsum) * total);
}

/** What a reviewer may change of the student's view of a review (the row's review columns). */
export interface ReviewState {
  approval_status: ApprovalStatus;
  ai_feedback: string | null;
  admin_notes: string | null;
  notes_for_student: boolean;
  feedback_at: Date | null;
  decided_at: Date | null;
}

/** What the student is shown of a review (ReviewOutcome without dates): blank texts are none. */
export function shownReview(r: Pick<ReviewState, 'approval_status' | 'ai_feedback' | 'admin_notes' | 'notes_for_student'>) {
  return {
    status: r.approval_status,
    feedback: r.ai_feedback?.trim() || null,
    notes: r.notes_for_student ? r.admin_notes?.trim() || null : null,
  };
}

/** The student's feedback (their feedback text or the notes shown to them) changed. */
export function feedbackChanged(before: ReviewState, after: Omit<ReviewState, 'feedback_at' | 'decided_at'>): boolean {
  const a = shownReview(before);
  const b = shownReview(after);
  return a.feedback !== b.feedback || a.notes !== b.notes;
}

/**
 * A review mail is due when what the student is shown changed (feedback, shared notes or the
 * decision) and it carries feedback for them. Saving the same review again sends nothing.
 */
export function reviewMailDue(before: ReviewState, after: Omit<ReviewState, 'feedback_at' | 'decided_at'>): boolean {
  const b = shownReview(after);
  if (!b.feedback && !b.notes) return false;
  return feedbackChanged(before, after) || shownReview(before).status !== b.status;
}

/** The review as the student sees it; `listChars` cuts the feedback as list rows carry it. */
export function reviewOutcomeOf(r: ReviewState, listChars?: number): ReviewOutcome {
  const shown = shownReview(r);
  const decided = r.approval_status === 'approved' || r.approval_status === 'rejected';
  const cut = listChars !== undefined && shown.feedback !== null && shown.feedback.length > listChars;
  return {
    status: r.approval_status,
    decided_at: decided && r.decided_at ? r.decided_at.toISOString() : null,
    feedback: cut ? shown.feedback!.slice(0, listChars) : shown.feedback,
    ...(listChars !== undefined ? { feedback_truncated: cut } : {}),
    feedback_at: (shown.feedback || shown.notes) && r.feedback_at ? r.feedback_at.toISOString() : null,
    notes: shown.notes,
  };
}

/** Reject needs notes with something in them (spec admin §5). */
export function nonBlank(notes: string | undefined): string | null {
  const t = notes?.trim();
  return t ? t : null;
}

/**
 * Internal notes stay internal (issue 28): an answer to anyone but a reviewer (admin, super admin)
 * carries neither `admin_notes` nor `admin_notes_for_student`; what the reviewer shows the student
 * is in `review`.
 */
export function shownTo<T extends { admin_notes?: string | null; admin_notes_for_student?: boolean }>(ev: T, reviewer: boolean): T {
  if (reviewer) return ev;
  const { admin_notes: _notes, admin_notes_for_student: _shared, ...rest } = ev;
  return rest as T;
}
