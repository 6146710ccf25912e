import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ContactEnquiryInput, ContactEnquiryList, ContactReceived, ContentFailure, Messages } from '@corestone/contracts';
import { requireRole, tooManyRequests, type Limiter } from '@corestone/service-kit';
import type { EnquiryStore } from '../store/enquiries';
import type { EnquirySender } from '../events/enquiry-sender';

export interface ContactRouteDeps {
  enquiries: EnquiryStore;
  sender: EnquirySender;
  limiter: Limiter;
  budget: { max: number; windowMs: number };
}

/**
 * The client address: services sit behind the gateway, which sets X-Forwarded-For to the address
 * it saw (replacing whatever the client sent); without the gateway, the socket's address.
 */
export function clientAddress(req: FastifyRequest): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.ip || 'unknown';
}

/** `/contact`: institutions ask about the Power User plan; admins read the enquiries. */
export function contactRoutes(app: FastifyInstance, { enquiries, sender, limiter, budget }: ContactRouteDeps): void {
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
      const address = clientAddress(req);
      const window = await limiter.add(limiter.key('contact', address), budget.windowMs).catch((err) => {
        req.log.error({ err }, 'rate limit store unavailable; enquiry let through');
        return null;
      });
      if (window && window.count > budget.max) throw tooManyRequests(window.resetMs);
      const input = req.body as ContactEnquiryInput;
      const enquiry = await enquiries.add({ ...input, email: input.email.trim().toLowerCase() }, address);
      // Stored first: the answer does not wait for SMTP, and a failed mail is retried by the sweep.
      sender.dispatch(enquiry);
      return reply.code(201).send({ success: true as const, message: Messages.CONTACT_RECEIVED, id: enquiry.id });
    },
  );

  app.get(
    '/general/contact/enquiries',
    {
      preHandler: requireRole('admin', 'super_admin'),
      schema: {
        summary: 'Institution enquiries, newest first (admins)',
        security: [{ bearer: [] }],
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
        response: { 200: ContactEnquiryList, 400: ContentFailure, 401: ContentFailure, 403: ContentFailure },
      },
    },
    async (req) => {
      const { limit, offset } = req.query as { limit: number; offset: number };
      return { success: true as const, ...(await enquiries.list(limit, offset)) };
    },
  );
}
