import {
  AssignmentCodes,
  Codes,
  Messages,
  type Assignment,
  type AssignmentList,
  type CreateAssignmentRequest,
  type RpcResponse,
  type Rpc,
  type UpdateAssignmentRequest,
} from '@corestone/contracts';
import { badRequest, conflict, isUuid, notFound, type Principal } from '@corestone/service-kit';
import { AssignmentDateError, AssignmentRules, checkDates, datesAfter } from '../domain/assignments';
import { trimmedText } from '../domain/schools';
import type { AssignmentPeers } from '../peers/assignment-peers';
import type { AssignmentStore, StoredAssignment } from '../store/assignments';
import type { SchoolStore } from '../store/schools';
import { classNotFound, reachClass } from './tenancy';

export const assignmentNotFound = () => notFound('Assignment not found', AssignmentCodes.ASSIGNMENT_NOT_FOUND);
const classArchived = () => conflict('This class is archived: its assignments cannot be set or changed', AssignmentCodes.CLASS_ARCHIVED);
const rubricNotFound = () => notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
const titleRequired = () => badRequest('title: must not be blank');

function dated<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof AssignmentDateError) throw badRequest(err.message, AssignmentCodes.INVALID_DATES);
    throw err;
  }
}

/** Something to tell the mail scheduler: an assignment was set or changed (it looks sooner than its next round). */
export type AssignmentsChanged = () => void;

/**
 * Assignments of a class (issue 31): set, listed, read and changed through the class's tenancy
 * rules (domain/assignments.ts on top of domain/access.ts), and the questions other services ask
 * about classes, schools and assignments (messaging/assignments-rpc.ts answers them from here).
 */
export class AssignmentsUseCases {
  constructor(
    private readonly schools: SchoolStore,
    private readonly store: AssignmentStore,
    private readonly peers: AssignmentPeers,
    private readonly changed: AssignmentsChanged = () => undefined,
  ) {}

  async create(principal: Principal, classId: string, body: CreateAssignmentRequest): Promise<Assignment> {
    const { cls, actor } = await reachClass(this.schools, principal, classId, AssignmentRules.manage);
    if (cls.archived_at) throw classArchived();
    const title = trimmedText(body.title);
    if (!title) throw titleRequired();
    const dates = { opens_at: body.opens_at ? new Date(body.opens_at) : null, due_at: new Date(body.due_at) };
    dated(() => checkDates(dates));
    const rubricId = body.rubric_id.trim();
    if (!isUuid(rubricId)) throw rubricNotFound();
    const { rubric, is_active } = await this.peers.rubric(rubricId);
    if (is_active === false) throw rubricNotFound();
    if (rubric.rubric_type !== body.essay_type) {
      throw badRequest(
        `The rubric is for ${rubric.rubric_type.toUpperCase()} essays, not ${body.essay_type.toUpperCase()}`,
        Codes.RUBRIC_TYPE_MISMATCH,
      );
    }
    const id = await this.store.create({
      class_id: cls.id,
      title,
      instructions: body.instructions?.trim() ?? '',
      essay_type: body.essay_type,
      rubric_id: rubricId,
      kind: body.kind ?? 'final',
      ...dates,
      allow_late: body.allow_late ?? true,
      release_mode: body.release_mode,
      show_ai_marks: body.show_ai_marks ?? false,
      created_by: actor.id,
    });
    this.changed();
    return (await this.store.get(id))!.assignment;
  }

  /** Staff see every assignment of the class (`archived` filters); its students only the current ones. */
  async list(principal: Principal, classId: string, q: { archived?: boolean }): Promise<AssignmentList> {
    const { cls, view } = await reachClass(this.schools, principal, classId, AssignmentRules.see);
    const staff = AssignmentRules.seeArchived(view);
    const assignments = staff || q.archived !== true ? await this.store.listOfClass(cls.id, staff ? q.archived : false) : [];
    return { assignments, total: assignments.length };
  }

  async get(principal: Principal, assignmentId: string): Promise<Assignment> {
    return (await this.reach(principal, assignmentId, 'see')).assignment;
  }

