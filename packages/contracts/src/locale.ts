/**
 * The interface languages (issue 36): English, French and Spanish, the IB's three working
 * languages. A user's language is their own choice (profile `locale`), else their school's default
 * (`school.default_locale`), else what the browser asks for (Accept-Language), else English.
 * Servers answer `detail`, mails and the PDF report in that language; `code` never changes.
 */
// No TypeBox here: the frontends import this module (`@corestone/contracts/locale`) and must not
// bundle the schema library. The schema is `LocaleSchema` in api-user.ts.

export const LOCALES = ['en', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for language pickers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', es: 'Español' };

/** `fr-CA`, `FR`, `es_419` → the supported locale of that primary language, or null. */
export function supportedLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : null;
}

/**
 * The best supported language of an Accept-Language header (`fr-CH, fr;q=0.9, en;q=0.8`), by
 * quality then order; null when none is supported (the caller falls back).
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { locale: supportedLocale(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((c) => c.locale && c.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.locale ?? null;
}

/** The first supported of the candidates in order of precedence (profile, school, browser…), else English. */
export function resolveLocale(...candidates: Array<string | null | undefined>): Locale {
  for (const c of candidates) {
    const l = supportedLocale(c);
    if (l) return l;
  }
  return DEFAULT_LOCALE;
}
