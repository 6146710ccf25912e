import { Type } from '@sinclair/typebox';
import { LocalCheckoutCompleted } from '@corestone/contracts';
import { errorResponses, notFound, principalOf, requireAuth, security, type RoutePlugin } from '@corestone/service-kit';
import { PLANS } from '../domain/plans';
import { checkoutNotFound, openLocalPurchase, payLocalCheckout, type LocalCheckoutDeps } from '../app/local-checkout';
import { CHECKOUT_SCRIPT, checkoutPage, notFoundPage } from '../peers/local-page';

const SessionParams = Type.Object({ session_id: Type.String({ maxLength: 100 }) });

/**
 * The local checkout (PAYMENTS=local only, never in production): the page the gateway serves at
 * /checkout/local/{session_id}, its script, and the Pay call that settles the purchase through
 * the same fulfilment as Stripe's webhook.
 */
export const localCheckoutRoutes: RoutePlugin<LocalCheckoutDeps> = async (app, deps) => {
  app.get(
    '/billing/checkout-page/:session_id',
    { schema: { summary: 'The local checkout page (HTML; the gateway serves it at /checkout/local/{session_id})', params: SessionParams } },
    async (req, reply) => {
      const purchase = await openLocalPurchase(deps, req.params.session_id);
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
    async (req) => payLocalCheckout(deps, principalOf(req), req.params.session_id),
  );
};
