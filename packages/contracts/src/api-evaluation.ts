/**
 * Evaluation-service API shapes beyond the `Evaluation` record (api-evaluation-record.ts): the live
 * status stream, the admin review routes and the dashboard analytics (spec admin §2, §4, §7).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EvaluationStatus, ListCursor } from './api-evaluation-record';
import { EssayType, Results } from './api-grading';
import { Role } from './api-user';
import { MAX_ESSAY_CHARS, MAX_TITLE_CHARS } from './constants';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

/**
 * Where an essay waiting for the model stands (stage `queued`): model requests the fair order
 * sends before it, and when it should start. An estimate: the queue moves as essays join and leave.
 */
export const GradingQueuePlace = Type.Object({
  ahead: Type.Integer({ minimum: 0, description: 'essays (model requests) to be sent before this one' }),
  estimated_start_at: Type.String({ description: 'when its grading should start (ISO 8601)' }),
});
export type GradingQueuePlace = Static<typeof GradingQueuePlace>;

/**
 * `GET /evaluation/{id}/events` (text/event-stream): event `status` carries this snapshot (first
 * the current state, then one per change; the stream ends after `completed` or `failed`); event
 * `deleted` carries `{id}` when the evaluation is removed meanwhile.
 */
export const EvaluationProgress = Type.Object({
  id: Type.String(),
  status: EvaluationStatus,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  stage: Type.Optional(
    Type.String({ description: 'the processing screen stage: File Processing, Content Analysis, Generating Feedback, Completed, Failed' }),
  ),
  worker_stage: Type.Optional(Nullable(Type.String({ description: "the grading worker's last reported stage" }))),
  overall_score: Nullable(Type.Number()),
  error_message: Nullable(Type.String()),
  completed_at: Nullable(Type.String()),
  queue: Type.Optional(
    Type.Union([GradingQueuePlace, Type.Null()], {
      description: 'while the essay waits for its turn at the AI model (grading stage `queued`); null otherwise',
    }),
  ),
});
export type EvaluationProgress = Static<typeof EvaluationProgress>;

/**
 * `GET /evaluation/my-evaluations` query (spec user §7: status and essay_type). Without `limit` every
 * row of the caller comes back, as the spec's list expects; `limit` and `cursor` page through a long one.
 */
export const MyEvaluationsQuery = Type.Object({
  status: Type.Optional(EvaluationStatus),
  essay_type: Type.Optional(EssayType),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  cursor: Type.Optional(ListCursor),
});
export type MyEvaluationsQuery = Static<typeof MyEvaluationsQuery>;

/** `GET /evaluation/admin/all` query (overview: limit 10; 'View All' 50, +20 per Load More). */
export const AdminEvaluationQuery = Type.Object({
  status: Type.Optional(EvaluationStatus),
  essay_type: Type.Optional(EssayType),
  user_type: Type.Optional(Role),
  search_query: Type.Optional(Type.String({ maxLength: 200, description: 'title, file name, student name or e-mail' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  cursor: Type.Optional(ListCursor),
});
export type AdminEvaluationQuery = Static<typeof AdminEvaluationQuery>;

/** `GET /evaluation/admin/stats`: the submissions screen's counters. */
export const AdminEvaluationStats = Type.Object({
  total: Count,
  completed: Count,
  processing: Type.Integer({ minimum: 0, description: 'pending, processing and in_progress' }),
  failed: Count,
  by_type: Type.Object({ ee: Count, tok: Count }),
  by_approval: Type.Object({ pending_review: Count, under_review: Count, approved: Count, rejected: Count }),
  completed_this_week: Count,
  completed_previous_week: Count,
});
export type AdminEvaluationStats = Static<typeof AdminEvaluationStats>;

/** A criterion as the admin edits it (spec admin §7 `results.criteria`). */
export const AdminCriterionEdit = Type.Object({
  code: Type.String({ maxLength: 20 }),
  name: Type.String({ maxLength: 200 }),
  score: Type.Number({ minimum: 0 }),
  maxScore: Type.Number({ minimum: 0 }),
  feedback: Type.String({ maxLength: 20_000 }),
});
export type AdminCriterionEdit = Static<typeof AdminCriterionEdit>;

/**
 * `PUT /evaluation/admin/{id}`: either metadata (title, essay_type, subject_area, status) or the
 * review (ai_feedback, overall_score 0..rubric total, results, admin_notes). Results saved by an
 * admin carry maxPoints 100 (spec admin §2).
 */
export const AdminEvaluationUpdate = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 300 })),
  essay_type: Type.Optional(EssayType),
  subject_area: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(EvaluationStatus),
  ai_feedback: Type.Optional(Type.String({ maxLength: 50_000 })),
  overall_score: Type.Optional(Type.Number({ minimum: 0 })),
  results: Type.Optional(
    Type.Object({
      overallGrade: Type.String({ maxLength: 10 }),
      totalPoints: Type.Number({ minimum: 0 }),
      maxPoints: Type.Number({ minimum: 0 }),
      criteria: Type.Array(AdminCriterionEdit, { maxItems: 50 }),
    }),
  ),
  admin_notes: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** Show admin_notes to the student (internal when false or never set). */
  admin_notes_for_student: Type.Optional(Type.Boolean()),
});
export type AdminEvaluationUpdate = Static<typeof AdminEvaluationUpdate>;

