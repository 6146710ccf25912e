/** The School area's rules (issue 30): labels, what a member row offers, the dry-run table, the settings form. The server decides. */
import type {
  Locale,
  RosterImportResult,
  SchoolCredits,
  SchoolMember,
  SchoolRole,
  SchoolSettings,
  SessionUser,
  UpdateSchoolRequest,
} from '@corestone/sdk';
import { isAdminRole, isSchoolAdmin, isSchoolStaff } from '@corestone/sdk';
import { defineMessages, type IntlShape } from 'react-intl';

export const SCHOOL_ROLE_LABELS = defineMessages({
  school_admin: { id: 'schools.role.schoolAdmin', defaultMessage: 'School admin' },
  teacher: { id: 'schools.role.teacher', defaultMessage: 'Teacher' },
  student: { id: 'schools.role.student', defaultMessage: 'Student' },
}) satisfies Record<SchoolRole, unknown>;
export const SCHOOL_ROLE_COLORS: Record<SchoolRole, string> = { school_admin: 'purple', teacher: 'blue', student: 'green' };
/** The school roles as a select's options, in the page's language. */
export const schoolRoleOptions = (intl: IntlShape) =>
  (Object.keys(SCHOOL_ROLE_LABELS) as SchoolRole[]).map((value) => ({ value, label: intl.formatMessage(SCHOOL_ROLE_LABELS[value]) }));

/** The back office's School area of a user: their own school for a school admin, none for others. */
export function ownSchoolId(user: Pick<SessionUser, 'school'>): string | null {
  return isSchoolAdmin(user) ? user.school!.id : null;
}

/**
 * A school's staff member who is not a platform admin sees only the school's areas of the back
 * office: a school admin the School area, a teacher or school admin the Classes area (issue 31).
 */
export const schoolAreaOnly = (user: Pick<SessionUser, 'role' | 'school'>): boolean => !isAdminRole(user) && isSchoolStaff(user);

/** Platform admins and a school's active teachers and admins enter the back office (the server guards every route). */
export const mayEnterBackOffice = (user: Pick<SessionUser, 'role' | 'school'> | null | undefined): boolean =>
  isAdminRole(user) || isSchoolStaff(user);

/** Where a school's staff member lands in the back office: a school admin their school, a teacher their classes. */
export const schoolStaffHome = (user: Pick<SessionUser, 'school'>): string => (isSchoolAdmin(user) ? '/admin/school' : '/admin/classes');

const STATUS_LABELS = defineMessages({
  active: { id: 'schools.status.active', defaultMessage: 'Active' },
  deactivated: { id: 'schools.status.deactivated', defaultMessage: 'Deactivated' },
  invited: { id: 'schools.status.invited', defaultMessage: 'Invited' },
  awaiting: { id: 'schools.status.awaiting', defaultMessage: 'Awaiting approval' },
});

export function statusLabel(m: Pick<SchoolMember, 'status' | 'awaiting'>, intl: IntlShape): { text: string; color: string } {
  const [label, color] =
    m.status === 'active'
      ? [STATUS_LABELS.active, 'green']
      : m.status === 'deactivated'
        ? [STATUS_LABELS.deactivated, 'default']
        : m.awaiting === 'member'
          ? [STATUS_LABELS.invited, 'gold']
          : [STATUS_LABELS.awaiting, 'orange'];
  return { text: intl.formatMessage(label), color };
}

export type MemberAction = 'approve' | 'deactivate' | 'reactivate';

/**
 * What a member's row offers: approve a membership waiting for the school, deactivate an active or
 * pending one, reactivate a deactivated one. Nobody changes their own membership here (the server
 * refuses OWN_MEMBERSHIP); an invitation waits for the invited person, not for approval.
 */
export function memberActions(m: Pick<SchoolMember, 'user_id' | 'status' | 'awaiting'>, selfId: string): MemberAction[] {
  if (m.user_id === selfId) return [];
  if (m.status === 'deactivated') return ['reactivate'];
  if (m.status === 'pending') return m.awaiting === 'school' ? ['approve', 'deactivate'] : ['deactivate'];
  return ['deactivate'];
}

