/** Links-service API shapes: external links, click tracking and link analytics (spec admin §3, §7). */
import { Type, type Static } from '@sinclair/typebox';

const Count = Type.Integer({ minimum: 0 });

/** Categories with their labels; the first six are social (footer icons, the admin form's picker). */
export const LINK_CATEGORIES = {
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  twitter: 'Twitter',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  academic: 'Academic Resources',
  resource: 'Tools & Resources',
  tool: 'Educational Tools',
  reference: 'Reference Materials',
} as const;
export type LinkCategory = keyof typeof LINK_CATEGORIES;
export const SOCIAL_LINK_CATEGORIES: readonly LinkCategory[] = ['instagram', 'linkedin', 'youtube', 'twitter', 'facebook', 'tiktok'];
const LinkCategorySchema = Type.Union((Object.keys(LINK_CATEGORIES) as LinkCategory[]).map((c) => Type.Literal(c)));

export const ExternalLink = Type.Object({
  id: Type.String(),
  title: Type.String({ description: 'derived from the platform label when not given' }),
  url: Type.String(),
  description: Type.String(),
  category: LinkCategorySchema,
  featured: Type.Boolean(),
  is_featured: Type.Boolean({ description: 'same value as featured' }),
  is_active: Type.Boolean(),
  clicks: Count,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ExternalLink = Static<typeof ExternalLink>;

/** `POST /external_links` body (the admin form sends title, url, description, category, featured). */
export const ExternalLinkInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  url: Type.String({ maxLength: 2048 }),
  description: Type.String({ maxLength: 1000 }),
  category: LinkCategorySchema,
  featured: Type.Optional(Type.Boolean()),
  is_active: Type.Optional(Type.Boolean()),
});
export type ExternalLinkInput = Static<typeof ExternalLinkInput>;
/** `PUT /external_links/{id}`: any subset (e.g. only is_active or featured). */
export const ExternalLinkUpdate = Type.Partial(ExternalLinkInput);
export type ExternalLinkUpdate = Static<typeof ExternalLinkUpdate>;

/** `GET /external_links/` and `/public`. */
export const ExternalLinkList = Type.Object({ links: Type.Array(ExternalLink), total: Count });
export type ExternalLinkList = Static<typeof ExternalLinkList>;

/** `GET /external_links/{id}/analytics?days=`: one link's clicks per day. */
export const LinkAnalytics = Type.Object({
  link_id: Type.String(),
  total_clicks: Count,
  days: Type.Integer(),
  clicks_per_day: Type.Array(Type.Object({ date: Type.String(), count: Count })),
});
export type LinkAnalytics = Static<typeof LinkAnalytics>;

/** `GET /external_links/analytics/overview`: the manager's counters. */
export const LinksOverview = Type.Object({
  total_links: Count,
  active_links: Count,
  featured_links: Count,
  total_clicks: Count,
  average_clicks: Type.Number(),
  by_category: Type.Record(Type.String(), Count),
});
export type LinksOverview = Static<typeof LinksOverview>;

/** `POST /external_links/bulk-update` and `/bulk-delete`. */
export const LinkBulkUpdate = Type.Object({
  link_ids: Type.Array(Type.String(), { minItems: 1, maxItems: 500 }),
  update_data: Type.Object({
    is_active: Type.Optional(Type.Boolean()),
    featured: Type.Optional(Type.Boolean()),
    category: Type.Optional(LinkCategorySchema),
  }),
});
export type LinkBulkUpdate = Static<typeof LinkBulkUpdate>;
export const LinkBulkDelete = Type.Object({ link_ids: Type.Array(Type.String(), { minItems: 1, maxItems: 500 }) });
export type LinkBulkDelete = Static<typeof LinkBulkDelete>;
export const BulkResult = Type.Object({ success: Type.Boolean(), affected: Count, message: Type.String() });
export type BulkResult = Static<typeof BulkResult>;

/** `POST /external_links/{id}/click` → the new count. */
export const LinkClickResult = Type.Object({ success: Type.Boolean(), clicks: Count });
export type LinkClickResult = Static<typeof LinkClickResult>;

/** `POST /external_links/validate-url` (never fetches the address). */
export const UrlValidation = Type.Object({ valid: Type.Boolean(), url: Type.String(), detail: Type.Optional(Type.String()) });
export type UrlValidation = Static<typeof UrlValidation>;

/** `POST /external_links/{id}/click` body (the footer sends the browser's user agent; optional). */
export const LinkClickInput = Type.Object({ user_agent: Type.Optional(Type.String({ maxLength: 1024 })) });
export type LinkClickInput = Static<typeof LinkClickInput>;

/** `POST /external_links/validate-url` body. */
export const UrlValidationInput = Type.Object({ url: Type.String({ maxLength: 4096 }) });
export type UrlValidationInput = Static<typeof UrlValidationInput>;

/** `GET /external_links/analytics/summary?days=`: clicks over a period, per day, per category and the top links. */
export const LinksSummary = Type.Object({
  days: Type.Integer(),
  since: Type.String({ description: 'first day counted (UTC, YYYY-MM-DD)' }),
  total_clicks: Count,
  clicks_in_period: Count,
  clicks_per_day: Type.Array(Type.Object({ date: Type.String(), count: Count })),
  by_category: Type.Array(
    Type.Object({ category: LinkCategorySchema, label: Type.String(), links: Count, clicks: Count, clicks_in_period: Count }),
  ),
  top_links: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      url: Type.String(),
      category: LinkCategorySchema,
      clicks: Count,
      clicks_in_period: Count,
    }),
  ),
});
export type LinksSummary = Static<typeof LinksSummary>;
