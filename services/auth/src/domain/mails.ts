import type { Locale } from '@corestone/contracts';

/**
 * The e-mails auth sends (pure: no I/O). Each has a plain-text part and an HTML part that say the
 * same; both carry the whole link as text, so it can be copied when the mail program does not
 * open links (and a text-only reader sees it too). In the recipient's language (issue 36: their
 * own, else their school's, else English).
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface LinkMail {
  subject: string;
  greeting?: string;
  /** Paragraphs before the link. */
  before: string[];
  /** What the link does (the HTML button text). */
  action: string;
  /** How long and how often the link works, in words. */
  validity: string;
  link: string;
  /** Paragraphs after the link. */
  after: string[];
  /** The frame's words in the mail's language. */
  frame: Frame;
}

/** The words every link mail shares. */
interface Frame {
  works: (action: string, validity: string) => string;
  worksHtml: (validity: string) => string;
  copy: string;
}

const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const P = 'margin:0 0 16px';
const BUTTON = 'display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px';

function linkMail(m: LinkMail): MailContent {
  const paragraphs = (list: string[]) => list.map((p) => `<p style="${P}">${escapeHtml(p)}</p>`).join('');
  const text =
    [m.greeting, ...m.before, `${m.frame.works(m.action, m.validity)}:\n${m.link}`, ...m.after].filter(Boolean).join('\n\n') + '\n';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    paragraphs([m.greeting ?? '', ...m.before].filter(Boolean)) +
    `<p style="${P}"><a href="${escapeHtml(m.link)}" style="${BUTTON}">${escapeHtml(m.action)}</a></p>` +
    `<p style="${P}">${escapeHtml(m.frame.worksHtml(m.validity))} ${escapeHtml(m.frame.copy)}<br>` +
    `<span style="word-break:break-all">${escapeHtml(m.link)}</span></p>` +
    paragraphs(m.after) +
    `</body></html>`;
  return { subject: m.subject, text, html };
}

/** The words of auth's mails in one language. */
interface AuthMailTexts {
  frame: Frame;
  hello: (firstName: string) => string;
  signInAfter: (email: string) => string;
  chooseYourPassword: string;
  sevenDays: string;
  reset: { subject: string; before: string; action: string; validity: string; after: string[] };
  set: { subject: string; before: string };
  invite: { someSchool: string; subject: (school: string) => string; before: (school: string) => string[]; ignore: string };
}

