import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage, localizeMessage, type Locale, type MessageParams } from '@corestone/contracts';

/**
 * The language of a request's answer (issue 36): the best of en/fr/es its Accept-Language asks for
 * (the browser sends the user's profile language, else the school's, else the device's); English
 * when it asks for none of them or sends none.
 */
export function requestLocale(req: Pick<FastifyRequest, 'headers'>): Locale {
  const header = req.headers['accept-language'];
  return localeFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header) ?? 'en';
}

/** `text` in the request's language when it is one of the catalogs' (for answers sent before any hook runs). */
export function localizedText(req: Pick<FastifyRequest, 'headers'>, text: string): string {
  return localizeMessage(text, requestLocale(req));
}

/** The values an error's `detail` was built from, noted by the error handler for the hook below. */
const paramsOf = new WeakMap<FastifyReply, MessageParams>();

export function noteMessageParams(reply: FastifyReply, params: MessageParams | undefined): void {
  if (params?.length) paramsOf.set(reply, params);
}

/**
 * The one place server texts are translated: every JSON answer's top-level `detail` and `message`
 * that is one of contracts' `Messages` is answered in the request's language — errors
 * (`{detail, code}`, `code` unchanged) and confirmations (`{success, message}`). Texts outside
 * the catalog stay English. Costs nothing for answers without those fields or in English.
 */
export function registerLocalizedTexts(app: FastifyInstance): void {
  app.addHook('preSerialization', (req, reply, payload, done) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return done(null, payload);
    const body = payload as Record<string, unknown>;
    if (typeof body.detail !== 'string' && typeof body.message !== 'string') return done(null, payload);
    const locale = requestLocale(req);
    if (locale === 'en') return done(null, payload);
    const params = paramsOf.get(reply);
    const out = { ...body };
    if (typeof body.detail === 'string') out.detail = localizeMessage(body.detail, locale, params);
    if (typeof body.message === 'string') out.message = localizeMessage(body.message, locale, params);
    done(null, out);
  });
}
