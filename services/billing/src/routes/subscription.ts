import { CancelSubscriptionResponse, CheckoutRequest, CheckoutSession, MessageAllowance } from '@corestone/contracts';
import { errorResponses, principalOf, requireAuth, security, type Bus, type RoutePlugin } from '@corestone/service-kit';
import { startCheckout, type CheckoutDeps } from '../app/checkout';
import { cancelSubscription, useChatbotMessage } from '../app/subscription';
import type { AccountStore } from '../store/accounts';

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
    async (req) => cancelSubscription(deps.accounts, principalOf(req)),
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
    async (req) => useChatbotMessage(deps, principalOf(req)),
  );
};
