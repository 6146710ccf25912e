import { createHash } from 'node:crypto';
import {
  MAX_ESSAY_CHARS,
  REVIEW_LIST_FEEDBACK_CHARS,
  type EssayType,
  type Evaluation,
  type EvaluationListItem,
  type EvaluationStatus,
  type Results,
  type ResultsSummary,
  type RubricSnapshot,
  type SubmissionDetails,
} from '@corestone/contracts';
import { reviewOutcomeOf } from './review';
import type { AssignmentColumns } from './assignment';

/**
 * Internal states of a submission row. `charging` (credit not yet confirmed) and `refused`
 * (billing said no) are never shown to users; the others are the contract's statuses.
 */
export type RowState = 'charging' | 'refused' | 'pending' | 'processing' | 'completed' | 'failed';
export const VISIBLE_STATES: readonly RowState[] = ['pending', 'processing', 'completed', 'failed'];

const DEFAULT_TITLES: Record<EssayType, string> = {
  ee: 'Extended Essay Submission',
  tok: 'Theory of Knowledge Submission',
};

export function titleOrDefault(title: string | undefined, type: EssayType): string {
  const t = (title ?? '').trim();
  return t ? t.slice(0, 500) : DEFAULT_TITLES[type];
}

/** The improvement list the report shows: the summary's improvements, then its next steps, no repeats. */
export function suggestionsFrom(results: Results): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of [...results.overallSummary.improvements, ...results.overallSummary.nextSteps]) {
    const t = s.trim();
    if (t && !seen.has(t)) {
      seen.add(t);
      out.push(t);
    }
  }
  return out;
}

/** A first, cheap bound on an essay's text; a NATS message (a grading job) is 1 MB by default. */
const MAX_ESSAY_BYTES = 900_000;

/** Over MAX_ESSAY_CHARS characters or MAX_ESSAY_BYTES bytes of UTF-8 (a submission also bounds its job: contentOf). */
export const isTooLong = (text: string): boolean => text.length > MAX_ESSAY_CHARS || Buffer.byteLength(text) > MAX_ESSAY_BYTES;

export const ESSAY_TOO_LONG = `The essay is too long: at most ${MAX_ESSAY_CHARS.toLocaleString('en-US')} characters (about 900 KB) of text are accepted`;

/** Room in an `evaluation.submitted` event beside its text and rubric: envelope, ids, keys, title and subject escaped. */
const EVENT_ROOM_BYTES = 8 * 1024;

/**
 * The content key — what makes two submissions "the same essay" for reuse: type, the rubric
 * snapshot (an edited rubric is another rubric) and the exact text; the grader is compared beside
 * it — and an upper bound on the bytes of the essay's `evaluation.submitted` event, from one
 * serialisation of the text (`rubricJson`: the snapshot as JSON.stringify gives it). Postgres
 * builds that event from the row (store/evaluations.ts markPending) and writes the rubric with a
 * space after each `:` and `,`: at most one more byte per byte of its JSON.
 */
export function contentOf(
  essayType: EssayType,
  rubricJson: string,
  text: string,
  details: SubmissionDetails = {},
): { key: string; eventBytesAtMost: number } {
  const textJson = JSON.stringify(text);
  // What the student stated is graded with the essay (the research question, the style …): another
  // statement is another grading. None stated: the key is as before, so stored keys still match.
  const detailsJson = Object.keys(details).length ? JSON.stringify(details) : '';
  // Hashed in parts, the bytes of JSON.stringify([essayType, rubric, text(, details)]): the keys already stored.
  const key = createHash('sha256')
    .update(`[${JSON.stringify(essayType)},`)
    .update(rubricJson)
    .update(',')
    .update(textJson)
    .update(detailsJson ? `,${detailsJson}]` : ']')
    .digest('hex');
  const bytes = Buffer.byteLength(textJson) + 2 * Buffer.byteLength(rubricJson) + 2 * Buffer.byteLength(detailsJson) + EVENT_ROOM_BYTES;
  return { key, eventBytesAtMost: bytes };
}

/** The stated fields of each essay type (the others are not asked for by the wizard and are dropped). */
const DETAIL_FIELDS: Record<EssayType, ReadonlyArray<keyof SubmissionDetails>> = {
  ee: ['research_question', 'citation_style', 'additional_context'],
  tok: ['prescribed_title', 'aok_focus', 'additional_context'],
};

/** The columns (migration 008) holding what the student stated; NULL = not stated. */
export const DETAIL_COLUMNS = ['research_question', 'prescribed_title', 'citation_style', 'aok_focus', 'additional_context'] as const;
export type DetailColumns = Record<(typeof DETAIL_COLUMNS)[number], string | null>;

