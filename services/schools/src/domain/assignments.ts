import type { Assignment, EmailNotifications, UpdateAssignmentRequest } from '@corestone/contracts';
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
export function schoolDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
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
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (${timeZone})`;
}

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
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();
/** The student app's upload wizard for this assignment (type and rubric filled in from it). */
const submitLink = (baseUrl: string, a: Pick<Assignment, 'id' | 'essay_type'>) =>
  `${baseUrl.replace(/\/+$/, '')}/dashboard/upload/${a.essay_type}?assignment=${encodeURIComponent(a.id)}`;

/** The mail a student gets when an assignment opens, or a day before it is due (pure: no I/O). */
export function assignmentMail(f: AssignmentMailFacts): Mail {
  const a = f.assignment;
  const due = schoolDate(a.due_at, a.time_zone);
  const what = `${a.essay_type.toUpperCase()} ${a.kind}`;
  const greeting = f.name.trim() ? `Hello ${f.name.trim()},` : 'Hello,';
  const lines =
    f.kind === 'opened'
      ? [`A new assignment is open in ${a.class_name}: "${a.title}" (${what}).`, `Due: ${due}.`]
      : [
          `"${a.title}" (${a.class_name}) is due in less than 24 hours: ${due}.`,
          `You have not submitted it yet. ${a.allow_late ? 'Late work is taken, but marked late.' : 'After the deadline no submissions are taken.'}`,
        ];
  const instructions = f.kind === 'opened' && a.instructions.trim() ? a.instructions.trim() : null;
  const link = submitLink(f.baseUrl, a);
  const text =
    [greeting, lines.join('\n'), ...(instructions ? [`Instructions:\n${instructions}`] : []), `Submit your essay:\n${link}`].join('\n\n') +
    '\n';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(a.title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    (instructions ? `<p><strong>Instructions</strong></p><p style="white-space:pre-wrap">${escapeHtml(instructions)}</p>` : '') +
    `<p><a href="${escapeHtml(link)}">Submit your essay</a><br><span style="word-break:break-all">${escapeHtml(link)}</span></p>` +
    `</body></html>`;
  const subject =
    f.kind === 'opened' ? `New assignment: "${a.title}" (${a.class_name})` : `Due in 24 hours: "${a.title}" (${a.class_name})`;
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
