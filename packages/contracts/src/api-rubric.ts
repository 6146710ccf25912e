/**
 * Rubric-service API shapes: the `Rubric` itself, management, validation, usage and file
 * processing (spec admin §2 "Rubric management", §3 Rubric, §5, §7 "Rubrics").
 */
import { Type, type Static } from '@sinclair/typebox';
import { EssayType, GradeBoundary, RubricCriterion, ScoringStructure } from './api-grading';
import { LocaleSchema } from './locale-schema';

export const RubricStatus = Type.Union([Type.Literal('active'), Type.Literal('draft'), Type.Literal('deprecated')]);
export type RubricStatus = Static<typeof RubricStatus>;

/**
 * Issue 36: a rubric's texts in French or Spanish (the IB publishes its criteria in all three
 * languages). Every field is optional — what is missing shows in English. A criterion is named by
 * its code, a mark band by its range (`min`–`max`) and a grade boundary by its grade; scores, codes
 * and numbers never change with the language.
 */
export const RubricTranslation = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    criteria: Type.Optional(
      Type.Array(
        Type.Object(
          {
            code: Type.String({ maxLength: 10, description: 'a criterion code of the rubric' }),
            name: Type.Optional(Type.String({ maxLength: 300 })),
            description: Type.Optional(Type.String({ maxLength: 5000 })),
            scoring_levels: Type.Optional(
              Type.Array(
                Type.Object(
                  {
                    min: Type.Number({ description: "one of the criterion's mark bands" }),
                    max: Type.Number(),
                    descriptor: Type.String({ maxLength: 5000 }),
                  },
                  { additionalProperties: false },
                ),
                { maxItems: 20 },
              ),
            ),
          },
          { additionalProperties: false },
        ),
        { maxItems: 50 },
      ),
    ),
    grade_boundaries: Type.Optional(
      Type.Array(
        Type.Object(
          { grade: Type.String({ maxLength: 10 }), description: Type.String({ maxLength: 200 }) },
          { additionalProperties: false },
        ),
        {
          maxItems: 20,
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RubricTranslation = Static<typeof RubricTranslation>;

/** The translations of a rubric, by language (English is the rubric's own text). */
export const RubricTranslations = Type.Object({ fr: Type.Optional(RubricTranslation), es: Type.Optional(RubricTranslation) });
export type RubricTranslations = Static<typeof RubricTranslations>;

/**
 * Translations as a client sends them: keyed by language (`fr`, `es`). Any other key is refused by
 * the service (400 RUBRIC_TRANSLATION_INVALID) rather than dropped by the schema, so a translation
 * sent for an unsupported language is never silently lost.
 */
export const RubricTranslationsInput = Type.Record(Type.String({ maxLength: 20 }), RubricTranslation, { maxProperties: 5 });
export type RubricTranslationsInput = Static<typeof RubricTranslationsInput>;

/**
 * Issue 36: a rubric's current English texts with its translations (`rpc.rubric.texts`), whatever
 * its status. Evaluation shows a stored result's criterion names, bands and grade texts in the
 * reader's language from it: a stored English text is translated only where the rubric's current
 * English text for that code, band or grade is the same (services/evaluation/README.md, "Languages").
 */
export const RubricTexts = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  title: Type.String(),
  scoring_structure: ScoringStructure,
  translations: RubricTranslations,
});
export type RubricTexts = Static<typeof RubricTexts>;

export const Rubric = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  rubric_type: EssayType,
  status: RubricStatus,
  is_active: Type.Boolean(),
  version: Type.Integer(),
  criteria_text: Type.String(),
  scoring_structure: ScoringStructure,
  submission_count: Type.Integer(),
  is_default: Type.Boolean({ description: 'the default rubric of its essay type (a super_admin chooses it)' }),
  created_at: Type.String(),
  updated_at: Type.String(),
  /**
   * Issue 36: the language of the texts in this answer. Reads for everyone (`GET /rubrics/active`,
   * `GET /rubrics/{id}`) are in the request's language (Accept-Language) field by field where a
   * translation exists, English otherwise; `language` is that language when any text of it was used,
   * else `en`. Management answers (super_admin) are always the English text with `translations`.
   */
  language: Type.Optional(LocaleSchema),
  /** Management answers only (super_admin): the French and Spanish texts as stored. */
  translations: Type.Optional(RubricTranslations),
});
export type Rubric = Static<typeof Rubric>;

/** Rubric documents the back office may upload (spec admin §9: 10 MB). */
export const MAX_RUBRIC_FILE_BYTES = 10 * 1024 * 1024;
export const RUBRIC_FILE_EXTENSIONS = ['.pdf', '.docx', '.doc', '.txt'] as const;

