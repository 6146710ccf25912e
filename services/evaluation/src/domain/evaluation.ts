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
} from '@corestone/contracts';
import { reviewOutcomeOf } from './review';

/**
 * Internal states of a submission row. `charging` (credit not yet confirmed) and `refused`
 * (billing said no) are never shown to users; the others are the contract's statuses.
 */
export type RowState = 'charging' | 'refused' | 'pending' | 'processing' | 'completed' | 'failed';
export const VISIBLE_STATES: readonly RowState[] = ['pending', 'processing', 'completed', 'failed'];

export const DEFAULT_TITLES: Record<EssayType, string> = {
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
export function contentOf(essayType: EssayType, rubricJson: string, text: string): { key: string; eventBytesAtMost: number } {
  const textJson = JSON.stringify(text);
  // Hashed in parts, the bytes of JSON.stringify([essayType, rubric, text]): the keys already stored.
  const key = createHash('sha256')
    .update(`[${JSON.stringify(essayType)},`)
    .update(rubricJson)
    .update(',')
    .update(textJson)
    .update(']')
    .digest('hex');
  return { key, eventBytesAtMost: Buffer.byteLength(textJson) + 2 * Buffer.byteLength(rubricJson) + EVENT_ROOM_BYTES };
}

/** Milliseconds to seconds with one decimal. */
export const secondsFrom = (ms: number): number => Math.round(ms / 100) / 10;

export interface EvaluationRow {
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

export function toEvaluation(r: EvaluationRow): Evaluation {
  return {
    ...toListItem(r),
    rubric: r.rubric,
    suggestions: r.suggestions,
    results: r.results,
    ai_feedback: r.ai_feedback,
    review: reviewOutcomeOf(r),
  };
}
