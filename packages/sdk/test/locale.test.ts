import { CorestoneClient, currentLocale, localeForUser, normalizeUser, onLocaleChange, setLocale } from '../src';
import { fakeFetch, json, type Call } from './helpers';

describe('the page language', () => {
  afterEach(() => {
    setLocale('en');
    localStorage.clear();
  });

  it('is sent as Accept-Language on every request and follows a change', async () => {
    const f = fakeFetch(async (_c: Call) => json(200, { status: 'ok' }));
    const client = new CorestoneClient({ baseUrl: '/api/v1', fetch: f.fetch, locks: null });
    await client.transport.request('/health', { anonymous: true });
    expect(f.calls[0]!.headers['Accept-Language']).toBe('en');
    setLocale('fr');
    await client.transport.request('/health', { anonymous: true });
    expect(f.calls[1]!.headers['Accept-Language']).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('tells listeners once per real change, and remembers only when asked', () => {
    const seen: string[] = [];
    const off = onLocaleChange((l) => seen.push(l));
    setLocale('es');
    setLocale('es');
    setLocale('en', { remember: true });
    off();
    setLocale('fr');
    expect(seen).toEqual(['es', 'en']);
    expect(localStorage.getItem('corestone.locale')).toBe('en');
    expect(currentLocale()).toBe('fr');
  });

  it("follows the user's choice, then the school's default, then this device", () => {
    const base = { id: 'u1', email: 'a@b.co', user_type: 'student' };
    const school = { id: 's1', name: 'Lycée', role: 'student', status: 'active', default_locale: 'fr' };
    localStorage.setItem('corestone.locale', 'es');
    expect(localeForUser(normalizeUser({ ...base, locale: 'en', school }))).toBe('en');
    expect(localeForUser(normalizeUser({ ...base, locale: null, school }))).toBe('fr');
    expect(localeForUser(normalizeUser({ ...base }))).toBe('es');
    expect(normalizeUser({ ...base, locale: 'de' })!.locale).toBeNull();
  });
});
