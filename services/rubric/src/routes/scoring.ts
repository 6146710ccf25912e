import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  CriteriaValidation,
  ErrorEnvelope,
  ScoringStructure,
  ScoringType,
  ScoringValidation,
  ValidateCriteriaBody,
  ValidateScoringBody,
  type ScoringStructureInput,
} from '@corestone/contracts';
import { parseRubricText } from '../domain/parse-rubric';
import { buildStructure, validateScoring } from '../domain/scoring';
import { GENERIC_SCORING, builtInScoring } from '../domain/seeds';
import type { RubricStore } from '../store/rubrics';
import { requireSuperAdmin, security } from './access';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };

export function scoringRoutes(app: FastifyInstance, store: RubricStore): void {
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
      const parsed = parseRubricText((req.body as { criteria_text: string }).criteria_text);
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
    async (req) => validateScoring((req.body as { scoring_structure: ScoringStructureInput }).scoring_structure),
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
      const { type } = req.params as { type: ScoringType };
      if (type === 'generic') return GENERIC_SCORING;
      return (await store.defaultOf(type))?.scoring_structure ?? builtInScoring(type);
    },
  );
}
