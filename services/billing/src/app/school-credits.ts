import { BillingCodes, BillingMessages, type SchoolCreditGrantResult, type SchoolCredits } from '@corestone/contracts';
import { notFound, type Principal } from '@corestone/service-kit';
import { mayReadSchoolPool } from '../domain/credit-source';
import type { SchoolCopyStore } from '../store/schools';
import type { SchoolPoolStore } from '../store/school-pools';

export interface SchoolCreditsDeps {
  schools: SchoolCopyStore;
  pools: SchoolPoolStore;
  /** How long a request about a school billing has not heard of yet waits for its school_changed event. */
  schoolWaitMs: number;
}

const POLL_MS = 50;
const schoolNotFound = () => notFound(BillingMessages.SCHOOL_NOT_FOUND, BillingCodes.SCHOOL_NOT_FOUND);

/**
 * Whether billing's copy knows the school, waiting up to `schoolWaitMs` for it: the schools
 * service answers a new school before its school_changed event reaches billing, and a super admin
 * may grant credits the moment the school exists.
 */
async function knownSchool(deps: SchoolCreditsDeps, schoolId: string): Promise<boolean> {
  const deadline = Date.now() + deps.schoolWaitMs;
  for (;;) {
    if (await deps.schools.knows(schoolId)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** POST /schools/{id}/credits: a super admin (the route checks the role) adds credits to a known school's pool, with a note. */
export async function grantSchoolCredits(
  deps: SchoolCreditsDeps,
  admin: Principal,
  schoolId: string,
  grant: { credits: number; note: string },
): Promise<SchoolCreditGrantResult> {
  if (!(await knownSchool(deps, schoolId))) throw schoolNotFound();
  return deps.pools.grant(schoolId, grant.credits, grant.note.trim(), admin.id);
}

/**
 * GET /schools/{id}/credits: platform admins any known school, a school's active school admin
 * their own; anyone else 404, as for a school that does not exist (existence never leaks).
 */
export async function readSchoolCredits(
  deps: SchoolCreditsDeps,
  caller: Principal,
  schoolId: string,
  limit: number,
): Promise<SchoolCredits> {
  const standing = caller.role === 'admin' || caller.role === 'super_admin' ? null : await deps.schools.standingOf(caller.id);
  if (!mayReadSchoolPool({ role: caller.role, standing }, schoolId)) throw schoolNotFound();
  if (!(await knownSchool(deps, schoolId))) throw schoolNotFound();
  return deps.pools.view(schoolId, limit);
}
