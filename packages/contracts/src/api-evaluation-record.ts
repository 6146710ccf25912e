/**
 * The evaluation record (GET /evaluation/{id}) and the row of a list of submissions, with the
 * statuses, the student's submission details and the review outcome they carry (spec user-app §3,
 * admin-back-office §3). Built from the shared grading shapes (api-grading.ts).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AssignmentLink } from './api-assignments';
import { EssayType, Results, RubricSnapshot } from './api-grading';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const EvaluationStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('processing'),
  Type.Literal('in_progress'),
  Type.Literal('completed'),
  Type.Literal('failed'),
]);
export type EvaluationStatus = Static<typeof EvaluationStatus>;

export const ApprovalStatus = Type.Union([
  Type.Literal('pending_review'),
  Type.Literal('under_review'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type ApprovalStatus = Static<typeof ApprovalStatus>;

/** Longest research question / prescribed title, citation style, AoK focus and context a submission takes. */
const SUBMISSION_DETAIL_LIMITS = {
  research_question: 1000,
  prescribed_title: 1000,
  citation_style: 50,
  aok_focus: 300,
  additional_context: 2000,
} as const;

/**
 * What the student stated about the essay in the upload wizard (optional upload fields beside the
 * spec's payload): stored with the submission, given to the graders, shown with the result. Only
 * the fields the student filled in are present.
 */
export const SubmissionDetails = Type.Object({
  research_question: Type.Optional(Type.String({ maxLength: SUBMISSION_DETAIL_LIMITS.research_question, description: 'EE' })),
  prescribed_title: Type.Optional(Type.String({ maxLength: SUBMISSION_DETAIL_LIMITS.prescribed_title, description: 'TOK' })),
  citation_style: Type.Optional(
    Type.String({ maxLength: SUBMISSION_DETAIL_LIMITS.citation_style, description: 'EE: APA, MLA, Chicago, Harvard, Other' }),
  ),
  aok_focus: Type.Optional(
    Type.String({ maxLength: SUBMISSION_DETAIL_LIMITS.aok_focus, description: 'TOK: areas of knowledge, comma-separated' }),
  ),
  additional_context: Type.Optional(Type.String({ maxLength: SUBMISSION_DETAIL_LIMITS.additional_context })),
});
export type SubmissionDetails = Static<typeof SubmissionDetails>;

/**
 * What the student is told of the review of a submission (GET /evaluation/{id} and the lists):
 * the approval status, the reviewer's "Feedback for the student" with the time it was last changed,
 * and the reviewer's notes only when the reviewer chose to show them to the student.
 */
export const ReviewOutcome = Type.Object({
  status: ApprovalStatus,
  /** When the submission was approved or rejected (null while pending or under review). */
  decided_at: Nullable(Type.String()),
  /** "Feedback for the student" (lists: the first REVIEW_LIST_FEEDBACK_CHARS characters). */
  feedback: Nullable(Type.String()),
  /** true when a list row carries only the start of the feedback (GET /evaluation/{id} has all of it). */
  feedback_truncated: Type.Optional(Type.Boolean()),
  /** When what the student is told (feedback, shared notes) last changed. */
  feedback_at: Nullable(Type.String()),
  /** The reviewer's notes, present only when the reviewer marked them for the student. */
  notes: Nullable(Type.String()),
});
export type ReviewOutcome = Static<typeof ReviewOutcome>;
/** How much of the feedback for the student a list row carries. */
export const REVIEW_LIST_FEEDBACK_CHARS = 1000;

export const Evaluation = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  user_name: Type.String(),
  user_type: Type.String(),
  submitted_by: Type.String(),
  fileName: Type.String(),
  title: Type.String(),
  essay_type: EssayType,
  subject_area: Type.String(),
  status: EvaluationStatus,
  approval_status: ApprovalStatus,
  overall_score: Nullable(Type.Number()),
  rubric_id: Type.String(),
  rubric: RubricSnapshot,
  extractedWordCount: Type.Integer(),
  processingTime: Nullable(Type.Number({ description: 'seconds' })),
  evaluation_time: Nullable(Type.Number({ description: 'seconds' })),
  progress: Type.Integer({ description: '0-100, from the grading worker' }),
  error_message: Nullable(Type.String()),
  created_at: Type.String(),
  submittedAt: Type.String(),
  completed_at: Nullable(Type.String()),
  profiles: Type.Object({ full_name: Type.String(), email: Type.String() }),
  suggestions: Type.Array(Type.String()),
  admin_notes: Type.Optional(
    Nullable(
      Type.String({ description: "the reviewer's internal notes: only in answers to admins (students get review.notes when shared)" }),
    ),
  ),
  /** Admins only: whether admin_notes are shown to the student (review.notes). */
  admin_notes_for_student: Type.Optional(Type.Boolean()),
  review: Type.Optional(ReviewOutcome),
  results: Nullable(Results),
  ai_feedback: Type.Optional(Nullable(Type.String({ description: 'free-text feedback an admin wrote (PUT /evaluation/admin/{id})' }))),
  attempt: Type.Optional(Type.Integer({ description: '1 for the first grading, +1 per retry or regrade' })),
  reused_from: Type.Optional(
    Nullable(Type.String({ description: 'the earlier evaluation whose result an unchanged re-submission carries (no credit charged)' })),
  ),
  submission_details: Type.Optional(SubmissionDetails),
  /** A submission into a class assignment (issue 31): its release state and, once visible, the teacher's review. */
  assignment: Type.Optional(Nullable(AssignmentLink)),
});
export type Evaluation = Static<typeof Evaluation>;

/** The fields of a result that a list of submissions shows (grade, band, points, who graded). */
const RESULTS_SUMMARY_FIELDS = ['overallGrade', 'overallBand', 'totalPoints', 'maxPoints', 'percentage', 'grader'] as const;
export const ResultsSummary = Type.Pick(Results, RESULTS_SUMMARY_FIELDS);
export type ResultsSummary = Static<typeof ResultsSummary>;

/**
 * One row of a list of submissions (GET /evaluation/my-evaluations, GET /evaluation/admin/all): the
 * evaluation without its rubric snapshot, feedback and suggestions, and with its result cut to the
 * summary. A full row is ≈ 25 KB (results ≈ 17 KB, rubric ≈ 6 KB): a user's list has every
 * submission of the user and the admin's up to 1,000, so they would fetch megabytes;
 * GET /evaluation/{id} has everything.
 */
export const EvaluationListItem = Type.Composite([
  Type.Omit(Evaluation, ['rubric', 'results', 'suggestions', 'ai_feedback', 'submission_details']),
  Type.Object({ results: Nullable(ResultsSummary) }),
]);
export type EvaluationListItem = Static<typeof EvaluationListItem>;

/**
 * Where a list goes on (issue 34: deep pages by keyset, not offset): the `next_cursor` of the page
 * before, opaque. A list asked with it answers the rows after that page's last, in the same order
 * and filters; `total` still counts every match.
 */
export const ListCursor = Type.String({ maxLength: 200, description: 'next_cursor of the page before (opaque)' });

export const EvaluationList = Type.Object({
  evaluations: Type.Array(EvaluationListItem),
  total: Type.Integer(),
  total_capped: Type.Optional(
    Type.Boolean({ description: 'true when a search matched more rows than it counts (200): total is then that limit, "200+"' }),
  ),
  next_cursor: Type.Optional(
    Type.Union([ListCursor, Type.Null()], { description: 'the cursor of the next page; null when this page is the last' }),
  ),
});
export type EvaluationList = Static<typeof EvaluationList>;
