import type { FastifyBaseLogger } from 'fastify';
import type { RpcRequest, RpcResponse, Rpc } from '@corestone/contracts';
import { badRequest, conflict } from '@corestone/service-kit';
import { normalizeEmail, splitFullName } from '../domain/validation';
import type { Accounts } from './accounts';
import type { PasswordReset } from './password-reset';

type ProvisionRequest = RpcRequest<typeof Rpc.authProvisionUser>;
type ProvisionReply = RpcResponse<typeof Rpc.authProvisionUser>;

/**
 * `rpc.auth.provision_user` (a school's invitation or roster row): the account for an e-mail,
 * made when there is none. An existing account (e-mail matched case-insensitively) answers its id
 * and is left exactly as it is — role, password, activation. A new one gets the requested platform
 * role, no password, and the school's "set your password" mail (a reset token valid 7 days, the
 * shell's /reset-password page). Concurrent requests for one e-mail make one account: the
 * credential's claim (accounts.ts) lets exactly one of them activate it, and only that one mails.
 */
export class Provisioning {
  constructor(
    private readonly accounts: Accounts,
    private readonly reset: PasswordReset,
    private readonly mailEnabled: boolean,
    private readonly log: FastifyBaseLogger,
  ) {}

  async provision(req: ProvisionRequest): Promise<ProvisionReply> {
    const email = normalizeEmail(req.email);
    const { first_name, last_name } = splitFullName(req.name);
    if (!first_name) throw badRequest('Name is required');
    if (!this.mailEnabled) {
      // Without the mail a new account could never get a password: refuse before creating anything.
      const existing = await this.accounts.findUserIdByEmail(email);
      if (existing) return { user_id: existing, created: false };
      throw conflict('E-mail is turned off on this platform (MAIL_DISABLED): new accounts cannot be invited', 'MAIL_DISABLED');
    }
    const made = await this.accounts.createOrFind({
      email,
      password: null,
      role: req.platform_role,
      origin: 'school',
      profile: { first_name, last_name },
    });
    if (!made.created) return { user_id: made.userId, created: false };
    const { user } = made;
    // The account exists either way; a mail that could not go out is logged ("Forgot password" still works).
    await this.reset
      .invite({ id: user.id, email: user.email, first_name: user.first_name }, req.invited_by_school)
      .catch((err: unknown) => this.log.error({ err, userId: user.id }, 'school invitation mail not sent'));
    this.log.info({ userId: user.id, role: user.role }, 'account provisioned for a school');
    return { user_id: user.id, created: true };
  }
}