export const MEMBER_ACTION_STATUS: Record<MemberAction, 'active' | 'deactivated'> = {
  approve: 'active',
  deactivate: 'deactivated',
  reactivate: 'active',
};
export const MEMBER_ACTION_LABELS = defineMessages({
  approve: { id: 'schools.action.approve', defaultMessage: 'Approve' },
  deactivate: { id: 'schools.action.deactivate', defaultMessage: 'Deactivate' },
  reactivate: { id: 'schools.action.reactivate', defaultMessage: 'Reactivate' },
}) satisfies Record<MemberAction, unknown>;
export const MEMBER_ACTION_DONE = defineMessages({
  approve: { id: 'schools.action.approved', defaultMessage: 'Member approved' },
  deactivate: { id: 'schools.action.deactivated', defaultMessage: 'Member deactivated' },
  reactivate: { id: 'schools.action.reactivated', defaultMessage: 'Member reactivated' },
}) satisfies Record<MemberAction, unknown>;

/** One row of the dry-run (or apply) table. */
export interface RosterRow {
  key: string;
  change: 'Create' | 'Update' | 'Move' | 'Deactivate' | 'New class' | 'Class update';
  name: string;
  email: string;
  detail: string;
}

/** The result's details as one table: people created, updated, moved and deactivated, then classes. */
export function rosterRows(result: Pick<RosterImportResult, 'details'>, intl: IntlShape): RosterRow[] {
  const d = result.details;
  /** One kind of change's rows: `prefix` keeps the keys apart, `detail` says what changes for each. */
  const rowsOf = <T extends { name: string; email?: string }>(
    items: T[],
    prefix: string,
    change: RosterRow['change'],
    detail: (x: T) => string,
  ) => items.map((x, i): RosterRow => ({ key: `${prefix}${i}`, change, name: x.name, email: x.email ?? '', detail: detail(x) }));
  const classes = (names: string[]) => names.join(', ') || intl.formatMessage({ id: 'schools.noClass', defaultMessage: 'no class' });
  const role = (r: SchoolRole) => intl.formatMessage(SCHOOL_ROLE_LABELS[r]);
  return [
    ...rowsOf(d.create, 'c', 'Create', (c) => `${role(c.role)} (${c.file}:${c.line})`),
    ...rowsOf(d.update, 'u', 'Update', (u) => u.changes.join(', ')),
    ...rowsOf(d.moves, 'm', 'Move', (m) => `${classes(m.from)} → ${classes(m.to)}`),
    ...rowsOf(d.deactivate, 'd', 'Deactivate', (x) => `${role(x.role)}: ${x.reason}`),
    ...rowsOf(d.classes_create, 'cc', 'New class', (c) => [c.subject, c.session].filter(Boolean).join(' · ')),
    ...rowsOf(d.classes_update, 'cu', 'Class update', (c) => c.changes.join(', ')),
  ];
}

/** The counts line of a dry run or an apply. */
const SUMMARY_LABELS = defineMessages({
  created: { id: 'schools.summary.created', defaultMessage: 'Created' },
  updated: { id: 'schools.summary.updated', defaultMessage: 'Updated' },
  moved: { id: 'schools.summary.moved', defaultMessage: 'Moved' },
  deactivated: { id: 'schools.summary.deactivated', defaultMessage: 'Deactivated' },
  unchanged: { id: 'schools.summary.unchanged', defaultMessage: 'Unchanged' },
  classes_created: { id: 'schools.summary.classesCreated', defaultMessage: 'Classes created' },
  enrolments_added: { id: 'schools.summary.enrolmentsAdded', defaultMessage: 'Enrolments added' },
  error_count: { id: 'schools.summary.errors', defaultMessage: 'Errors' },
});

export function rosterSummary(r: RosterImportResult, intl: IntlShape): { key: string; label: string; value: number }[] {
  return (Object.keys(SUMMARY_LABELS) as (keyof typeof SUMMARY_LABELS)[]).map((k) => ({
    key: k,
    label: intl.formatMessage(SUMMARY_LABELS[k]),
    value: r[k],
  }));
}

/** What each kind of roster change is called in the table. */
export const ROSTER_CHANGE_LABELS = defineMessages({
  Create: { id: 'schools.change.create', defaultMessage: 'Create' },
  Update: { id: 'schools.change.update', defaultMessage: 'Update' },
  Move: { id: 'schools.change.move', defaultMessage: 'Move' },
  Deactivate: { id: 'schools.change.deactivate', defaultMessage: 'Deactivate' },
  'New class': { id: 'schools.change.newClass', defaultMessage: 'New class' },
  'Class update': { id: 'schools.change.classUpdate', defaultMessage: 'Class update' },
}) satisfies Record<RosterRow['change'], unknown>;

