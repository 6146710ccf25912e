import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { forward } from './forward';
import { quietWhenClientLeft } from './proxy';

/** The page address billing hands out as `checkout_url` when PAYMENTS=local. */
const LOCAL_CHECKOUT_PREFIX = '/checkout/local';

/**
 * `/checkout/local/{session_id}` → billing's server-rendered checkout page
 * (`/billing/checkout-page/{session_id}`, public in the route policy). Billing answers 404 there
 * unless local payments are on; its script comes from /api/v1 like every other call.
 */
export function registerLocalCheckoutPage(app: FastifyInstance, deps: { urls: Record<string, string>; dispatcher: Dispatcher }): void {
  if (!deps.urls.billing) return;
  const target = { dispatcher: deps.dispatcher, origin: deps.urls.billing, service: 'billing' };
  const handler = (req: FastifyRequest, reply: FastifyReply) =>
    forward(req, reply, { ...target, path: `/billing/checkout-page${req.url.slice(LOCAL_CHECKOUT_PREFIX.length)}` });
  void app.register(async (scope) => {
    quietWhenClientLeft(scope);
    scope.route({ method: ['GET', 'HEAD'], url: LOCAL_CHECKOUT_PREFIX, handler });
    scope.route({ method: ['GET', 'HEAD'], url: `${LOCAL_CHECKOUT_PREFIX}/*`, handler });
  });
}
