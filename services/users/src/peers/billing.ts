import type { FastifyBaseLogger } from 'fastify';
import { Rpc, type CreditAccount, type User } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';
import type { AccountStore, AccountWithCredits } from '../store/accounts';
import { toUser, type Credits, type MirroredCredits } from '../domain/view';
import type { CreditUpdates } from '../messaging/credit-updates';

/** Billing as users sees it: credits for views (mirror + updates heard, or live), admin credit changes. */
export class BillingLink {
  constructor(
    private readonly bus: Bus,
    private readonly store: AccountStore,
    private readonly timeoutMs: number,
    private readonly log: FastifyBaseLogger,
    /** Read-your-writes over the mirror (see CreditUpdates); absent or not current → read billing live. */
    private readonly updates?: CreditUpdates,
  ) {}

  /**
   * The user's `User` view with credits as of every answer billing has given (read-your-writes for
   * /auth/me and /users/me): `read` reads (or writes and returns) the account with its mirrored
   * credits, and runs only after the updates billing announced before this call were taken, so the
   * mirror it reads holds whatever they no longer do. The mirror, or a newer update heard but not
   * yet mirrored: no billing call and no write while the updates are current; otherwise billing is
   * asked live (the mirror if it is silent).
   */
  async view(userId: string, read: () => Promise<AccountWithCredits>): Promise<User> {
    const heard = this.updates ? await this.updates.heard(userId) : undefined;
    const found = await read();
    return toUser(found.account, await this.credits(userId, heard, found.credits));
  }

  private async credits(
    userId: string,
    heard: CreditAccount | null | undefined,
    mirrored: MirroredCredits | null,
  ): Promise<Credits | null> {
    if (heard === undefined) return (await this.live(userId)) ?? mirrored;
    if (mirrored) this.updates?.mirrored(userId, mirrored.version);
    return heard && heard.version > (mirrored?.version ?? 0) ? heard : mirrored;
  }

  /** Billing's current account for a user; null when billing does not answer in time. A read: nothing is written. */
  async live(userId: string): Promise<Credits | null> {
    try {
      const { account } = await callRpc(this.bus, Rpc.billingGetAccount, { user_id: userId }, { timeoutMs: this.timeoutMs });
      return account;
    } catch (err) {
      this.log.warn({ err, userId }, 'billing did not answer; using mirrored credits');
      return null;
    }
  }

  /** Forwards an admin's credit change; billing's refusal or silence reaches the caller. */
  async setCredits(userId: string, essay_credits: number, max_essay_credits: number, actorId?: string): Promise<CreditAccount> {
    const { account } = await callRpc(this.bus, Rpc.billingSetCredits, {
      user_id: userId,
      essay_credits,
      max_essay_credits,
      actor: actorId,
    });
    await this.store.mirrorCredits(account);
    return account;
  }
}
