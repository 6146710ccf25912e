import { Type } from '@sinclair/typebox';
import { CreateSchoolRequest, MySchool, School, SchoolList, UpdateSchoolRequest } from '@corestone/contracts';
import { errorResponses, principalOf, security, type RoutePlugin } from '@corestone/service-kit';
import { SchoolParams, signedIn, superAdmins, type SchoolRouteDeps } from './common';

const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200, description: 'part of the name, case-insensitive' })),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});

/** Schools themselves: create (super admin), list and read within the caller's tenancy, change, and the caller's own school. */
export const schoolRoutes: RoutePlugin<SchoolRouteDeps> = async (app, { schools, members }) => {
  app.post(
    '/schools',
    {
      onRequest: superAdmins,
      schema: {
        summary: 'Create a school (super admin)',
        security,
        body: CreateSchoolRequest,
        response: { 201: School, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await schools.create(principalOf(req), req.body)),
  );

  app.get(
    '/schools',
    {
      onRequest: signedIn,
      schema: {
        summary: "Schools: every school for platform admins; a school's members see only their own",
        security,
        querystring: ListQuery,
        response: { 200: SchoolList, ...errorResponses(400, 401) },
      },
    },
    async (req) => schools.list(principalOf(req), req.query),
  );

  app.get(
    '/schools/mine',
    {
      onRequest: signedIn,
      schema: {
        summary: "The caller's school, school role and own classes (school null for an individual account)",
        security,
        response: { 200: MySchool, ...errorResponses(401) },
      },
    },
    async (req) => schools.mine(principalOf(req)),
  );

  app.post(
    '/schools/mine/accept',
    {
      onRequest: signedIn,
      schema: {
        summary: "Accept a school's invitation (an existing account invited by e-mail)",
        security,
        response: { 200: MySchool, ...errorResponses(401, 404) },
      },
    },
    async (req) => members.accept(principalOf(req)),
  );

  app.post(
    '/schools/mine/decline',
    {
      onRequest: signedIn,
      schema: { summary: "Decline a school's invitation", security, response: { 200: MySchool, ...errorResponses(401, 404) } },
    },
    async (req) => members.decline(principalOf(req)),
  );

  app.get(
    '/schools/:id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'One school (platform admins, and its own active members)',
        security,
        params: SchoolParams,
        response: { 200: School, ...errorResponses(401, 404) },
      },
    },
    async (req) => schools.get(principalOf(req), req.params.id),
  );

  app.patch(
    '/schools/:id',
    {
      onRequest: signedIn,
      schema: {
        summary:
          'Change a school: name, time zone, settings (its school admins, super admins); country, IB code, domains, tenants (super admins)',
        security,
        params: SchoolParams,
        body: UpdateSchoolRequest,
        response: { 200: School, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => schools.update(principalOf(req), req.params.id, req.body),
  );
};
