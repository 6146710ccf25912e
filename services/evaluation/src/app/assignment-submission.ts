import { AssignmentCodes } from '@corestone/contracts';
import { HttpError, isUuid, notFound } from '@corestone/service-kit';
import { admitSubmission, type AssignmentStamp } from '../domain/assignment';
import type { SchoolsPeer } from '../peers/schools';

const NOT_FOUND = 'Assignment not found';

/**
 * Whether `me` may submit this essay into the assignment (issue 31), asked of schools
 * (rpc.schools.assignment): an active student of its class, open, not past due unless late work
 * is taken, not archived, the assignment's essay type and rubric. Someone who is not its class's
 * student gets 404 (existence must not leak across classes and schools) — unless they teach the
 * class or run its school, who know it exists: 403 NOT_IN_ASSIGNMENT_CLASS.
 */
export async function admitToAssignment(
  schools: SchoolsPeer,
  me: { id: string },
  assignmentId: string,
  essay: { essay_type: string; rubric_id: string },
  now = new Date(),
): Promise<AssignmentStamp> {
  const id = assignmentId.trim();
  if (!isUuid(id)) throw notFound(NOT_FOUND, AssignmentCodes.ASSIGNMENT_NOT_FOUND);
  const { assignment, is_student } = await schools.assignment(id, me.id);
  if (!assignment) throw notFound(NOT_FOUND, AssignmentCodes.ASSIGNMENT_NOT_FOUND);
  if (!is_student) {
    const access = await schools.classAccess(assignment.class_id, me.id);
    if (access.is_teacher || access.is_school_admin) {
      throw new HttpError(403, AssignmentCodes.NOT_IN_CLASS, "Only the class's students submit into its assignments");
    }
    throw notFound(NOT_FOUND, AssignmentCodes.ASSIGNMENT_NOT_FOUND);
  }
  return admitSubmission(assignment, essay, now);
}
