import { localeFromAcceptLanguage, resolveLocale, supportedLocale } from '../src/locale';

describe('interface language', () => {
  it('maps regional and odd-cased tags to the supported language', () => {
    expect(supportedLocale('fr-CA')).toBe('fr');
    expect(supportedLocale('ES_419')).toBe('es');
    expect(supportedLocale('en')).toBe('en');
    expect(supportedLocale('de-DE')).toBeNull();
    expect(supportedLocale('')).toBeNull();
  });

  it('picks the best supported language of an Accept-Language header by quality, then order', () => {
    expect(localeFromAcceptLanguage('de-DE, es;q=0.8, fr;q=0.9')).toBe('fr');
    expect(localeFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeFromAcceptLanguage('de, it;q=0.5')).toBeNull();
    expect(localeFromAcceptLanguage('fr;q=0, en;q=0.1')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });

  it('follows the profile, then the school, then the browser, then English', () => {
    expect(resolveLocale('es', 'fr', 'en-GB')).toBe('es');
    expect(resolveLocale(null, 'fr', 'en-GB')).toBe('fr');
    expect(resolveLocale(null, undefined, 'es-AR')).toBe('es');
    expect(resolveLocale(null, null, 'pt-BR')).toBe('en');
  });
});
