import type {
  AdminAssessRequest,
  AdminAssessment,
  AdminEvaluationQuery,
  AdminEvaluationStats,
  AdminEvaluationUpdate,
  AnalyticsExportType,
  ComprehensiveReport,
  DashboardExportRequest,
  DashboardStats,
  DashboardSummary,
  EssayText,
  Evaluation,
  EvaluationList,
  LinkAnalyticsSummary,
  PerformanceAnalytics,
  PerformanceMetrics,
  RecentActivity,
  RubricAnalytics,
  TrendAnalytics,
  UserAnalytics,
} from '@corestone/contracts';
import type { DownloadedFile } from '../http';
import type { Transport } from '../transport';

const adminPath = (id: string, rest = '') => `/evaluation/admin/${encodeURIComponent(id)}${rest}`;

/** The decision's form; `forStudent` shows the notes to the student (else they stay internal to reviewers). */
function notesForm(admin_notes: string | undefined, opts: DecisionOptions = {}): () => FormData {
  return () => {
    const fd = new FormData();
    if (admin_notes !== undefined && admin_notes !== '') fd.append('admin_notes', admin_notes);
    if (opts.forStudent) fd.append('notes_for_student', 'true');
    return fd;
  };
}

export interface DecisionOptions {
  /** Show the notes to the student (results page, PDF, review mail); default: internal. */
  forStudent?: boolean;
}

/**
 * The back office's own calls to the evaluation service: submission review (`/evaluation/admin/*`)
 * and dashboard analytics (`/dashboard/*`) (spec admin §7). User management is in `users`.
 */
export class AdminApi {
  constructor(private readonly t: Transport) {}

  submissions(query: AdminEvaluationQuery = {}): Promise<EvaluationList> {
    return this.t.request<EvaluationList>('/evaluation/admin/all', { query: { ...query } });
  }

  submissionStats(): Promise<AdminEvaluationStats> {
    return this.t.request<AdminEvaluationStats>('/evaluation/admin/stats');
  }

  updateSubmission(id: string, update: AdminEvaluationUpdate): Promise<Evaluation> {
    return this.t.request<Evaluation>(adminPath(id), { method: 'PUT', json: update });
  }

  /** Only completed submissions; notes optional. */
  approve(id: string, admin_notes?: string, opts?: DecisionOptions): Promise<Evaluation> {
    return this.t.request<Evaluation>(adminPath(id, '/approve'), { method: 'POST', body: notesForm(admin_notes, opts) });
  }

  /** Only completed submissions; non-blank notes required. */
  reject(id: string, admin_notes: string, opts?: DecisionOptions): Promise<Evaluation> {
    return this.t.request<Evaluation>(adminPath(id, '/reject'), { method: 'POST', body: notesForm(admin_notes, opts) });
  }

  /** Grades again: status pending, approval pending_review. */
  regrade(id: string): Promise<Evaluation> {
    return this.t.request<Evaluation>(adminPath(id, '/regrade'), { method: 'POST' });
  }

  /** The stored essay text (the review screen's full-text viewer). */
  essayText(id: string): Promise<EssayText> {
    return this.t.request<EssayText>(adminPath(id, '/text'));
  }

  /**
   * POST /evaluation/admin/assess: the Quick Assessment of a pasted essay, graded at once by the
   * server (the admin's own OpenAI key when set); not stored, not charged.
   */
  assess(input: AdminAssessRequest, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<AdminAssessment> {
    return this.t.request<AdminAssessment>('/evaluation/admin/assess', {
      method: 'POST',
      json: input,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
    });
  }

  // ------------------------------------------------------------ dashboard analytics

  stats(): Promise<DashboardStats> {
    return this.t.request<DashboardStats>('/dashboard/stats');
  }

  /** The overview in one call: stats, the last 7 days, awaiting review, latest activity. */
  summary(): Promise<DashboardSummary> {
    return this.t.request<DashboardSummary>('/dashboard/summary');
  }

  /** Every analytics section of one period; `unavailable` names sections whose service did not answer. */
  comprehensiveReport(days?: number): Promise<ComprehensiveReport> {
    return this.t.request<ComprehensiveReport>('/dashboard/analytics/comprehensive-report', { query: { days } });
  }

  performanceMetrics(days?: number): Promise<PerformanceMetrics> {
    return this.t.request<PerformanceMetrics>('/dashboard/performance-metrics', { query: { days } });
  }

  recentActivity(limit?: number): Promise<RecentActivity> {
    return this.t.request<RecentActivity>('/dashboard/recent-activity', { query: { limit } });
  }

  performance(days?: number): Promise<PerformanceAnalytics> {
    return this.t.request<PerformanceAnalytics>('/dashboard/analytics/performance', { query: { days } });
  }

  trends(days?: number): Promise<TrendAnalytics> {
    return this.t.request<TrendAnalytics>('/dashboard/analytics/trends', { query: { days } });
  }

  userAnalytics(days?: number): Promise<UserAnalytics> {
    return this.t.request<UserAnalytics>('/dashboard/analytics/users', { query: { days } });
  }

  rubricAnalytics(days?: number): Promise<RubricAnalytics> {
    return this.t.request<RubricAnalytics>('/dashboard/analytics/rubrics', { query: { days } });
  }

  linkAnalytics(days?: number): Promise<LinkAnalyticsSummary> {
    return this.t.request<LinkAnalyticsSummary>('/dashboard/analytics/links', { query: { days } });
  }

  /** CSV of the submissions (`submissions_export_{date}.csv`). */
  exportSubmissions(request: DashboardExportRequest = {}): Promise<DownloadedFile> {
    return this.t.download('/dashboard/export', { method: 'POST', json: { format: 'csv', ...request } });
  }

  exportAnalytics(type: AnalyticsExportType, days?: number): Promise<DownloadedFile> {
    return this.t.download(`/dashboard/analytics/export/${type}`, { query: { days } });
  }
}