  async update(principal: Principal, assignmentId: string, body: UpdateAssignmentRequest): Promise<Assignment> {
    const current = await this.reach(principal, assignmentId, 'manage');
    if (current.class_archived) throw classArchived();
    const a = current.assignment;
    const title = body.title === undefined ? undefined : trimmedText(body.title);
    if (title === null) throw titleRequired();
    const dates = datesAfter({ opens_at: a.opens_at ? new Date(a.opens_at) : null, due_at: new Date(a.due_at) }, body);
    dated(() => checkDates(dates));
    await this.store.update(a.id, {
      title,
      instructions: body.instructions?.trim(),
      ...dates,
      release_mode: body.release_mode,
      allow_late: body.allow_late,
      show_ai_marks: body.show_ai_marks,
      archived: body.archived,
    });
    this.changed();
    return (await this.store.get(a.id))!.assignment;
  }

  /** The assignment when the caller may see (or manage) its class; a student never sees an archived one. */
  private async reach(principal: Principal, assignmentId: string, what: 'see' | 'manage'): Promise<StoredAssignment> {
    const stored = isUuid(assignmentId) ? await this.store.get(assignmentId) : null;
    if (!stored) throw assignmentNotFound();
    const { view } = await reachClass(this.schools, principal, stored.assignment.class_id, AssignmentRules[what], assignmentNotFound);
    if (stored.assignment.archived_at && !AssignmentRules.seeArchived(view)) throw assignmentNotFound();
    return stored;
  }

  // ---- what other services ask (rpc.schools.*) ----

  /** How `userId` stands to a class: its teacher or student, or an admin of its school (active members only). */
  async classAccess(classId: string, userId: string): Promise<RpcResponse<typeof Rpc.schoolsClassAccess>> {
    const cls = isUuid(classId) ? await this.schools.getClass(classId) : null;
    if (!cls) return { class: null, is_teacher: false, is_student: false, is_school_admin: false };
    const m = await this.activeMembership(userId, cls.school_id);
    const role = m ? await this.schools.classRoleOf(cls.id, userId) : null;
    return {
      class: { id: cls.id, school_id: cls.school_id, name: cls.name, archived: cls.archived_at !== null },
      is_teacher: role === 'teacher',
      is_student: role === 'student',
      is_school_admin: m?.school_role === 'school_admin',
    };
  }

  /** How `userId` stands to a school: its admin, and the classes they teach (archived ones too). */
  async schoolAccess(schoolId: string, userId: string): Promise<RpcResponse<typeof Rpc.schoolsSchoolAccess>> {
    const exists = isUuid(schoolId) && (await this.schools.schoolName(schoolId)) !== null;
    const m = exists ? await this.activeMembership(userId, schoolId) : null;
    const teaches = m !== null && m.school_role !== 'student';
    return {
      exists,
      is_school_admin: m?.school_role === 'school_admin',
      teacher_class_ids: teaches ? await this.store.classesTaught(schoolId, userId) : [],
    };
  }

  /** An assignment (archived ones too: the caller applies the rules) and whether `userId` is a current student of its class. */
  async assignmentFor(assignmentId: string, userId: string): Promise<RpcResponse<typeof Rpc.schoolsAssignment>> {
    const stored = isUuid(assignmentId) ? await this.store.get(assignmentId) : null;
    if (!stored) return { assignment: null, is_student: false };
    const a = stored.assignment;
    const m = await this.activeMembership(userId, a.school_id);
    return { assignment: a, is_student: m !== null && (await this.schools.classRoleOf(a.class_id, userId)) === 'student' };
  }

  async assignmentsOfStudent(userId: string): Promise<RpcResponse<typeof Rpc.schoolsAssignmentsOfStudent>> {
    return { assignments: isUuid(userId) ? await this.store.ofStudent(userId) : [] };
  }

  /** A class's current students and every assignment of it (archived ones with `archived_at`). */
  async classRoster(classId: string): Promise<RpcResponse<typeof Rpc.schoolsClassRoster>> {
    const cls = isUuid(classId) ? await this.schools.getClass(classId) : null;
    if (!cls) throw classNotFound();
    const [students, assignments] = await Promise.all([this.store.studentsOf(cls.id), this.store.listOfClass(cls.id)]);
    return { students, assignments };
  }

  private async activeMembership(userId: string, schoolId: string) {
    if (!isUuid(userId)) return null;
    const m = await this.schools.membershipOf(userId);
    return m && m.school_id === schoolId && m.status === 'active' ? m : null;
  }
}
