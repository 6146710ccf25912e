import { Type } from '@sinclair/typebox';
import { SchoolCreditGrantRequest, SchoolCreditGrantResult, SchoolCredits, SchoolCreditsQuery } from '@corestone/contracts';
import { errorResponses, principalOf, requireAuth, requireRole, security, type RoutePlugin } from '@corestone/service-kit';
import { grantSchoolCredits, readSchoolCredits, type SchoolCreditsDeps } from '../app/school-credits';

const SchoolParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/**
 * A school's credit pool (issue 30). The gateway routes exactly these two /schools paths to
 * billing; every other /schools path is the schools service's.
 */
export const schoolCreditRoutes: RoutePlugin<SchoolCreditsDeps> = async (app, deps) => {
  app.post(
    '/schools/:id/credits',
    {
      preHandler: requireRole('super_admin'),
      schema: {
        summary: "Grant credits to a school's pool, with a note (super admin)",
        security,
        params: SchoolParams,
        body: SchoolCreditGrantRequest,
        response: { 201: SchoolCreditGrantResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const result = await grantSchoolCredits(deps, principalOf(req), req.params.id, req.body);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/schools/:id/credits',
    {
      preHandler: requireAuth,
      schema: {
        summary: "A school's pool: balance, totals, recent ledger lines and use per member (admins; the school's own school admin)",
        security,
        params: SchoolParams,
        querystring: SchoolCreditsQuery,
        response: { 200: SchoolCredits, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => readSchoolCredits(deps, principalOf(req), req.params.id, req.query.limit ?? 50),
  );
};
