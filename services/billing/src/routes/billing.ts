import { Type } from '@sinclair/typebox';
import { Codes, CurrentSubscription, Messages, PaymentsAvailability, Plan } from '@corestone/contracts';
import { HttpError, errorResponses, principalOf, requireAuth, security, type RoutePlugin } from '@corestone/service-kit';
import { PLANS, currentSubscription } from '../domain/plans';
import type { AccountStore } from '../store/accounts';

export interface BillingRouteDeps {
  store: AccountStore;
  payments: PaymentsAvailability;
}

export const billingRoutes: RoutePlugin<BillingRouteDeps> = async (app, { store, payments }) => {
  app.get(
    '/plans/plans',
    {
      schema: {
        summary: 'The plans on sale (public)',
        response: { 200: Type.Array(Plan) },
      },
    },
    async () => [...PLANS],
  );

  app.get(
    '/plans/payments',
    {
      schema: {
        summary: 'Whether credit packs can be paid online on this server (public; off: the contact route for schools)',
        response: { 200: PaymentsAvailability },
      },
    },
    async () => payments,
  );

  app.get(
    '/subscription/current',
    {
      preHandler: requireAuth,
      schema: {
        summary: "The caller's plan and essay credits",
        security,
        response: { 200: CurrentSubscription, ...errorResponses(401) },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      return currentSubscription(principal.role, await store.get(principal.id));
    },
  );

  // Credits are charged by the evaluation service when an essay is submitted (idempotent by
  // evaluation id, refunded when grading fails). A client-side charge would burn a credit with
  // no evaluation behind it, so these two spec paths refuse with an explanation.
  for (const url of ['/subscription/use-essay-credit', '/subscribe/use-credit']) {
    app.post(
      url,
      {
        preHandler: requireAuth,
        schema: {
          summary: 'Not available: a credit is used by submitting an essay for evaluation',
          security,
          response: errorResponses(400, 401),
        },
      },
      async () => {
        throw new HttpError(400, Codes.CREDITS_USED_BY_EVALUATION, Messages.CREDITS_USED_BY_EVALUATION);
      },
    );
  }
};