/** Multipart body of `POST /evaluation/admin/{id}/approve` (notes optional) and `/reject` (notes required, non-blank). */
export const ReviewDecision = Type.Object({
  admin_notes: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** Show the notes to the student ('true' in a multipart form); absent or false: they stay internal. */
  notes_for_student: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')])),
});
export type ReviewDecision = Static<typeof ReviewDecision>;

/**
 * The stored essay text (the extracted text that was graded; passage offsets point into it):
 * `GET /evaluation/{id}/text` (the owner, admin, super_admin — the student's essay view) and
 * `GET /evaluation/admin/{id}/text` (admin, super_admin — the review screen's viewer).
 */
export const EssayText = Type.Object({ id: Type.String(), text: Type.String(), word_count: Count });
export type EssayText = Static<typeof EssayText>;

// ------------------------------------------------------------------ admin quick assessment

/**
 * `POST /evaluation/admin/assess` (admin, super_admin; JSON): the admin area's Quick Assessment
 * (spec admin §1/§3/§4/§7/§9, the browser-local path). The essay is graded at once and answered;
 * nothing is stored, no credit is charged, and it never shows in lists, dashboards or exports.
 */
export const AdminAssessRequest = Type.Object({
  essay_type: EssayType,
  essay_content: Type.String({ maxLength: MAX_ESSAY_CHARS + 1 }),
  rubric_id: Type.String({ minLength: 1, maxLength: 100 }),
  title: Type.Optional(Type.String({ maxLength: MAX_TITLE_CHARS })),
  subject_area: Type.Optional(Type.String({ maxLength: 200 })),
  research_question: Type.Optional(Type.String({ maxLength: 1000 })),
  prescribed_title: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type AdminAssessRequest = Static<typeof AdminAssessRequest>;

export const AdminAssessment = Type.Object({
  results: Results,
  grader: Type.String({ description: "the results' grader: openai, builtin, spec-local, or '<fallback>-fallback' when the model failed" }),
  own_key: Type.Boolean({ description: "true when the model was called with the admin's own key (PUT /users/admin/api-key)" }),
  processing_ms: Count,
  word_count: Count,
});
export type AdminAssessment = Static<typeof AdminAssessment>;

// ------------------------------------------------------------------ dashboard analytics

export const DayCount = Type.Object({ date: Type.String({ description: 'YYYY-MM-DD (UTC)' }), count: Count });
export type DayCount = Static<typeof DayCount>;

/** A figure this period and the period before it; `change_percent` null when the earlier one is 0. */
export const Growth = Type.Object({ current: Count, previous: Count, change_percent: Nullable(Type.Number()) });
export type Growth = Static<typeof Growth>;

/** `GET /dashboard/stats`: the overview's stat cards (growth: last 30 days against the 30 before). */
export const DashboardStats = Type.Object({
  total_users: Count,
  total_submissions: Count,
  active_rubrics: Count,
  average_score: Nullable(Type.Number({ description: 'mean percent of completed evaluations' })),
  success_rate: Nullable(Type.Number({ description: 'completed / (completed + failed), percent' })),
  completed: Count,
  processing: Count,
  failed: Count,
  users_by_role: Type.Record(Type.String(), Count),
  growth: Type.Object({ users: Growth, submissions: Growth }),
});
export type DashboardStats = Static<typeof DashboardStats>;

/** `GET /dashboard/performance-metrics?days=`. */
export const PerformanceMetrics = Type.Object({
  days: Type.Integer(),
  submissions_per_day: Type.Array(DayCount),
  completed_per_day: Type.Array(DayCount),
  average_processing_seconds: Nullable(Type.Number()),
  p95_processing_seconds: Nullable(Type.Number()),
  success_rate: Nullable(Type.Number()),
});
export type PerformanceMetrics = Static<typeof PerformanceMetrics>;

/** `GET /dashboard/recent-activity?limit=` (default 20). */
export const ActivityItem = Type.Object({
  id: Type.String(),
  kind: Type.String({ description: 'submitted, completed, failed, approved, rejected' }),
  evaluation_id: Type.String(),
  title: Type.String(),
  user_name: Type.String(),
  essay_type: EssayType,
  status: EvaluationStatus,
  at: Type.String(),
});
export type ActivityItem = Static<typeof ActivityItem>;
export const RecentActivity = Type.Object({ activities: Type.Array(ActivityItem), total: Count });
export type RecentActivity = Static<typeof RecentActivity>;

const GradeCount = Type.Object({ grade: Type.String(), count: Count });
export const CriterionAverage = Type.Object({
  essay_type: EssayType,
  code: Type.String(),
  name: Type.String(),
  average_score: Type.Number(),
  max_score: Type.Number(),
  average_percent: Type.Number(),
});
export type CriterionAverage = Static<typeof CriterionAverage>;

/** `GET /dashboard/analytics/performance?days=`. */
export const PerformanceAnalytics = Type.Object({
  days: Type.Integer(),
  grade_distribution: Type.Array(GradeCount),
  criteria: Type.Array(CriterionAverage),
  processing_seconds: Type.Object({ average: Nullable(Type.Number()), p50: Nullable(Type.Number()), p95: Nullable(Type.Number()) }),
});
export type PerformanceAnalytics = Static<typeof PerformanceAnalytics>;

/** `GET /dashboard/analytics/trends?days=`. */
export const TrendAnalytics = Type.Object({
  days: Type.Integer(),
  submissions_per_day: Type.Array(DayCount),
  by_type: Type.Array(Type.Object({ date: Type.String(), ee: Count, tok: Count })),
  average_score_per_day: Type.Array(Type.Object({ date: Type.String(), average_percent: Nullable(Type.Number()) })),
});
export type TrendAnalytics = Static<typeof TrendAnalytics>;

/** `GET /dashboard/analytics/users?days=`. */
export const UserAnalytics = Type.Object({
  days: Type.Integer(),
  users_by_role: Type.Record(Type.String(), Count),
  signups_per_day: Type.Array(DayCount),
  active_submitters: Count,
});
export type UserAnalytics = Static<typeof UserAnalytics>;

/** `GET /dashboard/analytics/rubrics?days=`. */
export const RubricAnalytics = Type.Object({
  days: Type.Integer(),
  rubrics: Type.Array(
    Type.Object({
      rubric_id: Type.String(),
      title: Type.String(),
      essay_type: EssayType,
      submissions: Count,
      average_percent: Nullable(Type.Number()),
    }),
  ),
});
export type RubricAnalytics = Static<typeof RubricAnalytics>;

/** `GET /dashboard/analytics/links?days=`. */
export const LinkAnalyticsSummary = Type.Object({
  days: Type.Integer(),
  clicks_per_day: Type.Array(DayCount),
  links: Type.Array(Type.Object({ link_id: Type.String(), title: Type.String(), category: Type.String(), clicks: Count })),
});
export type LinkAnalyticsSummary = Static<typeof LinkAnalyticsSummary>;

/** `POST /dashboard/export` body; answers a CSV file named `submissions_export_{date}.csv`. */
export const DashboardExportRequest = Type.Object({
  format: Type.Optional(Type.Literal('csv')),
  filters: Type.Optional(AdminEvaluationQuery),
  include_essay_content: Type.Optional(Type.Boolean()),
  include_ai_feedback: Type.Optional(Type.Boolean()),
});
export type DashboardExportRequest = Static<typeof DashboardExportRequest>;

/** `GET /dashboard/analytics/export/{type}`: which figures to download as CSV. */
export const ANALYTICS_EXPORT_TYPES = ['performance', 'trends', 'users', 'rubrics', 'links'] as const;
export type AnalyticsExportType = (typeof ANALYTICS_EXPORT_TYPES)[number];
/** Default day range of the analytics routes (spec admin §9). */
export const DEFAULT_ANALYTICS_DAYS = 30;

/** `GET /dashboard/summary`: the overview in one call (stat cards, this week, what awaits review, latest activity). */
export const DashboardSummary = Type.Object({
  generated_at: Type.String(),
  stats: DashboardStats,
  last_7_days: Type.Object({ submissions: Count, completed: Count, failed: Count, average_score: Nullable(Type.Number()) }),
  awaiting_review: Type.Integer({ minimum: 0, description: 'completed evaluations still pending_review' }),
  recent_activity: Type.Array(ActivityItem),
});
export type DashboardSummary = Static<typeof DashboardSummary>;

/** `GET /dashboard/analytics/comprehensive-report?days=`: every analytics section of one period. */
export const ComprehensiveReport = Type.Object({
  generated_at: Type.String(),
  days: Type.Integer(),
  stats: DashboardStats,
  performance: PerformanceAnalytics,
  trends: TrendAnalytics,
  users: UserAnalytics,
  rubrics: RubricAnalytics,
  links: Nullable(LinkAnalyticsSummary),
  unavailable: Type.Array(Type.String({ description: 'sections whose source service did not answer (e.g. links)' })),
});
export type ComprehensiveReport = Static<typeof ComprehensiveReport>;

/**
 * GET /schools/{id}/activity (evaluation; issue 30, the School overview): the essays the school's
 * members submitted in the last `days` days — every ledger (the school's pool or personal credits)
 * and unchanged essays carrying a stored result; refused submissions and ones still awaiting their
 * credit are not counted. The submitter's school when they submitted (evaluations.school_id).
 */
export const SchoolActivity = Type.Object({
  school_id: Type.String(),
  days: Type.Integer(),
  since: Type.String({ format: 'date-time' }),
  submissions: Type.Integer(),
});
export type SchoolActivity = Static<typeof SchoolActivity>;
