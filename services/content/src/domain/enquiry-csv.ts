import type { ContactEnquiry } from '@corestone/contracts';
import { toCsv } from '@corestone/service-kit';

const HEADER = [
  'id',
  'received_at',
  'name',
  'school',
  'email',
  'number_of_students',
  'message',
  'handled',
  'handled_at',
  'handled_by',
  'mail_status',
] as const;

/** The Enquiries screen's export: one row per enquiry, formulas defused (service-kit csv). */
export function enquiriesCsv(enquiries: readonly ContactEnquiry[]): string {
  return toCsv(
    HEADER,
    enquiries.map((e) => [
      e.id,
      e.created_at,
      e.name,
      e.school,
      e.email,
      e.number_of_students,
      e.message,
      e.handled_at ? 'yes' : 'no',
      e.handled_at,
      e.handled_by,
      e.mail_status,
    ]),
  );
}
