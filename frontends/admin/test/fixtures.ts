/** The back-office users the admin screen tests sign in as. */
import { normalizeUser, type AssignmentSubmission, type StudentRef } from '@corestone/sdk';

export const superAdmin = normalizeUser({
  id: 'sa1',
  email: 'grace@school.org',
  first_name: 'Grace',
  last_name: 'Hopper',
  user_type: 'super_admin',
})!;
export const admin = normalizeUser({ id: 'a1', email: 'alan@school.org', first_name: 'Alan', last_name: 'Turing', user_type: 'admin' })!;

/** An active teacher (school role teacher, not school admin) of school sch1 (issue 31). */
export const schoolTeacher = normalizeUser({
  id: 'u-t',
  email: 't@school.org',
  first_name: 'Tom',
  last_name: 'Teach',
  user_type: 'teacher',
  school: { id: 'sch1', name: 'Riverside IB', role: 'teacher', status: 'active' },
})!;

/** A student of a class (issue 31's screens): `name`, e-mail from it. */
export const classStudent = (name: string): StudentRef => ({ user_id: name, name, email: `${name.toLowerCase()}@school.org` });

/** One student's standing in assignment a1, not submitted unless `over` says otherwise. */
export function submissionCell(s: StudentRef, over: Partial<AssignmentSubmission> = {}): AssignmentSubmission {
  return {
    student: s,
    assignment_id: 'a1',
    state: 'not_submitted',
    evaluation_id: null,
    attempts: 0,
    submitted_at: null,
    late: false,
    total: null,
    max_total: null,
    grade: null,
    ai_total: null,
    needs_review: [],
    reviewed_at: null,
    released_at: null,
    ...over,
  };
}
