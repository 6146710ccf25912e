import type { EssayType, ProcessedRubricFile, StructuredRubric } from '@corestone/contracts';
import { countWords } from '@corestone/documents';
import { criteriaText } from './criteria-text';
import { parseRubricText } from './parse-rubric';
import { buildStructure, validateScoring } from './scoring';

/** Longest extracted text sent back to the browser (a 10 MB PDF can hold far more than a rubric). */
const MAX_RETURNED_TEXT = 200_000;

const fileTitle = (fileName: string) =>
  fileName
    .replace(/\.[A-Za-z0-9]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();

/**
 * The result of processing a rubric document with the built-in parser. `structured_rubric` holds
 * exactly what the parser recognised; problems it or the scoring check found are in `warnings`.
 */
export function rubricFromDocument(text: string, opts: { rubric_type: EssayType; file_name: string }): ProcessedRubricFile {
  const parsed = parseRubricText(text);
  const checked = validateScoring(
    buildStructure(parsed.criteria, {
      grade_boundaries: parsed.grade_boundaries ?? undefined,
      pass_threshold: parsed.pass_threshold ?? undefined,
    }),
  );
  const structured: StructuredRubric = {
    title: parsed.title ?? fileTitle(opts.file_name),
    description: parsed.description,
    criteria: checked.scoring_structure.criteria,
    detailed_guidance: parsed.detailed_guidance,
    scoring_structure: checked.scoring_structure,
  };
  const warnings = [...parsed.warnings, ...(parsed.criteria.length ? [...checked.errors, ...checked.warnings] : [])];
  if (text.length > MAX_RETURNED_TEXT)
    warnings.push(`Only the first ${MAX_RETURNED_TEXT.toLocaleString('en-US')} characters of the extracted text are returned`);
  return {
    structured_rubric: structured,
    extracted_text: text.slice(0, MAX_RETURNED_TEXT),
    word_count: countWords(text),
    extracted_prompts: parsed.prompts,
    criteria_text: criteriaText(structured.criteria),
    file_name: opts.file_name,
    rubric_type: opts.rubric_type,
    source: 'parser',
    warnings,
  };
}

/** A rubric as a language model structured it (the fields `rubricFromModel` reads). */
export interface ModelRubric {
  title: string;
  description: string;
  criteria: Array<{
    code: string;
    name: string;
    maxScore: number;
    description: string;
    scoring_levels: Array<{ min: number; max: number; descriptor: string }>;
  }>;
  detailed_guidance: string[];
  prompts: string[];
}

/**
 * The model's structure in place of the parser's, keeping the document's grade boundaries and pass
 * threshold as the parser read them. Problems instead when the structure cannot be used.
 */
export function rubricFromModel(base: ProcessedRubricFile, model: ModelRubric): ProcessedRubricFile | { problems: string[] } {
  if (!model.criteria.length) return { problems: ['the model found no criteria'] };
  const criteria = model.criteria.map((c) => ({
    code: c.code.trim().toUpperCase(),
    name: c.name.trim(),
    maxScore: c.maxScore,
    ...(c.description.trim() ? { description: c.description.trim() } : {}),
    ...(c.scoring_levels.length ? { scoring_levels: c.scoring_levels.map((l) => ({ ...l, descriptor: l.descriptor.trim() })) } : {}),
  }));
  const current = base.structured_rubric.scoring_structure;
  const checked = validateScoring(
    buildStructure(criteria, { grade_boundaries: current.grade_boundaries, pass_threshold: current.pass_threshold }),
  );
  if (!checked.valid) return { problems: checked.errors };
  const structured: StructuredRubric = {
    title: model.title.trim() || base.structured_rubric.title,
    description: model.description.trim() || base.structured_rubric.description,
    criteria: checked.scoring_structure.criteria,
    detailed_guidance: model.detailed_guidance.map((g) => g.trim()).filter(Boolean),
    scoring_structure: checked.scoring_structure,
  };
  const prompts = [...new Set([...model.prompts.map((p) => p.trim()).filter(Boolean), ...base.extracted_prompts])];
  return {
    ...base,
    structured_rubric: structured,
    criteria_text: criteriaText(structured.criteria),
    extracted_prompts: prompts,
    source: 'openai',
    warnings: checked.warnings,
  };
}