/** `GET /rubrics/default-scoring/{type}`: the two essay types plus the generic 30-point scheme. */
export const ScoringType = Type.Union([Type.Literal('ee'), Type.Literal('tok'), Type.Literal('generic')]);
export type ScoringType = Static<typeof ScoringType>;

/**
 * A scoring structure as a client may send it: weights and total_points are derived from the
 * criteria's maxScore when stored, grade boundaries and pass threshold default to spec §9.
 */
export const ScoringStructureInput = Type.Object({
  total_points: Type.Optional(Type.Number()),
  criteria: Type.Array(
    Type.Object({
      code: Type.String({ maxLength: 10 }),
      name: Type.String({ maxLength: 300 }),
      maxScore: Type.Number(),
      weight: Type.Optional(Type.Number()),
      description: Type.Optional(Type.String({ maxLength: 5000 })),
      scoring_levels: Type.Optional(
        Type.Array(Type.Object({ min: Type.Number(), max: Type.Number(), descriptor: Type.String({ maxLength: 5000 }) }), { maxItems: 20 }),
      ),
    }),
    { maxItems: 50 },
  ),
  grade_boundaries: Type.Optional(Type.Array(GradeBoundary, { maxItems: 20 })),
  scoring_method: Type.Optional(Type.Literal('weighted_sum')),
  pass_threshold: Type.Optional(Type.Number()),
});
export type ScoringStructureInput = Static<typeof ScoringStructureInput>;

const Title = Type.String({ maxLength: 200, description: 'required, not blank' });
const Description = Type.String({ maxLength: 5000 });
const CriteriaText = Type.String({ maxLength: 50_000 });

/** `POST /rubrics` (the create modal sends title, description, rubric_type, criteria_text, scoring_structure). */
export const RubricInput = Type.Object({
  title: Title,
  description: Type.Optional(Description),
  rubric_type: EssayType,
  criteria_text: Type.Optional(CriteriaText),
  scoring_structure: Type.Optional(ScoringStructureInput),
  status: Type.Optional(RubricStatus),
  /**
   * Issue 36: French and Spanish texts. Each language sent replaces that language's translation
   * (an empty object removes it); a language not sent is kept. Must fit the rubric's criteria codes
   * and mark bands (400 RUBRIC_TRANSLATION_INVALID otherwise).
   */
  translations: Type.Optional(RubricTranslationsInput),
});
export type RubricInput = Static<typeof RubricInput>;

/** `PUT /rubrics/{id}` (the edit modal sends title, description, criteria_text); the type never changes. */
export const RubricUpdate = Type.Object({
  title: Type.Optional(Title),
  description: Type.Optional(Description),
  criteria_text: Type.Optional(CriteriaText),
  scoring_structure: Type.Optional(ScoringStructureInput),
  status: Type.Optional(RubricStatus),
  /**
   * Issue 36: French and Spanish texts. Each language sent replaces that language's translation
   * (an empty object removes it); a language not sent is kept. Must fit the rubric's criteria codes
   * and mark bands (400 RUBRIC_TRANSLATION_INVALID otherwise).
   */
  translations: Type.Optional(RubricTranslationsInput),
});
export type RubricUpdate = Static<typeof RubricUpdate>;

export const RubricTypeQuery = Type.Object({ rubric_type: EssayType });

/** `GET /rubrics/` query. */
export const RubricQuery = Type.Object({
  rubric_type: Type.Optional(EssayType),
  /** The admin screen's filter is "type"; both names are accepted. */
  type: Type.Optional(EssayType),
  status: Type.Optional(RubricStatus),
});
export type RubricQuery = Static<typeof RubricQuery>;

/** `DELETE /rubrics/{id}` (a `MessageResponse` with the id). */
export const RubricDeleted = Type.Object({ success: Type.Literal(true), message: Type.String(), id: Type.String() });

/** What every validation answers: `errors` make it invalid, `warnings` do not. */
const Findings = {
  valid: Type.Boolean(),
  errors: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
};
export const RubricValidation = Type.Object(Findings);
export type RubricValidation = Static<typeof RubricValidation>;

export const ValidateCriteriaBody = Type.Object({ criteria_text: CriteriaText });
export const ValidateScoringBody = Type.Object({ scoring_structure: ScoringStructureInput });

/** `POST /rubrics/validate-criteria {criteria_text}`: the criteria read from the text. */
export const CriteriaValidation = Type.Object({
  ...Findings,
  criteria: Type.Array(RubricCriterion),
  total_points: Type.Number(),
});
export type CriteriaValidation = Static<typeof CriteriaValidation>;

/** `POST /rubrics/validate-scoring {scoring_structure}`: the structure as it would be stored. */
export const ScoringValidation = Type.Object({
  ...Findings,
  total_points: Type.Number(),
  scoring_structure: ScoringStructure,
});
export type ScoringValidation = Static<typeof ScoringValidation>;

