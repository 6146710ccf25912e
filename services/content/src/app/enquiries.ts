import type { FastifyBaseLogger } from 'fastify';
import type { ContactEnquiry, ContactEnquiryInput, EnquiryFilter } from '@corestone/contracts';
import { tooManyRequests, type Limiter } from '@corestone/service-kit';
import { enquiriesCsv } from '../domain/enquiry-csv';
import type { EnquiryStore } from '../store/enquiries';
import type { EnquirySender } from './enquiry-sender';

export interface EnquiryDeps {
  enquiries: EnquiryStore;
  sender: EnquirySender;
  limiter: Limiter;
  budget: { max: number; windowMs: number };
  editorName: (userId: string) => Promise<string>;
}

/**
 * An institution's enquiry: counted against its address's budget (a rate-limit store that is away
 * lets it through), stored, then mailed in the background — the answer does not wait for SMTP, and
 * a failed mail is retried by the sweep.
 */
export async function receiveEnquiry(
  deps: EnquiryDeps,
  input: ContactEnquiryInput,
  address: string,
  log: FastifyBaseLogger,
): Promise<ContactEnquiry> {
  const { limiter, budget } = deps;
  const window = await limiter.add(limiter.key('contact', address), budget.windowMs).catch((err) => {
    log.error({ err }, 'rate limit store unavailable; enquiry let through');
    return null;
  });
  if (window && window.count > budget.max) throw tooManyRequests(window.resetMs);
  const enquiry = await deps.enquiries.add({ ...input, email: input.email.trim().toLowerCase() }, address);
  deps.sender.dispatch(enquiry);
  return enquiry;
}

/** The Enquiries screen's CSV export of the enquiries the filter matches, newest first. */
export async function exportEnquiries(deps: Pick<EnquiryDeps, 'enquiries'>, filter: EnquiryFilter): Promise<string> {
  return enquiriesCsv(await deps.enquiries.all(filter));
}

/** Marks an enquiry handled (or waiting again), naming the admin who did it. */
export async function markHandled(deps: EnquiryDeps, id: string, handled: boolean, adminId: string): Promise<ContactEnquiry> {
  return deps.enquiries.setHandled(id, handled, await deps.editorName(adminId));
}
