import type Stripe from 'stripe';
import { Type } from '@sinclair/typebox';
import { BillingCodes, BillingMessages } from '@corestone/contracts';
import { HttpError, errorResponses, notFound, type RoutePlugin } from '@corestone/service-kit';
import type { Fulfilment } from '../app/fulfilment';
import { paymentReport } from '../peers/stripe';

const WebhookAnswer = Type.Object({
  received: Type.Literal(true),
  result: Type.String({ description: 'what the event did: a purchase status, duplicate, unchanged, ignored, …' }),
});

export interface StripeWebhookRouteDeps {
  stripe: { client: Stripe; webhookSecret: string } | null;
  fulfilment: Fulfilment;
}

/**
 * POST /billing/webhooks/stripe: Stripe's signed events. The signature is checked over the raw
 * body (so this scope keeps JSON bodies as bytes); a bad one answers 400 and changes nothing.
 * Handled events are recorded by id inside the fulfilment transaction: Stripe's retries and
 * duplicates answer 200 without effect, and an error answers 5xx so Stripe delivers it again.
 */
export const stripeWebhookRoutes: RoutePlugin<StripeWebhookRouteDeps> = async (app, deps) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.post(
    '/billing/webhooks/stripe',
    {
      schema: {
        summary: 'Stripe webhook (checkout.session.completed, async payment succeeded/failed, expired); Stripe-Signature required',
        response: { 200: WebhookAnswer, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      if (!deps.stripe) throw notFound(BillingMessages.STRIPE_NOT_CONFIGURED, BillingCodes.PAYMENTS_NOT_CONFIGURED);
      const signature = req.headers['stripe-signature'];
      const raw = req.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) {
        throw new HttpError(400, BillingCodes.WEBHOOK_SIGNATURE, BillingMessages.WEBHOOK_SIGNATURE);
      }
      let event: Stripe.Event;
      try {
        event = deps.stripe.client.webhooks.constructEvent(raw, signature, deps.stripe.webhookSecret);
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'Stripe webhook refused: bad signature');
        throw new HttpError(400, BillingCodes.WEBHOOK_SIGNATURE, BillingMessages.WEBHOOK_SIGNATURE);
      }
      const report = paymentReport(event);
      if (!report) {
        req.log.info({ event_id: event.id, type: event.type }, 'Stripe event ignored');
        return { received: true as const, result: 'ignored' };
      }
      const settled = await deps.fulfilment.settle(report.purchaseId, report.outcome, { event: report.event, sale: report.sale });
      req.log.info(
        { event_id: event.id, type: event.type, purchase_id: report.purchaseId, result: settled.result },
        'Stripe event handled',
      );
      return { received: true as const, result: settled.result };
    },
  );
};
