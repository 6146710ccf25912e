import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { EssayType, SubmissionDetails } from '@corestone/sdk';
import { ENGLISH } from '@corestone/ui/i18n';

/** The wizard's essay metadata (spec §3 "Client metadata"); the EE category picks the subject list. */
export interface EeMeta {
  title: string;
  category: string;
  subject: string;
  researchQuestion: string;
  citationStyle: string;
  additionalContext: string;
}
export interface TokMeta {
  title: string;
  prescribedTitle: string;
  aokFocus: string[];
  additionalContext: string;
}

export const EMPTY_EE: EeMeta = { title: '', category: '', subject: '', researchQuestion: '', citationStyle: '', additionalContext: '' };
export const EMPTY_TOK: TokMeta = { title: '', prescribedTitle: '', aokFocus: [], additionalContext: '' };

/** A metadata field that 'Review & Submit' can refuse; the wizard marks it and moves focus to it. */
export type MetaField = 'category' | 'subject' | 'researchQuestion' | 'prescribedTitle' | 'rubric';
export interface MetaProblem {
  field: MetaField;
  message: string;
}

/**
 * What keeps 'Review & Submit' from going on, in the order of the form: a rubric and, for EE, subject
 * and research question, for TOK a prescribed title (spec §4). The subject is not asked for before a
 * category: its field is disabled until then.
 */
const PROBLEMS: Record<MetaField, MessageDescriptor> = {
  category: { id: 'upload.problem.category', defaultMessage: 'Please select a subject category' },
  subject: { id: 'upload.problem.subject', defaultMessage: 'Please select a subject' },
  researchQuestion: { id: 'upload.problem.researchQuestion', defaultMessage: 'Please enter your research question' },
  prescribedTitle: { id: 'upload.problem.prescribedTitle', defaultMessage: 'Please select a prescribed title' },
  rubric: { id: 'upload.problem.rubric', defaultMessage: 'Please select a rubric' },
};

export function metadataProblems(type: EssayType, ee: EeMeta, tok: TokMeta, rubricId: string, intl: IntlShape = ENGLISH): MetaProblem[] {
  const fields: MetaField[] = [];
  if (type === 'ee') {
    if (!ee.category) fields.push('category');
    else if (!ee.subject) fields.push('subject');
    if (!ee.researchQuestion.trim()) fields.push('researchQuestion');
  } else if (!tok.prescribedTitle) fields.push('prescribedTitle');
  if (!rubricId) fields.push('rubric');
  return fields.map((field) => ({ field, message: intl.formatMessage(PROBLEMS[field]) }));
}

/** The first problem's message (the 'Validation Error' toast), or null. */
export function validateMetadata(type: EssayType, ee: EeMeta, tok: TokMeta, rubricId: string, intl: IntlShape = ENGLISH): string | null {
  return metadataProblems(type, ee, tok, rubricId, intl)[0]?.message ?? null;
}

/** True when the student has written or chosen nothing in the metadata. */
export function isBlankMeta(meta: EeMeta | TokMeta): boolean {
  return Object.values(meta).every((v) => (Array.isArray(v) ? v.length === 0 : !String(v).trim()));
}

/**
 * What the student stated, as the upload sends it (optional fields beside the spec's payload): the
 * graders check the essay against it and the result shows it. Blank fields are not sent.
 */
export function statedDetails(type: EssayType, ee: EeMeta, tok: TokMeta): SubmissionDetails {
  const fields: SubmissionDetails =
    type === 'ee'
      ? { research_question: ee.researchQuestion, citation_style: ee.citationStyle, additional_context: ee.additionalContext }
      : { prescribed_title: tok.prescribedTitle, aok_focus: tok.aokFocus.join(', '), additional_context: tok.additionalContext };
  return Object.fromEntries(
    Object.entries(fields)
      .map(([k, v]) => [k, String(v ?? '').trim()])
      .filter(([, v]) => v),
  );
}