const TEXTS: Record<Locale, AuthMailTexts> = {
  en: {
    frame: {
      works: (action, validity) => `${action}. The link works ${validity}`,
      worksHtml: (validity) => `The link works ${validity}.`,
      copy: 'If the button does not open, copy this address into your browser:',
    },
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    signInAfter: (email) =>
      `Then sign in with this e-mail address (${email}). If the link has expired, use "Forgot password" on the sign-in page.`,
    chooseYourPassword: 'Choose your password',
    sevenDays: 'once, within 7 days',
    reset: {
      subject: 'Reset your Corestone password',
      before: 'Someone asked to reset the password of your Corestone account.',
      action: 'Choose a new password',
      validity: 'once, within one hour',
      after: [
        'If it was not you, ignore this e-mail: your password stays as it is.',
        'Choosing a new password signs you out on every device.',
      ],
    },
    set: {
      subject: 'Set your Corestone password',
      before: 'An account was created for you on Corestone, where you submit IB essays for feedback.',
    },
    invite: {
      someSchool: 'A school',
      subject: (school) => `${school} invited you to Corestone`,
      before: (school) => [
        `${school} invited you to Corestone, where you submit IB essays for feedback, and an account was created for you.`,
        'Choose a password to start.',
      ],
      ignore: 'If you do not know this school, ignore this e-mail: nothing happens without a password.',
    },
  },
  fr: {
    frame: {
      works: (action, validity) => `${action}. Le lien fonctionne ${validity}`,
      worksHtml: (validity) => `Le lien fonctionne ${validity}.`,
      copy: 'Si le bouton ne s’ouvre pas, copiez cette adresse dans votre navigateur :',
    },
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    signInAfter: (email) =>
      `Connectez-vous ensuite avec cette adresse e-mail (${email}). Si le lien a expiré, utilisez « Mot de passe oublié » sur la page de connexion.`,
    chooseYourPassword: 'Choisir votre mot de passe',
    sevenDays: 'une seule fois, dans les 7 jours',
    reset: {
      subject: 'Réinitialisez votre mot de passe Corestone',
      before: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Corestone.',
      action: 'Choisir un nouveau mot de passe',
      validity: 'une seule fois, dans l’heure',
      after: [
        'Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.',
        'Choisir un nouveau mot de passe vous déconnecte sur tous vos appareils.',
      ],
    },
    set: {
      subject: 'Choisissez votre mot de passe Corestone',
      before: 'Un compte a été créé pour vous sur Corestone, où vous soumettez vos travaux de l’IB pour recevoir des commentaires.',
    },
    invite: {
      someSchool: 'Un établissement',
      subject: (school) => `${school} vous invite sur Corestone`,
      before: (school) => [
        `${school} vous invite sur Corestone, où vous soumettez vos travaux de l’IB pour recevoir des commentaires, et un compte a été créé pour vous.`,
        'Choisissez un mot de passe pour commencer.',
      ],
      ignore: 'Si vous ne connaissez pas cet établissement, ignorez cet e-mail : rien ne se passe sans mot de passe.',
    },
  },
  es: {
    frame: {
      works: (action, validity) => `${action}. El enlace funciona ${validity}`,
      worksHtml: (validity) => `El enlace funciona ${validity}.`,
      copy: 'Si el botón no se abre, copia esta dirección en tu navegador:',
    },
    hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    signInAfter: (email) =>
      `Después, inicia sesión con esta dirección de correo electrónico (${email}). Si el enlace ha caducado, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.`,
    chooseYourPassword: 'Elegir tu contraseña',
    sevenDays: 'una sola vez, en un plazo de 7 días',
    reset: {
      subject: 'Restablece tu contraseña de Corestone',
      before: 'Alguien ha solicitado restablecer la contraseña de tu cuenta de Corestone.',
      action: 'Elegir una nueva contraseña',
      validity: 'una sola vez, en el plazo de una hora',
      after: [
        'Si no has sido tú, ignora este correo: tu contraseña no cambia.',
        'Al elegir una nueva contraseña se cerrará tu sesión en todos los dispositivos.',
      ],
    },
    set: {
      subject: 'Establece tu contraseña de Corestone',
      before: 'Se ha creado una cuenta para ti en Corestone, donde puedes enviar tus trabajos del IB para recibir comentarios.',
    },
    invite: {
      someSchool: 'Un colegio',
      subject: (school) => `${school} te ha invitado a Corestone`,
      before: (school) => [
        `${school} te ha invitado a Corestone, donde puedes enviar tus trabajos del IB para recibir comentarios, y se ha creado una cuenta para ti.`,
        'Elige una contraseña para empezar.',
      ],
      ignore: 'Si no conoces este colegio, ignora este correo: no ocurrirá nada sin una contraseña.',
    },
  },
};

/** Forgot password: the link to /reset-password, valid one hour, once. */
export function resetPasswordMail(link: string, locale: Locale = 'en'): MailContent {
  const t = TEXTS[locale];
  return linkMail({ ...t.reset, before: [t.reset.before], link, frame: t.frame });
}

/** An account an admin created without a password (class import): the same page, valid 7 days. */
export function setPasswordMail(account: { email: string; first_name: string }, link: string, locale: Locale = 'en'): MailContent {
  const t = TEXTS[locale];
  return linkMail({
    subject: t.set.subject,
    greeting: t.hello(account.first_name),
    before: [t.set.before],
    action: t.chooseYourPassword,
    validity: t.sevenDays,
    link,
    after: [t.signInAfter(account.email)],
    frame: t.frame,
  });
}

/**
 * A school invited someone who had no account (rpc.auth.provision_user): the account exists without
 * a password; the link sets it on the same /reset-password page, valid 7 days.
 */
export function schoolInviteMail(
  account: { email: string; first_name: string },
  schoolName: string,
  link: string,
  locale: Locale = 'en',
): MailContent {
  const t = TEXTS[locale];
  // One line whatever was typed (the subject is a header); the school's name as the school wrote it otherwise.
  const school = schoolName.replace(/[\s\p{Cc}]+/gu, ' ').trim() || t.invite.someSchool;
  return linkMail({
    subject: t.invite.subject(school),
    greeting: t.hello(account.first_name),
    before: t.invite.before(school),
    action: t.chooseYourPassword,
    validity: t.sevenDays,
    link,
    after: [t.signInAfter(account.email), t.invite.ignore],
    frame: t.frame,
  });
}
