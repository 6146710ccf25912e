/**
 * Shared API shapes (spec user-app §3 and admin-back-office §3).
 * Response schemas in every service are built from these, so no field is silently dropped.
 * One field name wherever the spec says "score or grade" / "maxScore or maxGrade": `score`, `maxScore`.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const Role = Type.Union([Type.Literal('student'), Type.Literal('teacher'), Type.Literal('admin'), Type.Literal('super_admin')]);
export type Role = Static<typeof Role>;
export const ROLES: readonly Role[] = ['student', 'teacher', 'admin', 'super_admin'];
export const ADMIN_ROLES: readonly Role[] = ['admin', 'super_admin'];
export const GRADING_ROLES: readonly Role[] = ['student', 'teacher'];

export const PlanName = Type.String({ description: 'free, core_pack, super_core_pack, power_user_monthly' });

/** The one user shape: /auth/me, every auth response's `user`, /users/me and the admin user endpoints. */
export const User = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  display_name: Nullable(Type.String()),
  role: Role,
  user_type: Role,
  is_active: Type.Boolean(),
  is_anonymous: Type.Boolean(),
  avatar: Nullable(Type.String({ description: 'URL of the uploaded avatar, null when none' })),
  subscription_plan: PlanName,
  subscription_status: Type.String(),
  essay_credits: Type.Integer(),
  max_essay_credits: Type.Integer({ description: '-1 means unlimited' }),
  chatbot_count: Type.Integer(),
  max_chatbot: Type.Integer(),
  assigned_personas: Type.Array(Type.String()),
  openai_api_key: Nullable(Type.String({ description: 'masked, never the full key' })),
  createdAt: Type.String({ format: 'date-time' }),
  created_at: Type.String({ format: 'date-time' }),
});
export type User = Static<typeof User>;

export const AuthResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer({ description: 'access token lifetime in seconds' }),
  user: User,
});
export type AuthResponse = Static<typeof AuthResponse>;

