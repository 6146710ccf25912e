import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, type EssayType, type ProcessedRubricFile } from '@corestone/contracts';
import { HttpError } from '@corestone/service-kit';
import { rubricFromDocument, rubricFromModel } from '../domain/rubric-document';
import type { RubricAssistant } from '../peers/rubric-assistant';

/**
 * A rubric document's text turned into a rubric: the built-in parser's reading, or the language
 * model's when one is configured and its answer is usable (the parser's otherwise, saying why).
 */

/** The parser's reading, or 422 `RUBRIC_FILE_UNRECOGNISED` when it finds no criteria. */
export function parsedOrRefuse(text: string, rubric_type: EssayType, file_name: string) {
  const result = rubricFromDocument(text, { rubric_type, file_name });
  if (!result.structured_rubric.criteria.length) {
    throw new HttpError(422, Codes.RUBRIC_FILE_UNRECOGNISED, Messages.RUBRIC_FILE_UNRECOGNISED);
  }
  return result;
}

/** The model's structure when one is configured and its answer is usable; the parser's otherwise, saying why. */
export async function structureDocument(
  deps: { assistant: RubricAssistant | null },
  text: string,
  opts: { rubric_type: EssayType; file_name: string; generate_scoring: boolean },
  log: FastifyBaseLogger,
): Promise<ProcessedRubricFile> {
  const parsed = rubricFromDocument(text, opts);
  if (!deps.assistant) {
    if (!parsed.structured_rubric.criteria.length) {
      throw new HttpError(422, Codes.RUBRIC_FILE_UNRECOGNISED, Messages.RUBRIC_FILE_UNRECOGNISED);
    }
    const note = "No language model is configured: this is the document parser's result";
    return { ...parsed, warnings: [note, ...parsed.warnings] };
  }
  let problem: string;
  try {
    const model = await deps.assistant.structure(text, opts);
    const result = rubricFromModel(parsed, model);
    if (!('problems' in result)) return result;
    problem = result.problems.join('; ');
  } catch (err) {
    problem = (err as Error).message;
    log.warn({ err }, 'rubric assistant failed; using the parser result');
  }
  if (!parsed.structured_rubric.criteria.length) {
    throw new HttpError(
      422,
      Codes.RUBRIC_FILE_UNRECOGNISED,
      `${Messages.RUBRIC_FILE_UNRECOGNISED} (The language model's answer could not be used: ${problem}.)`,
    );
  }
  const note = `The language model's answer could not be used (${problem}); this is the document parser's result`;
  return { ...parsed, warnings: [note, ...parsed.warnings] };
}
