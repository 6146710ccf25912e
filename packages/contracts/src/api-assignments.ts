/**
 * Teachers in the loop (issue 31): assignments of a class, submissions into them, the teacher's
 * review and release, drafts that show growth, and AI–teacher agreement.
 *
 * Who owns what:
 * - schools owns an assignment's definition (it belongs to a class): POST/GET /classes/{id}/assignments,
 *   GET/PATCH /assignments/{id}; it answers rpc.schools.* below and sends the "assignment open" and
 *   "due in 24 h" mails.
 * - evaluation owns what is submitted into an assignment, the teacher's review, the release, growth
 *   and agreement: GET /assignments/mine, GET /assignments/{id}/submissions (+ .csv),
 *   GET /classes/{id}/gradebook, PUT /evaluation/{id}/review, POST /evaluation/{id}/release,
 *   POST /assignments/{id}/release-reviewed, GET /evaluation/{id}/growth, GET /schools/{id}/agreement
 *   (+ .csv), GET /evaluation/admin/agreement; it sends the "result released" mail.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EssayType } from './api-grading';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

/** `immediate`: the student sees the result when it is graded; `after_review`: only when a teacher releases it. */
export const RELEASE_MODES = ['immediate', 'after_review'] as const;
export const ReleaseMode = Type.Union(RELEASE_MODES.map((m) => Type.Literal(m)));
export type ReleaseMode = Static<typeof ReleaseMode>;

export const ASSIGNMENT_KINDS = ['draft', 'final'] as const;
export const AssignmentKind = Type.Union(ASSIGNMENT_KINDS.map((k) => Type.Literal(k)));
export type AssignmentKind = Static<typeof AssignmentKind>;

export const Assignment = Type.Object({
  id: Type.String(),
  class_id: Type.String(),
  school_id: Type.String(),
  class_name: Type.String(),
  title: Type.String(),
  instructions: Type.String({ description: 'may be empty' }),
  essay_type: EssayType,
  rubric_id: Type.String(),
  kind: AssignmentKind,
  /** Submissions are taken from opens_at (null: from creation). */
  opens_at: Nullable(DateTime),
  due_at: DateTime,
  /** The school's IANA time zone, in which the dates are shown and were entered. */
  time_zone: Type.String(),
  allow_late: Type.Boolean({ description: 'submissions after due_at are taken (and marked late)' }),
  release_mode: ReleaseMode,
  /** Whether a released result shows the student the AI's original marks beside the teacher's. */
  show_ai_marks: Type.Boolean(),
  created_by: Type.String(),
  archived_at: Nullable(DateTime),
  created_at: DateTime,
  updated_at: DateTime,
});
export type Assignment = Static<typeof Assignment>;

export const AssignmentList = Type.Object({ assignments: Type.Array(Assignment), total: Type.Integer() });
export type AssignmentList = Static<typeof AssignmentList>;

const Title = Type.String({ minLength: 1, maxLength: 200 });
const Instructions = Type.String({ maxLength: 5000 });

