import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, RESET_TOKEN_TTL_SECONDS } from '@corestone/contracts';
import { badRequest, type Mailer } from '@corestone/service-kit';
import { hashResetToken, newResetToken } from '../domain/tokens';
import { hashPassword } from '../domain/passwords';
import { checkNewPassword } from '../domain/validation';
import type { AuthStore } from '../store/auth-store';

/** Forgot/reset password: single-use tokens valid one hour, stored as hashes, links built from PUBLIC_BASE_URL. */
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
