import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import {
  BillingCodes,
  BillingMessages,
  CONTACT_PATH,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentMode,
  type PaymentsAvailability,
} from '@corestone/contracts';
import { HttpError, newId, type Principal } from '@corestone/service-kit';
import { amountCents, ownSiteUrl, purchasablePlan } from '../domain/checkout';
import { schoolForbidsPurchase } from '../domain/credit-source';
import type { AccountStore } from '../store/accounts';
import type { SchoolCopyStore } from '../store/schools';
import type { PurchaseStore } from '../store/purchases';
import { createCheckoutSession } from '../peers/stripe';
import { LOCAL_CHECKOUT_PAGE } from '../peers/local-page';

export interface CheckoutDeps {
  mode: PaymentMode;
  publicBaseUrl: string;
  currency: string;
  accounts: AccountStore;
  schools: SchoolCopyStore;
  purchases: PurchaseStore;
  stripe: Stripe | null;
  log: FastifyBaseLogger;
}

/** GET /plans/payments: whether checkout can take a payment here, in words the Plans page shows as is. */
export function paymentsAvailability(mode: PaymentMode): PaymentsAvailability {
  return mode === 'off'
    ? { online_payment: false, provider: null, detail: BillingMessages.PAYMENTS_NOT_CONFIGURED, contact_path: CONTACT_PATH }
    : { online_payment: true, provider: mode, detail: null, contact_path: CONTACT_PATH };
}

/**
 * Starts a purchase: checks who buys what and where the browser may return to, records the
 * purchase, then opens the provider's checkout (a Stripe Checkout Session, or the local page).
 */
export async function startCheckout(deps: CheckoutDeps, buyer: Principal, req: CheckoutRequest): Promise<CheckoutSession> {
  const [account, standing] = await Promise.all([deps.accounts.get(buyer.id), deps.schools.standingOf(buyer.id)]);
  const plan = purchasablePlan(req.plan_type, { role: buyer.role, account, schoolForbids: schoolForbidsPurchase(standing) });
  const successUrl = ownSiteUrl(req.success_url, deps.publicBaseUrl, 'success_url');
  const cancelUrl = ownSiteUrl(req.cancel_url, deps.publicBaseUrl, 'cancel_url');
  if (deps.mode === 'off') throw new HttpError(503, BillingCodes.PAYMENTS_NOT_CONFIGURED, BillingMessages.PAYMENTS_NOT_CONFIGURED);

  const purchase = await deps.purchases.create({
    id: newId(),
    user_id: buyer.id,
    plan: plan.name,
    credits: plan.essay_credits,
    amount_cents: amountCents(plan),
    currency: deps.currency,
    provider: deps.mode,
    success_url: successUrl,
    cancel_url: cancelUrl,
  });

  if (deps.mode === 'local') {
    const base = deps.publicBaseUrl.replace(/\/+$/, '');
    return { checkout_url: `${base}${LOCAL_CHECKOUT_PAGE}/${purchase.id}`, session_id: purchase.id };
  }

  try {
    const session = await createCheckoutSession(deps.stripe!, purchase, plan);
    await deps.purchases.setProviderSession(purchase.id, session.id);
    return { checkout_url: session.url, session_id: purchase.id };
  } catch (err) {
    deps.log.error({ err, purchase_id: purchase.id }, 'Stripe checkout session could not be created');
    throw new HttpError(502, BillingCodes.PAYMENT_PROVIDER_FAILED, BillingMessages.PAYMENT_PROVIDER_FAILED);
  }
}
