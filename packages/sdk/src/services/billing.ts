import type { CurrentSubscription, Plan } from '@corestone/contracts';
import type { Transport } from '../transport';

/** Plans, the caller's subscription and checkout (spec user-app §7 "Subscriptions and plans"). */
export class BillingApi {
  constructor(private readonly t: Transport) {}

  plans(): Promise<Plan[]> {
    return this.t.request<Plan[]>('/plans/plans', { anonymous: true });
  }

  current(): Promise<CurrentSubscription> {
    return this.t.request<CurrentSubscription>('/subscription/current');
  }

  /** POST /subscription/create-checkout-session → the address the browser goes to next. */
  checkout(plan_type: string, origin: string = typeof location !== 'undefined' ? location.origin : ''): Promise<{ checkout_url: string }> {
    return this.t.request<{ checkout_url: string }>('/subscription/create-checkout-session', {
      method: 'POST',
      json: { plan_type, success_url: `${origin}/dashboard?plan=success`, cancel_url: `${origin}/dashboard?plan=cancelled` },
    });
  }
}
