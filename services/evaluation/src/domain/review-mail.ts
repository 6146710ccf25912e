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

/** What the "result released" mail says (issue 31): the assignment, the class and the teacher's result. */
export interface ReleasedMailFacts {
  evaluationId: string;
  to: string;
  studentName: string;
  assignmentTitle: string;
  className: string;
  total: number;
  maxTotal: number;
  grade: string | null;
  baseUrl: string;
}

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The mail a student gets when a teacher releases their result in a class assignment (pure: no I/O). */
export function releasedMail(f: ReleasedMailFacts): Mail {
  const link = resultsLink(f.baseUrl, f.evaluationId);
  const greeting = f.studentName.trim() ? `Hello ${f.studentName.trim()},` : 'Hello,';
  const where = f.className ? ` (${f.className})` : '';
  const intro = `Your teacher has released your result for "${f.assignmentTitle}"${where}.`;
  const result = `Result: ${points(f.total)}/${points(f.maxTotal)}${f.grade ? `, grade ${f.grade}` : ''}.`;
  const text = [greeting, intro, result, `Read your teacher's marks and comments:\n${link}`].join('\n\n') + '\n';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>Result released</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(result)}</strong></p>` +
    `<p><a href="${escapeHtml(link)}">Read your teacher's marks and comments</a><br><span style="word-break:break-all">${escapeHtml(link)}</span></p>` +
    `</body></html>`;
  return { to: oneLine(f.to), subject: oneLine(`Your result for "${f.assignmentTitle}" is released`).slice(0, 200), text, html };
}
