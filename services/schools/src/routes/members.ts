import {
  AddSchoolMemberRequest,
  AddSchoolMemberResponse,
  SchoolMember,
  SchoolMemberList,
  SchoolMemberQuery,
  UpdateSchoolMemberRequest,
} from '@corestone/contracts';
import { errorResponses, principalOf, security, type RoutePlugin } from '@corestone/service-kit';
import { SchoolMemberParams, SchoolParams, signedIn, type SchoolRouteDeps } from './common';

/** A school's members: invite by e-mail, list (search, filters), change role or status. */
export const memberRoutes: RoutePlugin<SchoolRouteDeps> = async (app, { members }) => {
  app.addHook('onRequest', signedIn);

  app.post(
    '/schools/:id/members',
    {
      schema: {
        summary: 'Invite a member by e-mail (school admins, platform admins); a new account gets a set-password mail',
        security,
        params: SchoolParams,
        body: AddSchoolMemberRequest,
        response: { 201: AddSchoolMemberResponse, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (req, reply) => reply.code(201).send(await members.add(principalOf(req), req.params.id, req.body)),
  );

  app.get(
    '/schools/:id/members',
    {
      schema: {
        summary: "A school's members by name (school admins, teachers, platform admins)",
        security,
        params: SchoolParams,
        querystring: SchoolMemberQuery,
        response: { 200: SchoolMemberList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => members.list(principalOf(req), req.params.id, req.query),
  );

  app.patch(
    '/schools/:id/members/:user_id',
    {
      schema: {
        summary: 'Change a member: school role, deactivate, reactivate, approve (status active)',
        security,
        params: SchoolMemberParams,
        body: UpdateSchoolMemberRequest,
        response: { 200: SchoolMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => members.update(principalOf(req), req.params.id, req.params.user_id, req.body),
  );
};