/** POST /classes/{id}/assignments (a teacher of the class, the school's admins, platform admins). */
export const CreateAssignmentRequest = Type.Object(
  {
    title: Title,
    essay_type: EssayType,
    rubric_id: Type.String({ maxLength: 100 }),
    due_at: DateTime,
    opens_at: Type.Optional(DateTime),
    release_mode: ReleaseMode,
    kind: Type.Optional(AssignmentKind),
    instructions: Type.Optional(Instructions),
    allow_late: Type.Optional(Type.Boolean({ default: true })),
    show_ai_marks: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type CreateAssignmentRequest = Static<typeof CreateAssignmentRequest>;

/** PATCH /assignments/{id}: any subset; `archived: true` hides it from students without deleting any work. */
export const UpdateAssignmentRequest = Type.Object(
  {
    title: Type.Optional(Title),
    instructions: Type.Optional(Instructions),
    due_at: Type.Optional(DateTime),
    opens_at: Type.Optional(Nullable(DateTime)),
    release_mode: Type.Optional(ReleaseMode),
    allow_late: Type.Optional(Type.Boolean()),
    show_ai_marks: Type.Optional(Type.Boolean()),
    archived: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateAssignmentRequest = Static<typeof UpdateAssignmentRequest>;

/**
 * Why a graded submission needs a teacher's look, computed from the grading (never decorative):
 * the model's consistency samples disagreed, the total sits near a grade boundary, the built-in
 * fallback graded it, or the essay is very short or very long for its type.
 */
export const NEEDS_REVIEW_CODES = ['samples_disagree', 'near_grade_boundary', 'fallback_grader', 'very_short', 'very_long'] as const;
export const NeedsReviewReason = Type.Object({
  code: Type.Union(NEEDS_REVIEW_CODES.map((c) => Type.Literal(c))),
  /** Plain words, e.g. "Total 27/34 is one point from grade A (28)". */
  detail: Type.String(),
});
export type NeedsReviewReason = Static<typeof NeedsReviewReason>;

/**
 * A student's standing in one assignment, as the teacher sees it: `not_submitted`; `submitted`
 * (being graded); `graded` (after-review, awaiting a teacher, nothing flagged); `needs_review`
 * (after-review, with reasons); `reviewed` (a teacher saved a review, not yet released); `released`.
 */
export const SUBMISSION_STATES = ['not_submitted', 'submitted', 'graded', 'needs_review', 'reviewed', 'released'] as const;
export const SubmissionState = Type.Union(SUBMISSION_STATES.map((s) => Type.Literal(s)));
export type SubmissionState = Static<typeof SubmissionState>;

export const StudentRef = Type.Object({ user_id: Type.String(), name: Type.String(), email: Type.String() });
export type StudentRef = Static<typeof StudentRef>;

/** One student's row of GET /assignments/{id}/submissions and one cell of the gradebook. */
export const AssignmentSubmission = Type.Object({
  student: StudentRef,
  assignment_id: Type.String(),
  state: SubmissionState,
  /** The latest submission into the assignment (earlier ones are its growth history). */
  evaluation_id: Nullable(Type.String()),
  attempts: Type.Integer({ minimum: 0 }),
  submitted_at: Nullable(DateTime),
  late: Type.Boolean(),
  /** The final total (the teacher's when reviewed, else the AI's) on the rubric's scale. */
  total: Nullable(Type.Number()),
  max_total: Nullable(Type.Number()),
  grade: Nullable(Type.String()),
  ai_total: Nullable(Type.Number()),
  needs_review: Type.Array(NeedsReviewReason),
  reviewed_at: Nullable(DateTime),
  released_at: Nullable(DateTime),
});
export type AssignmentSubmission = Static<typeof AssignmentSubmission>;

export const AssignmentSubmissionList = Type.Object({
  assignment: Assignment,
  submissions: Type.Array(AssignmentSubmission),
  total: Type.Integer(),
});
export type AssignmentSubmissionList = Static<typeof AssignmentSubmissionList>;

/** GET /classes/{id}/gradebook: students × assignments (archived assignments left out). */
export const Gradebook = Type.Object({
  class_id: Type.String(),
  class_name: Type.String(),
  assignments: Type.Array(Assignment),
  students: Type.Array(StudentRef),
  cells: Type.Array(AssignmentSubmission),
});
export type Gradebook = Static<typeof Gradebook>;

/**
 * A student's view of one of their assignments (GET /assignments/mine): `upcoming` (not open yet),
 * `open`, `due_soon` (due within 48 h, nothing submitted), `overdue` (past due, nothing submitted,
 * late work taken), `closed` (past due, nothing submitted, no late work), `submitted` (being graded
 * or awaiting the teacher's release), `released` (a result to read).
 */
export const MY_ASSIGNMENT_STATES = ['upcoming', 'open', 'due_soon', 'overdue', 'closed', 'submitted', 'released'] as const;
export const MyAssignment = Type.Composite([
  Assignment,
  Type.Object({
    state: Type.Union(MY_ASSIGNMENT_STATES.map((s) => Type.Literal(s))),
    evaluation_id: Nullable(Type.String()),
    submitted_at: Nullable(DateTime),
    late: Type.Boolean(),
    /** Present once released: the final total on the rubric's scale. */
    total: Nullable(Type.Number()),
    max_total: Nullable(Type.Number()),
  }),
]);
export type MyAssignment = Static<typeof MyAssignment>;

export const MyAssignmentList = Type.Object({ assignments: Type.Array(MyAssignment), total: Type.Integer() });
export type MyAssignmentList = Static<typeof MyAssignmentList>;

/** A teacher's comment on a passage of the essay: [start, end) character offsets into the essay text. */
export const PassageComment = Type.Object({
  start: Type.Integer({ minimum: 0 }),
  end: Type.Integer({ minimum: 1 }),
  text: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type PassageComment = Static<typeof PassageComment>;

/** PUT /evaluation/{id}/review (a teacher of the assignment's class, the school's admins). */
export const TeacherReviewRequest = Type.Object(
  {
    criteria: Type.Array(
      Type.Object(
        {
          criterion_id: Type.Optional(Type.String({ maxLength: 100 })),
          name: Type.Optional(Type.String({ maxLength: 200 })),
          score: Type.Number({ minimum: 0 }),
          feedback: Type.Optional(Type.String({ maxLength: 5000 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
    comment: Type.Optional(Type.String({ maxLength: 10000 })),
    passage_comments: Type.Optional(Type.Array(PassageComment, { maxItems: 200 })),
  },
  { additionalProperties: false },
);
export type TeacherReviewRequest = Static<typeof TeacherReviewRequest>;

/** The teacher's review as stored: every criterion with the AI's mark beside the teacher's. */
export const TeacherReview = Type.Object({
  reviewer_id: Type.String(),
  reviewer_name: Type.String(),
  criteria: Type.Array(
    Type.Object({
      criterion_id: Type.String(),
      name: Type.String(),
      score: Type.Number(),
      max_score: Type.Number(),
      /** Omitted from a student's answer when the assignment does not show AI marks. */
      ai_score: Type.Optional(Nullable(Type.Number())),
      feedback: Type.String(),
    }),
  ),
  comment: Type.String(),
  passage_comments: Type.Array(Type.Composite([PassageComment, Type.Object({ quote: Type.String() })])),
  total: Type.Number(),
  max_total: Type.Number(),
  grade: Nullable(Type.String()),
  reviewed_at: DateTime,
  released_at: Nullable(DateTime),
});
export type TeacherReview = Static<typeof TeacherReview>;

/**
 * What GET /evaluation/{id} (and the lists) add for a submission into an assignment. Before
 * release a student's answer has `release.state` `awaiting_review` and no marks, feedback or
 * results anywhere (also not in the PDF, the text route or the progress stream).
 */
export const AssignmentLink = Type.Object({
  assignment_id: Type.String(),
  title: Type.String(),
  class_id: Type.String(),
  class_name: Type.String(),
  kind: AssignmentKind,
  release_mode: ReleaseMode,
  late: Type.Boolean(),
  release: Type.Object({
    state: Type.Union([Type.Literal('awaiting_review'), Type.Literal('released')]),
    released_at: Nullable(DateTime),
  }),
  /** Staff always; the student once released. */
  teacher_review: Nullable(TeacherReview),
  /** Staff only. */
  needs_review: Type.Optional(Type.Array(NeedsReviewReason)),
});
export type AssignmentLink = Static<typeof AssignmentLink>;

/** POST /assignments/{id}/release-reviewed → how many reviewed results were released. */
export const ReleaseReviewedResponse = Type.Object({ released: Type.Integer({ minimum: 0 }) });
export type ReleaseReviewedResponse = Static<typeof ReleaseReviewedResponse>;

/**
 * GET /evaluation/{id}/growth: the submission against the student's previous one in the same
 * assignment (or the draft assignment of the same class and type before a final).
 */
export const SubmissionGrowth = Type.Object({
  evaluation_id: Type.String(),
  previous_id: Nullable(Type.String()),
  criteria: Type.Array(
    Type.Object({
      criterion_id: Type.String(),
      name: Type.String(),
      previous: Nullable(Type.Number()),
      current: Nullable(Type.Number()),
      max_score: Type.Number(),
      change: Nullable(Type.Number()),
    }),
  ),
  /** The previous result's improvement points: addressed or still open, re-located in the new text where possible. */
  improvements: Type.Array(
    Type.Object({
      criterion: Type.String(),
      point: Type.String(),
      status: Type.Union([Type.Literal('addressed'), Type.Literal('open')]),
      evidence: Type.String({ description: 'why the point counts as addressed or open, in plain words' }),
      location: Nullable(Type.Object({ start: Type.Integer(), end: Type.Integer() })),
    }),
  ),
  /** Every released (or, for staff, graded) submission of the student in the line, oldest first. */
  history: Type.Array(
    Type.Object({
      evaluation_id: Type.String(),
      assignment_id: Nullable(Type.String()),
      kind: Nullable(AssignmentKind),
      submitted_at: DateTime,
      total: Nullable(Type.Number()),
      max_total: Nullable(Type.Number()),
    }),
  ),
});
export type SubmissionGrowth = Static<typeof SubmissionGrowth>;

/** Query of GET /schools/{id}/agreement and GET /evaluation/admin/agreement. */
export const AgreementQuery = Type.Object({
  rubric_id: Type.Optional(Type.String({ maxLength: 100 })),
  class_id: Type.Optional(Type.String({ maxLength: 100 })),
});
export type AgreementQuery = Static<typeof AgreementQuery>;

/**
 * AI–teacher agreement over released results whose marks a teacher changed or confirmed: quadratic
 * weighted kappa (null when fewer than 2 essays or no variance), exact and adjacent (within one
 * mark) agreement as fractions 0–1, and the mean of AI − teacher (positive: the AI marks higher).
 */
export const AgreementFigure = Type.Object({
  criterion: Type.String({ description: 'the criterion name, or "Total"' }),
  criterion_id: Nullable(Type.String()),
  n: Type.Integer({ minimum: 0 }),
  qwk: Nullable(Type.Number()),
  exact: Nullable(Type.Number()),
  adjacent: Nullable(Type.Number()),
  mean_difference: Nullable(Type.Number()),
  /** e.g. "The AI marks criterion C 0.8 marks higher than your teachers on average (32 essays)." */
  reading: Type.String(),
});
export type AgreementFigure = Static<typeof AgreementFigure>;

export const AgreementReport = Type.Object({
  school_id: Nullable(Type.String()),
  class_id: Nullable(Type.String()),
  rubric_id: Nullable(Type.String()),
  rubric_name: Nullable(Type.String()),
  essays: Type.Integer({ minimum: 0 }),
  criteria: Type.Array(AgreementFigure),
  total: Nullable(AgreementFigure),
});
export type AgreementReport = Static<typeof AgreementReport>;

/** A member's mail choices (users' profile; GET/PUT /users/me). Absent means on. */
export const EmailNotifications = Type.Object({
  assignment_opened: Type.Boolean(),
  assignment_due_soon: Type.Boolean(),
  result_released: Type.Boolean(),
});
export type EmailNotifications = Static<typeof EmailNotifications>;
export const DEFAULT_EMAIL_NOTIFICATIONS: EmailNotifications = {
  assignment_opened: true,
  assignment_due_soon: true,
  result_released: true,
};

export const AssignmentCodes = {
  ASSIGNMENT_NOT_FOUND: 'ASSIGNMENT_NOT_FOUND',
  /** Submitting before opens_at. */
  ASSIGNMENT_NOT_OPEN: 'ASSIGNMENT_NOT_OPEN',
  /** Submitting after due_at when late work is not taken, or into an archived assignment. */
  ASSIGNMENT_CLOSED: 'ASSIGNMENT_CLOSED',
  /** The submitter is not a student of the assignment's class. */
  NOT_IN_CLASS: 'NOT_IN_ASSIGNMENT_CLASS',
  /** The upload's essay type or rubric differs from the assignment's. */
  ASSIGNMENT_MISMATCH: 'ASSIGNMENT_MISMATCH',
  /** Reviewing or releasing a submission that is not graded yet. */
  NOT_GRADED: 'SUBMISSION_NOT_GRADED',
  /** A review names a criterion the rubric lacks, or a score above its maximum. */
  REVIEW_INVALID: 'REVIEW_INVALID',
  /** A passage comment's offsets fall outside the essay text. */
  PASSAGE_OUT_OF_RANGE: 'PASSAGE_OUT_OF_RANGE',
  /** Releasing an after-review submission nobody reviewed (release-reviewed skips them). */
  NOT_REVIEWED: 'SUBMISSION_NOT_REVIEWED',
  /** due_at before opens_at. */
  INVALID_DATES: 'ASSIGNMENT_INVALID_DATES',
  /** Creating an assignment in an archived class. */
  CLASS_ARCHIVED: 'CLASS_ARCHIVED',
} as const;
