import type { ApprovalStatus, Locale } from '@corestone/contracts';
import type { Mail } from '@corestone/service-kit';
import { REPORT_TEXTS, formatPoints } from './report-texts';

/** The mails' own words per language (issue 36); the review's labels are the report's (report-texts.ts). */
const MAIL_TEXTS = {
  en: {
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    reviewed: (title: string, status: string) => `Your essay "${title}" has been reviewed. Review status: ${status}.`,
    seeResult: 'See your result and the feedback',
    reviewedSubject: (title: string, status: string) => `Your essay "${title}" was reviewed: ${status}`,
    released: (assignment: string, where: string) => `Your teacher has released your result for "${assignment}"${where}.`,
    result: (total: string, max: string, grade: string | null) => `Result: ${total}/${max}${grade ? `, grade ${grade}` : ''}.`,
    readMarks: "Read your teacher's marks and comments",
    releasedTitle: 'Result released',
    releasedSubject: (assignment: string) => `Your result for "${assignment}" is released`,
  },
  fr: {
    hello: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    reviewed: (title: string, status: string) => `Votre dissertation « ${title} » a été relue. Statut de la relecture : ${status}.`,
    seeResult: 'Voir votre résultat et les commentaires',
    reviewedSubject: (title: string, status: string) => `Votre dissertation « ${title} » a été relue : ${status}`,
    released: (assignment: string, where: string) => `Votre enseignant a publié votre résultat pour « ${assignment} »${where}.`,
    result: (total: string, max: string, grade: string | null) => `Résultat : ${total}/${max}${grade ? `, note ${grade}` : ''}.`,
    readMarks: 'Lire les notes et les commentaires de votre enseignant',
    releasedTitle: 'Résultat publié',
    releasedSubject: (assignment: string) => `Votre résultat pour « ${assignment} » est publié`,
  },
  es: {
    hello: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    reviewed: (title: string, status: string) => `Tu ensayo «${title}» ha sido revisado. Estado de la revisión: ${status}.`,
    seeResult: 'Ver tu resultado y los comentarios',
    reviewedSubject: (title: string, status: string) => `Tu ensayo «${title}» ha sido revisado: ${status}`,
    released: (assignment: string, where: string) => `Tu profesor ha publicado tu resultado de «${assignment}»${where}.`,
    result: (total: string, max: string, grade: string | null) => `Resultado: ${total}/${max}${grade ? `, calificación ${grade}` : ''}.`,
    readMarks: 'Leer las notas y los comentarios de tu profesor',
    releasedTitle: 'Resultado publicado',
    releasedSubject: (assignment: string) => `Tu resultado de «${assignment}» está publicado`,
  },
} satisfies Record<Locale, unknown>;

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
  /** The student's language (issue 36); English when absent. */
  locale?: Locale;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Header values never carry line breaks. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The link to the submission's results page (the student app's route). */
const resultsLink = (baseUrl: string, id: string) => `${baseUrl.replace(/\/+$/, '')}/dashboard/results/${encodeURIComponent(id)}`;

/** The mail a student gets when a review with feedback for them is saved (pure: no I/O). */
export function reviewMail(f: ReviewMailFacts): Mail {
  const t = MAIL_TEXTS[f.locale ?? 'en'];
  const review = REPORT_TEXTS[f.locale ?? 'en'].review;
  const status = review.status[f.status];
  const link = resultsLink(f.baseUrl, f.evaluationId);
  const greeting = t.hello(f.studentName.trim());
  const intro = t.reviewed(f.title, status);
  const sections: Array<[string, string]> = [];
  if (f.feedback) sections.push([review.feedback, f.feedback]);
  if (f.notes) sections.push([review.notes, f.notes]);
  const text = [greeting, intro, ...sections.map(([k, v]) => `${k}:\n${v}`), `${t.seeResult}:\n${link}`].join('\n\n') + '\n';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(status)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
    sections.map(([k, v]) => `<p><strong>${escapeHtml(k)}</strong></p><p style="white-space:pre-wrap">${escapeHtml(v)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.seeResult)}</a><br><span style="word-break:break-all">${escapeHtml(link)}</span></p>` +
    `</body></html>`;
  return { to: oneLine(f.to), subject: oneLine(t.reviewedSubject(f.title, status)).slice(0, 200), text, html };
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
  /** The student's language (issue 36); English when absent. */
  locale?: Locale;
}

/** The mail a student gets when a teacher releases their result in a class assignment (pure: no I/O). */
export function releasedMail(f: ReleasedMailFacts): Mail {
  const t = MAIL_TEXTS[f.locale ?? 'en'];
  const points = (n: number) => formatPoints(REPORT_TEXTS[f.locale ?? 'en'], n);
  const link = resultsLink(f.baseUrl, f.evaluationId);
  const greeting = t.hello(f.studentName.trim());
  const where = f.className ? ` (${f.className})` : '';
  const intro = t.released(f.assignmentTitle, where);
  const result = t.result(points(f.total), points(f.maxTotal), f.grade);
  const text = [greeting, intro, result, `${t.readMarks}:\n${link}`].join('\n\n') + '\n';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(t.releasedTitle)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(result)}</strong></p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.readMarks)}</a><br><span style="word-break:break-all">${escapeHtml(link)}</span></p>` +
    `</body></html>`;
  return { to: oneLine(f.to), subject: oneLine(t.releasedSubject(f.assignmentTitle)).slice(0, 200), text, html };
}
