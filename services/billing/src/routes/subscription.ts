import {
  BillingCodes,
  BillingMessages,
  CancelSubscriptionResponse,
  CheckoutRequest,
  CheckoutSession,
  MessageAllowance,
  Rpc,
  UNLIMITED,
} from '@corestone/contracts';
import { HttpError, callRpc, errorResponses, principalOf, requireAuth, security, type Bus, type RoutePlugin } from '@corestone/service-kit';
import { startCheckout, type CheckoutDeps } from '../payments/checkout';
import type { AccountStore } from '../store/accounts';
import { currentSubscription } from './billing';

export interface SubscriptionRouteDeps {
  checkout: CheckoutDeps;
  accounts: AccountStore;
  bus: Bus;
  usersTimeoutMs: number;
}

/** Checkout, cancelling the Power User plan and the chatbot message allowance. */
export const subscriptionRoutes: RoutePlugin<SubscriptionRouteDeps> = async (app, deps) => {
  app.post(
    '/subscription/create-checkout-session',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Start buying a credit pack: answers the checkout page address (students and teachers)',
        security,
        body: CheckoutRequest,
        response: { 200: CheckoutSession, ...errorResponses(400, 401, 403, 409, 502, 503) },
      },
    },
    async (req) => startCheckout(deps.checkout, principalOf(req), req.body),
  );

  app.post(
    '/subscription/cancel-subscription',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Cancel the recurring Power User plan (credit packs are one-off and cannot be cancelled)',
        security,
        response: { 200: CancelSubscriptionResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      const account = await deps.accounts.get(principal.id);
      const recurring = account.subscription_plan === 'power_user_monthly' || account.max_essay_credits === UNLIMITED;
      if (!recurring) throw new HttpError(400, BillingCodes.NO_SUBSCRIPTION, BillingMessages.NO_SUBSCRIPTION);
      const already = account.subscription_status === 'cancelled';
      const updated = already ? account : await deps.accounts.setStatus(principal.id, 'cancelled');
      return {
        success: true as const,
        message: already ? BillingMessages.SUBSCRIPTION_ALREADY_CANCELLED : BillingMessages.SUBSCRIPTION_CANCELLED,
        subscription: currentSubscription(principal.role, updated),
      };
    },
  );

  app.post(
    '/subscription/use-message',
    {
      preHandler: requireAuth,
      schema: {
        summary: "Use one chatbot message of the caller's allowance (students: max_chatbot; unlimited plans: no limit)",
        security,
        response: { 200: MessageAllowance, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      const account = await deps.accounts.get(principal.id);
      return callRpc(
        deps.bus,
        Rpc.usersCountMessage,
        { user_id: principal.id, unlimited: account.max_essay_credits === UNLIMITED },
        { timeoutMs: deps.usersTimeoutMs },
      );
    },
  );
};
