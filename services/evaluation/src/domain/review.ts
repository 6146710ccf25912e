import type { AdminEvaluationUpdate, Criterion, Results } from '@corestone/contracts';
import type { EvaluationRow } from './evaluation';

/** Spec admin §2: results an admin saves carry maxPoints 100. */
export const ADMIN_RESULTS_MAX_POINTS = 100;
/** Spec admin §2/§9: the rubric total when the rubric gives none. */
export const DEFAULT_RUBRIC_TOTAL = 30;

const METADATA_LABELS = { title: 'Title', essay_type: 'Essay type', subject_area: 'Subject area', status: 'Status' } as const;

/** Why an admin's change is refused: `field` names the field, `detail` is the sentence to show. */
export class ReviewError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'ReviewError';
  }
}

/**
 * Basic information is view-only for admins (spec admin §2: "saving is permanently disabled",
 * "Title cannot be modified by admin"): a metadata field may be sent, but only with its current value.
 */
export function checkMetadataUnchanged(row: EvaluationRow, update: AdminEvaluationUpdate): void {
  const current = { title: row.title, essay_type: row.essay_type, subject_area: row.subject_area, status: shownStatus(row) };
  for (const field of Object.keys(METADATA_LABELS) as Array<keyof typeof METADATA_LABELS>) {
    const sent = update[field];
    if (sent !== undefined && sent !== current[field]) throw new ReviewError(`${METADATA_LABELS[field]} cannot be modified by admin`);
  }
}

const shownStatus = (row: EvaluationRow) => (row.status === 'charging' ? 'pending' : row.status);

export function rubricTotal(row: EvaluationRow): number {
  const total = row.rubric?.scoring_structure?.total_points;
  return Number.isFinite(total) && total > 0 ? total : DEFAULT_RUBRIC_TOTAL;
}

/** overall_score: 0 to the rubric total (spec admin §5). */
export function checkOverallScore(row: EvaluationRow, score: number): number {
  const total = rubricTotal(row);
  if (!(score >= 0 && score <= total)) throw new ReviewError(`overall_score: must be between 0 and ${total}`);
  return score;
}

/**
 * The stored results with an admin's edit applied: grade and total as sent, maxPoints 100,
 * criteria matched by code (score, maxScore, feedback and name replaced; band, strengths,
 * improvements and passages kept), criteria the grader did not have appended.
 */
export function applyResultsEdit(stored: Results, edit: NonNullable<AdminEvaluationUpdate['results']>): Results {
  if (edit.totalPoints > ADMIN_RESULTS_MAX_POINTS) {
    throw new ReviewError(`results.totalPoints: must be at most ${ADMIN_RESULTS_MAX_POINTS}`);
  }
  const edits = new Map<string, (typeof edit.criteria)[number]>();
  for (const e of edit.criteria) {
    if (edits.has(e.code)) throw new ReviewError(`results.criteria: criterion ${e.code} appears twice`);
    if (e.score > e.maxScore) throw new ReviewError(`results.criteria: the score of ${e.code} is above its maximum (${e.maxScore})`);
    edits.set(e.code, e);
  }
  const apply = (base: Criterion, e: (typeof edit.criteria)[number]): Criterion => ({
    ...base,
    name: e.name,
    score: e.score,
    maxScore: e.maxScore,
    feedback: e.feedback,
  });
  const known = new Set(stored.criteria.map((c) => c.code));
  const blank = (code: string): Criterion => ({
    code,
    name: '',
    score: 0,
    maxScore: 0,
    band: '',
    feedback: '',
    weight: 1,
    strengths: [],
    improvements: [],
  });
  const criteria = [
    ...stored.criteria.map((c) => (edits.has(c.code) ? apply(c, edits.get(c.code)!) : c)),
    ...edit.criteria.filter((e) => !known.has(e.code)).map((e) => apply(blank(e.code), e)),
  ];
  return {
    ...stored,
    overallGrade: edit.overallGrade,
    totalPoints: edit.totalPoints,
    maxPoints: ADMIN_RESULTS_MAX_POINTS,
    percentage: Math.round((edit.totalPoints / ADMIN_RESULTS_MAX_POINTS) * 1000) / 10,
    criteria,
  };
}

/** Reject needs notes with something in them (spec admin §5). */
export function nonBlank(notes: string | undefined): string | null {
  const t = notes?.trim();
  return t ? t : null;
}
