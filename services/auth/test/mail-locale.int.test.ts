import { Rpc } from '@corestone/contracts';
import { callRpc } from '@corestone/service-kit';
import { writtenMails } from '@corestone/service-kit/testing';
import { startAuth, uniqueEmail, type Harness } from './helpers';
import { invitationsSettled } from './invitation-helpers';

/**
 * Issue 36: auth's mails in the recipient's language — their own choice, else their school's
 * default, else English (asked of users: rpc.users.get_view) — and its `detail` in the request's.
 */
let h: Harness;
beforeAll(async () => {
  h = await startAuth('authloc');
});
afterAll(async () => {
  await h.close();
});

const forgot = async (email: string) => {
  const res = await h.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
  await h.background.idle();
  return res;
};
const lastMailTo = (email: string) =>
  writtenMails(h.mailDir)
    .filter((m) => m.to.includes(email.toLowerCase()))
    .at(-1)!;
const school = (default_locale: 'en' | 'fr' | 'es') => ({
  id: '01900000-0000-7000-8000-000000000001',
  name: 'École Exemple',
  role: 'student' as const,
  status: 'active' as const,
  default_locale,
});

describe("auth's mails in the recipient's language", () => {
  it('writes the reset mail in French for a French user and in Spanish for a Spanish one', async () => {
    const fr = await h.userWithSession('student');
    h.users.set(fr.user.id, { locale: 'fr' });
    await forgot(fr.email);
    const frMail = lastMailTo(fr.email);
    expect(frMail.subject).toBe('Réinitialisez votre mot de passe Corestone');
    expect(frMail.raw).toContain('Choisir un nouveau mot de passe. Le lien fonctionne une seule fois, dans l’heure');

    const es = await h.userWithSession('teacher');
    h.users.set(es.user.id, { locale: null, school: school('es') }); // none of their own: the school's
    await forgot(es.email);
    const esMail = lastMailTo(es.email);
    expect(esMail.subject).toBe('Restablece tu contraseña de Corestone');
    expect(esMail.raw).toContain('Alguien ha solicitado restablecer la contraseña de tu cuenta de Corestone.');
  });

  it("prefers the user's own choice to the school's, and writes English without either", async () => {
    const mine = await h.userWithSession('student');
    h.users.set(mine.user.id, { locale: 'fr', school: school('es') });
    await forgot(mine.email);
    expect(lastMailTo(mine.email).subject).toBe('Réinitialisez votre mot de passe Corestone');

    const plain = await h.userWithSession('student');
    await forgot(plain.email);
    expect(lastMailTo(plain.email).subject).toBe('Reset your Corestone password');
  });

  it("writes a school's invitation in the school's language (one invited alone, and a roster's batch)", async () => {
    const fr = uniqueEmail('invite-fr');
    await callRpc(h.infra.bus, Rpc.authProvisionUser, {
      email: fr,
      name: 'Zoé Lambert',
      platform_role: 'student',
      invited_by_school: 'Lycée Exemple',
      invited_by_school_locale: 'fr',
    });
    const es = uniqueEmail('invite-es');
    await callRpc(h.infra.bus, Rpc.authProvisionUsers, {
      invited_by_school: 'Colegio Ejemplo',
      invited_by_school_locale: 'es',
      users: [{ email: es, name: 'Lucía Pérez', platform_role: 'student' }],
    });
    await invitationsSettled(h);
    const frMail = lastMailTo(fr);
    expect(frMail.subject).toBe('Lycée Exemple vous invite sur Corestone');
    expect(frMail.raw).toContain('Bonjour Zoé,');
    expect(frMail.raw).toContain('Choisir votre mot de passe. Le lien fonctionne une seule fois, dans les 7 jours');
    const esMail = lastMailTo(es);
    expect(esMail.subject).toBe('Colegio Ejemplo te ha invitado a Corestone');
    expect(esMail.raw).toContain('Hola, Lucía:');
  });

  it("answers auth's errors in the request's language with the same code", async () => {
    const answers = await Promise.all(
      ['en', 'fr-CH, fr;q=0.9', 'es'].map((lang) =>
        h.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'accept-language': lang },
          payload: { username: 'nobody-here@example.com', password: 'whatever-password' },
        }),
      ),
    );
    expect(answers.map((r) => r.json())).toEqual([
      { detail: 'No account found with this email address', code: 'ACCOUNT_NOT_FOUND' },
      { detail: 'Aucun compte ne correspond à cette adresse e-mail', code: 'ACCOUNT_NOT_FOUND' },
      { detail: 'No existe ninguna cuenta con esta dirección de correo electrónico', code: 'ACCOUNT_NOT_FOUND' },
    ]);
  });
});