export const ErrorEnvelope = Type.Object({
  detail: Type.String(),
  code: Type.String(),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** `{success, message}` shape the spec's update-password and setup screens read. */
export const SuccessMessage = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type SuccessMessage = Static<typeof SuccessMessage>;

export const GradeBoundary = Type.Object({
  grade: Type.String(),
  min_percentage: Type.Number(),
  max_percentage: Type.Number(),
  description: Type.String(),
});
export type GradeBoundary = Static<typeof GradeBoundary>;

export const RubricCriterion = Type.Object({
  code: Type.String(),
  name: Type.String(),
  maxScore: Type.Number(),
  weight: Type.Number(),
  description: Type.Optional(Type.String()),
  scoring_levels: Type.Optional(Type.Array(Type.Object({ min: Type.Number(), max: Type.Number(), descriptor: Type.String() }))),
});
export type RubricCriterion = Static<typeof RubricCriterion>;

export const ScoringStructure = Type.Object({
  total_points: Type.Number(),
  criteria: Type.Array(RubricCriterion),
  grade_boundaries: Type.Array(GradeBoundary),
  scoring_method: Type.Literal('weighted_sum'),
  pass_threshold: Type.Number(),
});
export type ScoringStructure = Static<typeof ScoringStructure>;

export const EssayType = Type.Union([Type.Literal('ee'), Type.Literal('tok')]);
export type EssayType = Static<typeof EssayType>;

export const RubricStatus = Type.Union([Type.Literal('active'), Type.Literal('draft'), Type.Literal('deprecated')]);
export type RubricStatus = Static<typeof RubricStatus>;

export const Rubric = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  rubric_type: EssayType,
  status: RubricStatus,
  is_active: Type.Boolean(),
  version: Type.Integer(),
  criteria_text: Type.String(),
  scoring_structure: ScoringStructure,
  submission_count: Type.Integer(),
  is_default: Type.Boolean({ description: 'the default rubric of its essay type (a super_admin chooses it)' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Rubric = Static<typeof Rubric>;

/** A stretch of the essay's extracted text: `text.slice(start, end) === quote`. */
export const Passage = Type.Object({
  start: Type.Integer({ minimum: 0, description: 'character offset into the extracted text' }),
  end: Type.Integer({ minimum: 0, description: 'offset just past the passage' }),
  quote: Type.String({ description: 'the words at [start, end)' }),
});
export type Passage = Static<typeof Passage>;

/** A strength or improvement with the passages of the essay it refers to (empty when it points at nothing in particular). */
export const Remark = Type.Object({ text: Type.String(), passages: Type.Array(Passage) });
export type Remark = Static<typeof Remark>;

export const Criterion = Type.Object({
  code: Type.String(),
  name: Type.String(),
  score: Type.Number(),
  maxScore: Type.Number(),
  band: Type.String(),
  feedback: Type.String(),
  weight: Type.Number(),
  strengths: Type.Array(Type.String()),
  improvements: Type.Array(Type.String()),
  /** `strengths` in the same order, each with the passages it refers to. */
  strengthDetails: Type.Optional(Type.Array(Remark)),
  /** `improvements` in the same order, each with the passages it refers to. */
  improvementDetails: Type.Optional(Type.Array(Remark)),
});
export type Criterion = Static<typeof Criterion>;

export const InsightFeedback = Type.Object({
  clarity_and_cohesion: Type.String(),
  argument_and_evidence: Type.String(),
  grammar_and_mechanics: Type.String(),
  critical_thinking: Type.String(),
  originality_and_insight: Type.String(),
});

export const Consistency = Type.Object({
  samples: Type.Integer({ minimum: 1 }),
  /** Share of (sample, criterion) scores within one mark of that criterion's median, 0..1. */
  agreement: Type.Number({ minimum: 0, maximum: 1 }),
  criteria: Type.Array(Type.Object({ code: Type.String(), scores: Type.Array(Type.Number()), median: Type.Number() })),
});
export type Consistency = Static<typeof Consistency>;

export const TextMetrics = Type.Object({
  words: Type.Integer({ description: 'whitespace-split words of the whole text' }),
  bodyWords: Type.Integer({ description: 'words before the bibliography (what the word limit counts)' }),
  wordLimit: Type.Integer(),
  paragraphs: Type.Integer(),
  sentences: Type.Integer(),
  averageSentenceLength: Type.Number(),
  sentenceLengthVariation: Type.Number({ description: 'coefficient of variation of sentence lengths' }),
  lexicalDiversity: Type.Number({ description: 'moving-average type-token ratio, window 50' }),
  readabilityGrade: Type.Number({ description: 'Flesch-Kincaid grade level' }),
  citations: Type.Integer(),
  bibliographyEntries: Type.Integer(),
  citationStyle: Type.String({ description: 'APA, MLA, Chicago, Harvard, numeric, mixed or none' }),
});
export type TextMetrics = Static<typeof TextMetrics>;

export const Results = Type.Object({
  overallGrade: Type.String(),
  overallBand: Type.String(),
  totalPoints: Type.Number(),
  maxPoints: Type.Number(),
  percentage: Type.Number(),
  criteria: Type.Array(Criterion),
  overallSummary: Type.Object({
    holisticCommentary: Type.String(),
    nextSteps: Type.Array(Type.String()),
    strengths: Type.Array(Type.String()),
    improvements: Type.Array(Type.String()),
  }),
  insight_feedback: InsightFeedback,
  grader: Type.String({
    description: 'which grader produced the result: builtin, openai, builtin-fallback, spec-local, spec-local-fallback',
  }),
  /** Concrete suggestions, most useful first (the report shows the first 4). */
  suggestions: Type.Optional(Type.Array(Type.String())),
  /** Why the requested grader's result was replaced by a fallback (grader ends in '-fallback'). */
  fallbackReason: Type.Optional(Type.String()),
  /** The model that graded (model graders only). */
  model: Type.Optional(Type.String()),
  /** Consistency mode of a model grader: several samples, median score per criterion. */
  consistency: Type.Optional(Consistency),
  /** Figures measured in the text, for the writing-insights screens. */
  textMetrics: Type.Optional(TextMetrics),
});
export type Results = Static<typeof Results>;

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

export const RubricSnapshot = Type.Object({
  id: Type.String(),
  title: Type.String(),
  rubric_type: EssayType,
  scoring_structure: ScoringStructure,
  /** The rubric's version when the snapshot was taken (an edit increments it; absent in older snapshots). */
  version: Type.Optional(Type.Integer()),
});
export type RubricSnapshot = Static<typeof RubricSnapshot>;

/** Longest research question / prescribed title, citation style, AoK focus and context a submission takes. */
export const SUBMISSION_DETAIL_LIMITS = {
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
});
export type Evaluation = Static<typeof Evaluation>;

/** The fields of a result that a list of submissions shows (grade, band, points, who graded). */
export const RESULTS_SUMMARY_FIELDS = ['overallGrade', 'overallBand', 'totalPoints', 'maxPoints', 'percentage', 'grader'] as const;
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

export const EvaluationList = Type.Object({
  evaluations: Type.Array(EvaluationListItem),
  total: Type.Integer(),
});
export type EvaluationList = Static<typeof EvaluationList>;

export const Plan = Type.Object({
  name: PlanName,
  display_name: Type.String(),
  description: Type.String(),
  price: Nullable(Type.Number()),
  billing_period: Type.String(),
  essay_credits: Type.Integer(),
  features: Type.Array(Type.String()),
});
export type Plan = Static<typeof Plan>;

/** Billing's view of one user's credits, mirrored into users by `billing.account_updated.v1`. */
export const CreditAccount = Type.Object({
  user_id: Type.String(),
  essay_credits: Type.Integer(),
  max_essay_credits: Type.Integer(),
  subscription_plan: PlanName,
  subscription_status: Type.String(),
  version: Type.Integer({ description: 'increases with every change; consumers keep the highest' }),
});
export type CreditAccount = Static<typeof CreditAccount>;

/** GET /subscription/current: the caller's plan and credits (billing). */
export const CurrentSubscription = Type.Object({
  plan: PlanName,
  subscription_plan: PlanName,
  subscription_status: Type.String(),
  essay_credits: Type.Integer(),
  max_essay_credits: Type.Integer({ description: '-1 means unlimited' }),
  can_use_credits: Type.Boolean({ description: 'student or teacher, and unlimited or at least one credit left' }),
});
export type CurrentSubscription = Static<typeof CurrentSubscription>;

export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  services: Type.Record(Type.String(), Type.Object({ ready: Type.Boolean(), detail: Type.Optional(Type.String()) })),
  not_ready: Type.Array(Type.String()),
});
export type Health = Static<typeof Health>;

/** Auth service responses (spec user-app §7, admin §5 first-admin setup and user creation). */
export const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;
/** Failure shape of the two `{success, message}` endpoints: also carries the usual `detail` and `code`. */
export const SuccessFailure = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  detail: Type.String(),
  code: Type.String(),
});
export type SuccessFailure = Static<typeof SuccessFailure>;
/**
 * `GET /auth/setup-status`. `setup_token_required`: the server has a SETUP_TOKEN, so
 * `POST /auth/setup-admin` must carry it (the token itself is never revealed).
 */
