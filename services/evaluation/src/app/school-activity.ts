import { ADMIN_ROLES, type SchoolActivity } from '@corestone/contracts';
import { notFound, type Principal } from '@corestone/service-kit';
import type { SchoolsPeer } from '../peers/schools';
import type { EvaluationStore } from '../store/evaluations';

/** "This week" on the School overview: a rolling 7 days, as the overview's other figures. */
export const ACTIVITY_DAYS = 7;

export interface SchoolActivityDeps {
  store: EvaluationStore;
  schools: SchoolsPeer;
}

/**
 * GET /schools/{id}/activity: the school's submissions of the last 7 days. Platform admins any
 * school; the school's own school admins; anyone else, and unknown schools, 404 (existence never leaks).
 */
export async function schoolActivity(deps: SchoolActivityDeps, schoolId: string, me: Principal, now = new Date()): Promise<SchoolActivity> {
  const missing = () => notFound('School not found');
  const access = await deps.schools.schoolAccess(schoolId, me.id);
  if (!access.exists) throw missing();
  if (!ADMIN_ROLES.includes(me.role) && !access.is_school_admin) throw missing();
  const since = new Date(now.getTime() - ACTIVITY_DAYS * 24 * 3600_000);
  return {
    school_id: schoolId,
    days: ACTIVITY_DAYS,
    since: since.toISOString(),
    submissions: await deps.store.submissionsOfSchool(schoolId, since),
  };
}
