/** The Enquiries screen's fixed texts and page size. */
import type { ContactEnquiry, EnquiryFilter } from '@corestone/sdk';

export const ENQUIRIES_PAGE_SIZE = 20;

export const FILTER_LABELS: Record<EnquiryFilter, string> = { unhandled: 'Waiting', handled: 'Handled', all: 'All' };

/** What became of an enquiry's notification e-mail (the content service's outbox). */
export const MAIL_STATUS: Record<ContactEnquiry['mail_status'], string> = {
  sent: 'Sent to the enquiries inbox',
  pending: 'Not sent yet',
  failed: 'Sending failed; retried automatically',
};
