import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, RESET_TOKEN_TTL_SECONDS, type Locale } from '@corestone/contracts';
import { badRequest, type Mailer, type Queryable } from '@corestone/service-kit';
import { hashResetToken, newResetToken } from '../domain/tokens';
import { hashPassword } from '../domain/passwords';
import { checkNewPassword } from '../domain/validation';
import { resetPasswordMail, schoolInviteMail, setPasswordMail } from '../domain/mails';
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
    /**
     * The language of a user's mails (issue 36): their own, else `school` (an inviting school's
     * default), else their school's default, else English.
     */
    private readonly mailLocale: (userId: string, school?: Locale) => Promise<Locale> = async (_id, school) => school ?? 'en',
  ) {}

  /** The mail goes in any case: when users cannot say the language, in the inviting school's or English. */
  private async localeOf(userId: string, school?: Locale): Promise<Locale> {
    return this.mailLocale(userId, school).catch((err: unknown) => {
      this.log.warn({ err, userId }, 'mail language unknown (users did not answer)');
      return school ?? 'en';
    });
  }

  /**
   * Sends a reset link when an account with this e-mail exists and is active (a deactivated one
   * could not sign in with the new password anyway); silent otherwise (no enumeration).
   */
  async request(email: string): Promise<void> {
    const credential = await this.store.findByEmail(email);
    if (!credential || credential.status !== 'active' || !credential.is_active) return;
    const token = newResetToken();
    await this.store.createResetToken(credential.user_id, hashResetToken(token), RESET_TOKEN_TTL_SECONDS);
    await this.mailer.send({ to: credential.email, ...resetPasswordMail(this.linkFor(token), await this.localeOf(credential.user_id)) });
    this.log.info({ userId: credential.user_id }, 'password reset mail sent');
  }

  /**
   * The password-set mail of a new account an admin created without a password (class import):
   * a reset token valid 7 days, the same /reset-password page. With `school` (an account a school
   * invited: the invitation consumer, messaging/invitations.ts) the mail says which school invited
   * them. Throws when the mail cannot be sent. `db`: the transaction the token is written in (the
   * invitation consumer's, which rolls it back with its processed mark when the mail fails).
   */
  async invite(
    account: { id: string; email: string; first_name: string },
    school?: { name: string; locale?: Locale },
    db?: Queryable,
  ): Promise<void> {
    const token = newResetToken();
    await this.store.createResetToken(account.id, hashResetToken(token), SET_PASSWORD_TOKEN_TTL_SECONDS, db);
    const link = this.linkFor(token);
    const locale = await this.localeOf(account.id, school?.locale);
    const mail = school === undefined ? setPasswordMail(account, link, locale) : schoolInviteMail(account, school.name, link, locale);
    await this.mailer.send({ to: account.email, ...mail });
    this.log.info({ userId: account.id, school: school !== undefined }, 'password-set mail sent');
  }

  private linkFor(token: string): string {
    return `${this.publicBase}/reset-password?token=${encodeURIComponent(token)}`;
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
