import { ReviewTexts, type ApprovalStatus } from '@corestone/contracts';
import type { Mail } from '@corestone/service-kit';

/** What the review mail says: the student's submission and what the reviewer shows them. */
export interface ReviewMailFacts {
  evaluationId: string;
  to: string;
  studentName: string;
  title: string;
  status: ApprovalStatus;
  feedback: string | null;
  notes: string | null;
  /** PUBLIC_BASE_URL: the results page is linked. */
  baseUrl: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Header values never carry line breaks. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The link to the submission's results page (the student app's route). */
const resultsLink = (baseUrl: string, id: string) => `${baseUrl.replace(/\/+$/, '')}/dashboard/results/${encodeURIComponent(id)}`;

/** The mail a student gets when a review with feedback for them is saved (pure: no I/O). */
export function reviewMail(f: ReviewMailFacts): Mail {
  const status = ReviewTexts.STATUS[f.status];
  const link = resultsLink(f.baseUrl, f.evaluationId);
  const greeting = f.studentName.trim() ? `Hello ${f.studentName.trim()},` : 'Hello,';
  const intro = `Your essay "${f.title}" has been reviewed. Review status: ${status}.`;
  const sections: Array<[string, string]> = [];
  if (f.feedback) sections.push([ReviewTexts.FEEDBACK_LABEL, f.feedback]);
  if (f.notes) sections.push([ReviewTexts.NOTES_LABEL, f.notes]);
  const text =
    [greeting, intro, ...sections.map(([k, v]) => `${k}:\n${v}`), `See your result and the feedback:\n${link}`].join('\n\n') + '\n';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(status)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
    sections.map(([k, v]) => `<p><strong>${escapeHtml(k)}</strong></p><p style="white-space:pre-wrap">${escapeHtml(v)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">See your result and the feedback</a><br><span style="word-break:break-all">${escapeHtml(link)}</span></p>` +
    `</body></html>`;
  return { to: oneLine(f.to), subject: oneLine(`Your essay "${f.title}" was reviewed: ${status}`).slice(0, 200), text, html };
}