/** What the student stated about an essay of this type: trimmed, blank ones left out. */
export function detailsOf(type: EssayType, fields: SubmissionDetails): SubmissionDetails {
  const out: SubmissionDetails = {};
  for (const k of DETAIL_FIELDS[type]) {
    const v = fields[k]?.trim();
    if (v) out[k] = v;
  }
  return out;
}

/** A full row's stated fields as the API shows them (only those stated). */
function detailsFromRow(r: Partial<DetailColumns>): SubmissionDetails {
  const out: SubmissionDetails = {};
  for (const k of DETAIL_COLUMNS) {
    const v = r[k];
    if (v) out[k] = v;
  }
  return out;
}

/** Milliseconds to seconds with one decimal. */
export const secondsFrom = (ms: number): number => Math.round(ms / 100) / 10;

/** A row as the store reads it; the assignment columns (migration 010) are null for an essay of the student's own. */
export interface EvaluationRow extends AssignmentColumns {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  user_type: string;
  file_name: string;
  title: string;
  essay_type: EssayType;
  subject_area: string;
  status: RowState;
  approval_status: Evaluation['approval_status'];
  overall_score: number | null;
  rubric_id: string;
  rubric: RubricSnapshot;
  word_count: number;
  processing_time: number | null;
  evaluation_time: number | null;
  progress: number;
  error_message: string | null;
  created_at: Date;
  completed_at: Date | null;
  suggestions: string[];
  admin_notes: string | null;
  results: Results | null;
  attempt: number;
  ai_feedback: string | null;
  grader: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  reused_from: string | null;
  updated_at: Date;
  /** The grading worker's last reported stage (null before it starts). */
  stage: string | null;
  /** The admin notes are shown to the student (migration 007). */
  notes_for_student: boolean;
  /** When what the student is told (feedback, shared notes) last changed. */
  feedback_at: Date | null;
  /** When the evaluation was last approved or rejected. */
  decided_at: Date | null;
  /** Where the essay waits for the AI model, as grading last reported it (stage `queued`; migration 009). */
  queue_ahead?: number | null;
  queue_start_at?: Date | null;
}

/** The processing screen's stage names (spec user-app §4: stage changes at 33 and 66 percent). */
export function stageLabel(status: RowState, progress: number): string {
  if (status === 'completed') return 'Completed';
  if (status === 'failed') return 'Failed';
  if (status !== 'processing' || progress < 33) return 'File Processing';
  return progress < 66 ? 'Content Analysis' : 'Generating Feedback';
}

/**
 * A row as the lists of submissions read it: no rubric or suggestions, the result's summary, and
 * the start of the feedback for the student (store LIST_COLUMNS: one character more than a list shows).
 */
export type ListRow = Omit<EvaluationRow, 'rubric' | 'suggestions' | 'results'> & { results: ResultsSummary | null };

export function toListItem(r: ListRow): EvaluationListItem {
  const created = r.created_at.toISOString();
  return {
    id: r.id,
    user_id: r.user_id,
    user_name: r.user_name,
    user_type: r.user_type,
    submitted_by: r.user_name,
    fileName: r.file_name,
    title: r.title,
    essay_type: r.essay_type,
    subject_area: r.subject_area,
    // Only visible rows reach here (a retry being charged shows as pending); guarded by the store's queries.
    status: (r.status === 'charging' ? 'pending' : r.status) as EvaluationStatus,
    approval_status: r.approval_status,
    overall_score: r.overall_score,
    rubric_id: r.rubric_id,
    extractedWordCount: r.word_count,
    processingTime: r.processing_time,
    evaluation_time: r.evaluation_time,
    progress: r.status === 'completed' ? 100 : r.progress,
    error_message: r.error_message,
    created_at: created,
    submittedAt: created,
    completed_at: r.completed_at ? r.completed_at.toISOString() : null,
    profiles: { full_name: r.user_name, email: r.user_email },
    admin_notes: r.admin_notes,
    admin_notes_for_student: r.notes_for_student,
    review: reviewOutcomeOf(r, REVIEW_LIST_FEEDBACK_CHARS),
    results: r.results,
    attempt: r.attempt,
    reused_from: r.reused_from,
  };
}

export function toEvaluation(r: EvaluationRow & Partial<DetailColumns>): Evaluation {
  return {
    ...toListItem(r),
    rubric: r.rubric,
    suggestions: r.suggestions,
    results: r.results,
    ai_feedback: r.ai_feedback,
    review: reviewOutcomeOf(r),
    submission_details: detailsFromRow(r),
  };
}
