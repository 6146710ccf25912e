import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLES, AdminAssessRequest, AdminAssessment, ErrorEnvelope } from '@corestone/contracts';
import { principalOf, requireRole } from '@corestone/service-kit';
import { quickAssess, type QuickAssessDeps } from '../flows/quick-assess';

/**
 * `POST /evaluation/admin/assess` (admin, super_admin): the admin area's Quick Assessment. A route of
 * its own, not `POST /evaluation/evaluate` with role-dependent behaviour: that route creates a stored,
 * charged submission and answers an `Evaluation`; this one stores and charges nothing and answers the
 * results at once (README "Admin quick assessment").
 */
export function adminAssessRoutes(app: FastifyInstance, deps: QuickAssessDeps): void {
  app.post(
    '/evaluation/admin/assess',
    {
      preHandler: requireRole(...ADMIN_ROLES),
      schema: {
        summary: "Grade a pasted essay at once (admin Quick Assessment): not stored, not charged; the admin's own OpenAI key when set",
        security: [{ bearer: [] }],
        body: AdminAssessRequest,
        response: {
          200: AdminAssessment,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
          413: ErrorEnvelope,
          503: ErrorEnvelope,
        },
      },
    },
    async (req) => quickAssess(deps, principalOf(req).id, req.body as AdminAssessRequest),
  );
}