export const SetupStatus = Type.Object({ admin_exists: Type.Boolean(), setup_token_required: Type.Boolean() });
export type SetupStatus = Static<typeof SetupStatus>;
/** `GET /auth/providers`: which external sign-in methods this server offers (true only when configured). */
export const AuthProviders = Type.Object({ google: Type.Boolean() });
export type AuthProviders = Static<typeof AuthProviders>;
export const SetupAdminResponse = Type.Object({ success: Type.Literal(true), message: Type.String(), user: User });
export type SetupAdminResponse = Static<typeof SetupAdminResponse>;
export const CreatedUserResponse = Type.Object({
  success: Type.Literal(true),
  user: User,
  /** Only when the admin asked for `send_password_email`: whether the password-set mail went out. */
  password_email_sent: Type.Optional(Type.Boolean()),
});
export type CreatedUserResponse = Static<typeof CreatedUserResponse>;
/** Public signing keys (`GET /auth/.well-known/jwks.json`). */
export const Jwks = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.String(),
      crv: Type.String(),
      x: Type.String(),
      kid: Type.String(),
      alg: Type.String(),
      use: Type.String(),
    }),
  ),
});

/** Users service responses (spec user-app §7 "Users", admin §7 "Users"). */
export const UserList = Type.Object({ success: Type.Literal(true), users: Type.Array(User), total: Type.Integer() });
export type UserList = Static<typeof UserList>;
export const AnonymousState = Type.Object({ is_anonymous: Type.Boolean() });
export type AnonymousState = Static<typeof AnonymousState>;
/** GET /users/can-send-message and POST /users/increment-message-count. */
export const MessageAllowance = Type.Object({
  can_send: Type.Boolean(),
  message_count: Type.Integer(),
  max_messages: Type.Integer({ description: '-1 means unlimited' }),
});
export type MessageAllowance = Static<typeof MessageAllowance>;
/** GET /users/permissions: derived from the caller's role only. */
export const UserPermissions = Type.Object({
  role: Role,
  is_admin: Type.Boolean({ description: 'admin or super_admin' }),
  is_super_admin: Type.Boolean(),
  can_grade: Type.Boolean({ description: 'submit essays (student, teacher)' }),
  can_purchase_plans: Type.Boolean({ description: 'student, teacher' }),
  can_access_admin: Type.Boolean({ description: 'admin, super_admin' }),
  can_manage_users: Type.Boolean({ description: 'students and teachers: admin, super_admin' }),
  can_manage_admins: Type.Boolean({ description: 'edit, deactivate, delete admins: super_admin' }),
  can_change_roles: Type.Boolean({ description: 'super_admin' }),
  can_create_admins: Type.Boolean({ description: 'super_admin' }),
  can_manage_rubrics: Type.Boolean({ description: 'super_admin' }),
  can_view_all_submissions: Type.Boolean({ description: 'super_admin' }),
  can_review_submissions: Type.Boolean({ description: 'admin, super_admin' }),
  can_manage_content: Type.Boolean({ description: 'policies and links: admin, super_admin' }),
  can_set_api_key: Type.Boolean({ description: 'admin, super_admin' }),
});
export type UserPermissions = Static<typeof UserPermissions>;
