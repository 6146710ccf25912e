import { Assignment, AssignmentList, CreateAssignmentRequest, UpdateAssignmentRequest } from '@corestone/contracts';
import { Type } from '@sinclair/typebox';
import { errorResponses, principalOf, security, type RoutePlugin } from '@corestone/service-kit';
import type { AssignmentsUseCases } from '../app/assignments';
import { ClassParams, signedIn } from './common';

const AssignmentParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const AssignmentListQuery = Type.Object({
  archived: Type.Optional(Type.Boolean({ description: 'true: archived only; false: current only; absent: both (students: current only)' })),
});

/** Assignments of a class (issue 31): set and list them in a class, read and change one. */
export const assignmentRoutes: RoutePlugin<{ assignments: AssignmentsUseCases }> = async (app, { assignments }) => {
  app.addHook('onRequest', signedIn);

  app.post(
    '/classes/:id/assignments',
    {
      schema: {
        summary: "Set an assignment for a class (its teachers, the school's admins, platform admins)",
        security,
        params: ClassParams,
        body: CreateAssignmentRequest,
        response: { 201: Assignment, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (req, reply) => reply.code(201).send(await assignments.create(principalOf(req), req.params.id, req.body)),
  );

  app.get(
    '/classes/:id/assignments',
    {
      schema: {
        summary: "A class's assignments by deadline (its students: the current ones)",
        security,
        params: ClassParams,
        querystring: AssignmentListQuery,
        response: { 200: AssignmentList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => assignments.list(principalOf(req), req.params.id, req.query),
  );

  app.get(
    '/assignments/:id',
    {
      schema: {
        summary: 'One assignment (staff of its class, its students while it is current)',
        security,
        params: AssignmentParams,
        response: { 200: Assignment, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => assignments.get(principalOf(req), req.params.id),
  );

  app.patch(
    '/assignments/:id',
    {
      schema: {
        summary: "Change or archive an assignment (its class's teachers, the school's admins, platform admins)",
        security,
        params: AssignmentParams,
        body: UpdateAssignmentRequest,
        response: { 200: Assignment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => assignments.update(principalOf(req), req.params.id, req.body),
  );
};
