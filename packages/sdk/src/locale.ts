/**
 * The page's interface language (issue 36), one per page: the sdk is a shared federation singleton,
 * so the shell and every remote read and follow the same choice. Every request carries it as
 * Accept-Language, so servers answer `detail` in it.
 *
 * Precedence: the signed-in user's own choice (profile `locale`), their school's default, the
 * choice made on this device while signed out (kept in local storage), the browser's languages,
 * English.
 */
import { DEFAULT_LOCALE, resolveLocale, supportedLocale, type Locale } from '@corestone/contracts/locale';
import type { SessionUser } from './user';

export { LOCALES, LOCALE_NAMES, DEFAULT_LOCALE, supportedLocale, type Locale } from '@corestone/contracts/locale';

/** Where this device keeps the language chosen while signed out (the prerendered page's gate reads it too). */
export const LOCALE_STORAGE_KEY = 'corestone.locale';
const STORAGE_KEY = LOCALE_STORAGE_KEY;
type Listener = (locale: Locale) => void;

const listeners = new Set<Listener>();
let current: Locale = initialLocale();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The device's language before anyone signs in: a stored choice, else the browser's, else English. */
function initialLocale(): Locale {
  return resolveLocale(storage()?.getItem(STORAGE_KEY), ...browserLanguages());
}

/** The language a user sees: their own choice, their school's default, this device's, English. */
export function localeForUser(user: Pick<SessionUser, 'locale' | 'school'> | null | undefined): Locale {
  return resolveLocale(user?.locale, user?.school?.default_locale, storage()?.getItem(STORAGE_KEY), ...browserLanguages());
}

export function currentLocale(): Locale {
  return current;
}

/**
 * Switches the page's language. `remember` keeps it on this device (the signed-out picker); a
 * signed-in user's choice is saved to their profile by the caller instead.
 */
export function setLocale(locale: Locale, { remember = false }: { remember?: boolean } = {}): void {
  const next = supportedLocale(locale) ?? DEFAULT_LOCALE;
  if (remember) storage()?.setItem(STORAGE_KEY, next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === current) return;
  current = next;
  for (const fn of listeners) fn(next);
}

/** Calls `fn` on every change of language; returns the unsubscribe (fits useSyncExternalStore). */
export function onLocaleChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
