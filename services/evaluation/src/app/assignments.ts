import {
  ADMIN_ROLES,
  type Assignment,
  type AssignmentSubmission,
  type AssignmentSubmissionList,
  type Gradebook,
  type MyAssignmentList,
  type StudentRef,
} from '@corestone/contracts';
import { notFound, toCsv, type Principal } from '@corestone/service-kit';
import { finalMarks, myAssignment, needsReview, submissionState } from '../domain/assignment';
import type { AssignmentStore, LatestRow } from '../store/assignments';
import type { SchoolsPeer } from '../peers/schools';
import { staffAssignment } from './teacher-review';

/**
 * The lists of work in class assignments (issue 31): a student's own assignments, an assignment's
 * submissions (and their CSV) and a class's gradebook. Who may see what is decided here, with
 * schools' answers: the class's teachers, its school's admins and platform admins; 404 otherwise.
 */
export interface AssignmentListDeps {
  assignments: AssignmentStore;
  schools: SchoolsPeer;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One student's standing in one assignment (a row of the submissions list, a cell of the gradebook). */
function cellOf(student: StudentRef, assignmentId: string, row: LatestRow | undefined): AssignmentSubmission {
  if (!row) {
    return {
      student,
      assignment_id: assignmentId,
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
    };
  }
  const needs = row.status === 'completed' ? needsReview(row) : [];
  const marks = row.status === 'completed' ? finalMarks(row) : { total: null, max_total: null, grade: null };
  return {
    student,
    assignment_id: assignmentId,
    state: submissionState(row, needs),
    evaluation_id: row.id,
    attempts: row.attempts,
    submitted_at: iso(row.created_at),
    late: row.late,
    ...marks,
    ai_total: row.results_total,
    needs_review: needs,
    reviewed_at: row.teacher_review?.reviewed_at ?? null,
    released_at: iso(row.released_at ?? (row.release_mode === 'immediate' && row.status === 'completed' ? row.completed_at : null)),
  };
}

const key = (assignmentId: string, userId: string) => `${assignmentId}/${userId}`;

/** GET /assignments/mine: the caller's assignments (every class they are a student of) with where they stand. */
export async function myAssignments(deps: AssignmentListDeps, me: Principal, now = new Date()): Promise<MyAssignmentList> {
  const { assignments } = await deps.schools.assignmentsOfStudent(me.id);
  const latest = new Map(
    (
      await deps.assignments.latestOfStudent(
        me.id,
        assignments.map((a) => a.id),
      )
    ).map((r) => [r.assignment_id, r]),
  );
  const mine = assignments.map((a) => myAssignment(a, latest.get(a.id) ?? null, now));
  mine.sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at) || a.title.localeCompare(b.title));
  return { assignments: mine, total: mine.length };
}

/** The rows of one assignment, as the submissions list shows them (with each latest row, for the CSV). */
export async function submissionsOf(
  deps: AssignmentListDeps,
  assignmentId: string,
  me: Principal,
): Promise<AssignmentSubmissionList & { rows: Map<string, LatestRow> }> {
  const assignment = await staffAssignment(deps, assignmentId, me);
  const [{ students }, latest] = await Promise.all([
    deps.schools.classRoster(assignment.class_id),
    deps.assignments.latest([assignment.id]),
  ]);
  const rows = new Map(latest.map((r) => [r.user_id, r]));
  const submissions = byName(students).map((s) => cellOf(s, assignment.id, rows.get(s.user_id)));
  return { assignment, submissions, total: submissions.length, rows };
}

const byName = (students: StudentRef[]) => [...students].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));

/** GET /classes/{id}/gradebook: students × the class's assignments (archived ones left out). */
export async function gradebook(deps: AssignmentListDeps, classId: string, me: Principal): Promise<Gradebook> {
  const missing = () => notFound('Class not found');
  const access = await deps.schools.classAccess(classId, me.id);
  if (!access.class) throw missing();
  if (!ADMIN_ROLES.includes(me.role) && !access.is_teacher && !access.is_school_admin) throw missing();
  const roster = await deps.schools.classRoster(classId);
  const assignments = roster.assignments.filter((a) => !a.archived_at).sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at));
  const latest = await deps.assignments.latest(assignments.map((a) => a.id));
  const rows = new Map(latest.map((r) => [key(r.assignment_id, r.user_id), r]));
  const students = byName(roster.students);
  const cells = students.flatMap((s) => assignments.map((a) => cellOf(s, a.id, rows.get(key(a.id, s.user_id)))));
  return { class_id: classId, class_name: access.class.name, assignments, students, cells };
}

/**
 * The marks of an assignment as CSV: one row per student, one column per criterion (the final mark:
 * the teacher's when reviewed, else the AI's), total and grade.
 */
export function submissionsCsv(list: {
  assignment: Assignment;
  submissions: AssignmentSubmission[];
  rows: Map<string, LatestRow>;
}): string {
  const criteria: Array<{ code: string; name: string; max: number }> = [];
  for (const r of list.rows.values()) {
    for (const c of r.teacher_review?.criteria.map((x) => ({ code: x.criterion_id, name: x.name, max: x.max_score })) ??
      (r.criteria ?? []).map((x) => ({ code: x.code, name: x.name, max: x.maxScore }))) {
      if (!criteria.some((k) => k.code === c.code)) criteria.push(c);
    }
  }
  criteria.sort((a, b) => a.code.localeCompare(b.code));
  const header = [
    'student',
    'email',
    'state',
    'submitted_at',
    'late',
    'attempts',
    ...criteria.map((c) => `${c.code} ${c.name} (/${c.max})`),
    'total',
    'max_total',
    'grade',
  ];
  const body = list.submissions.map((s) => {
    const row = list.rows.get(s.student.user_id);
    const graded = row?.status === 'completed';
    const scoreOf = (code: string) => {
      if (!row || !graded) return '';
      const t = row.teacher_review?.criteria.find((c) => c.criterion_id === code);
      if (t) return t.score;
      return row.criteria?.find((c) => c.code === code)?.score ?? '';
    };
    return [
      s.student.name,
      s.student.email,
      s.state,
      s.submitted_at ?? '',
      s.evaluation_id ? (s.late ? 'yes' : 'no') : '',
      s.attempts,
      ...criteria.map((c) => scoreOf(c.code)),
      s.total ?? '',
      s.max_total ?? '',
      s.grade ?? '',
    ];
  });
  return toCsv(header, body);
}

/** `<title>-marks.csv`, the title reduced to safe characters. */
export function marksFileName(title: string): string {
  const safe = title
    .replace(/[^A-Za-z0-9._ -]+/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, 80);
  return `${safe || 'assignment'}-marks.csv`;
}
