import { AssignmentCodes, Messages, type Evaluation, type TeacherReviewRequest } from '@corestone/contracts';
import { conflict, forbidden, isUuid, notFound, type Principal } from '@corestone/service-kit';
import { buildReview } from '../domain/assignment';
import { rubricTotal } from '../domain/review';
import type { EvaluationStore } from '../store/evaluations';
import type { AssignmentStore } from '../store/assignments';
import type { SchoolsPeer } from '../peers/schools';
import type { Lookups } from '../peers/lookups';
import { isClassStaff, presented, readerOf, type Reader } from './readers';

/**
 * The teacher's review and release of a submission into a class assignment (issue 31): a teacher
 * of the class, its school's admins and platform admins; the student who owns it gets 403 (they
 * know it exists), anyone else the same 404 as a missing id.
 */
export interface TeacherReviewDeps {
  store: EvaluationStore;
  assignments: AssignmentStore;
  schools: SchoolsPeer;
  lookups: Lookups;
}

export const NOT_AN_ASSIGNMENT = 'This evaluation is not a submission into a class assignment';

/** The submission as its class's staff reads it, or the refusal. */
export async function staffReader(deps: TeacherReviewDeps, id: string, me: Principal): Promise<Reader> {
  const reader = await readerOf(deps.store, deps.schools, id, me);
  if (!reader.staff) throw forbidden("Only the class's teachers and the school's admins review and release its work");
  if (!reader.row.assignment_id) throw notFound(NOT_AN_ASSIGNMENT, AssignmentCodes.ASSIGNMENT_NOT_FOUND);
  return reader;
}

/** PUT /evaluation/{id}/review: the teacher's marks, feedback and passage comments (not shown to the student until released). */
export async function saveTeacherReview(
  deps: TeacherReviewDeps,
  id: string,
  me: Principal,
  body: TeacherReviewRequest,
): Promise<Evaluation> {
  const { row } = await staffReader(deps, id, me);
  if (row.status !== 'completed' || !row.results) {
    throw conflict('The submission is not graded yet: review it once its result is in', AssignmentCodes.NOT_GRADED);
  }
  const [text, reviewer] = await Promise.all([
    deps.assignments.texts(deps.store.pool, [row.id]).then((m) => m.get(row.id)),
    deps.lookups.submitter(me.id),
  ]);
  if (text === undefined) throw notFound(Messages.EVALUATION_NOT_FOUND);
  const review = buildReview(
    { results: row.results, rubric: row.rubric, text, total: rubricTotal(row) },
    body,
    { id: me.id, name: reviewer.name },
    new Date(),
  );
  if (!(await deps.assignments.saveReview(row.id, review))) {
    throw conflict('The submission is not graded yet: review it once its result is in', AssignmentCodes.NOT_GRADED);
  }
  return presented(await readerOf(deps.store, deps.schools, row.id, me), me);
}

/** The assignment's show_ai_marks as schools has it now (null when schools no longer knows it: keep the row's). */
async function showAiMarksNow(deps: TeacherReviewDeps, assignmentId: string, me: Principal): Promise<boolean | null> {
  const { assignment } = await deps.schools.assignment(assignmentId, me.id);
  return assignment ? assignment.show_ai_marks : null;
}

/** POST /evaluation/{id}/release: a reviewed submission goes to its student (and mails them); releasing again changes nothing. */
export async function releaseOne(deps: TeacherReviewDeps, id: string, me: Principal): Promise<Evaluation> {
  const { row } = await staffReader(deps, id, me);
  if (row.status !== 'completed' || !row.results) {
    throw conflict('The submission is not graded yet', AssignmentCodes.NOT_GRADED);
  }
  if (!row.teacher_review) {
    throw conflict('Review the submission before releasing it (PUT /evaluation/{id}/review)', AssignmentCodes.NOT_REVIEWED);
  }
  if (!row.released_at) await deps.assignments.release({ id: row.id }, await showAiMarksNow(deps, row.assignment_id!, me));
  return presented(await readerOf(deps.store, deps.schools, row.id, me), me);
}

/** POST /assignments/{id}/release-reviewed: every reviewed, unreleased submission of the assignment (others are skipped). */
export async function releaseReviewed(deps: TeacherReviewDeps, assignmentId: string, me: Principal): Promise<{ released: number }> {
  const a = await staffAssignment(deps, assignmentId, me);
  const ids = await deps.assignments.release({ assignmentId: a.id }, a.show_ai_marks);
  return { released: ids.length };
}

/** The assignment when `me` is its class's staff (or a platform admin); else the same 404 as an unknown one. */
export async function staffAssignment(deps: Pick<TeacherReviewDeps, 'schools'>, assignmentId: string, me: Principal) {
  const missing = () => notFound('Assignment not found', AssignmentCodes.ASSIGNMENT_NOT_FOUND);
  if (!isUuid(assignmentId)) throw missing();
  const { assignment } = await deps.schools.assignment(assignmentId, me.id);
  if (!assignment) throw missing();
  if (!(await isClassStaff(deps.schools, assignment.class_id, me))) throw missing();
  return assignment;
}
