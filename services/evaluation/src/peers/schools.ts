import { Rpc, type RpcResponse } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/**
 * What evaluation asks the schools service (issue 31): how a user stands to a class or a school,
 * an assignment (with whether the user is its class's student), a student's assignments and a
 * class's roster. A service that does not answer in time is a 503 (HttpError from callRpc).
 */
export interface SchoolsPeer {
  classAccess(classId: string, userId: string): Promise<RpcResponse<typeof Rpc.schoolsClassAccess>>;
  schoolAccess(schoolId: string, userId: string): Promise<RpcResponse<typeof Rpc.schoolsSchoolAccess>>;
  assignment(assignmentId: string, userId: string): Promise<RpcResponse<typeof Rpc.schoolsAssignment>>;
  assignmentsOfStudent(userId: string): Promise<RpcResponse<typeof Rpc.schoolsAssignmentsOfStudent>>;
  classRoster(classId: string): Promise<RpcResponse<typeof Rpc.schoolsClassRoster>>;
}

export function schoolsPeer(bus: Bus, timeoutMs: number): SchoolsPeer {
  const opts = { timeoutMs };
  return {
    classAccess: (class_id, user_id) => callRpc(bus, Rpc.schoolsClassAccess, { class_id, user_id }, opts),
    schoolAccess: (school_id, user_id) => callRpc(bus, Rpc.schoolsSchoolAccess, { school_id, user_id }, opts),
    assignment: (assignment_id, user_id) => callRpc(bus, Rpc.schoolsAssignment, { assignment_id, user_id }, opts),
    assignmentsOfStudent: (user_id) => callRpc(bus, Rpc.schoolsAssignmentsOfStudent, { user_id }, opts),
    classRoster: (class_id) => callRpc(bus, Rpc.schoolsClassRoster, { class_id }, opts),
  };
}
