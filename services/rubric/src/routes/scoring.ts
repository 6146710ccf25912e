import { Type } from '@sinclair/typebox';
import {
  CriteriaValidation,
  ScoringStructure,
  ScoringType,
  ScoringValidation,
  ValidateCriteriaBody,
  ValidateScoringBody,
} from '@corestone/contracts';
import { parseRubricText } from '../domain/parse-rubric';
import { buildStructure, validateScoring } from '../domain/scoring';
import { GENERIC_SCORING, builtInScoring } from '../domain/seeds';
import type { RubricStore } from '../store/rubrics';
import { errorResponses, security, type RoutePlugin } from '@corestone/service-kit';
import { requireSuperAdmin } from './access';

const errors = errorResponses(400, 401, 403);

export interface ScoringRouteDeps {
  store: RubricStore;
}

export const scoringRoutes: RoutePlugin<ScoringRouteDeps> = async (app, { store }) => {
  app.post(
    '/rubrics/validate-criteria',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Read criteria text into criteria, marks and descriptors, with what is wrong or missing (super_admin)',
        security,
        body: ValidateCriteriaBody,
        response: { 200: CriteriaValidation, ...errors },
      },
    },
    async (req) => {
      const parsed = parseRubricText(req.body.criteria_text);
      if (!parsed.criteria.length) {
        return {
          valid: false,
          errors: ['No criteria found: each criterion needs a heading such as "Criterion A: Focus and method (6 marks)"'],
          warnings: parsed.warnings,
          criteria: [],
          total_points: 0,
        };
      }
      const checked = validateScoring(
        buildStructure(parsed.criteria, {
          grade_boundaries: parsed.grade_boundaries ?? undefined,
          pass_threshold: parsed.pass_threshold ?? undefined,
        }),
      );
      return {
        valid: checked.valid,
        errors: checked.errors,
        warnings: [...parsed.warnings, ...checked.warnings],
        criteria: checked.scoring_structure.criteria,
        total_points: checked.total_points,
      };
    },
  );

  app.post(
    '/rubrics/validate-scoring',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Check a scoring structure and return it as it would be stored (super_admin)',
        security,
        body: ValidateScoringBody,
        response: { 200: ScoringValidation, ...errors },
      },
    },
    async (req) => validateScoring(req.body.scoring_structure),
  );

  app.get(
    '/rubrics/default-scoring/:type',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: "The scoring structure a new rubric starts from: the type's default rubric, or the generic 30-point scheme (super_admin)",
        security,
        params: Type.Object({ type: ScoringType }),
        response: { 200: ScoringStructure, ...errors },
      },
    },
    async (req) => {
      const { type } = req.params;
      if (type === 'generic') return GENERIC_SCORING;
      return (await store.defaultOf(type))?.scoring_structure ?? builtInScoring(type);
    },
  );
};
