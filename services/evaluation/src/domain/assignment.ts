import {
  AssignmentCodes,
  ESSAY_WORD_LIMITS,
  type AdminCriterionEdit,
  type Assignment,
  type AssignmentKind,
  type AssignmentLink,
  type EssayType,
  type Evaluation,
  type EvaluationListItem,
  type MyAssignment,
  type NeedsReviewReason,
  type ReleaseMode,
  type Results,
  type RubricSnapshot,
  type SubmissionState,
  type TeacherReview,
  type TeacherReviewRequest,
} from '@corestone/contracts';
import { HttpError } from '@corestone/service-kit';
import { applyResultsEdit } from './review';

/**
 * Submissions into a class assignment (issue 31), pure: whether an essay may go in, what the
 * student is shown before and after release, why a result needs a teacher's look, the teacher's
 * review as stored, and each student's standing.
 */

/** Why a submission, review or release is refused: the HTTP status and contracts code to answer. */
const refused = (status: 400 | 409, code: string, detail: string) => new HttpError(status, code, detail);

/** The assignment's facts kept on a submission's row (migration 010). */
export interface AssignmentStamp {
  assignment_id: string;
  class_id: string;
  /** The class's school (column class_school_id; the row's school_id is the submitter's, for grading). */
  class_school_id: string;
  assignment_title: string;
  class_name: string;
  assignment_kind: AssignmentKind;
  release_mode: ReleaseMode;
  late: boolean;
  show_ai_marks: boolean;
}

/** The row's assignment columns (null assignment_id: the student's own essay). */
export interface AssignmentColumns {
  assignment_id: string | null;
  class_id: string | null;
  class_school_id: string | null;
  assignment_title: string | null;
  class_name: string | null;
  assignment_kind: AssignmentKind | null;
  release_mode: ReleaseMode | null;
  late: boolean;
  teacher_review: StoredReview | null;
  released_at: Date | null;
  show_ai_marks: boolean;
}

/** The assignment columns of an essay of the student's own. */
export const NO_ASSIGNMENT: AssignmentColumns = {
  assignment_id: null,
  class_id: null,
  class_school_id: null,
  assignment_title: null,
  class_name: null,
  assignment_kind: null,
  release_mode: null,
  late: false,
  teacher_review: null,
  released_at: null,
  show_ai_marks: false,
};

/** The teacher's review as the row keeps it (TeacherReview without released_at, which is a column). */
export type StoredReview = Omit<TeacherReview, 'released_at'>;

/**
 * Whether `essay` may be submitted into `a` at `now`: open (opens_at passed), not archived, not past
 * due unless late work is taken, and of the assignment's essay type and rubric. Answers the stamp.
 */