/** `GET /rubrics/{id}/usage-stats`, kept from evaluation events. */
export const RubricUsageStats = Type.Object({
  rubric_id: Type.String(),
  title: Type.String(),
  version: Type.Integer(),
  status: RubricStatus,
  is_default: Type.Boolean(),
  submission_count: Type.Integer({ description: 'evaluations ever submitted with this rubric' }),
  evaluations_in_use: Type.Integer({ description: 'of those, the ones not deleted' }),
  completed_count: Type.Integer({ description: 'evaluations in use that were graded' }),
  average_percent: Type.Union([Type.Number(), Type.Null()], {
    description: 'their mean score as a percentage of the rubric total they were graded against',
  }),
  first_used_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  can_delete: Type.Boolean(),
});
export type RubricUsageStats = Static<typeof RubricUsageStats>;

/** A rubric read from a document (spec admin §3 "File-processing result"). */
export const StructuredRubric = Type.Object({
  title: Type.String(),
  description: Type.String(),
  criteria: Type.Array(RubricCriterion),
  detailed_guidance: Type.Array(Type.String()),
  scoring_structure: ScoringStructure,
});
export type StructuredRubric = Static<typeof StructuredRubric>;

export const ProcessedRubricFile = Type.Object({
  structured_rubric: StructuredRubric,
  extracted_text: Type.String(),
  word_count: Type.Integer(),
  /** The questions and instructions the document puts to the examiner or the student. */
  extracted_prompts: Type.Array(Type.String()),
  criteria_text: Type.String({ description: 'the criteria as text, as the create modal shows them' }),
  file_name: Type.String(),
  rubric_type: EssayType,
  /** `parser` = read by the built-in document parser; `openai` = structured by the language model. */
  source: Type.Union([Type.Literal('parser'), Type.Literal('openai')]),
  warnings: Type.Array(Type.String()),
});
export type ProcessedRubricFile = Static<typeof ProcessedRubricFile>;

/** `POST /rubrics/create-from-ai-structure?rubric_type=`: the body is a structured rubric (as returned above). */
export const AiStructureBody = Type.Object({
  title: Type.Optional(Title),
  description: Type.Optional(Description),
  criteria: Type.Optional(ScoringStructureInput.properties.criteria),
  detailed_guidance: Type.Optional(Type.Array(Type.String({ maxLength: 5000 }), { maxItems: 100 })),
  scoring_structure: Type.Optional(ScoringStructureInput),
  /** The whole `generate-ai-rubric` answer's structured_rubric may be sent instead of the fields above. */
  structured_rubric: Type.Optional(
    Type.Object({
      title: Type.Optional(Title),
      description: Type.Optional(Description),
      criteria: Type.Optional(ScoringStructureInput.properties.criteria),
      detailed_guidance: Type.Optional(Type.Array(Type.String({ maxLength: 5000 }), { maxItems: 100 })),
      scoring_structure: Type.Optional(ScoringStructureInput),
    }),
  ),
  status: Type.Optional(RubricStatus),
});
export type AiStructureBody = Static<typeof AiStructureBody>;

/**
 * Issue 33 §3: a marked exemplar of a rubric (an essay or an excerpt, e.g. from a school's moderation
 * samples) with its mark and a short examiner-style comment per criterion. The model grader is shown
 * the most relevant ones; the result names those it was shown.
 */
export const MAX_EXEMPLARS_PER_RUBRIC = 50;
export const MAX_EXEMPLAR_TEXT_CHARS = 60_000;

export const ExemplarMark = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 10, description: 'a criterion code of the rubric' }),
  score: Type.Number({ minimum: 0 }),
  comment: Type.String({ maxLength: 2000, description: 'examiner-style comment for this criterion' }),
});
export type ExemplarMark = Static<typeof ExemplarMark>;

export const RubricExemplarInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200, description: 'e.g. "Moderation sample 3 (2025), excerpt"' }),
  text: Type.String({ minLength: 1, maxLength: MAX_EXEMPLAR_TEXT_CHARS, description: 'the essay or excerpt' }),
  marks: Type.Array(ExemplarMark, { minItems: 1, maxItems: 50, description: 'one per criterion marked' }),
});
export type RubricExemplarInput = Static<typeof RubricExemplarInput>;

export const RubricExemplar = Type.Object({
  id: Type.String(),
  rubric_id: Type.String(),
  title: Type.String(),
  text: Type.String(),
  marks: Type.Array(ExemplarMark),
  created_at: Type.String(),
});
export type RubricExemplar = Static<typeof RubricExemplar>;

/** `DELETE /rubrics/{id}/exemplars/{exemplarId}`. */
export const RubricExemplarDeleted = Type.Object({ success: Type.Literal(true), message: Type.String(), id: Type.String() });
