import { DEFAULT_SCHOOL_SETTINGS, type MembershipStatus, type SchoolRole, type SchoolSettings } from '@corestone/contracts';

/**
 * A user's school as billing's copy knows it (messaging/schools.ts): the latest membership event,
 * with the school's settings when its school_changed event has arrived (null until then).
 */
export interface SchoolStanding {
  schoolId: string | null;
  role: SchoolRole | null;
  status: MembershipStatus | null;
  settings: SchoolSettings | null;
}

/** Which ledger a submission is charged to. */
export type CreditSource = { ledger: 'personal' } | { ledger: 'school'; schoolId: string; cap: number | null };

/** The school a user is an active member of, with its settings; null for an individual, a pending or a deactivated member. */
function activeSchool(standing: SchoolStanding | null): { schoolId: string; role: SchoolRole | null; settings: SchoolSettings } | null {
  if (!standing?.schoolId || standing.status !== 'active') return null;
  // A membership can arrive before its school's settings (two streams of events): the school's
  // defaults until then, which are what the schools service creates a school with.
  return { schoolId: standing.schoolId, role: standing.role, settings: standing.settings ?? DEFAULT_SCHOOL_SETTINGS };
}

/**
 * The credit rule's first step (README "The school pool"), the one place that chooses the ledger:
 * - an individual, or a pending or deactivated member: personal credits, as before schools;
 * - an active member of a school with `pool_enabled`: the school's pool, with the school's cap
 *   per student when the member's school role is `student` (teachers and school admins uncapped);
 *   an empty or capped pool refuses — it never falls back to personal credits;
 * - an active member of a school without the pool: personal credits.
 * A school that switched AI grading off is charged the same way: its members' essays are graded by
 * the built-in grader (grading's school router), not refused (issue 33 §2).
 */
export function creditSource(standing: SchoolStanding | null): CreditSource {
  const school = activeSchool(standing);
  if (!school) return { ledger: 'personal' };
  if (!school.settings.pool_enabled) return { ledger: 'personal' };
  return { ledger: 'school', schoolId: school.schoolId, cap: school.role === 'student' ? school.settings.pool_cap_per_student : null };
}

/** Whether the school forbids this user to buy personal credit packs: an active student member of a school with students_may_buy_credits off. */
export function schoolForbidsPurchase(standing: SchoolStanding | null): boolean {
  const school = activeSchool(standing);
  return school !== null && school.role === 'student' && !school.settings.students_may_buy_credits;
}

/** Who may read a school's pool: platform admins any school; an active school admin their own school. */
export function mayReadSchoolPool(caller: { role: string; standing: SchoolStanding | null }, schoolId: string): boolean {
  if (caller.role === 'admin' || caller.role === 'super_admin') return true;
  const s = caller.standing;
  return s !== null && s.schoolId === schoolId && s.status === 'active' && s.role === 'school_admin';
}
