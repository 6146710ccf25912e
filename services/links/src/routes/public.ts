import { errorResponses, type RoutePlugin } from '@corestone/service-kit';
import { ExternalLinkList, LinkClickInput, LinkClickResult, type ExternalLink } from '@corestone/contracts';
import { IdParams, PUBLIC_LIST, linkNotFound, type LinkRouteDeps } from './common';

/** The footer's calls (user-app §7 "Public external links"): no token needed. */
export const publicRoutes: RoutePlugin<LinkRouteDeps> = async (app, { links, cache }) => {
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
        response: { 200: LinkClickResult, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      // user_agent is accepted (and length-checked) but not stored: clicks are counted per day only.
      const clicks = await links.click(req.params.id);
      if (clicks === null) throw linkNotFound();
      return { success: true, clicks };
    },
  );
};
