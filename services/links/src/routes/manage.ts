import { Type } from '@sinclair/typebox';
import {
  BulkResult,
  ExternalLink,
  ExternalLinkInput,
  ExternalLinkList,
  ExternalLinkUpdate,
  LinkBulkDelete,
  LinkBulkUpdate,
  Messages,
  MessageResponse,
  UrlValidation,
  UrlValidationInput,
} from '@corestone/contracts';
import { badRequest, errorResponses, security, type RoutePlugin } from '@corestone/service-kit';
import { checkLinkUpdate, checkNewLink } from '../domain/links';
import { checkUrl } from '../domain/urls';
import { IdParams, PUBLIC_LIST, adminsOnly, categoryFilter, linkNotFound, orFail, rejectInvalid, type LinkRouteDeps } from './common';

const errors = errorResponses(400, 401, 403);
const errorsOr404 = errorResponses(400, 401, 403, 404);
const ListQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 32, description: 'one of the ten categories' })),
  is_featured: Type.Optional(Type.Boolean()),
  is_active: Type.Optional(Type.Boolean()),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});

/** Link management (admin §2 "Social Media Links Manager", §7 "External links"): admins and super admins. */
export const manageRoutes: RoutePlugin<LinkRouteDeps> = async (app, { links, cache }) => {
  app.addHook('onRequest', adminsOnly);
  const changed = () => cache.invalidate(PUBLIC_LIST);

  for (const url of ['/external_links', '/external_links/']) {
    app.post(
      url,
      {
        attachValidation: true,
        schema: {
          summary: 'Create a link (the admin form sends title, url, description, category, featured)',
          hide: url.endsWith('/'),
          security,
          body: ExternalLinkInput,
          response: { 201: ExternalLink, ...errors },
        },
      },
      async (req, reply) => {
        rejectInvalid(req, checkNewLink);
        const link = await links.create(orFail(checkNewLink(req.body)));
        await changed();
        return reply.code(201).send(link);
      },
    );

    app.get(
      url,
      {
        schema: {
          summary: 'All links, newest first, filtered by category, is_featured, is_active',
          hide: !url.endsWith('/'),
          security,
          querystring: ListQuery,
          response: { 200: ExternalLinkList, ...errors },
        },
      },
      async (req) => {
        const q = req.query;
        return links.list({ ...q, category: categoryFilter(q.category) });
      },
    );
  }

  app.get(
    '/external_links/:id',
    { schema: { summary: 'One link', security, params: IdParams, response: { 200: ExternalLink, ...errorsOr404 } } },
    async (req) => (await links.get(req.params.id)) ?? Promise.reject(linkNotFound()),
  );

  app.put(
    '/external_links/:id',
    {
      attachValidation: true,
      schema: {
        summary: 'Change any of title, url, description, category, featured, is_active',
        security,
        params: IdParams,
        body: ExternalLinkUpdate,
        response: { 200: ExternalLink, ...errorsOr404 },
      },
    },
    async (req) => {
      rejectInvalid(req, checkLinkUpdate);
      const link = await links.update(req.params.id, orFail(checkLinkUpdate(req.body)));
      if (!link) throw linkNotFound();
      await changed();
      return link;
    },
  );

  app.delete(
    '/external_links/:id',
    {
      schema: {
        summary: 'Delete a link and its click history',
        security,
        params: IdParams,
        response: { 200: MessageResponse, ...errorsOr404 },
      },
    },
    async (req) => {
      if (!(await links.remove(req.params.id))) throw linkNotFound();
      await changed();
      return { success: true, message: Messages.LINK_DELETED };
    },
  );

  app.post(
    '/external_links/bulk-update',
    {
      schema: {
        summary: 'Set is_active, featured or category on many links',
        security,
        body: LinkBulkUpdate,
        response: { 200: BulkResult, ...errors },
      },
    },
    async (req) => {
      const { link_ids, update_data } = req.body;
      if (update_data.is_active === undefined && update_data.featured === undefined && update_data.category === undefined) {
        throw badRequest('update_data must set at least one of is_active, featured, category');
      }
      const affected = await links.bulkUpdate([...new Set(link_ids)], update_data);
      await changed();
      return { success: true, affected, message: `${affected} link${affected === 1 ? '' : 's'} updated` };
    },
  );

  app.post(
    '/external_links/bulk-delete',
    { schema: { summary: 'Delete many links', security, body: LinkBulkDelete, response: { 200: BulkResult, ...errors } } },
    async (req) => {
      const affected = await links.bulkDelete([...new Set(req.body.link_ids)]);
      await changed();
      return { success: true, affected, message: `${affected} link${affected === 1 ? '' : 's'} deleted` };
    },
  );

  app.post(
    '/external_links/validate-url',
    {
      schema: {
        summary: 'Check that a URL is an absolute http(s) address (never requests it)',
        security,
        body: UrlValidationInput,
        response: { 200: UrlValidation, ...errors },
      },
    },
    async (req) => {
      const given = req.body.url;
      const checked = checkUrl(given);
      return checked.valid ? { valid: true, url: checked.url } : { valid: false, url: given, detail: checked.detail };
    },
  );
};
