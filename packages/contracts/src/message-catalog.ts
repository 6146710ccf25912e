import { Messages } from './messages';
import { BillingMessages } from './api-billing';
import { SSO_MESSAGES } from './sso-texts';
import { BillingMessagesFr, MessagesFr, SsoMessagesFr } from './messages.fr';
import { BillingMessagesEs, MessagesEs, SsoMessagesEs } from './messages.es';
import type { Locale } from './locale';

/**
 * A set of English server texts in another language (issue 36): every key, a text where the
 * English is a text and a function of the same parameters where the English is built from values.
 * The compiler refuses a catalog that misses a key.
 */
export type Catalog<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type MessageCatalog = Catalog<typeof Messages>;
export type MessageKey = keyof typeof Messages;
/** The values a message was built from (`Messages.SCHOOL_POOL_CAP_REACHED(cap)` → `[cap]`). */
export type MessageParams = ReadonlyArray<string | number>;

type Texts = Record<string, string | ((...args: never[]) => string)>;
type Translated = Record<Exclude<Locale, 'en'>, Texts>;

/** Every set of server texts with its translations: `Messages`, billing's and single sign-on's. */
export const MESSAGE_SOURCES: ReadonlyArray<{ name: string; en: Texts } & Translated> = [
  { name: 'Messages', en: Messages, fr: MessagesFr, es: MessagesEs },
  { name: 'BillingMessages', en: BillingMessages, fr: BillingMessagesFr, es: BillingMessagesEs },
  { name: 'SSO_MESSAGES', en: SSO_MESSAGES, fr: SsoMessagesFr, es: SsoMessagesEs },
];
export const MESSAGE_CATALOGS: Record<Exclude<Locale, 'en'>, MessageCatalog> = { fr: MessagesFr, es: MessagesEs };

type Found = { source: (typeof MESSAGE_SOURCES)[number]; key: string };
let byEnglish: Map<string, Found> | null = null;

/** The source and key of an English text (texts only; built-from-values messages need their params). */
function findText(text: string): Found | undefined {
  if (!byEnglish) {
    byEnglish = new Map();
    for (const source of MESSAGE_SOURCES)
      for (const [key, en] of Object.entries(source.en)) if (typeof en === 'string') byEnglish.set(en, { source, key });
  }
  return byEnglish.get(text);
}

/** The message built from `params` whose English is `text`. */
function findBuilt(text: string, params: MessageParams): Found | undefined {
  for (const source of MESSAGE_SOURCES)
    for (const [key, en] of Object.entries(source.en))
      if (typeof en === 'function' && (en as unknown as (...a: MessageParams) => string)(...params) === text) return { source, key };
  return undefined;
}

/**
 * `text` in `locale` when it is one of the server texts above (found by its exact English; a
 * message built from values also needs the `params` it was built from); otherwise `text` as it
 * is — English stays the spec's text, and a text outside the catalogs (a validation detail naming
 * a field) is answered in English.
 */
export function localizeMessage(text: string, locale: Locale, params?: MessageParams): string {
  if (locale === 'en') return text;
  const found = params && params.length ? findBuilt(text, params) : findText(text);
  if (!found) return text;
  const translated = found.source[locale][found.key];
  return typeof translated === 'function' ? translated(...(params as never[])) : translated;
}
