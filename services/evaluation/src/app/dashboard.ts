import type {
  AnalyticsExportType,
  ComprehensiveReport,
  DashboardStats,
  DashboardSummary,
  LinkAnalyticsSummary,
  PerformanceAnalytics,
  PerformanceMetrics,
  RubricAnalytics,
  TrendAnalytics,
  UserAnalytics,
} from '@corestone/contracts';
import { isHttpError, toCsv } from '@corestone/service-kit';
import type { DashboardStore } from '../store/dashboard';
import type { DashboardPeers } from '../peers/dashboard';
import { growthOf, periodOf, successRate } from '../domain/periods';

const DAY_MS = 86_400_000;
/** Growth compares the last 30 days with the 30 before (contracts `DashboardStats`). */
const GROWTH_DAYS = 30;

/**
 * The admin dashboard's figures (spec admin §7), computed from the evaluations, the users read
 * model, and what rubric and links answer by request/reply.
 */
export class DashboardFigures {
  constructor(
    private readonly store: DashboardStore,
    private readonly peers: DashboardPeers,
  ) {}

  async stats(now = new Date()): Promise<DashboardStats> {
    const start = new Date(now.getTime() - GROWTH_DAYS * DAY_MS);
    const before = new Date(now.getTime() - 2 * GROWTH_DAYS * DAY_MS);
    const [subs, byRole, rubrics, usersNow, usersBefore, subsNow, subsBefore] = await Promise.all([
      this.store.submissions(),
      this.store.usersByRole(),
      this.peers.rubricCounts(),
      this.store.usersCreatedBetween(start, now),
      this.store.usersCreatedBetween(before, start),
      this.store.submissionsBetween(start, now),
      this.store.submissionsBetween(before, start),
    ]);
    return {
      total_users: Object.values(byRole).reduce((a, b) => a + b, 0),
      total_submissions: subs.total,
      active_rubrics: rubrics.active,
      average_score: subs.average_percent,
      success_rate: successRate(subs.completed, subs.failed),
      completed: subs.completed,
      processing: subs.processing,
      failed: subs.failed,
      users_by_role: byRole,
      growth: { users: growthOf(usersNow, usersBefore), submissions: growthOf(subsNow, subsBefore) },
    };
  }

  async performanceMetrics(days: number): Promise<PerformanceMetrics> {
    const p = periodOf(days);
    const [perDay, processing] = await Promise.all([this.store.perDay(p), this.store.processing(p)]);
    return {
      days,
      submissions_per_day: perDay.submissions_per_day,
      completed_per_day: perDay.completed_per_day,
      average_processing_seconds: processing.average,
      p95_processing_seconds: processing.p95,
      success_rate: successRate(processing.completed, processing.failed),
    };
  }

  async summary(now = new Date()): Promise<DashboardSummary> {
    const [stats, week, awaiting, recent] = await Promise.all([
      this.stats(now),
      this.store.submissions(new Date(now.getTime() - 7 * DAY_MS)),
      this.store.awaitingReview(),
      this.store.recentActivity(5),
    ]);
    return {
      generated_at: now.toISOString(),
      stats,
      last_7_days: { submissions: week.total, completed: week.completed, failed: week.failed, average_score: week.average_percent },
      awaiting_review: awaiting,
      recent_activity: recent.activities,
    };
  }

  async performance(days: number): Promise<PerformanceAnalytics> {
    const p = periodOf(days);
    const [grades, criteria, processing] = await Promise.all([
      this.store.gradeDistribution(p),
      this.store.criteriaAverages(p),
      this.store.processing(p),
    ]);
    return {
      days,
      grade_distribution: grades,
      criteria,
      processing_seconds: { average: processing.average, p50: processing.p50, p95: processing.p95 },
    };
  }

