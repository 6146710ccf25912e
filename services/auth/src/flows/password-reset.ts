import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, RESET_TOKEN_TTL_SECONDS } from '@corestone/contracts';
import { badRequest, type Mailer } from '@corestone/service-kit';
import { hashResetToken, newResetToken } from '../domain/tokens';
import { hashPassword } from '../domain/passwords';
import { checkNewPassword } from '../domain/validation';
import type { AuthStore } from '../store/auth-store';

/**
 * How long the link of a password-set mail (an account an admin created without a password) works:
 * a school imports a class before term and the students open the mail over the following days.
 */
export const SET_PASSWORD_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Forgot/reset password: single-use tokens valid one hour, stored as hashes, links built from
 * PUBLIC_BASE_URL. Also the password-set mail of an account created without a password (the same
 * token and page, valid 7 days).
 */
export class PasswordReset {
  constructor(
    private readonly store: AuthStore,
    private readonly mailer: Mailer,
    private readonly publicBase: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends a reset link when an active account has this e-mail; silent otherwise (no enumeration). */
  async request(email: string): Promise<void> {
    const credential = await this.store.findByEmail(email);
    if (!credential || credential.status !== 'active') return;
    const token = newResetToken();
    await this.store.createResetToken(credential.user_id, hashResetToken(token), RESET_TOKEN_TTL_SECONDS);
    const link = `${this.publicBase}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send({
      to: credential.email,
      subject: 'Reset your Corestone password',
      text:
        `Someone asked to reset the password of your Corestone account.\n\n` +
        `Open this link within one hour to choose a new password:\n${link}\n\n` +
        `If it was not you, ignore this e-mail: your password stays as it is.\n`,
      html:
        `<p>Someone asked to reset the password of your Corestone account.</p>` +
        `<p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p>` +
        `<p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
    });
    this.log.info({ userId: credential.user_id }, 'password reset mail sent');
  }

  /**
   * The password-set mail of a new account an admin created without a password (class import):
   * a reset token valid 7 days, the same /reset-password page. Throws when the mail cannot be sent.
   */
  async invite(account: { id: string; email: string; first_name: string }): Promise<void> {
    const token = newResetToken();
    await this.store.createResetToken(account.id, hashResetToken(token), SET_PASSWORD_TOKEN_TTL_SECONDS);
    const link = `${this.publicBase}/reset-password?token=${encodeURIComponent(token)}`;
    const hello = account.first_name ? `Hello ${account.first_name},` : 'Hello,';
    await this.mailer.send({
      to: account.email,
      subject: 'Set your Corestone password',
      text:
        `${hello}\n\nAn account was created for you on Corestone, where you submit IB essays for feedback.\n\n` +
        `Open this link within 7 days to choose your password:\n${link}\n\n` +
        `Then sign in with this e-mail address (${account.email}). If the link has expired, use "Forgot password" on the sign-in page.\n`,
      html:
        `<p>${escapeHtml(hello)}</p><p>An account was created for you on Corestone, where you submit IB essays for feedback.</p>` +
        `<p><a href="${link}">Choose your password</a> (the link works once, within 7 days).</p>` +
        `<p>Then sign in with this e-mail address (${escapeHtml(account.email)}). If the link has expired, use “Forgot password” on the sign-in page.</p>`,
    });
    this.log.info({ userId: account.id }, 'password-set mail sent');
  }

  /** Sets the new password with a valid token; revokes every session of the account. */
  async reset(token: string | undefined, newPassword: string | undefined): Promise<void> {
    const invalid = () => badRequest(Messages.INVALID_RESET_TOKEN, Codes.INVALID_RESET_TOKEN);
    if (!token) throw invalid();
    const password = checkNewPassword(newPassword);
    const userId = await this.store.consumeResetToken(hashResetToken(token), await hashPassword(password));
    if (!userId) throw invalid();
    this.log.info({ userId }, 'password reset');
  }
}

const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
