import { Rpc, type LastSignIn } from '@corestone/contracts';
import type { Inviter } from '../store/schools';
import { callRpc, type Bus } from '@corestone/service-kit';

/** A batch's answer may take this many times a single provision's. */
const BATCH_WAIT_FACTOR = 6;

/**
 * The accounts behind memberships, asked of their owners over NATS request/reply: auth makes (or
 * finds, by e-mail) an invited member's account — one, or a batch of a roster import — and queues a
 * new one's set-password mail; users
 * answers an account's e-mail and name (a student joining with a class code).
 */
export class Accounts {
  constructor(
    private readonly bus: Bus,
    private readonly timeoutMs: number,
  ) {}

  /** The account for `email` (made when there is none): its id and whether this call made it. */
  provision(req: { email: string; name: string; platform_role: 'student' | 'teacher' }, school: Inviter) {
    return callRpc(
      this.bus,
      Rpc.authProvisionUser,
      { ...req, invited_by_school: school.name, invited_by_school_locale: school.locale },
      { timeoutMs: this.timeoutMs },
    );
  }

  /**
   * provision for a batch (a roster import's; at most PROVISION_BATCH_MAX people, one school): each
   * person answered on their own, in order — `{ok: true, user_id, created}` or the refusal of that
   * person alone. Auth works on several at once; the wait allows for a full batch.
   */
  provisionMany(school: Inviter, people: Array<{ email: string; name: string; platform_role: 'student' | 'teacher' }>) {
    return callRpc(
      this.bus,
      Rpc.authProvisionUsers,
      { invited_by_school: school.name, invited_by_school_locale: school.locale, users: people },
      { timeoutMs: this.timeoutMs * BATCH_WAIT_FACTOR },
    );
  }

  /**
   * Issue 32: how and when each of these users last signed in, asked of auth (the members list).
   * Waits at most 1.5 s: the list is answered without it (`last_sign_in` null) rather than late.
   */
  async lastSignIns(userIds: string[]): Promise<Map<string, LastSignIn>> {
    if (!userIds.length) return new Map();
    const { users } = await callRpc(this.bus, Rpc.authSignInMethods, { user_ids: userIds }, { timeoutMs: Math.min(this.timeoutMs, 1500) });
    return new Map(users.map((u) => [u.user_id, { method: u.method, at: u.at }]));
  }

  /** Issue 32 (LTI): a session for an account schools authenticated with a verified launch (auth mints it). */
  issueSession(userId: string) {
    return callRpc(this.bus, Rpc.authIssueSession, { user_id: userId }, { timeoutMs: this.timeoutMs });
  }

  /** The platform role of an existing account (student, teacher, admin, super_admin). */
  async platformRole(userId: string): Promise<string> {
    const { user } = await callRpc(this.bus, Rpc.usersGetView, { user_id: userId }, { timeoutMs: this.timeoutMs });
    return user.role;
  }

  /** E-mail and display name of an existing account. */
  async profile(userId: string): Promise<{ email: string; name: string }> {
    const { user } = await callRpc(this.bus, Rpc.usersGetView, { user_id: userId }, { timeoutMs: this.timeoutMs });
    const name = user.name || [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
    return { email: user.email, name };
  }
}
