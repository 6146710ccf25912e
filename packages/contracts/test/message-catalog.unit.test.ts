import { Messages } from '../src/messages';
import { MESSAGE_SOURCES, localizeMessage } from '../src/message-catalog';
import { BillingMessages } from '../src/api-billing';
import { SSO_MESSAGES } from '../src/sso-texts';

describe('server messages in French and Spanish (issue 36)', () => {
  const cases = MESSAGE_SOURCES.flatMap((source) =>
    (['fr', 'es'] as const).map((locale) => [`${source.name} in ${locale}`, source, locale] as const),
  );
  it.each(cases)('%s has a text of its own for every entry', (_name, source, locale) => {
    const catalog = source[locale] as Record<string, unknown>;
    const english = source.en as Record<string, unknown>;
    const keys = Object.keys(english);
    const missing = keys.filter((k) => {
      const t = catalog[k];
      if (typeof english[k] === 'function') {
        if (typeof t !== 'function') return true;
        const args = (n: number) => Array.from({ length: (english[k] as () => string).length }, (_, i) => (i === 0 ? n : `x${i}`));
        const build = (f: unknown, n: number) => (f as (...a: unknown[]) => string)(...args(n));
        const [one, seven] = [build(t, 1), build(t, 7)];
        return !one.trim() || one === build(english[k], 1) || seven === build(english[k], 7);
      }
      return typeof t !== 'string' || !t.trim() || t === english[k];
    });
    expect(missing).toEqual([]);
    expect(Object.keys(catalog).sort()).toEqual([...keys].sort());
  });

  it('translates a text of the catalog by its exact English, and keeps English and unknown texts as they are', () => {
    expect(localizeMessage(Messages.INCORRECT_PASSWORD, 'fr')).toBe('Mot de passe incorrect');
    expect(localizeMessage(Messages.INCORRECT_PASSWORD, 'es')).toBe('Contraseña incorrecta');
    expect(localizeMessage(Messages.INCORRECT_PASSWORD, 'en')).toBe(Messages.INCORRECT_PASSWORD);
    expect(localizeMessage('email: must match format "email"', 'fr')).toBe('email: must match format "email"');
  });

  it('translates a message built from values with the values it was built from', () => {
    const en = Messages.SCHOOL_POOL_CAP_REACHED(3);
    expect(localizeMessage(en, 'fr', [3])).toContain('les 3 crédits de dissertation');
    expect(localizeMessage(en, 'es', [3])).toContain('los 3 créditos de ensayo');
    expect(localizeMessage(Messages.CLASS_POOL_CAP_REACHED(1), 'es', [1])).toContain('el único crédito');
    // Without its values (or with others) it cannot be told apart: English.
    expect(localizeMessage(en, 'fr')).toBe(en);
    expect(localizeMessage(en, 'fr', [4])).toBe(en);
  });

  it("translates billing's and single sign-on's texts the same way", () => {
    expect(localizeMessage(BillingMessages.CHECKOUT_DISABLED_BY_SCHOOL, 'fr')).toContain('Votre établissement fournit des crédits');
    expect(localizeMessage(SSO_MESSAGES.SSO_REQUIRED, 'es')).toContain('Tu colegio exige');
    const redirect = BillingMessages.REDIRECT_NOT_ALLOWED('cancel_url', 'https://corestone.example');
    expect(localizeMessage(redirect, 'es', ['cancel_url', 'https://corestone.example'])).toContain('tras un pago cancelado (cancel_url)');
  });
});
