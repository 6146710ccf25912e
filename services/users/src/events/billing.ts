import type { FastifyBaseLogger } from 'fastify';
import { Events, Rpc, type CreditAccount } from '@corestone/contracts';
import { callRpc, startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';
import type { Credits } from '../domain/view';

export const BILLING_MIRROR_DURABLE = 'users-billing-mirror';

/** Billing as users sees it: live reads with a mirror fallback, and admin credit changes. */
export class BillingLink {
  constructor(
    private readonly bus: Bus,
    private readonly store: AccountStore,
    private readonly timeoutMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Billing's current account for a user (read-your-writes for /auth/me and /users/me), kept in
   * the mirror too; null when billing does not answer in time (the caller uses the mirror).
   */
  async live(userId: string): Promise<Credits | null> {
    try {
      const { account } = await callRpc(this.bus, Rpc.billingGetAccount, { user_id: userId }, { timeoutMs: this.timeoutMs });
      await this.store.mirrorCredits(account);
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

/** Keeps the credit mirror from `billing.account_updated.v1` (highest version wins: idempotent). */
export function startBillingMirror(bus: Bus, store: AccountStore, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'billing',
    durable: BILLING_MIRROR_DURABLE,
    subjects: [Events.billingAccountUpdated.subject],
    logger,
    handler: async (event) => {
      await store.applyAccountUpdated(BILLING_MIRROR_DURABLE, event.id, event.data as CreditAccount);
    },
  });
}
