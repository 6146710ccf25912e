import { ADMIN_ROLES, Messages, type Evaluation } from '@corestone/contracts';
import { isUuid, notFound, type Principal } from '@corestone/service-kit';
import { toEvaluation, type EvaluationRow } from '../domain/evaluation';
import { assignmentLink, gateForStudent, needsReview } from '../domain/assignment';
import { shownTo } from '../domain/review';
import type { EvaluationStore } from '../store/evaluations';
import type { SchoolsPeer } from '../peers/schools';

/**
 * Who may read an evaluation (issue 31): its owner; platform admins; and, for a submission into a
 * class assignment, the class's teachers and its school's admins (`staff`). Anyone else, and an
 * unknown id, get the same 404. Staff see everything of the result; the owner of an after-review
 * submission sees no marks until a teacher releases it (domain/assignment.ts gateForStudent).
 */
export interface Reader {
  row: EvaluationRow;
  /** A platform admin, or the class's teacher or school admin: the whole result and the review. */
  staff: boolean;
}

/** Whether `me` teaches the row's class or administers its school (rows inside assignments only). */
export async function isClassStaff(schools: SchoolsPeer, classId: string, me: Principal): Promise<boolean> {
  if (ADMIN_ROLES.includes(me.role)) return true;
  const access = await schools.classAccess(classId, me.id);
  return !!access.class && (access.is_teacher || access.is_school_admin);
}

export async function readerOf(store: EvaluationStore, schools: SchoolsPeer | undefined, id: string, me: Principal): Promise<Reader> {
  const row = isUuid(id) ? await store.getVisible(id) : null;
  if (!row) throw notFound(Messages.EVALUATION_NOT_FOUND);
  if (ADMIN_ROLES.includes(me.role)) return { row, staff: true };
  if (row.user_id === me.id) return { row, staff: false };
  if (row.class_id && schools && (await isClassStaff(schools, row.class_id, me))) return { row, staff: true };
  throw notFound(Messages.EVALUATION_NOT_FOUND);
}

/** The evaluation as `me` (null: the submitter, answered at submission) may see it: internal notes for platform admins only; release gating for the student. */
export function presented({ row, staff }: Reader, me: Pick<Principal, 'role'> | null): Evaluation {
  const ev = shownTo(toEvaluation(row), !!me && ADMIN_ROLES.includes(me.role));
  if (!row.assignment_id) return ev;
  const link = assignmentLink(row, staff, staff ? needsReview(row) : []);
  return { ...(staff ? ev : gateForStudent(ev, row)), assignment: link };
}
