/**
 * The interface in English, French and Spanish (issue 36), with react-intl (ICU messages).
 *
 * English is written in the code as each message's `defaultMessage` (the spec's texts stay exactly
 * there); French and Spanish live in each build's `src/i18n/fr.json` and `es.json`, loaded on
 * demand, so an English page downloads no catalogue. The language is the sdk's one per page
 * (`@corestone/sdk` locale: profile, school default, device, browser), so the shell and every
 * remote switch together.
 *
 * Writing a message: `<FormattedMessage id="upload.title" defaultMessage="Upload your essay" />`
 * or `intl.formatMessage({ id: 'upload.title', defaultMessage: 'Upload your essay' })` with
 * `const intl = useIntl()`. Ids are `area.what` (e.g. `results.empty`); every id needs a French
 * and a Spanish text (each build's i18n-catalog test says which are missing).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { createIntl, IntlProvider, useIntl, type IntlShape, type ResolvedIntlConfig } from 'react-intl';
import { currentLocale, onLocaleChange, type Locale } from '@corestone/sdk';
import uiEs from './i18n/es.json';
import uiFr from './i18n/fr.json';

export type Catalog = Record<string, string>;
/** A build's translations of one language (`en` needs none: the code holds English). */
export type CatalogLoader = (locale: Exclude<Locale, 'en'>) => Promise<Catalog>;

/** The page's language, re-rendering on change. */
export function useLocale(): Locale {
  return useSyncExternalStore(onLocaleChange, currentLocale, currentLocale);
}

const loaded = new WeakMap<CatalogLoader, Map<Locale, Catalog>>();

/**
 * The catalogue of `locale` for this build: at once when loaded before, else English until it
 * arrives (a failed download keeps English rather than blanking the page).
 */
function useCatalog(load: CatalogLoader | undefined, locale: Locale): { locale: Locale; messages: Catalog } {
  const cache = load ? (loaded.get(load) ?? loaded.set(load, new Map()).get(load)!) : undefined;
  // English, or a build without a catalogue of its own (the frame's texts are merged in below): nothing to wait for
  const ready = locale === 'en' || !load ? {} : cache?.get(locale);
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!load || !cache || locale === 'en' || cache.has(locale)) return;
    let live = true;
    load(locale)
      .then((messages) => {
        cache.set(locale, messages);
        if (live) setVersion((v) => v + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load, cache, locale]);
  return ready ? { locale, messages: ready } : { locale: 'en', messages: {} };
}

/**
 * Fetches `locale`'s catalogue ahead, so the first render is already in that language (the shell
 * awaits it before rendering a French or Spanish page, rather than painting English first).
 */
export async function preloadCatalog(load: CatalogLoader, locale: Locale): Promise<void> {
  if (locale === 'en') return;
  const cache = loaded.get(load) ?? loaded.set(load, new Map()).get(load)!;
  if (!cache.has(locale)) cache.set(locale, await load(locale));
}

/** Missing translations fall back to English by design; any other formatting fault is reported. */
const onError: ResolvedIntlConfig['onError'] = (err) => {
  if (err.code === 'MISSING_TRANSLATION') return;
  console.error(err);
};

/** The texts of this package's own components (AppFrame: frame-messages.ts), in every build. */
export const UI_CATALOGS: Record<Exclude<Locale, 'en'>, Catalog> = { fr: uiFr, es: uiEs };

/** react-intl for one build's tree, following the page's language. */
export function IntlRoot({ catalog, children }: { catalog?: CatalogLoader; children: ReactNode }) {
  const { locale, messages } = useCatalog(catalog, useLocale());
  const all = useMemo(() => (locale === 'en' ? messages : { ...UI_CATALOGS[locale], ...messages }), [locale, messages]);
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={all} onError={onError}>
      {children}
    </IntlProvider>
  );
}

/**
 * English formatting outside React: the default of lib functions that return text, so their
 * English is the messages' `defaultMessage` (tests and constants read it); screens pass `useIntl()`.
 */
export const ENGLISH: IntlShape = createIntl({ locale: 'en', defaultLocale: 'en' });

/**
 * The page's react-intl, read when an effect's request answers: a fallback text in the language of
 * that moment, without refetching when the language changes.
 */
export function useIntlRef(): RefObject<IntlShape> {
  const intl = useIntl();
  const ref = useRef(intl);
  ref.current = intl;
  return ref;
}
