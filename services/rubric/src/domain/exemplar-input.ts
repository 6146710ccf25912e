import { Codes, type ExemplarMark, type RubricExemplarInput, type ScoringStructure } from '@corestone/contracts';
import { badRequest } from '@corestone/service-kit';

/**
 * An exemplar as stored (issue 33 §3): title and text trimmed, each mark's code one of the rubric's
 * criteria (matched case-insensitively, stored in the rubric's spelling), at most one mark per
 * criterion, a whole score from 0 to the criterion's maximum, marks in the rubric's order. A
 * criterion left unmarked is allowed (an excerpt may show only some). Anything else is a 400 naming it.
 */
export function checkedExemplar(input: RubricExemplarInput, structure: ScoringStructure): RubricExemplarInput {
  const title = input.title.trim();
  const text = input.text.trim();
  const errors: string[] = [];
  if (!title) errors.push('title is blank');
  if (!text) errors.push('text is blank');
  const byCode = new Map(structure.criteria.map((c) => [c.code.trim().toUpperCase(), c]));
  const given = new Map<string, ExemplarMark>();
  for (const m of input.marks) {
    const criterion = byCode.get(m.code.trim().toUpperCase());
    if (!criterion) {
      errors.push(`criterion ${m.code} is not in the rubric (${structure.criteria.map((c) => c.code).join(', ')})`);
      continue;
    }
    if (given.has(criterion.code)) errors.push(`criterion ${criterion.code} is marked twice`);
    if (!Number.isInteger(m.score) || m.score < 0 || m.score > criterion.maxScore)
      errors.push(`criterion ${criterion.code}: the mark must be a whole number from 0 to ${criterion.maxScore}`);
    given.set(criterion.code, { code: criterion.code, score: m.score, comment: m.comment.trim() });
  }
  if (errors.length) throw badRequest(`The exemplar is invalid: ${errors.join('; ')}`, Codes.EXEMPLAR_MARKS_INVALID);
  const marks = structure.criteria.flatMap((c) => (given.has(c.code) ? [given.get(c.code)!] : []));
  return { title, text, marks };
}
