import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '@corestone/contracts';

/**
 * A module of routes, registered on a `createServiceApp` app with `app.register(routes, deps)`:
 * its handlers see `req.body`, `req.params` and `req.query` typed from their TypeBox schemas.
 */
export type RoutePlugin<Deps extends object = Record<never, never>> = FastifyPluginAsyncTypebox<Deps>;

/** The OpenAPI security requirement of a route that needs a bearer token (the scheme `createServiceApp` declares). */
export const security = [{ bearer: [] as string[] }];

/** `response` schemas for error statuses: each answers the `{detail, code}` envelope. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof ErrorEnvelope> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope])) as Record<Status, typeof ErrorEnvelope>;
}
