import type { PoolClient, Pool } from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { CreditAccount } from '@corestone/contracts';
import { withTransaction } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';
import type { Purchase, PurchaseStore } from '../store/purchases';
import { nextStatus, type PaymentOutcome } from '../domain/purchase-state';

export interface SettleResult {
  /** What happened: `duplicate` (this provider event was handled before), `unknown_purchase`, `mismatch`, `unchanged`, or the new status. */
  result: 'duplicate' | 'unknown_purchase' | 'mismatch' | 'unchanged' | PaymentOutcome;
  purchase: Purchase | null;
  /** The account after a grant (null when nothing was granted). */
  account: CreditAccount | null;
}

/** A provider event that reports on a purchase: handled once per id. */
export interface ProviderEvent {
  id: string;
  type: string;
}

/** What the provider says was sold; a disagreement with our record grants nothing. */
export interface ReportedSale {
  userId?: string | null;
  plan?: string | null;
  amountCents?: number | null;
  currency?: string | null;
}

/**
 * The one place a purchase is settled, for the Stripe webhook and the local Pay button alike.
 * One transaction: the provider event id is recorded (a repeat — retried, duplicated or
 * concurrent — finds it and changes nothing), the purchase row is locked and moved forward, and a
 * payment grants the credits through the ledger (`grant:<purchase id>`, once) with the
 * `billing.account_updated.v1` event in the same commit.
 */
export class Fulfilment {
  constructor(
    private readonly pool: Pool,
    private readonly accounts: AccountStore,
    private readonly purchases: PurchaseStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  settle(purchaseId: string, outcome: PaymentOutcome, opts: { event?: ProviderEvent; sale?: ReportedSale } = {}): Promise<SettleResult> {
    return withTransaction(this.pool, async (client) => {
      if (opts.event && !(await this.firstDelivery(client, opts.event, purchaseId))) {
        return { result: 'duplicate', purchase: await this.purchases.get(purchaseId), account: null };
      }
      const settled = await this.settleIn(client, purchaseId, outcome, opts.sale);
      if (opts.event) {
        await client.query(`UPDATE stripe_events SET outcome = $2 WHERE id = $1`, [opts.event.id, settled.result]);
      }
      return settled;
    });
  }

  /** Records the event id; false when it was recorded before (waits for a concurrent twin to commit). */
  private async firstDelivery(client: PoolClient, event: ProviderEvent, purchaseId: string): Promise<boolean> {
    const { rowCount } = await client.query(
      `INSERT INTO stripe_events (id, type, purchase_id, outcome) VALUES ($1, $2, $3, 'received') ON CONFLICT (id) DO NOTHING`,
      [event.id, event.type, /^[0-9a-f-]{36}$/i.test(purchaseId) ? purchaseId : null],
    );
    return rowCount === 1;
  }

  private async settleIn(client: PoolClient, purchaseId: string, outcome: PaymentOutcome, sale?: ReportedSale): Promise<SettleResult> {
    const purchase = await this.purchases.lockIn(client, purchaseId);
    if (!purchase) {
      this.log.warn({ purchase_id: purchaseId, outcome }, 'payment report for an unknown purchase: ignored');
      return { result: 'unknown_purchase', purchase: null, account: null };
    }
    const problem = sale && disagreement(purchase, sale);
    if (problem) {
      this.log.error({ purchase_id: purchaseId, outcome, problem }, 'payment report disagrees with the purchase: nothing granted');
      return { result: 'mismatch', purchase, account: null };
    }
    const next = nextStatus(purchase.status, outcome);
    if (!next) return { result: 'unchanged', purchase, account: null };
    await this.purchases.setStatusIn(client, purchase.id, next);
    let account: CreditAccount | null = null;
    if (next === 'paid') {
      ({ account } = await this.accounts.grantPurchaseIn(client, {
        purchaseId: purchase.id,
        userId: purchase.user_id,
        plan: purchase.plan,
        credits: purchase.credits,
      }));
      this.log.info(
        { purchase_id: purchase.id, user_id: purchase.user_id, plan: purchase.plan, credits: purchase.credits },
        'purchase paid: credits granted',
      );
    }
    return { result: next, purchase: { ...purchase, status: next }, account };
  }
}

function disagreement(p: Purchase, sale: ReportedSale): string | null {
  if (sale.userId != null && sale.userId !== p.user_id) return 'user';
  if (sale.plan != null && sale.plan !== p.plan) return 'plan';
  if (sale.amountCents != null && sale.amountCents !== p.amount_cents) return 'amount';
  if (sale.currency != null && sale.currency.toLowerCase() !== p.currency) return 'currency';
  return null;
}
