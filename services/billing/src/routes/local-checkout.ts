import { Type } from '@sinclair/typebox';
import { BillingCodes, BillingMessages, LocalCheckoutCompleted } from '@corestone/contracts';
import { HttpError, errorResponses, notFound, principalOf, requireAuth, security, type RoutePlugin } from '@corestone/service-kit';
import { PLANS } from '../domain/plans';
import type { Fulfilment } from '../payments/fulfilment';
import type { PurchaseStore } from '../store/purchases';
import { CHECKOUT_SCRIPT, checkoutPage, notFoundPage } from '../payments/local-page';
import { currentSubscription } from './billing';

const SessionParams = Type.Object({ session_id: Type.String({ maxLength: 100 }) });
const checkoutNotFound = () => notFound(BillingMessages.CHECKOUT_NOT_FOUND, BillingCodes.CHECKOUT_NOT_FOUND);

export interface LocalCheckoutRouteDeps {
  enabled: boolean;
  purchases: PurchaseStore;
  fulfilment: Fulfilment;
}

/**
 * The local checkout (PAYMENTS=local only, never in production): the page the gateway serves at
 * /checkout/local/{session_id}, its script, and the Pay call that settles the purchase through
 * the same fulfilment as Stripe's webhook.
 */
export const localCheckoutRoutes: RoutePlugin<LocalCheckoutRouteDeps> = async (app, deps) => {
  // Off unless PAYMENTS=local: a session made while it was on cannot be paid after a switch to Stripe.
  const openLocal = async (id: string) => {
    if (!deps.enabled) return null;
    const purchase = await deps.purchases.get(id);
    return purchase && purchase.provider === 'local' ? purchase : null;
  };

  app.get(
    '/billing/checkout-page/:session_id',
    { schema: { summary: 'The local checkout page (HTML; the gateway serves it at /checkout/local/{session_id})', params: SessionParams } },
    async (req, reply) => {
      const purchase = await openLocal(req.params.session_id);
      const plan = purchase && PLANS.find((p) => p.name === purchase.plan);
      reply.header('cache-control', 'no-store');
      if (!purchase || !plan) {
        // A browser loading the page gets a page; any other client the error envelope.
        if (!(req.headers.accept ?? '').includes('text/html')) throw checkoutNotFound();
        return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
      }
      reply.type('text/html; charset=utf-8');
      return checkoutPage(purchase, plan);
    },
  );

  app.get(
    '/billing/checkout-page/assets/:file',
    { schema: { summary: "The local checkout page's script", params: Type.Object({ file: Type.String({ maxLength: 100 }) }) } },
    async (req, reply) => {
      if (req.params.file !== 'local-checkout.js') throw notFound('Not found');
      return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(CHECKOUT_SCRIPT);
    },
  );

  app.post(
    '/billing/local-checkout/:session_id/complete',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Pay a local checkout session (its buyer only, once); answers where to go next',
        security,
        params: SessionParams,
        response: { 200: LocalCheckoutCompleted, ...errorResponses(401, 404, 409) },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      const purchase = await openLocal(req.params.session_id);
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
    },
  );
};
