import { LINK_CATEGORIES, Messages, type ExternalLinkInput, type ExternalLinkUpdate, type LinkCategory } from '@corestone/contracts';
import { checkUrl } from './urls';

export const isCategory = (value: unknown): value is LinkCategory => typeof value === 'string' && Object.hasOwn(LINK_CATEGORIES, value);

/** A link's title: the one given, else the platform label (admin §3 "title derived from the platform label"). */
export const titleFor = (category: LinkCategory, title?: string | null) => title?.trim() || LINK_CATEGORIES[category];

/** The stored form of a create or update, or the spec's message (admin §5) for what is wrong. */
export type Checked<T> = { ok: true; value: T } | { ok: false; detail: string; code: 'VALIDATION_ERROR' | 'INVALID_URL' };

function checkCommon(input: ExternalLinkUpdate): Checked<ExternalLinkUpdate> {
  const out: ExternalLinkUpdate = { ...input };
  if (input.category !== undefined && !isCategory(input.category))
    return { ok: false, detail: Messages.LINK_CATEGORY_REQUIRED, code: 'VALIDATION_ERROR' };
  if (input.url !== undefined) {
    if (!input.url.trim()) return { ok: false, detail: Messages.LINK_URL_REQUIRED, code: 'VALIDATION_ERROR' };
    const url = checkUrl(input.url);
    if (!url.valid) return { ok: false, detail: url.detail, code: 'INVALID_URL' };
    out.url = url.url;
  }
  if (input.description !== undefined) {
    if (!input.description.trim()) return { ok: false, detail: Messages.LINK_DESCRIPTION_REQUIRED, code: 'VALIDATION_ERROR' };
    out.description = input.description.trim();
  }
  if (input.title !== undefined) out.title = input.title.trim();
  return { ok: true, value: out };
}

/** A new link: category, url and description required (in the order the admin form checks them). */
export function checkNewLink(input: Partial<ExternalLinkInput>): Checked<ExternalLinkInput & { title: string }> {
  if (input.category === undefined) return { ok: false, detail: Messages.LINK_CATEGORY_REQUIRED, code: 'VALIDATION_ERROR' };
  if (input.url === undefined) return { ok: false, detail: Messages.LINK_URL_REQUIRED, code: 'VALIDATION_ERROR' };
  if (input.description === undefined) return { ok: false, detail: Messages.LINK_DESCRIPTION_REQUIRED, code: 'VALIDATION_ERROR' };
  const checked = checkCommon(input);
  if (!checked.ok) return checked;
  const v = checked.value as ExternalLinkInput;
  return { ok: true, value: { ...v, title: titleFor(v.category, v.title) } };
}

/** A change to a link: any subset, each field checked as on create. */
export const checkLinkUpdate = (input: ExternalLinkUpdate): Checked<ExternalLinkUpdate> => checkCommon(input);

/** UTC calendar days from `days - 1` days ago to today, oldest first (YYYY-MM-DD). */
export function lastDays(days: number, today = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** A per-day series with every day present (0 where nothing was counted). */
export function fillDays(days: string[], counts: Map<string, number>): Array<{ date: string; count: number }> {
  return days.map((date) => ({ date, count: counts.get(date) ?? 0 }));
}
