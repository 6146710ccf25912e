import type { Assignment, EmailNotifications, Locale, UpdateAssignmentRequest } from '@corestone/contracts';
import type { Mail } from '@corestone/service-kit';
import { ClassRules, type ClassView, type Verdict } from './access';

/**
 * Assignments of a class (issue 31), pure: who may do what, the date rules, and the "assignment
 * open" and "due in 24 h" mails (who gets which, what they say). The use cases load the facts.
 */

/** Who may do what with a class's assignments: the class's rules (domain/access.ts) decide. */
export const AssignmentRules = {
  /** Create and change: the class's teachers, its school's admins, platform admins; its students 403; others 404. */
  manage: (v: ClassView): Verdict => ClassRules.manage(v),
  /** Read: everyone who sees the class (its students included: they are the ones who submit). */
  see: (v: ClassView): Verdict => ClassRules.see(v),
  /** Archived assignments are the staff's record; a student is told nothing of them (404). */
  seeArchived: (v: ClassView): boolean => ClassRules.manage(v) === 'allow',
} as const;

/** A date rule broken: the sentence to show. */
export class AssignmentDateError extends Error {}

/**
 * The dates an assignment keeps after a change: `opens_at` null means "open from creation";
 * `due_at` must come after the opening (after creation when it opens at once is not required: a
 * teacher may record work already due). Instants with their offset (the schema wants one); the
 * school's time zone is how they are shown.
 */
export function checkDates(dates: { opens_at: Date | null; due_at: Date }): void {
  if (dates.opens_at && dates.due_at.getTime() <= dates.opens_at.getTime()) {
    throw new AssignmentDateError('due_at must be after opens_at');
  }
}

/** The dates of an assignment after a PATCH (null opens_at clears it; absent keeps it). */
export function datesAfter(current: { opens_at: Date | null; due_at: Date }, change: UpdateAssignmentRequest) {
  return {
    opens_at: change.opens_at === undefined ? current.opens_at : change.opens_at === null ? null : new Date(change.opens_at),
    due_at: change.due_at === undefined ? current.due_at : new Date(change.due_at),
  };
}

// ---- mails ----

export const REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000;
export type AssignmentMailKind = 'opened' | 'due_soon';
/** Which switch of a user's email_notifications stands for each mail. */
export const MAIL_SWITCH: Record<AssignmentMailKind, keyof EmailNotifications> = {
  opened: 'assignment_opened',
  due_soon: 'assignment_due_soon',
};

/** When submissions open: opens_at, else the creation. */
export const opensAt = (a: Pick<Assignment, 'opens_at' | 'created_at'>): Date => new Date(a.opens_at ?? a.created_at);

/** Between its opening and its deadline at `now`, and not archived (what both mails ask first). */
export function isOpen(a: Pick<Assignment, 'opens_at' | 'created_at' | 'due_at' | 'archived_at'>, now: Date): boolean {
  return !a.archived_at && opensAt(a).getTime() <= now.getTime() && now.getTime() < new Date(a.due_at).getTime();
}

/** The "assignment open" mail is due at `now`: open, not archived, before the deadline. */
export const openMailDue = isOpen;

/** The "due in 24 h" mail is due at `now`: open and the deadline within the next 24 hours. */
export function reminderDue(a: Pick<Assignment, 'opens_at' | 'created_at' | 'due_at' | 'archived_at'>, now: Date): boolean {
  return isOpen(a, now) && new Date(a.due_at).getTime() - now.getTime() <= REMINDER_WINDOW_MS;
}

/**
 * A student who got the "open" mail within the last 24 h before the deadline was told the deadline
 * in it: no reminder on top (an assignment set the day before it is due mails once).
 */
export function reminderCoveredByOpenMail(openMailSentAt: Date | null, dueAt: Date): boolean {
  return openMailSentAt !== null && openMailSentAt.getTime() > dueAt.getTime() - REMINDER_WINDOW_MS;
}

/**
 * A date in the school's time zone, in words that cannot be misread across locales:
 * "Friday 4 December 2026, 23:59 (Europe/London)".
 */
