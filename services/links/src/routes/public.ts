import type { FastifyInstance } from 'fastify';
import { ErrorEnvelope, ExternalLinkList, LinkClickInput, LinkClickResult, type ExternalLink } from '@corestone/contracts';
import { IdParams, PUBLIC_LIST, linkNotFound, type LinkRouteDeps } from './common';

/** The footer's calls (user-app §7 "Public external links"): no token needed. */
export function publicRoutes(app: FastifyInstance, { links, cache }: LinkRouteDeps): void {
  app.get(
    '/external_links/public',
    { schema: { summary: 'Active links, featured first (public; the footer shows the social ones)', response: { 200: ExternalLinkList } } },
    async () => {
      const active = await cache.get<ExternalLink[]>(PUBLIC_LIST, () => links.listPublic());
      return { links: active, total: active.length };
    },
  );

  app.post(
    '/external_links/:id/click',
    {
      // A beacon may post no body at all: the user agent is optional.
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        summary: 'Count one click on an active link (public); answers the new total',
        params: IdParams,
        body: LinkClickInput,
        response: { 200: LinkClickResult, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (req) => {
      // user_agent is accepted (and length-checked) but not stored: clicks are counted per day only.
      const clicks = await links.click((req.params as { id: string }).id);
      if (clicks === null) throw linkNotFound();
      return { success: true, clicks };
    },
  );
}
