import { Rpc } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/**
 * The accounts behind memberships, asked of their owners over NATS request/reply: auth makes (or
 * finds, by e-mail) an invited member's account and mails a new one a set-password link; users
 * answers an account's e-mail and name (a student joining with a class code).
 */
export class Accounts {
  constructor(
    private readonly bus: Bus,
    private readonly timeoutMs: number,
  ) {}

  /** The account for `email` (made when there is none): its id and whether this call made it. */
  provision(req: { email: string; name: string; platform_role: 'student' | 'teacher'; invited_by_school: string }) {
    return callRpc(this.bus, Rpc.authProvisionUser, req, { timeoutMs: this.timeoutMs });
  }

  /** E-mail and display name of an existing account. */
  async profile(userId: string): Promise<{ email: string; name: string }> {
    const { user } = await callRpc(this.bus, Rpc.usersGetView, { user_id: userId }, { timeoutMs: this.timeoutMs });
    const name = user.name || [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
    return { email: user.email, name };
  }
}
