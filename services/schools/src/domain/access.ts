import type { ClassRole, MembershipStatus, Role, SchoolRole } from '@corestone/contracts';

/**
 * Who may do what in which school: pure decisions from the caller's platform role, their one
 * membership and (for a class) their place in it. The use cases (app/) load those facts and act on
 * the answer; a refusal that would tell an outsider the school or class exists is `hidden` (404).
 */

export interface Membership {
  school_id: string;
  school_role: SchoolRole;
  status: MembershipStatus;
}

export interface Actor {
  id: string;
  role: Role;
  /** The caller's membership (any status), or null for an individual account or platform staff. */
  membership: Membership | null;
}

/** The caller's standing in one school. */
export type SchoolStanding = 'super_admin' | 'platform_admin' | SchoolRole | 'none';

export const isPlatformStaff = (actor: Pick<Actor, 'role'>): boolean => actor.role === 'admin' || actor.role === 'super_admin';

/** Platform staff see every school; a member only their own, and only while the membership is active. */
export function standingIn(actor: Actor, schoolId: string): SchoolStanding {
  if (actor.role === 'super_admin') return 'super_admin';
  if (actor.role === 'admin') return 'platform_admin';
  const m = actor.membership;
  if (!m || m.school_id !== schoolId || m.status !== 'active') return 'none';
  return m.school_role;
}

/** The verdict of a check: allowed, refused openly (403: the caller may know the thing exists), or hidden (404). */
export type Verdict = 'allow' | 'forbid' | 'hide';

const verdict = (standing: SchoolStanding, allowed: readonly SchoolStanding[]): Verdict =>
  standing === 'none' ? 'hide' : allowed.includes(standing) ? 'allow' : 'forbid';

const MANAGERS: readonly SchoolStanding[] = ['super_admin', 'platform_admin', 'school_admin'];

export const SchoolRules = {
  /** GET /schools/{id}: staff and the school's active members. */
  see: (s: SchoolStanding): Verdict => verdict(s, ['super_admin', 'platform_admin', 'school_admin', 'teacher', 'student']),
  /** PATCH /schools/{id}: the school's admins and super admins (platform admins read only). */
  edit: (s: SchoolStanding): Verdict => verdict(s, ['super_admin', 'school_admin']),
  /** Country, IB code, e-mail domains and Microsoft tenants decide who lands in the school: super admins only. */
  editIdentity: (s: SchoolStanding): Verdict => verdict(s, ['super_admin']),
  /** Invite, change, deactivate and approve members; create any class; enrol anyone. */
  manage: (s: SchoolStanding): Verdict => verdict(s, MANAGERS),
  /** The member list: managers, and teachers (they enrol the school's students in their classes). */
  listMembers: (s: SchoolStanding): Verdict => verdict(s, [...MANAGERS, 'teacher']),
  /** Teachers create classes too (they become the class's teacher). */
  createClass: (s: SchoolStanding): Verdict => verdict(s, [...MANAGERS, 'teacher']),
  /** The class list: everyone in the school, each seeing what classesVisibleTo says. */
  listClasses: (s: SchoolStanding): Verdict => verdict(s, [...MANAGERS, 'teacher', 'student']),
} as const;

/** Which classes of a school a member sees: managers all, teachers and students their own. */
export function classesVisibleTo(s: SchoolStanding): 'all' | 'own' | 'none' {
  if (MANAGERS.includes(s)) return 'all';
  return s === 'teacher' || s === 'student' ? 'own' : 'none';
}

/** A class seen from one caller: their school standing and their role in the class (null when not in it). */
export interface ClassView {
  standing: SchoolStanding;
  classRole: ClassRole | null;
}

export const ClassRules = {
  /** See the class at all: managers, and its own teachers and students; others in the school are told nothing (404). */
  see: ({ standing, classRole }: ClassView): Verdict =>
    MANAGERS.includes(standing) || ((standing === 'teacher' || standing === 'student') && classRole !== null) ? 'allow' : 'hide',
  /** Rename, archive, enrol and remove: managers and the class's teachers. */
  manage: (v: ClassView): Verdict => {
    const seen = ClassRules.see(v);
    if (seen !== 'allow') return seen;
    return MANAGERS.includes(v.standing) || (v.standing === 'teacher' && v.classRole === 'teacher') ? 'allow' : 'forbid';
  },
  /** The class list of members: as manage (a student does not see the class list of their classmates). */
  listMembers: (v: ClassView): Verdict => ClassRules.manage(v),
  /** The class's cap on school-pool credits (issue 30): the school's managers only (a teacher of the class is refused). */
  setPoolCap: (v: ClassView): Verdict => {
    const seen = ClassRules.see(v);
    if (seen !== 'allow') return seen;
    return MANAGERS.includes(v.standing) ? 'allow' : 'forbid';
  },
  /** The join code is shown to those who manage the class. */
  showsJoinCode: (v: ClassView): boolean => ClassRules.manage(v) === 'allow',
} as const;

/** The class role a member's school role allows: teachers and school admins teach, students learn. */
export function fitsClassRole(schoolRole: SchoolRole, classRole: ClassRole): boolean {
  return classRole === 'student' ? schoolRole === 'student' : schoolRole === 'teacher' || schoolRole === 'school_admin';
}

/** The platform role an invited member's new account gets: teachers and school admins 'teacher', students 'student'. */
export function platformRoleFor(schoolRole: SchoolRole): 'teacher' | 'student' {
  return schoolRole === 'student' ? 'student' : 'teacher';
}

/**
 * What POST /classes/join does for a signed-in account with this membership, joining a class of
 * `schoolId`: join as a new student of the school, join (already a student there), or a refusal.
 * A pending membership of the same school (waiting for approval) is approved by the code: a
 * teacher handed it out.
 */
export type JoinDecision =
  | { kind: 'join_school' }
  | { kind: 'join_class'; activate: boolean }
  | { kind: 'refuse'; reason: 'not_student' | 'other_school' | 'deactivated' | 'not_school_student' };

export function decideJoin(actor: Actor, schoolId: string): JoinDecision {
  if (actor.role !== 'student') return { kind: 'refuse', reason: 'not_student' };
  const m = actor.membership;
  if (!m) return { kind: 'join_school' };
  if (m.school_id !== schoolId) return { kind: 'refuse', reason: 'other_school' };
  if (m.status === 'deactivated') return { kind: 'refuse', reason: 'deactivated' };
  if (m.school_role !== 'student') return { kind: 'refuse', reason: 'not_school_student' };
  return { kind: 'join_class', activate: m.status === 'pending' };
}
