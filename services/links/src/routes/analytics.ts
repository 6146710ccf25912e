import { Type } from '@sinclair/typebox';
import { ExternalLinkList, LINK_CATEGORIES, LinkAnalytics, LinksOverview, LinksSummary, type LinkCategory } from '@corestone/contracts';
import { badRequest, errorResponses, security, toCsv, type RoutePlugin } from '@corestone/service-kit';
import { fillDays, lastDays } from '../domain/links';
import { IdParams, adminsOnly, linkNotFound, type LinkRouteDeps } from './common';

const errors = errorResponses(400, 401, 403);
/** admin §9: analytics days default 30. */
const DaysQuery = Type.Object({ days: Type.Integer({ minimum: 1, maximum: 366, default: 30 }) });
const EXPORT_COLUMNS = [
  'id',
  'title',
  'url',
  'description',
  'category',
  'featured',
  'is_active',
  'clicks',
  'created_at',
  'updated_at',
] as const;

/** Click analytics, popular links and the CSV export: admins and super admins. */
export const analyticsRoutes: RoutePlugin<LinkRouteDeps> = async (app, { links }) => {
  app.addHook('onRequest', adminsOnly);

  app.get(
    '/external_links/:id/analytics',
    {
      schema: {
        summary: "One link's clicks per UTC day over the last `days` days (default 30)",
        security,
        params: IdParams,
        querystring: DaysQuery,
        response: { 200: LinkAnalytics, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const link = await links.get(req.params.id);
      if (!link) throw linkNotFound();
      const { days } = req.query;
      const range = lastDays(days);
      return {
        link_id: link.id,
        total_clicks: link.clicks,
        days,
        clicks_per_day: fillDays(range, await links.clicksPerDay(range[0], link.id)),
      };
    },
  );

  app.get(
    '/external_links/analytics/overview',
    {
      schema: {
        summary: "The manager's counters: links, active, featured, clicks, average",
        security,
        response: { 200: LinksOverview, ...errors },
      },
    },
    async () => {
      const c = await links.counters();
      return {
        total_links: c.total,
        active_links: c.active,
        featured_links: c.featured,
        total_clicks: c.clicks,
        average_clicks: c.total ? Math.round((c.clicks / c.total) * 100) / 100 : 0,
        by_category: c.byCategory,
      };
    },
  );

  app.get(
    '/external_links/analytics/summary',
    {
      schema: {
        summary: 'Clicks over the last `days` days: per day, per category and the top 10 links',
        security,
        querystring: DaysQuery,
        response: { 200: LinksSummary, ...errors },
      },
    },
    async (req) => {
      const { days } = req.query;
      const range = lastDays(days);
      const [perDay, perLink] = await Promise.all([links.clicksPerDay(range[0]), links.clicksSince(range[0])]);
      const byCategory = (Object.keys(LINK_CATEGORIES) as LinkCategory[]).map((category) => {
        const mine = perLink.filter((l) => l.category === category);
        return {
          category,
          label: LINK_CATEGORIES[category],
          links: mine.length,
          clicks: mine.reduce((s, l) => s + l.clicks, 0),
          clicks_in_period: mine.reduce((s, l) => s + l.clicks_in_period, 0),
        };
      });
      return {
        days,
        since: range[0],
        total_clicks: perLink.reduce((s, l) => s + l.clicks, 0),
        clicks_in_period: perLink.reduce((s, l) => s + l.clicks_in_period, 0),
        clicks_per_day: fillDays(range, perDay),
        by_category: byCategory,
        top_links: perLink
          .slice(0, 10)
          .map(({ id, title, url, category, clicks, clicks_in_period }) => ({ id, title, url, category, clicks, clicks_in_period })),
      };
    },
  );

  app.get(
    '/external_links/popular',
    {
      schema: {
        summary: 'The most clicked links (limit default 10)',
        security,
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }) }),
        response: { 200: ExternalLinkList, ...errors },
      },
    },
    async (req) => {
      const popular = await links.popular(req.query.limit);
      return { links: popular, total: popular.length };
    },
  );

  app.get(
    '/external_links/export',
    {
      schema: {
        summary: 'Every link as a CSV file (format csv, the default and only format)',
        security,
        querystring: Type.Object({ format: Type.String({ default: 'csv', maxLength: 10 }) }),
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'text/csv' }), ...errors },
      },
    },
    async (req, reply) => {
      if (req.query.format.toLowerCase() !== 'csv') throw badRequest('format must be csv');
      const all = await links.all();
      const csv = toCsv(
        EXPORT_COLUMNS,
        all.map((l) => EXPORT_COLUMNS.map((c) => l[c])),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="external_links_export_${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
