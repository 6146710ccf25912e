import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  ContactEnquiryInput,
  ContactEnquiryList,
  ContactEnquiryResponse,
  ContactReceived,
  ContentFailure,
  EnquiryFilterSchema,
  EnquiryHandledInput,
  Messages,
} from '@corestone/contracts';
import { principalOf, requireRole, security, type RoutePlugin } from '@corestone/service-kit';
import { exportEnquiries, markHandled, receiveEnquiry, type EnquiryDeps } from '../app/enquiries';

export type ContactRouteDeps = EnquiryDeps;

const EnquiryId = Type.Object({ id: Type.String({ format: 'uuid' }) });
const Filter = Type.Object({ status: Type.Optional(EnquiryFilterSchema) });
const denied = { 401: ContentFailure, 403: ContentFailure };

/**
 * The client address: services sit behind the gateway, which sets X-Forwarded-For to the address
 * it saw (replacing whatever the client sent); without the gateway, the socket's address.
 */
function clientAddress(req: FastifyRequest): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.ip || 'unknown';
}

/**
 * `/contact`: institutions ask about the Power User plan; admins and super admins work through the
 * enquiries (Enquiries screen: list, filter, open, mark handled, CSV export).
 */
export const contactRoutes: RoutePlugin<ContactRouteDeps> = async (app, deps) => {
  const { enquiries } = deps;
  const admins = requireRole(...ADMIN_ROLES);
  app.post(
    '/general/contact',
    {
      schema: {
        summary: 'Send an institution enquiry about the Power User plan (public, rate-limited)',
        body: ContactEnquiryInput,
        response: { 201: ContactReceived, 400: ContentFailure, 429: ContentFailure },
      },
    },
    async (req, reply) => {
      const enquiry = await receiveEnquiry(deps, req.body, clientAddress(req), req.log);
      return reply.code(201).send({ success: true as const, message: Messages.CONTACT_RECEIVED, id: enquiry.id });
    },
  );

  app.get(
    '/general/contact/enquiries',
    {
      preHandler: admins,
      schema: {
        summary: 'Institution enquiries, newest first; status all (default), unhandled or handled (admins)',
        security,
        querystring: Type.Object({
          ...Filter.properties,
          limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
        response: { 200: ContactEnquiryList, 400: ContentFailure, ...denied },
      },
    },
    async (req) => {
      const { status = 'all', limit, offset } = req.query;
      return { success: true as const, ...(await enquiries.list(status, limit, offset)) };
    },
  );

  app.get(
    '/general/contact/enquiries/export',
    {
      preHandler: admins,
      schema: {
        summary: 'The enquiries the filter matches as CSV, newest first (admins)',
        security,
        querystring: Filter,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'text/csv' }), 400: ContentFailure, ...denied },
      },
    },
    async (req, reply) => {
      const { status = 'all' } = req.query;
      const csv = await exportEnquiries(deps, status);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="enquiries_${status}_${day}.csv"`,
          'cache-control': 'private, no-store',
        })
        .send(csv);
    },
  );

  app.get(
    '/general/contact/enquiries/:id',
    {
      preHandler: admins,
      schema: {
        summary: 'One enquiry (admins)',
        security,
        params: EnquiryId,
        response: { 200: ContactEnquiryResponse, 400: ContentFailure, 404: ContentFailure, ...denied },
      },
    },
    async (req) => ({ success: true as const, data: await enquiries.get(req.params.id) }),
  );

  app.put(
    '/general/contact/enquiries/:id/handled',
    {
      preHandler: admins,
      schema: {
        summary: 'Mark an enquiry handled (handled: true) or waiting again (false) (admins)',
        security,
        params: EnquiryId,
        body: EnquiryHandledInput,
        response: { 200: ContactEnquiryResponse, 400: ContentFailure, 404: ContentFailure, ...denied },
      },
    },
    async (req) => {
      return { success: true as const, data: await markHandled(deps, req.params.id, req.body.handled, principalOf(req).id) };
    },
  );
};
