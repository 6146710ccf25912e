/**
 * The shell's prerender (built for Node by webpack.prerender.js, run by prerender/landingHtml.js at
 * build time): the markup and antd styles of a page for a signed-out visitor, so the first screen
 * is painted from the HTML before any script has run; the browser's React then hydrates it
 * (bootstrap.tsx). Only public pages that look the same for every signed-out visitor qualify.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { IntlProvider } from 'react-intl';
import { LOCALE_STORAGE_KEY, LOCALES, setLocale, STORAGE_KEYS } from '@corestone/sdk';
import { Root } from './App';
import es from './i18n/es.json';
import fr from './i18n/fr.json';
import { SEEN_KEY, Splash, SPLASH_SUBTITLE, SPLASH_TITLE } from './components/Splash';
import { RESTORE_URL_PARAMS } from './session';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts).toString('utf8');
}

export interface PrerenderedPage {
  /** the page's markup, for inside `#root` */
  html: string;
  /** the `<style>` elements of every antd style the page uses (antd would otherwise write them at runtime) */
  styles: string;
  /**
   * the first-load splash, shown by the page itself (see `gateScript`; bootstrap.tsx removes it): once
   * per language, each in a `data-locale` element; the page's CSS shows the one of `<html lang>`,
   * which the gate sets to the visitor's language
   */
  splash: string;
}

const CATALOGS: Record<string, Record<string, string>> = { fr, es };

/** The splash with each text in the three languages, one `data-locale` span each (the page's CSS shows one). */
function splashes(): string {
  const inEach = (id: string, english: string) =>
    LOCALES.map((locale) => (
      <span key={locale} data-locale={locale}>
        {CATALOGS[locale]?.[id] ?? english}
      </span>
    ));
  return renderToStaticMarkup(
    <IntlProvider locale="en" defaultLocale="en">
      <Splash title={inEach('splash.title', SPLASH_TITLE)} subtitle={inEach('splash.subtitle', SPLASH_SUBTITLE)} />
    </IntlProvider>,
  );
}

/**
 * Renders `location` completely (a lazy part it reaches is waited for) and every Suspense boundary in
 * place: React would otherwise move large ones to the end of the document and put them back with an
 * inline script, which the Content-Security-Policy forbids (the page would stay on the fallbacks);
 * such output fails the build. What a page leaves to the browser (the landing's sections below the
 * fold) it renders only after hydration.
 */
export async function prerenderPage(location: string): Promise<PrerenderedPage> {
  // the page is English whatever the build machine's language (a French or Spanish visitor's page is rendered in the browser)
  setLocale('en');
  const cache = createCache();
  // React would render a failing part as its Suspense fallback, left for the browser to render: a build must not ship that
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StyleProvider cache={cache}>
      <Root location={location} splash={false} />
    </StyleProvider>,
    { onError: (err) => void errors.push(err), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${location} failed`);
  const html = await readAll(prelude);
  if (html.includes('<!--$?-->') || html.includes('<script'))
    throw new Error(`prerendering ${location}: a part was left for a script to fill in`);
  return { html, styles: extractStyle(cache), splash: splashes() };
}

/**
 * The prerendered page's first script, run before the body is painted. It decides what only the
 * browser knows: whether this tab has seen the splash (spec user-app §2: first load only; marked
 * seen as the session's own splash does), and whether a session will be restored — then the
 * signed-out markup is hidden until React renders the page from scratch (bootstrap.tsx).
 * The same keys and URL parameters as the session code (`hasSessionToRestore`).
 */
export function gateScript(): string {
  const gate = (
    seenKey: string,
    tokenKeys: readonly string[],
    urlKeys: readonly string[],
    keys: { user: string; locale: string },
    locales: readonly string[],
  ) => {
    const html = document.documentElement;
    // the visitor's language as the sdk will find it (locale.ts: the stored user's own or school's, this device's, the browser's)
    let locale = 'en';
    try {
      const user = JSON.parse(localStorage.getItem(keys.user) || 'null') as {
        locale?: unknown;
        school?: { default_locale?: unknown };
      } | null;
      const candidates = [user?.locale, user?.school?.default_locale, localStorage.getItem(keys.locale), ...(navigator.languages || [])];
      const found = candidates.map((c) => (typeof c === 'string' ? c.toLowerCase().split(/[-_]/)[0] : '')).find((c) => locales.includes(c));
      if (found) locale = found;
    } catch {
      /* no storage: English, as prerendered */
    }
    html.lang = locale;
    // not English: the English markup stays hidden until React renders the page in its language (bootstrap.tsx)
    if (locale !== 'en') html.setAttribute('data-restoring', '');
    try {
      if (sessionStorage.getItem(seenKey) === '1') html.setAttribute('data-splash-seen', '');
      else sessionStorage.setItem(seenKey, '1');
    } catch {
      /* storage unavailable: the splash shows, as the session's own splash does */
    }
    try {
      const query = new URLSearchParams(window.location.search);
      if (tokenKeys.some((k) => localStorage.getItem(k)) || urlKeys.some((k) => query.has(k))) html.setAttribute('data-restoring', '');
    } catch {
      /* no storage: nothing to restore */
    }
  };
  const args = [
    SEEN_KEY,
    [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken],
    RESTORE_URL_PARAMS,
    { user: STORAGE_KEYS.user, locale: LOCALE_STORAGE_KEY },
    LOCALES,
  ];
  return `(${gate.toString()})(...${JSON.stringify(args)});\n`;
}
