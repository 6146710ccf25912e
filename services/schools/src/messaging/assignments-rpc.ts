import type { Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import type { AssignmentsUseCases } from '../app/assignments';

/**
 * The questions evaluation asks schools about classes, schools and assignments (issue 31):
 * class_access, school_access, assignment, assignments_of_student and class_roster. Answered from
 * the current rows (no copy elsewhere to go stale); platform admins are the caller's to decide.
 */
export function serveAssignmentsRpc(bus: Bus, assignments: AssignmentsUseCases, log: FastifyBaseLogger): Subscription[] {
  return [
    serveRpc(bus, Rpc.schoolsClassAccess, ({ class_id, user_id }) => assignments.classAccess(class_id, user_id), log),
    serveRpc(bus, Rpc.schoolsSchoolAccess, ({ school_id, user_id }) => assignments.schoolAccess(school_id, user_id), log),
    serveRpc(bus, Rpc.schoolsAssignment, ({ assignment_id, user_id }) => assignments.assignmentFor(assignment_id, user_id), log),
    serveRpc(bus, Rpc.schoolsAssignmentsOfStudent, ({ user_id }) => assignments.assignmentsOfStudent(user_id), log),
    serveRpc(bus, Rpc.schoolsClassRoster, ({ class_id }) => assignments.classRoster(class_id), log),
  ];
}
