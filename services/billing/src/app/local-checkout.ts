import { BillingCodes, BillingMessages, type LocalCheckoutCompleted } from '@corestone/contracts';
import { HttpError, notFound, type Principal } from '@corestone/service-kit';
import { currentSubscription } from '../domain/plans';
import type { Purchase, PurchaseStore } from '../store/purchases';
import type { Fulfilment } from './fulfilment';

export interface LocalCheckoutDeps {
  enabled: boolean;
  purchases: PurchaseStore;
  fulfilment: Fulfilment;
}

export const checkoutNotFound = () => notFound(BillingMessages.CHECKOUT_NOT_FOUND, BillingCodes.CHECKOUT_NOT_FOUND);

/** A local checkout session, or null. Off unless PAYMENTS=local: a session made while it was on cannot be paid after a switch to Stripe. */
export async function openLocalPurchase(deps: LocalCheckoutDeps, id: string): Promise<Purchase | null> {
  if (!deps.enabled) return null;
  const purchase = await deps.purchases.get(id);
  return purchase && purchase.provider === 'local' ? purchase : null;
}

/** The local Pay button: its buyer only, once; settles through the same fulfilment as Stripe's webhook. */
export async function payLocalCheckout(deps: LocalCheckoutDeps, principal: Principal, sessionId: string): Promise<LocalCheckoutCompleted> {
  const purchase = await openLocalPurchase(deps, sessionId);
  // Someone else's session is answered as missing: its id tells nothing to another user.
  if (!purchase || purchase.user_id !== principal.id) throw checkoutNotFound();
  if (purchase.status !== 'open') throw new HttpError(409, BillingCodes.CHECKOUT_CLOSED, BillingMessages.CHECKOUT_CLOSED);
  const settled = await deps.fulfilment.settle(purchase.id, 'paid');
  if (settled.result !== 'paid' || !settled.account)
    throw new HttpError(409, BillingCodes.CHECKOUT_CLOSED, BillingMessages.CHECKOUT_CLOSED);
  return {
    success: true as const,
    redirect_url: purchase.success_url,
    subscription: currentSubscription(principal.role, settled.account),
  };
}
