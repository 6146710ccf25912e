import type { ContactEnquiry } from '@corestone/contracts';
import type { Mail } from '@corestone/service-kit';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Header values never carry line breaks (no header injection through the form). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The mail the enquiries inbox receives; replying answers the enquirer directly. */
export function enquiryMail(e: ContactEnquiry, to: string, adminUrl: string): Mail {
  const facts: Array<[string, string]> = [
    ['Name', e.name],
    ['School', e.school],
    ['E-mail', e.email],
    ['Number of students', String(e.number_of_students)],
    ['Received', e.created_at],
  ];
  return {
    to,
    replyTo: oneLine(e.email),
    subject: oneLine(`Power User enquiry: ${e.school} (${e.number_of_students} students)`).slice(0, 200),
    text:
      `A school asked about the Power User plan.\n\n` +
      facts.map(([k, v]) => `${k}: ${v}`).join('\n') +
      `\n\nMessage:\n${e.message}\n\nAll enquiries: ${adminUrl}\n`,
    html:
      `<p>A school asked about the Power User plan.</p><table>` +
      facts.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('') +
      `</table><p><strong>Message</strong></p><p style="white-space:pre-wrap">${escapeHtml(e.message)}</p>`,
  };
}
