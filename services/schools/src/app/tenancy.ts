import { Codes, Messages, SchoolCodes } from '@corestone/contracts';
import { HttpError, forbidden, isUuid, notFound, type Principal } from '@corestone/service-kit';
import { standingIn, type Actor, type ClassView, type SchoolStanding, type Verdict } from '../domain/access';
import type { ClassRow, SchoolStore } from '../store/schools';

/** The caller as the tenancy rules see them: platform role and their one membership. */
export async function actorOf(store: SchoolStore, principal: Principal): Promise<Actor> {
  const membership = await store.membershipOf(principal.id);
  return { id: principal.id, role: principal.role, membership };
}

export const schoolNotFound = () => notFound('School not found', SchoolCodes.SCHOOL_NOT_FOUND);
export const classNotFound = () => notFound('Class not found', SchoolCodes.CLASS_NOT_FOUND);
export const memberNotFound = () => notFound('No such member in this school', SchoolCodes.MEMBER_NOT_FOUND);

/** Acts on a verdict: 404 when the thing must stay hidden, 403 when the caller may know it exists. */
export function enforce(
  verdict: Verdict,
  hidden: () => HttpError,
  detail: string = Messages.FORBIDDEN,
  code: string = Codes.FORBIDDEN,
): void {
  if (verdict === 'hide') throw hidden();
  if (verdict === 'forbid') throw forbidden(detail, code);
}

/** The caller's standing in a school that exists (else 404, the same answer as for a school they may not see). */
export async function standingInSchool(store: SchoolStore, actor: Actor, schoolId: string): Promise<SchoolStanding> {
  const standing = standingIn(actor, schoolId);
  if (standing === 'none') throw schoolNotFound();
  return standing;
}

/**
 * A class and the caller's view of it, when `rule` allows it: else `hidden()` (404, by default the
 * class's) or 403. Every class-scoped use case starts here (classes, and assignments of a class).
 */
export async function reachClass(
  store: SchoolStore,
  principal: Principal,
  classId: string,
  rule: (v: ClassView) => Verdict,
  hidden: () => HttpError = classNotFound,
): Promise<{ cls: ClassRow; actor: Actor; view: ClassView }> {
  if (!isUuid(classId)) throw hidden();
  const cls = await store.getClass(classId);
  if (!cls) throw hidden();
  const actor = await actorOf(store, principal);
  const standing = standingIn(actor, cls.school_id);
  const view: ClassView = { standing, classRole: standing === 'none' ? null : await store.classRoleOf(cls.id, actor.id) };
  enforce(rule(view), hidden);
  return { cls, actor, view };
}
