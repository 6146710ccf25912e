import Stripe from 'stripe';
import type { Plan } from '@corestone/contracts';
import type { BillingConfig } from '../config';
import type { Purchase } from '../store/purchases';
import type { PaymentOutcome } from '../domain/purchase-state';
import type { ProviderEvent, ReportedSale } from '../app/fulfilment';

/** The Stripe SDK as configured (STRIPE_API_URL only points it at a test double). */
export function createStripeClient(config: BillingConfig): Stripe {
  const target = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: config.STRIPE_MAX_RETRIES,
    timeout: config.STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * A Stripe Checkout Session for one purchase: payment mode, the price from our plan (never from
 * the browser), the buyer as client_reference_id, user, plan and purchase in the metadata (also
 * on the payment intent), and the purchase id as idempotency key so a retried call opens one session.
 */
export async function createCheckoutSession(stripe: Stripe, purchase: Purchase, plan: Plan): Promise<{ id: string; url: string }> {
  const metadata = { user_id: purchase.user_id, plan_type: purchase.plan, purchase_id: purchase.id };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: purchase.currency,
            unit_amount: purchase.amount_cents,
            product_data: { name: `Corestone ${plan.display_name}`, description: `${purchase.credits} essay credits. ${plan.description}` },
          },
        },
      ],
      client_reference_id: purchase.user_id,
      metadata,
      payment_intent_data: { metadata },
      success_url: purchase.success_url,
      cancel_url: purchase.cancel_url,
    },
    { idempotencyKey: `checkout-session:${purchase.id}` },
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
  return { id: session.id, url: session.url };
}

/** A verified webhook event turned into what fulfilment needs, or null for events we do not act on. */
export interface PaymentReport {
  purchaseId: string;
  outcome: PaymentOutcome;
  event: ProviderEvent;
  sale: ReportedSale;
}

const OUTCOMES: Record<string, (s: Stripe.Checkout.Session) => PaymentOutcome> = {
  // Card payments are paid on completion; delayed methods report `unpaid` and settle later.
  'checkout.session.completed': (s) => (s.payment_status === 'unpaid' ? 'awaiting_payment' : 'paid'),
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'cancelled',
};

export function paymentReport(event: Stripe.Event): PaymentReport | null {
  const outcomeOf = OUTCOMES[event.type];
  if (!outcomeOf) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const purchaseId = session.metadata?.purchase_id;
  if (!purchaseId) return null; // not a session we opened
  return {
    purchaseId,
    outcome: outcomeOf(session),
    event: { id: event.id, type: event.type },
    sale: {
      userId: session.metadata?.user_id ?? session.client_reference_id,
      plan: session.metadata?.plan_type,
      amountCents: session.amount_total,
      currency: session.currency,
    },
  };
}