export function admitSubmission(a: Assignment, essay: { essay_type: string; rubric_id: string }, now: Date): AssignmentStamp {
  if (a.archived_at) throw refused(409, AssignmentCodes.ASSIGNMENT_CLOSED, 'This assignment is archived and takes no more submissions');
  if (a.opens_at && now.getTime() < Date.parse(a.opens_at)) {
    throw refused(409, AssignmentCodes.ASSIGNMENT_NOT_OPEN, `This assignment opens at ${a.opens_at}`);
  }
  const late = now.getTime() > Date.parse(a.due_at);
  if (late && !a.allow_late) {
    throw refused(409, AssignmentCodes.ASSIGNMENT_CLOSED, `This assignment was due at ${a.due_at} and takes no late submissions`);
  }
  if (essay.essay_type !== a.essay_type) {
    throw refused(
      400,
      AssignmentCodes.ASSIGNMENT_MISMATCH,
      `This assignment takes ${a.essay_type.toUpperCase()} essays, not ${essay.essay_type.toUpperCase()}`,
    );
  }
  if (essay.rubric_id !== a.rubric_id) {
    throw refused(400, AssignmentCodes.ASSIGNMENT_MISMATCH, "The rubric must be the assignment's rubric");
  }
  return {
    assignment_id: a.id,
    class_id: a.class_id,
    class_school_id: a.school_id,
    assignment_title: a.title,
    class_name: a.class_name,
    assignment_kind: a.kind,
    release_mode: a.release_mode,
    late,
    show_ai_marks: a.show_ai_marks,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** When the student may see the result: after_review → once released; immediate → once graded. */
export function releasedAt(r: AssignmentColumns & { completed_at: Date | null; status: string }): Date | null {
  if (r.released_at) return r.released_at;
  if (r.release_mode === 'immediate' && r.status === 'completed') return r.completed_at;
  return null;
}

/** An after-review result nobody released yet: the student sees its status, no marks. */
export const hiddenFromStudent = (r: Pick<AssignmentColumns, 'release_mode' | 'released_at'>): boolean =>
  r.release_mode === 'after_review' && !r.released_at;

/** Whether the student sees the teacher's review (released) in place of the AI's marks. */
const teacherReleased = (r: AssignmentColumns): r is AssignmentColumns & { teacher_review: StoredReview } =>
  !!r.teacher_review && !!r.released_at;

/** The review as shown: staff get it all; the student the released one, without AI marks unless the assignment shows them. */
function reviewShown(r: AssignmentColumns, staff: boolean): TeacherReview | null {
  if (!r.teacher_review) return null;
  if (staff) return { ...r.teacher_review, released_at: iso(r.released_at) };
  if (!teacherReleased(r)) return null;
  const review: TeacherReview = { ...r.teacher_review, released_at: iso(r.released_at) };
  if (!r.show_ai_marks) review.criteria = review.criteria.map(({ ai_score: _ai, ...c }) => c);
  return review;
}

/** The results with the teacher's marks and feedback in place of the AI's (a released review, as the student reads it). */
export function resultsWithReview(results: Results, review: StoredReview, showAi: boolean): Results {
  const edits: AdminCriterionEdit[] = review.criteria.map((c) => {
    const ai = results.criteria.find((x) => x.code === c.criterion_id);
    return { code: c.criterion_id, name: c.name, score: c.score, maxScore: c.max_score, feedback: c.feedback.trim() || ai?.feedback || '' };
  });
  const edited = applyResultsEdit(
    results,
    { criteria: edits, overallGrade: review.grade ?? results.overallGrade },
    { total: review.max_total },
  );
  if (showAi) return edited;
  const { consistency: _samples, ...rest } = edited; // the model's sample marks are AI marks too
  return rest;
}

/** The AssignmentLink of a row, for a viewer who is the class's staff (or a platform admin) or the student. */
export function assignmentLink(
  r: AssignmentColumns & { completed_at: Date | null; status: string },
  staff: boolean,
  needs: NeedsReviewReason[],
): AssignmentLink | null {
  if (!r.assignment_id) return null;
  const released = releasedAt(r);
  return {
    assignment_id: r.assignment_id,
    title: r.assignment_title ?? '',
    class_id: r.class_id ?? '',
    class_name: r.class_name ?? '',
    kind: r.assignment_kind ?? 'final',
    release_mode: r.release_mode ?? 'immediate',
    late: r.late,
    release: { state: released ? 'released' : 'awaiting_review', released_at: iso(released) },
    teacher_review: reviewShown(r, staff),
    ...(staff ? { needs_review: needs } : {}),
  };
}

/** What the student's answers carry of a result still awaiting release: status and facts, no marks or feedback. */
const NO_REVIEW = { status: 'pending_review', decided_at: null, feedback: null, feedback_at: null, notes: null } as const;

/**
 * A list row or an evaluation as the student may see it: before release no marks, feedback or
 * results anywhere; after a teacher's release the teacher's marks (the AI's only as the assignment
 * chooses). Staff and rows outside assignments are unchanged.
 */
export function gateForStudent<T extends EvaluationListItem | Evaluation>(ev: T, r: AssignmentColumns): T {
  if (hiddenFromStudent(r)) {
    const out = {
      ...ev,
      results: null,
      overall_score: null,
      review: { ...NO_REVIEW, ...(ev.review && 'feedback_truncated' in ev.review ? { feedback_truncated: false } : {}) },
    };
    if ('suggestions' in out) Object.assign(out, { suggestions: [], ai_feedback: null });
    return out;
  }
  if (teacherReleased(r) && ev.results) {
    const review = r.teacher_review;
    if ('suggestions' in ev && ev.results && 'criteria' in ev.results) {
      return { ...ev, results: resultsWithReview(ev.results as Results, review, r.show_ai_marks), overall_score: review.total };
    }
    const summary = {
      ...ev.results,
      totalPoints: review.total,
      maxPoints: review.max_total,
      percentage: review.max_total > 0 ? Math.round((review.total / review.max_total) * 1000) / 10 : 0,
      overallGrade: review.grade ?? ev.results.overallGrade,
    };
    return { ...ev, results: summary, overall_score: review.total };
  }
  return ev;
}

// --- needs review ---

/** Below this share of the word limit an essay is "very short"; above the limit "very long". */
const SHORT_SHARE = 0.5;

const marks = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The grade a percentage earns under the rubric's boundaries (the highest boundary it reaches), or null. */
export function gradeFor(rubric: NeedsReviewFacts['rubric'], percentage: number): string | null {
  const sorted = [...(rubric.scoring_structure?.grade_boundaries ?? [])].sort((a, b) => b.min_percentage - a.min_percentage);
  return sorted.find((b) => percentage >= b.min_percentage - 1e-9)?.grade ?? null;
}

/**
 * Why a graded result needs a teacher's look, from the grading itself: the model's consistency
 * samples more than one mark apart on a criterion; a total within one mark of a grade boundary;
 * a fallback grader; a body far under or over the type's word limit.
 */
/** What the needs-review rules read of a graded row (a full row, or the few fields the lists select). */
export interface NeedsReviewFacts {
  results: Pick<Results, 'totalPoints' | 'maxPoints' | 'grader' | 'fallbackReason' | 'consistency' | 'textMetrics'> | null;
  rubric: { scoring_structure?: Pick<RubricSnapshot['scoring_structure'], 'grade_boundaries'> };
  essay_type: EssayType;
  word_count: number;
}

export function needsReview(r: NeedsReviewFacts): NeedsReviewReason[] {
  const res = r.results;
  if (!res) return [];
  const out: NeedsReviewReason[] = [];
  const spread = (res.consistency?.criteria ?? []).filter((c) => c.scores.length > 1 && Math.max(...c.scores) - Math.min(...c.scores) > 1);
  if (spread.length) {
    out.push({
      code: 'samples_disagree',
      detail: `The model's ${res.consistency!.samples} gradings disagree by more than one mark on ${spread
        .map((c) => `criterion ${c.code} (${c.scores.map(marks).join(', ')})`)
        .join('; ')}`,
    });
  }
  const max = res.maxPoints;
  if (max > 0) {
    for (const b of r.rubric.scoring_structure?.grade_boundaries ?? []) {
      if (b.min_percentage <= 0) continue;
      const line = (b.min_percentage / 100) * max;
      const gap = line - res.totalPoints;
      if (gap > 0 && gap <= 1 + 1e-9) {
        out.push({
          code: 'near_grade_boundary',
          detail: `Total ${marks(res.totalPoints)}/${marks(max)} is ${gap === 1 ? 'one point' : `${marks(gap)} points`} from grade ${b.grade} (${marks(line)})`,
        });
      } else if (gap <= 0 && -gap < 1 - 1e-9) {
        out.push({
          code: 'near_grade_boundary',
          detail: `Total ${marks(res.totalPoints)}/${marks(max)} is within one point above the grade ${b.grade} boundary (${marks(line)})`,
        });
      }
    }
  }
  if (res.grader.endsWith('-fallback')) {
    out.push({
      code: 'fallback_grader',
      detail: `Graded by the built-in fallback (${res.grader})${res.fallbackReason ? `: ${res.fallbackReason}` : ''}`,
    });
  }
  const limit = res.textMetrics?.wordLimit || ESSAY_WORD_LIMITS[r.essay_type];
  const words = res.textMetrics?.bodyWords ?? r.word_count;
  if (words < limit * SHORT_SHARE) {
    out.push({ code: 'very_short', detail: `${words} words, under half the ${limit}-word limit` });
  } else if (words > limit) {
    out.push({ code: 'very_long', detail: `${words} words, over the ${limit}-word limit` });
  }
  return out;
}

// --- the teacher's review ---

/**
 * The teacher's review of a graded result as stored: every criterion of the result with the
 * teacher's mark (criteria not named keep the AI's mark: confirmed) beside the AI's, passage
 * comments checked against the essay text and quoted, the total and grade on the rubric's scale.
 */
export function buildReview(
  input: { results: Results; rubric: RubricSnapshot; text: string; total: number },
  req: TeacherReviewRequest,
  reviewer: { id: string; name: string },
  now: Date,
): StoredReview {
  const { results, rubric, text } = input;
  const byKey = new Map<string, TeacherReviewRequest['criteria'][number]>();
  const taken = new Set<string>();
  const norm = (s: string) => s.trim().toLowerCase();
  for (const c of req.criteria) {
    const hit = results.criteria.find(
      (x) =>
        (c.criterion_id !== undefined && norm(x.code) === norm(c.criterion_id)) ||
        (c.criterion_id === undefined && c.name !== undefined && norm(x.name) === norm(c.name)),
    );
    if (!hit) {
      throw refused(400, AssignmentCodes.REVIEW_INVALID, `The rubric has no criterion ${c.criterion_id ?? c.name ?? '(unnamed)'}`);
    }
    if (taken.has(hit.code)) throw refused(400, AssignmentCodes.REVIEW_INVALID, `Criterion ${hit.code} appears twice`);
    if (!(c.score <= hit.maxScore)) {
      throw refused(400, AssignmentCodes.REVIEW_INVALID, `The score of criterion ${hit.code} is above its maximum (${hit.maxScore})`);
    }
    taken.add(hit.code);
    byKey.set(hit.code, c);
  }
  const passage_comments = (req.passage_comments ?? []).map((p) => {
    if (!(p.start < p.end && p.end <= text.length)) {
      throw refused(
        400,
        AssignmentCodes.PASSAGE_OUT_OF_RANGE,
        `A passage comment's offsets [${p.start}, ${p.end}) fall outside the essay text (${text.length} characters)`,
      );
    }
    return { start: p.start, end: p.end, text: p.text, quote: text.slice(p.start, p.end) };
  });
  const criteria = results.criteria.map((c) => {
    const t = byKey.get(c.code);
    return {
      criterion_id: c.code,
      name: c.name,
      score: t ? t.score : c.score,
      max_score: c.maxScore,
      ai_score: c.score,
      feedback: t?.feedback ?? '',
    };
  });
  const edited = applyResultsEdit(
    results,
    { criteria: criteria.map((c) => ({ code: c.criterion_id, name: c.name, score: c.score, maxScore: c.max_score, feedback: '' })) },
    { total: input.total },
  );
  return {
    reviewer_id: reviewer.id,
    reviewer_name: reviewer.name,
    criteria,
    comment: req.comment ?? '',
    passage_comments,
    total: edited.totalPoints,
    max_total: edited.maxPoints,
    grade: gradeFor(rubric, edited.percentage),
    reviewed_at: now.toISOString(),
  };
}

// --- standings ---

/** The row facts a standing needs. */
export type StandingRow = AssignmentColumns & {
  id: string;
  status: string;
  created_at: Date;
  completed_at: Date | null;
  results_total: number | null;
  results_max: number | null;
  results_grade: string | null;
};

/** A student's state in an assignment as the teacher sees it (contracts SUBMISSION_STATES). */
export function submissionState(r: StandingRow | null, needs: NeedsReviewReason[]): SubmissionState {
  if (!r) return 'not_submitted';
  if (r.status !== 'completed') return 'submitted';
  if (r.released_at) return 'released';
  if (r.teacher_review) return 'reviewed';
  if (r.release_mode === 'immediate') return 'released';
  return needs.length ? 'needs_review' : 'graded';
}

/** The final total, max and grade: the teacher's when reviewed, else the AI's. */
export function finalMarks(r: StandingRow): { total: number | null; max_total: number | null; grade: string | null } {
  if (r.teacher_review) return { total: r.teacher_review.total, max_total: r.teacher_review.max_total, grade: r.teacher_review.grade };
  return { total: r.results_total, max_total: r.results_max, grade: r.results_grade };
}

/** Due within this long and nothing submitted: `due_soon`. */
const DUE_SOON_MS = 48 * 3600_000;

/** The student's view of one assignment (GET /assignments/mine). */
export function myAssignment(a: Assignment, latest: StandingRow | null, now: Date): MyAssignment {
  const base = { ...a, evaluation_id: latest?.id ?? null, submitted_at: iso(latest?.created_at ?? null), late: latest?.late ?? false };
  if (latest) {
    const released = releasedAt(latest);
    if (released && latest.status === 'completed') {
      const m = finalMarks(latest);
      return { ...base, state: 'released', total: m.total, max_total: m.max_total };
    }
    return { ...base, state: 'submitted', total: null, max_total: null };
  }
  const t = now.getTime();
  const due = Date.parse(a.due_at);
  const state =
    a.opens_at && t < Date.parse(a.opens_at)
      ? 'upcoming'
      : t <= due
        ? due - t <= DUE_SOON_MS
          ? 'due_soon'
          : 'open'
        : a.allow_late
          ? 'overdue'
          : 'closed';
  return { ...base, state, total: null, max_total: null };
}

/** The overall score a viewer is shown (progress stream): null for the student before release; the teacher's once released. */
export function scoreShown(r: AssignmentColumns & { overall_score: number | null }, staff: boolean): number | null {
  if (staff || !r.assignment_id) return r.overall_score;
  if (hiddenFromStudent(r)) return null;
  return teacherReleased(r) ? r.teacher_review.total : r.overall_score;
}