export function schoolDate(iso: string, timeZone: string, locale: Locale = 'en'): string {
  const parts = new Intl.DateTimeFormat(INTL[locale], {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const [weekday, day, month, year, time] = [
    part('weekday'),
    part('day'),
    part('month'),
    part('year'),
    `${part('hour')}:${part('minute')}`,
  ];
  if (locale === 'fr') return `${weekday} ${day} ${month} ${year} à ${time} (${timeZone})`;
  if (locale === 'es') return `${weekday}, ${day} de ${month} de ${year}, ${time} (${timeZone})`;
  return `${weekday} ${day} ${month} ${year}, ${time} (${timeZone})`;
}

const INTL: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES' };

export interface AssignmentMailFacts {
  kind: AssignmentMailKind;
  assignment: Pick<
    Assignment,
    'id' | 'title' | 'class_name' | 'essay_type' | 'kind' | 'due_at' | 'time_zone' | 'allow_late' | 'instructions'
  >;
  to: string;
  name: string;
  /** PUBLIC_BASE_URL: the upload wizard for the assignment is linked. */
  baseUrl: string;
  /** The student's language (issue 36); English when absent. */
  locale?: Locale;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();
/** The student app's upload wizard for this assignment (type and rubric filled in from it). */
const submitLink = (baseUrl: string, a: Pick<Assignment, 'id' | 'essay_type'>) =>
  `${baseUrl.replace(/\/+$/, '')}/dashboard/upload/${a.essay_type}?assignment=${encodeURIComponent(a.id)}`;

type MailAssignment = AssignmentMailFacts['assignment'];

/** The assignment mails' words per language (issue 36); English is what they always said. */
const MAIL_TEXTS: Record<
  Locale,
  {
    hello: (name: string) => string;
    what: (a: MailAssignment) => string;
    opened: (a: MailAssignment, what: string, due: string) => string[];
    dueSoon: (a: MailAssignment, due: string) => string[];
    instructions: string;
    submit: string;
    openedSubject: (a: MailAssignment) => string;
    dueSoonSubject: (a: MailAssignment) => string;
  }
> = {
  en: {
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    what: (a) => `${a.essay_type.toUpperCase()} ${a.kind}`,
    opened: (a, what, due) => [`A new assignment is open in ${a.class_name}: "${a.title}" (${what}).`, `Due: ${due}.`],
    dueSoon: (a, due) => [
      `"${a.title}" (${a.class_name}) is due in less than 24 hours: ${due}.`,
      `You have not submitted it yet. ${a.allow_late ? 'Late work is taken, but marked late.' : 'After the deadline no submissions are taken.'}`,
    ],
    instructions: 'Instructions',
    submit: 'Submit your essay',
    openedSubject: (a) => `New assignment: "${a.title}" (${a.class_name})`,
    dueSoonSubject: (a) => `Due in 24 hours: "${a.title}" (${a.class_name})`,
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    what: (a) => `${a.essay_type === 'ee' ? 'Mémoire' : 'Essai de TdC'}, ${a.kind === 'draft' ? 'brouillon' : 'version finale'}`,
    opened: (a, what, due) => [`Un nouveau devoir est ouvert dans ${a.class_name} : « ${a.title} » (${what}).`, `À rendre le ${due}.`],
    dueSoon: (a, due) => [
      `« ${a.title} » (${a.class_name}) est à rendre dans moins de 24 heures : ${due}.`,
      `Vous ne l’avez pas encore rendu. ${a.allow_late ? 'Un travail en retard est accepté, mais marqué comme tel.' : 'Après la date limite, aucun dépôt n’est accepté.'}`,
    ],
    instructions: 'Consignes',
    submit: 'Déposer votre dissertation',
    openedSubject: (a) => `Nouveau devoir : « ${a.title} » (${a.class_name})`,
    dueSoonSubject: (a) => `À rendre dans 24 heures : « ${a.title} » (${a.class_name})`,
  },
  es: {
    hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    what: (a) => `${a.essay_type === 'ee' ? 'Monografía' : 'Ensayo de TdC'}, ${a.kind === 'draft' ? 'borrador' : 'versión final'}`,
    opened: (a, what, due) => [`Hay una nueva tarea abierta en ${a.class_name}: «${a.title}» (${what}).`, `Fecha de entrega: ${due}.`],
    dueSoon: (a, due) => [
      `«${a.title}» (${a.class_name}) se entrega en menos de 24 horas: ${due}.`,
      `Todavía no la has entregado. ${a.allow_late ? 'Se aceptan entregas tardías, pero se marcan como tales.' : 'Después de la fecha límite no se aceptan entregas.'}`,
    ],
    instructions: 'Instrucciones',
    submit: 'Entregar tu ensayo',
    openedSubject: (a) => `Nueva tarea: «${a.title}» (${a.class_name})`,
    dueSoonSubject: (a) => `Se entrega en 24 horas: «${a.title}» (${a.class_name})`,
  },
};

/** The mail a student gets when an assignment opens, or a day before it is due (pure: no I/O). */
export function assignmentMail(f: AssignmentMailFacts): Mail {
  const locale = f.locale ?? 'en';
  const t = MAIL_TEXTS[locale];
  const a = f.assignment;
  const due = schoolDate(a.due_at, a.time_zone, locale);
  const greeting = t.hello(f.name.trim());
  const lines = f.kind === 'opened' ? t.opened(a, t.what(a), due) : t.dueSoon(a, due);
  const instructions = f.kind === 'opened' && a.instructions.trim() ? a.instructions.trim() : null;
  const link = submitLink(f.baseUrl, a);
  const text =
    [greeting, lines.join('\n'), ...(instructions ? [`${t.instructions}:\n${instructions}`] : []), `${t.submit}:\n${link}`].join('\n\n') +
    '\n';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(a.title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    (instructions
      ? `<p><strong>${escapeHtml(t.instructions)}</strong></p><p style="white-space:pre-wrap">${escapeHtml(instructions)}</p>`
      : '') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.submit)}</a><br><span style="word-break:break-all">${escapeHtml(link)}</span></p>` +
    `</body></html>`;
  const subject = f.kind === 'opened' ? t.openedSubject(a) : t.dueSoonSubject(a);
  return { to: oneLine(f.to), subject: oneLine(subject).slice(0, 200), text, html };
}

/** What the scheduler does for one student and one mail: send it, or record why not (once). */
export type MailDecision = { send: true } | { send: false; reason: 'submitted' | 'told_in_open_mail' | 'no_account' | 'switched_off' };

export function mailDecision(f: {
  kind: AssignmentMailKind;
  due_at: string;
  /** Has submitted into the assignment (asked only for the reminder). */
  submitted: boolean;
  opened_mail_at: Date | null;
  /** The student's mail switches; null when users has no such account any more. */
  switches: EmailNotifications | null;
}): MailDecision {
  if (f.kind === 'due_soon' && f.submitted) return { send: false, reason: 'submitted' };
  if (f.kind === 'due_soon' && reminderCoveredByOpenMail(f.opened_mail_at, new Date(f.due_at)))
    return { send: false, reason: 'told_in_open_mail' };
  if (!f.switches) return { send: false, reason: 'no_account' };
  if (!f.switches[MAIL_SWITCH[f.kind]]) return { send: false, reason: 'switched_off' };
  return { send: true };
}
