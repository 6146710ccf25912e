import { DEFAULT_SCHOOL_SETTINGS, type SchoolSettings } from '@corestone/contracts';

/** Input checks the schemas cannot say, each answering the field's message. */
export type Checked<T> = { ok: true; value: T } | { ok: false; detail: string; code: 'domain' | 'time_zone' };

const DOMAIN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Addresses of public mail providers: never a school's verified domain (anyone could sign up with one). */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
]);

/** Lower-cased, without a leading `@`, de-duplicated; refused when one is not a domain or is a public mail provider's. */
export function checkEmailDomains(given: readonly string[]): Checked<string[]> {
  const out: string[] = [];
  for (const raw of given) {
    const domain = raw.trim().toLowerCase().replace(/^@/, '');
    if (!DOMAIN.test(domain))
      return { ok: false, code: 'domain', detail: `"${raw.slice(0, 100)}" is not an e-mail domain (e.g. school.example.org)` };
    if (PUBLIC_MAIL_DOMAINS.has(domain)) {
      return {
        ok: false,
        code: 'domain',
        detail: `${domain} is a public mail provider's domain; a school's verified domain must be its own`,
      };
    }
    if (!out.includes(domain)) out.push(domain);
  }
  return { ok: true, value: out };
}

/** Trimmed, lower-cased (Entra tenant ids are GUIDs; case does not matter), de-duplicated. */
export function normaliseTenantIds(given: readonly string[]): string[] {
  return [...new Set(given.map((t) => t.trim().toLowerCase()).filter((t) => t.length > 0))];
}

/** An IANA time zone this runtime knows (`Europe/London`, `UTC`), in its canonical spelling. */
export function checkTimeZone(given: string): Checked<string> {
  try {
    const zone = new Intl.DateTimeFormat('en', { timeZone: given.trim() }).resolvedOptions().timeZone;
    return { ok: true, value: zone };
  } catch {
    return { ok: false, code: 'time_zone', detail: `"${given.slice(0, 64)}" is not a time zone (use an IANA name such as Europe/London)` };
  }
}

export const normaliseCountry = (country: string): string => country.toUpperCase();

/** Settings changed by a partial update (or the defaults, for a new school). */
export function mergeSettings(current: SchoolSettings | null, change: Partial<SchoolSettings> | undefined): SchoolSettings {
  return { ...(current ?? DEFAULT_SCHOOL_SETTINGS), ...(change ?? {}) };
}

/** An e-mail address as stored and compared: trimmed, lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (email: string): boolean => EMAIL.test(email);

/** Text for a case-insensitive `ILIKE` search: `%`, `_` and `\` match themselves. */
export const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A required text field, trimmed; null when nothing but spaces was sent (the schema only counts characters). */
export const trimmedText = (value: string): string | null => value.trim() || null;

/** The domain of an e-mail address, lower case; null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  return at > 0
    ? email
        .trim()
        .slice(at + 1)
        .toLowerCase() || null
    : null;
}

/** How a new account in one of the school's verified domains lands (absent: pending approval). */
export const domainSignUp = (settings: SchoolSettings): 'pending' | 'active' | 'off' => settings.domain_sign_up ?? 'pending';

/** Issue 32: the platform role of an account a first SSO sign-in makes in the school (absent: student). */
export const ssoNewMemberRole = (settings: SchoolSettings): 'student' | 'teacher' => settings.sso_new_member_role ?? 'student';
