/**
 * The e-mails auth sends (pure: no I/O). Each has a plain-text part and an HTML part that say the
 * same; both carry the whole link as text, so it can be copied when the mail program does not
 * open links (and a text-only reader sees it too).
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
}

const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const P = 'margin:0 0 16px';
const BUTTON = 'display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px';

function linkMail(m: LinkMail): MailContent {
  const paragraphs = (list: string[]) => list.map((p) => `<p style="${P}">${escapeHtml(p)}</p>`).join('');
  const text =
    [m.greeting, ...m.before, `${m.action}. The link works ${m.validity}:\n${m.link}`, ...m.after].filter(Boolean).join('\n\n') + '\n';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    paragraphs([m.greeting ?? '', ...m.before].filter(Boolean)) +
    `<p style="${P}"><a href="${escapeHtml(m.link)}" style="${BUTTON}">${escapeHtml(m.action)}</a></p>` +
    `<p style="${P}">The link works ${escapeHtml(m.validity)}. If the button does not open, copy this address into your browser:<br>` +
    `<span style="word-break:break-all">${escapeHtml(m.link)}</span></p>` +
    paragraphs(m.after) +
    `</body></html>`;
  return { subject: m.subject, text, html };
}

/** Forgot password: the link to /reset-password, valid one hour, once. */
export function resetPasswordMail(link: string): MailContent {
  return linkMail({
    subject: 'Reset your Corestone password',
    before: ['Someone asked to reset the password of your Corestone account.'],
    action: 'Choose a new password',
    validity: 'once, within one hour',
    link,
    after: [
      'If it was not you, ignore this e-mail: your password stays as it is.',
      'Choosing a new password signs you out on every device.',
    ],
  });
}

/** An account an admin created without a password (class import): the same page, valid 7 days. */
export function setPasswordMail(account: { email: string; first_name: string }, link: string): MailContent {
  return linkMail({
    subject: 'Set your Corestone password',
    greeting: account.first_name ? `Hello ${account.first_name},` : 'Hello,',
    before: ['An account was created for you on Corestone, where you submit IB essays for feedback.'],
    action: 'Choose your password',
    validity: 'once, within 7 days',
    link,
    after: [
      `Then sign in with this e-mail address (${account.email}). If the link has expired, use "Forgot password" on the sign-in page.`,
    ],
  });
}

/**
 * A school invited someone who had no account (rpc.auth.provision_user): the account exists without
 * a password; the link sets it on the same /reset-password page, valid 7 days.
 */
export function schoolInviteMail(account: { email: string; first_name: string }, schoolName: string, link: string): MailContent {
  // One line whatever was typed (the subject is a header); the school's name as the school wrote it otherwise.
  const school = schoolName.replace(/[\s\p{Cc}]+/gu, ' ').trim() || 'A school';
  return linkMail({
    subject: `${school} invited you to Corestone`,
    greeting: account.first_name ? `Hello ${account.first_name},` : 'Hello,',
    before: [
      `${school} invited you to Corestone, where you submit IB essays for feedback, and an account was created for you.`,
      'Choose a password to start.',
    ],
    action: 'Choose your password',
    validity: 'once, within 7 days',
    link,
    after: [
      `Then sign in with this e-mail address (${account.email}). If the link has expired, use "Forgot password" on the sign-in page.`,
      'If you do not know this school, ignore this e-mail: nothing happens without a password.',
    ],
  });
}
