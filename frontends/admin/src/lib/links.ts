import type { ExternalLink, LinkCategory, LinksOverview } from '@corestone/sdk';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

/** The six social platforms the add/edit picker offers (spec §2); labels as the public footer shows them. */
export const SOCIAL_PLATFORMS: { value: LinkCategory; label: string }[] = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'twitter', label: 'Twitter' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'tiktok', label: 'TikTok' },
];
/** Every category's label: the platforms' and those of the seeded resources. */
export const CATEGORY_LABELS: Record<string, string> = {
  ...Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p.value, p.label])),
  academic: 'Academic Resources',
  resource: 'Tools & Resources',
  tool: 'Educational Tools',
  reference: 'Reference Materials',
};

/** The seeded resources' category names in the page's language (the platforms' are their brands). */
const RESOURCE_LABELS: Record<string, MessageDescriptor> = defineMessages({
  academic: { id: 'links.category.academic', defaultMessage: 'Academic Resources' },
  resource: { id: 'links.category.resource', defaultMessage: 'Tools & Resources' },
  tool: { id: 'links.category.tool', defaultMessage: 'Educational Tools' },
  reference: { id: 'links.category.reference', defaultMessage: 'Reference Materials' },
});

/** A category as the screen names it. */
export function categoryLabel(category: string, intl: IntlShape = ENGLISH): string {
  const resource = RESOURCE_LABELS[category];
  return resource ? intl.formatMessage(resource) : (CATEGORY_LABELS[category] ?? category);
}

/**
 * A new link, or one moved to another platform, is titled by the platform's label (spec §3). An edit
 * that keeps the category keeps the title: the seeded sister sites and resources are shown by their
 * own titles in the public header and footer, and the picker's labels are not theirs.
 */
export function linkTitle(link: Pick<ExternalLink, 'title' | 'category'> | null, category: LinkCategory): string {
  if (link && link.category === category) return link.title;
  return CATEGORY_LABELS[category] ?? category;
}

/** The picker offers the six social platforms; a link of another category being edited keeps its own, by its label. */
export function platformOptions(
  link: Pick<ExternalLink, 'category'> | null,
  intl: IntlShape = ENGLISH,
): { value: LinkCategory; label: string }[] {
  if (!link || SOCIAL_PLATFORMS.some((p) => p.value === link.category)) return SOCIAL_PLATFORMS;
  return [{ value: link.category, label: categoryLabel(link.category, intl) }, ...SOCIAL_PLATFORMS];
}

/** The form's checks (spec §5), in the order the spec lists them. */
export function linkFormErrors(
  v: {
    category?: string;
    url?: string;
    description?: string;
  },
  intl: IntlShape = ENGLISH,
): Partial<Record<'category' | 'url' | 'description', string>> {
  const out: Partial<Record<'category' | 'url' | 'description', string>> = {};
  if (!v.category) out.category = intl.formatMessage({ id: 'links.platformRequired', defaultMessage: 'Social media platform is required' });
  if (!v.url?.trim()) out.url = intl.formatMessage({ id: 'links.urlRequired', defaultMessage: 'URL is required' });
  else if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v.url.trim()))
    out.url = intl.formatMessage({ id: 'links.urlInvalid', defaultMessage: 'Please enter a valid URL (https://…)' });
  if (!v.description?.trim())
    out.description = intl.formatMessage({ id: 'links.descriptionRequired', defaultMessage: 'Description is required' });
  return out;
}

/**
 * The four counters, counted from the links listed (kept live as switches change them), or — when
 * there are more links than one list holds — the service's own count of all of them (`overview`).
 */
export function linkCounters(links: Pick<ExternalLink, 'is_active' | 'clicks'>[], overview?: LinksOverview | null) {
  if (overview)
    return {
      total: overview.total_links,
      active: overview.active_links,
      clicks: overview.total_clicks,
      average: Math.round(overview.average_clicks * 10) / 10,
    };
  const clicks = links.reduce((n, l) => n + l.clicks, 0);
  return {
    total: links.length,
    active: links.filter((l) => l.is_active).length,
    clicks,
    average: links.length ? Math.round((clicks / links.length) * 10) / 10 : 0,
  };
}
