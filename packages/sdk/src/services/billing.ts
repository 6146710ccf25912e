import type {
  CancelSubscriptionResponse,
  CheckoutSession,
  CurrentSubscription,
  LocalCheckoutCompleted,
  MessageAllowance,
  PaymentsAvailability,
  Plan,
} from '@corestone/contracts';
import type { Transport } from '../transport';

/** Plans, the caller's subscription and checkout (spec user-app §7 "Subscriptions and plans"; billing README). */
export class BillingApi {
  constructor(private readonly t: Transport) {}

  plans(): Promise<Plan[]> {
    return this.t.request<Plan[]>('/plans/plans', { anonymous: true });
  }

  /** GET /plans/payments (public): whether packs can be paid online here; when not, the contact route for schools. */
  payments(): Promise<PaymentsAvailability> {
    return this.t.request<PaymentsAvailability>('/plans/payments', { anonymous: true });
  }

  current(): Promise<CurrentSubscription> {
    return this.t.request<CurrentSubscription>('/subscription/current');
  }

  /**
   * POST /subscription/create-checkout-session → `checkout_url`, the address the browser goes to
   * next (Stripe Checkout, or the local checkout page). The return addresses must be on this
   * site's origin: the server refuses any other (no open redirect).
   */
  checkout(plan_type: string, origin: string = typeof location !== 'undefined' ? location.origin : ''): Promise<CheckoutSession> {
    return this.t.request<CheckoutSession>('/subscription/create-checkout-session', {
      method: 'POST',
      json: { plan_type, success_url: `${origin}/dashboard?plan=success`, cancel_url: `${origin}/dashboard?plan=cancelled` },
    });
  }

  /** Cancels a recurring Power User plan (400 NO_SUBSCRIPTION for one-off packs). */
  cancelSubscription(): Promise<CancelSubscriptionResponse> {
    return this.t.request<CancelSubscriptionResponse>('/subscription/cancel-subscription', { method: 'POST' });
  }

  /** POST /subscription/use-message: uses one chatbot message (403 MESSAGE_LIMIT_REACHED at the limit). */
  useMessage(): Promise<MessageAllowance> {
    return this.t.request<MessageAllowance>('/subscription/use-message', { method: 'POST' });
  }

  /** Pays a local checkout session (PAYMENTS=local only; the buyer, once) → where to go next. */
  completeLocalCheckout(sessionId: string): Promise<LocalCheckoutCompleted> {
    return this.t.request<LocalCheckoutCompleted>(`/billing/local-checkout/${encodeURIComponent(sessionId)}/complete`, { method: 'POST' });
  }
}
