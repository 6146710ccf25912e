import {
  Codes,
  Messages,
  type EssayType,
  type RubricStatus,
  type RubricTranslationsInput,
  type ScoringStructure,
  type ScoringStructureInput,
} from '@corestone/contracts';
import { badRequest } from '@corestone/service-kit';
import { criteriaText } from './criteria-text';
import { parseRubricText } from './parse-rubric';
import { buildStructure, validateScoring } from './scoring';
import { checkedTranslations } from './translations';

/** The scoring structure as stored, or a 400 naming what is wrong with it. */
export function checkedScoring(input: ScoringStructureInput): ScoringStructure {
  const result = validateScoring(input);
  if (!result.valid) {
    throw badRequest(`The scoring structure is invalid: ${result.errors.join('; ')}`, Codes.RUBRIC_INVALID_SCORING);
  }
  return result.scoring_structure;
}

/**
 * The structure described by criteria text (criteria, marks and descriptors as the parser reads
 * them); grade boundaries and pass threshold come from the text when it states them, else from
 * `keep` (the rubric's current ones) or the defaults.
 */
export function scoringFromText(text: string, keep?: ScoringStructure): ScoringStructure {
  const parsed = parseRubricText(text);
  if (!parsed.criteria.length) throw badRequest(Messages.RUBRIC_NO_CRITERIA, Codes.RUBRIC_NO_CRITERIA);
  return checkedScoring(
    buildStructure(parsed.criteria, {
      grade_boundaries: parsed.grade_boundaries ?? keep?.grade_boundaries,
      pass_threshold: parsed.pass_threshold ?? keep?.pass_threshold,
    }),
  );
}

/**
 * The criteria text stored beside a scoring structure: the text sent when it reads back to the same
 * criteria (codes, names, maxima, descriptors), else the structure written out with the text's
 * guidance. A structure edited after a file was processed (a maximum raised, a level reworded) thus
 * never leaves a criteria text that contradicts what essays are graded against.
 */
export function criteriaTextFor(scoring: ScoringStructure, text: string | undefined): string {
  const given = text?.trim() ?? '';
  if (!given) return criteriaText(scoring.criteria);
  const parsed = parseRubricText(given);
  const sameCriteria = criteriaText(parsed.criteria) === criteriaText(scoring.criteria);
  return sameCriteria ? given : criteriaText(scoring.criteria, parsed.detailed_guidance);
}

export function requiredTitle(title: string | undefined): string {
  const t = title?.trim() ?? '';
  if (!t) throw badRequest(Messages.RUBRIC_TITLE_REQUIRED);
  return t;
}

export interface RubricDraftInput {
  title?: string;
  description?: string;
  rubric_type: EssayType;
  criteria_text?: string;
  scoring_structure?: ScoringStructureInput;
  status?: RubricStatus;
  translations?: RubricTranslationsInput;
}

/**
 * A new rubric from what the create modal (or a processed file) sends: the scoring structure when
 * given, else the criteria text read by the parser. Without either there is nothing to grade with.
 */
export function prepareRubric(input: RubricDraftInput) {
  const title = requiredTitle(input.title);
  let scoring: ScoringStructure;
  if (input.scoring_structure) scoring = checkedScoring(input.scoring_structure);
  else if (input.criteria_text?.trim()) scoring = scoringFromText(input.criteria_text);
  else throw badRequest(Messages.RUBRIC_FILE_REQUIRED, Codes.RUBRIC_NO_CRITERIA);
  return {
    title,
    description: input.description?.trim() ?? '',
    rubric_type: input.rubric_type,
    status: input.status ?? 'active',
    criteria_text: input.scoring_structure ? criteriaTextFor(scoring, input.criteria_text) : input.criteria_text!.trim(),
    scoring_structure: scoring,
    translations: checkedTranslations(input.translations ?? {}, scoring),
  };
}
