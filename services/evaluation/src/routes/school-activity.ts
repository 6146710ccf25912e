import { Type } from '@sinclair/typebox';
import { SchoolActivity } from '@corestone/contracts';
import { errorResponses, principalOf, requireAuth, security, type RoutePlugin } from '@corestone/service-kit';
import { schoolActivity, type SchoolActivityDeps } from '../app/school-activity';

/** The School overview's "submissions this week" (issue 30): the school's admins and platform admins; others 404. */
export const schoolActivityRoutes: RoutePlugin<SchoolActivityDeps> = async (app, deps) => {
  app.get(
    '/schools/:id/activity',
    {
      preHandler: requireAuth,
      schema: {
        summary: "The essays the school's members submitted in the last 7 days, whichever credits paid (school admins, platform admins)",
        security,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: SchoolActivity, ...errorResponses(401, 404, 503) },
      },
    },
    async (req) => schoolActivity(deps, req.params.id, principalOf(req)),
  );
};