  async trends(days: number): Promise<TrendAnalytics> {
    const perDay = await this.store.perDay(periodOf(days));
    return {
      days,
      submissions_per_day: perDay.submissions_per_day,
      by_type: perDay.by_type,
      average_score_per_day: perDay.average_score_per_day,
    };
  }

  async users(days: number): Promise<UserAnalytics> {
    const p = periodOf(days);
    const [byRole, signups, active] = await Promise.all([
      this.store.usersByRole(),
      this.store.signupsPerDay(p),
      this.store.activeSubmitters(p),
    ]);
    return { days, users_by_role: byRole, signups_per_day: signups, active_submitters: active };
  }

  async rubrics(days: number): Promise<RubricAnalytics> {
    return { days, rubrics: await this.store.rubricUsage(periodOf(days)) };
  }

  /** Link clicks come from the links service; when it does not answer the route answers 503. */
  async links(days: number): Promise<LinkAnalyticsSummary> {
    const p = periodOf(days);
    const answer = await this.peers.linkClicks(days);
    const byDate = new Map(answer.clicks_per_day.map((d) => [d.date, d.count]));
    return { days, clicks_per_day: p.dates.map((date) => ({ date, count: byDate.get(date) ?? 0 })), links: answer.links };
  }

  /** Every section; a section whose source service does not answer is null and named in `unavailable`. */
  async comprehensive(days: number, now = new Date()): Promise<ComprehensiveReport> {
    const [stats, performance, trends, users, rubrics, links] = await Promise.all([
      this.stats(now),
      this.performance(days),
      this.trends(days),
      this.users(days),
      this.rubrics(days),
      this.links(days).catch((err) => {
        if (isHttpError(err) && err.statusCode === 503) return null;
        throw err;
      }),
    ]);
    return {
      generated_at: now.toISOString(),
      days,
      stats,
      performance,
      trends,
      users,
      rubrics,
      links,
      unavailable: links ? [] : ['links'],
    };
  }

  /** One analytics section as CSV (`GET /dashboard/analytics/export/{type}`). */
  async exportCsv(type: AnalyticsExportType, days: number): Promise<string> {
    switch (type) {
      case 'performance': {
        const a = await this.performance(days);
        return toCsv(
          ['kind', 'essay_type', 'code', 'name', 'count', 'average_score', 'max_score', 'average_percent'],
          [
            ...a.grade_distribution.map((g) => ['grade', '', g.grade, '', g.count, '', '', '']),
            ...a.criteria.map((c) => ['criterion', c.essay_type, c.code, c.name, '', c.average_score, c.max_score, c.average_percent]),
            ['processing_seconds', '', 'average', '', '', a.processing_seconds.average, '', ''],
            ['processing_seconds', '', 'p50', '', '', a.processing_seconds.p50, '', ''],
            ['processing_seconds', '', 'p95', '', '', a.processing_seconds.p95, '', ''],
          ],
        );
      }
      case 'trends': {
        const t = await this.trends(days);
        return toCsv(
          ['date', 'submissions', 'ee', 'tok', 'average_percent'],
          t.submissions_per_day.map((d, i) => [
            d.date,
            d.count,
            t.by_type[i].ee,
            t.by_type[i].tok,
            t.average_score_per_day[i].average_percent,
          ]),
        );
      }
      case 'users': {
        const u = await this.users(days);
        return toCsv(
          ['date', 'signups'],
          u.signups_per_day.map((d) => [d.date, d.count]),
        );
      }
      case 'rubrics': {
        const r = await this.rubrics(days);
        return toCsv(
          ['rubric_id', 'title', 'essay_type', 'submissions', 'average_percent'],
          r.rubrics.map((x) => [x.rubric_id, x.title, x.essay_type, x.submissions, x.average_percent]),
        );
      }
      case 'links': {
        const l = await this.links(days);
        return toCsv(
          ['link_id', 'title', 'category', 'clicks'],
          l.links.map((x) => [x.link_id, x.title, x.category, x.clicks]),
        );
      }
    }
  }
}
