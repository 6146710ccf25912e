import type { FastifyInstance, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import type { Dispatcher } from 'undici';
import { retryDelay, upstreamError, upstreamHeaders } from './proxy';

/** The page address billing hands out as `checkout_url` when PAYMENTS=local. */
export const LOCAL_CHECKOUT_PREFIX = '/checkout/local';

/**
 * `/checkout/local/{session_id}` → billing's server-rendered checkout page
 * (`/billing/checkout-page/{session_id}`, public in the route policy). Billing answers 404 there
 * unless local payments are on; its script comes from /api/v1 like every other call.
 */
export function registerLocalCheckoutPage(app: FastifyInstance, deps: { urls: Record<string, string>; dispatcher: Dispatcher }): void {
  if (!deps.urls.billing) return;
  void app.register(httpProxy, {
    upstream: deps.urls.billing,
    prefix: LOCAL_CHECKOUT_PREFIX,
    rewritePrefix: '/billing/checkout-page',
    httpMethods: ['GET', 'HEAD'],
    undici: deps.dispatcher as never,
    disableRequestLogging: true,
    internalRewriteLocationHeader: false,
    replyOptions: {
      rewriteRequestHeaders: (req, headers) => upstreamHeaders(req as FastifyRequest, headers) as never,
      onError: upstreamError('billing') as never,
      retryDelay: retryDelay as never,
    },
  });
}