/** Accepted roster files: CSV files or one zip. */
export function rosterFileProblem(files: readonly { name: string }[], intl: IntlShape): string | null {
  if (files.length === 0)
    return intl.formatMessage({ id: 'schools.rosterNoFiles', defaultMessage: 'Choose the roster files (CSV) or one zip first.' });
  const bad = files.find((f) => !/\.(csv|zip)$/i.test(f.name));
  if (bad)
    return intl.formatMessage(
      { id: 'schools.rosterBadFile', defaultMessage: '{name} is neither a CSV file nor a zip.' },
      { name: bad.name },
    );
  if (files.some((f) => /\.zip$/i.test(f.name)) && files.length > 1)
    return intl.formatMessage({
      id: 'schools.rosterZipAlone',
      defaultMessage: 'Upload one zip on its own, or the CSV files without a zip.',
    });
  return null;
}

/** Pool figures for the overview: credits left, and essays charged to the pool in the last 7 days (from the recent lines read). */
export function poolFigures(credits: Pick<SchoolCredits, 'balance' | 'entries'>, now = Date.now(), linesRead = 500) {
  const weekAgo = now - 7 * 24 * 3600 * 1000;
  const uses = credits.entries.filter((e) => e.kind === 'use' && Date.parse(e.created_at) >= weekAgo).length;
  const refunds = credits.entries.filter((e) => e.kind === 'refund' && Date.parse(e.created_at) >= weekAgo).length;
  // every line read is within the week: there may be more than were read
  const more = credits.entries.length >= linesRead && credits.entries.every((e) => Date.parse(e.created_at) >= weekAgo);
  return { balance: credits.balance, gradedThisWeek: Math.max(0, uses - refunds), more };
}

export interface SettingsForm {
  name: string;
  time_zone: string;
  students_may_buy_credits: boolean;
  ai_grader_enabled: boolean;
  pool_enabled: boolean;
  /** null: no cap */
  pool_cap_per_student: number | null;
  domain_sign_up: NonNullable<SchoolSettings['domain_sign_up']>;
  email_domains: string[];
  /** issue 36: the language of members who chose none */
  default_locale: Locale;
}

export function settingsForm(school: {
  name: string;
  time_zone: string;
  settings: SchoolSettings;
  email_domains: string[];
  default_locale?: Locale;
}): SettingsForm {
  return {
    default_locale: school.default_locale ?? 'en',
    name: school.name,
    time_zone: school.time_zone,
    students_may_buy_credits: school.settings.students_may_buy_credits,
    ai_grader_enabled: school.settings.ai_grader_enabled,
    pool_enabled: school.settings.pool_enabled,
    pool_cap_per_student: school.settings.pool_cap_per_student,
    domain_sign_up: school.settings.domain_sign_up ?? 'pending',
    email_domains: school.email_domains,
  };
}

/**
 * The PATCH for what changed. E-mail domains decide who lands in the school: only a super admin
 * sends them (a school admin gets SCHOOL_FIELD_SUPER_ADMIN_ONLY otherwise).
 */
export function settingsPatch(before: SettingsForm, after: SettingsForm, superAdmin: boolean): UpdateSchoolRequest {
  const patch: UpdateSchoolRequest = {};
  const name = after.name.trim();
  if (name !== before.name) patch.name = name;
  const tz = after.time_zone.trim();
  if (tz !== before.time_zone) patch.time_zone = tz;
  if (after.default_locale !== before.default_locale) patch.default_locale = after.default_locale;
  const settings: Partial<SchoolSettings> = {};
  for (const k of ['students_may_buy_credits', 'ai_grader_enabled', 'pool_enabled'] as const) {
    if (after[k] !== before[k]) settings[k] = after[k];
  }
  const cap = after.pool_cap_per_student ?? null;
  if (cap !== before.pool_cap_per_student) settings.pool_cap_per_student = cap;
  if (after.domain_sign_up !== before.domain_sign_up) settings.domain_sign_up = after.domain_sign_up;
  if (Object.keys(settings).length) patch.settings = settings;
  if (superAdmin) {
    const domains = after.email_domains.map((d) => d.trim().toLowerCase()).filter(Boolean);
    if (domains.join(',') !== before.email_domains.join(',')) patch.email_domains = domains;
  }
  return patch;
}

/** 'K7QX-3MPA' as printed; the server's code as it is otherwise. */
export const joinCodeText = (code: string | null): string => code ?? '—';
