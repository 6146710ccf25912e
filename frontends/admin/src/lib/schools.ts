/** The School area's rules (issue 30): labels, what a member row offers, the dry-run table, the settings form. The server decides. */
import type {
  RosterImportResult,
  SchoolCredits,
  SchoolMember,
  SchoolRole,
  SchoolSettings,
  SessionUser,
  UpdateSchoolRequest,
} from '@corestone/sdk';
import { isAdminRole, isSchoolAdmin, isSchoolStaff } from '@corestone/sdk';

export const SCHOOL_ROLE_LABELS: Record<SchoolRole, string> = { school_admin: 'School admin', teacher: 'Teacher', student: 'Student' };
export const SCHOOL_ROLE_COLORS: Record<SchoolRole, string> = { school_admin: 'purple', teacher: 'blue', student: 'green' };
export const SCHOOL_ROLE_OPTIONS = (Object.keys(SCHOOL_ROLE_LABELS) as SchoolRole[]).map((value) => ({
  value,
  label: SCHOOL_ROLE_LABELS[value],
}));

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

export function statusLabel(m: Pick<SchoolMember, 'status' | 'awaiting'>): { text: string; color: string } {
  if (m.status === 'active') return { text: 'Active', color: 'green' };
  if (m.status === 'deactivated') return { text: 'Deactivated', color: 'default' };
  if (m.awaiting === 'member') return { text: 'Invited', color: 'gold' };
  return { text: 'Awaiting approval', color: 'orange' };
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
export const MEMBER_ACTION_LABELS: Record<MemberAction, string> = {
  approve: 'Approve',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
};
export const MEMBER_ACTION_DONE: Record<MemberAction, string> = {
  approve: 'Member approved',
  deactivate: 'Member deactivated',
  reactivate: 'Member reactivated',
};

/** One row of the dry-run (or apply) table. */
export interface RosterRow {
  key: string;
  change: 'Create' | 'Update' | 'Move' | 'Deactivate' | 'New class' | 'Class update';
  name: string;
  email: string;
  detail: string;
}

/** The result's details as one table: people created, updated, moved and deactivated, then classes. */
export function rosterRows(result: Pick<RosterImportResult, 'details'>): RosterRow[] {
  const d = result.details;
  /** One kind of change's rows: `prefix` keeps the keys apart, `detail` says what changes for each. */
  const rowsOf = <T extends { name: string; email?: string }>(
    items: T[],
    prefix: string,
    change: RosterRow['change'],
    detail: (x: T) => string,
  ) => items.map((x, i): RosterRow => ({ key: `${prefix}${i}`, change, name: x.name, email: x.email ?? '', detail: detail(x) }));
  const classes = (names: string[]) => names.join(', ') || 'no class';
  return [
    ...rowsOf(d.create, 'c', 'Create', (c) => `${SCHOOL_ROLE_LABELS[c.role]} (${c.file}:${c.line})`),
    ...rowsOf(d.update, 'u', 'Update', (u) => u.changes.join(', ')),
    ...rowsOf(d.moves, 'm', 'Move', (m) => `${classes(m.from)} → ${classes(m.to)}`),
    ...rowsOf(d.deactivate, 'd', 'Deactivate', (x) => `${SCHOOL_ROLE_LABELS[x.role]}: ${x.reason}`),
    ...rowsOf(d.classes_create, 'cc', 'New class', (c) => [c.subject, c.session].filter(Boolean).join(' · ')),
    ...rowsOf(d.classes_update, 'cu', 'Class update', (c) => c.changes.join(', ')),
  ];
}

/** The counts line of a dry run or an apply. */
export function rosterSummary(r: RosterImportResult): { label: string; value: number }[] {
  return [
    { label: 'Created', value: r.created },
    { label: 'Updated', value: r.updated },
    { label: 'Moved', value: r.moved },
    { label: 'Deactivated', value: r.deactivated },
    { label: 'Unchanged', value: r.unchanged },
    { label: 'Classes created', value: r.classes_created },
    { label: 'Enrolments added', value: r.enrolments_added },
    { label: 'Errors', value: r.error_count },
  ];
}

/** Accepted roster files: CSV files or one zip. */
export function rosterFileProblem(files: readonly { name: string }[]): string | null {
  if (files.length === 0) return 'Choose the roster files (CSV) or one zip first.';
  const bad = files.find((f) => !/\.(csv|zip)$/i.test(f.name));
  if (bad) return `${bad.name} is neither a CSV file nor a zip.`;
  if (files.some((f) => /\.zip$/i.test(f.name)) && files.length > 1) return 'Upload one zip on its own, or the CSV files without a zip.';
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
}

export function settingsForm(school: { name: string; time_zone: string; settings: SchoolSettings; email_domains: string[] }): SettingsForm {
  return {
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
