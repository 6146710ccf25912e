import { ADMIN_ROLES, AdminAssessRequest, AdminAssessment } from '@corestone/contracts';
import { errorResponses, principalOf, requestLocale, requireRole, security, type RoutePlugin } from '@corestone/service-kit';
import { quickAssess, type QuickAssessDeps } from '../app/quick-assess';
import { languageOf, type RubricTextsSource } from '../app/result-language';
import { resultsIn } from '../domain/rubric-language';

/**
 * `POST /evaluation/admin/assess` (admin, super_admin): the admin area's Quick Assessment. A route of
 * its own, not `POST /evaluation/evaluate` with role-dependent behaviour: that route creates a stored,
 * charged submission and answers an `Evaluation`; this one stores and charges nothing and answers the
 * results at once (README "Admin quick assessment"). Graded against the English rubric like every
 * grading; its criterion names, bands and grade text answered in the admin's language where the
 * rubric has them (issue 36, README "Languages").
 */
export const adminAssessRoutes: RoutePlugin<QuickAssessDeps & { lookups: RubricTextsSource }> = async (app, deps) => {
  app.post(
    '/evaluation/admin/assess',
    {
      preHandler: requireRole(...ADMIN_ROLES),
      schema: {
        summary: "Grade a pasted essay at once (admin Quick Assessment): not stored, not charged; the admin's own OpenAI key when set",
        security,
        body: AdminAssessRequest,
        response: { 200: AdminAssessment, ...errorResponses(400, 401, 403, 404, 413, 503) },
      },
    },
    async (req) => {
      const assessed = await quickAssess(deps, principalOf(req).id, req.body);
      const lang = await languageOf(deps.lookups, req.body.rubric_id, requestLocale(req));
      return { ...assessed, results: resultsIn(assessed.results, lang) };
    },
  );
};
