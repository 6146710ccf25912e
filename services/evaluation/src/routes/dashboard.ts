import { Type, type TSchema } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  ANALYTICS_EXPORT_TYPES,
  ComprehensiveReport,
  DEFAULT_ANALYTICS_DAYS,
  DashboardExportRequest,
  DashboardStats,
  DashboardSummary,
  LinkAnalyticsSummary,
  PerformanceAnalytics,
  PerformanceMetrics,
  RecentActivity,
  RubricAnalytics,
  TrendAnalytics,
  UserAnalytics,
} from '@corestone/contracts';
import { errorResponses, requireRole, security, type RoutePlugin } from '@corestone/service-kit';
import { DashboardFigures } from '../app/dashboard';
import { analyticsExportName, submissionsCsvStream, submissionsExportName } from '../app/export-csv';
import type { DashboardStore } from '../store/dashboard';
import type { DashboardPeers } from '../peers/dashboard';

/** spec admin §9: recent-activity default 20; analytics days default 30. */
const DEFAULT_ACTIVITY_LIMIT = 20;
const DaysQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: DEFAULT_ANALYTICS_DAYS })) });
const errors = errorResponses(400, 401, 403, 503);

/**
 * The dashboard figures are the admin area's (admin and super admin, spec admin §6 "admin area
 * entry"); the submissions export holds every student's name, e-mail and essay, so it follows the
 * submissions list: super admin only.
 */
const admins = requireRole(...ADMIN_ROLES);
const superAdminOnly = requireRole('super_admin');

export const csvReply = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'private, no-store',
});

export const dashboardRoutes: RoutePlugin<{ store: DashboardStore; peers: DashboardPeers }> = async (app, deps) => {
  const figures = new DashboardFigures(deps.store, deps.peers);
  const daysOf = (query: { days?: number }) => query.days ?? DEFAULT_ANALYTICS_DAYS;

  /** A figures route: with `withDays` it takes `?days=` (default 30); without, it takes no query. */
  const get = <T>(path: string, summary: string, response: TSchema, handler: (days: number) => Promise<T>, withDays = true) =>
    withDays
      ? app.get(
          path,
          { preHandler: admins, schema: { summary, security, querystring: DaysQuery, response: { 200: response, ...errors } } },
          async (req) => handler(daysOf(req.query)),
        )
      : app.get(path, { preHandler: admins, schema: { summary, security, response: { 200: response, ...errors } } }, async () =>
          handler(DEFAULT_ANALYTICS_DAYS),
        );

  get(
    '/dashboard/stats',
    'Overview stat cards: users, submissions, active rubrics, average score, success rate, growth',
    DashboardStats,
    () => figures.stats(),
    false,
  );
  get(
    '/dashboard/summary',
    'The overview in one call: stats, the last 7 days, awaiting review, latest activity',
    DashboardSummary,
    () => figures.summary(),
    false,
  );
  get(
    '/dashboard/performance-metrics',
    'Submissions and completions per day, processing time, success rate (days, default 30)',
    PerformanceMetrics,
    (d) => figures.performanceMetrics(d),
  );
  get(
    '/dashboard/analytics/performance',
    'Grade distribution, mean score per criterion, processing time (days, default 30)',
    PerformanceAnalytics,
    (d) => figures.performance(d),
  );
  get('/dashboard/analytics/trends', 'Submissions per day by type and mean score per day (days, default 30)', TrendAnalytics, (d) =>
    figures.trends(d),
  );
  get('/dashboard/analytics/users', 'Users by role, sign-ups per day, active submitters (days, default 30)', UserAnalytics, (d) =>
    figures.users(d),
  );
  get('/dashboard/analytics/rubrics', 'Submissions and mean score per rubric (days, default 30)', RubricAnalytics, (d) =>
    figures.rubrics(d),
  );
  get(
    '/dashboard/analytics/links',
    'Link clicks per day and per link, from the links service (days, default 30)',
    LinkAnalyticsSummary,
    (d) => figures.links(d),
  );
  get('/dashboard/analytics/comprehensive-report', 'Every analytics section of one period (days, default 30)', ComprehensiveReport, (d) =>
    figures.comprehensive(d),
  );

  app.get(
    '/dashboard/recent-activity',
    {
      preHandler: admins,
      schema: {
        summary: 'Latest submissions, completions, failures and review decisions, newest first (limit, default 20)',
        security,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: DEFAULT_ACTIVITY_LIMIT })) }),
        response: { 200: RecentActivity, ...errors },
      },
    },
    async (req) => deps.store.recentActivity(req.query.limit ?? DEFAULT_ACTIVITY_LIMIT),
  );

  app.post(
    '/dashboard/export',
    {
      preHandler: superAdminOnly,
      schema: {
        summary: 'The submissions as CSV (submissions_export_{date}.csv), admin filters, optional essay content and AI feedback columns',
        security,
        body: Type.Optional(DashboardExportRequest),
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'text/csv' }), ...errors },
      },
    },
    async (req, reply) => {
      const body: DashboardExportRequest = req.body ?? {};
      const batches = deps.store.exportBatches(body.filters ?? {}, body.include_essay_content === true);
      // The first batch is read before answering: a failing query is then a 5xx with {detail, code},
      // not a 200 cut short.
      const first = await batches.next();
      async function* all() {
        if (first.done) return;
        yield first.value;
        yield* batches;
      }
      const csv = submissionsCsvStream(all(), {
        essayContent: body.include_essay_content === true,
        aiFeedback: body.include_ai_feedback === true,
      });
      // A stream is sent as it is (the response schema's string describes the file for OpenAPI).
      return reply.headers(csvReply(submissionsExportName())).send(csv as unknown as string);
    },
  );

  app.get(
    '/dashboard/analytics/export/:type',
    {
      preHandler: admins,
      schema: {
        summary: 'One analytics section as CSV ({type}_analytics_{date}.csv; days, default 30)',
        security,
        params: Type.Object({ type: Type.Union(ANALYTICS_EXPORT_TYPES.map((t) => Type.Literal(t))) }),
        querystring: DaysQuery,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'text/csv' }), ...errors },
      },
    },
    async (req, reply) => {
      const { type } = req.params;
      const csv = await figures.exportCsv(type, daysOf(req.query));
      return reply.headers(csvReply(analyticsExportName(type))).send(csv);
    },
  );
};
