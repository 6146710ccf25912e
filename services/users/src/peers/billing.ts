import type { FastifyBaseLogger } from 'fastify';
import { Rpc, type CreditAccount } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';
import type { Credits, MirroredCredits } from '../domain/view';
import type { CreditUpdates } from '../messaging/credit-updates';

/** Billing as users sees it: credits for views (mirror + updates heard, or live: `heard` then `credits`), admin credit changes. */
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
   * Call before reading the mirror (read-your-writes for /auth/me and /users/me): the newest credit
   * update billing announced before this call that the mirror may not hold (null: none), or
   * undefined when that is not known (the view then asks billing live: `credits`).
   */
  async heard(userId: string): Promise<CreditAccount | null | undefined> {
    if (!this.updates) return undefined;
    const heard = await this.updates.heard(userId);
    return heard === undefined ? undefined : (heard?.value ?? null);
  }

  /**
   * The credits a view shows: the mirror, or a newer update heard (`heard`, taken before the mirror
   * was read; null: none; undefined: not known, so billing is asked live).
   */
  async credits(userId: string, heard: CreditAccount | null | undefined, mirrored: MirroredCredits | null): Promise<Credits | null> {
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
