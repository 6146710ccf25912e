import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { isUuid, serveRpc, type Bus } from '@corestone/service-kit';
import type { AssignmentStore } from '../store/assignments';

/**
 * What evaluation answers about assignments (issue 31): who has submitted into one
 * (rpc.evaluation.assignment_submitters; schools' "due in 24 h" reminder goes to the others).
 */
export function serveAssignmentRpc(bus: Bus, assignments: AssignmentStore, log: FastifyBaseLogger): ReturnType<typeof serveRpc>[] {
  return [
    serveRpc(
      bus,
      Rpc.evaluationAssignmentSubmitters,
      async ({ assignment_id }) => ({ user_ids: isUuid(assignment_id) ? await assignments.submitters(assignment_id) : [] }),
      log,
    ),
  ];
}
