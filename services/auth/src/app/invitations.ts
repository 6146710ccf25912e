import type { FastifyBaseLogger } from 'fastify';
import type { EventData, Events } from '@corestone/contracts';
import { HttpError } from '@corestone/service-kit';
import type { UsersClient } from '../peers/users-rpc';
import type { AuthStore } from '../store/auth-store';
import type { PasswordReset } from './password-reset';

export const INVITATIONS_CONSUMER = 'auth-invitations';

export type InvitationOutcome = 'sent' | 'already_sent' | 'not_needed';

/**
 * The set-password mail of an account a school invited (`auth.invitation_requested.v1`, written
 * when the account was activated). Exactly once per event: the processed mark, the new reset token
 * and the mail are one transaction — the mark is written first (a second delivery of the same
 * event, on this or another replica, waits on it and then finds it taken), the mail is sent
 * inside, and a mail that fails rolls back the mark and the token so the redelivery sends it.
 * Limit: a crash between the SMTP server's acceptance and the commit would send it once more.
 * No mail (the mark alone) for an account that is gone or deactivated, or whose owner already
 * chose a password (e.g. through "Forgot password"). The greeting's first name is the one auth kept
 * with the credential for it (cleared with the mark), else users' (rpc.users.get_view).
 */
export class InvitationMails {
  constructor(
    private readonly store: AuthStore,
    private readonly users: UsersClient,
    private readonly reset: PasswordReset,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(eventId: string, data: EventData<typeof Events.authInvitationRequested>): Promise<InvitationOutcome> {
    const credential = await this.store.findById(data.user_id);
    // The first name kept with the credential for this mail; users is asked only when it is not there.
    const kept = credential?.profile.first_name;
    const firstName = !credential ? null : kept !== undefined ? kept : await this.firstName(data.user_id);
    const needed = credential !== null && firstName !== null && credential.is_active && credential.password_hash === null;
    let outcome: InvitationOutcome = 'not_needed';
    const fresh = await this.store.onceForEvent(INVITATIONS_CONSUMER, eventId, async (tx) => {
      if (credential) await this.store.clearInvitedProfile(credential.user_id, tx);
      if (!needed) return;
      const account = { id: credential.user_id, email: credential.email, first_name: firstName };
      await this.reset.invite(account, { name: data.school_name, locale: data.school_locale }, tx);
      outcome = 'sent';
    });
    if (!fresh) return 'already_sent';
    if (outcome === 'not_needed')
      this.log.info({ userId: data.user_id }, 'school invitation not mailed: the account is gone, deactivated or has a password');
    return outcome;
  }

  /** The account's first name from users; null when the account is gone. */
  private async firstName(userId: string): Promise<string | null> {
    try {
      return (await this.users.getView(userId)).first_name;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return null;
      throw err;
    }
  }
}
