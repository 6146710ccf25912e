import type { Principal } from '@corestone/service-kit';
import type { Locale, Results, SubmissionGrowth } from '@corestone/contracts';
import { hiddenFromStudent, resultsWithReview } from '../domain/assignment';
import { growthBetween } from '../domain/growth';
import type { EvaluationStore } from '../store/evaluations';
import type { AssignmentStore, LineRow } from '../store/assignments';
import type { SchoolsPeer } from '../peers/schools';
import { readerOf } from './readers';
import { growthInReaderLanguage, type RubricTextsSource } from './result-language';

export interface GrowthDeps {
  store: EvaluationStore;
  assignments: AssignmentStore;
  schools: SchoolsPeer;
  lookups: RubricTextsSource;
}

/** A line's result as the viewer may see it: staff the AI's; the student nothing before release, the teacher's marks after. */
function resultShown(r: LineRow, staff: boolean): Results | null {
  if (!r.results) return null;
  if (staff) return r.results;
  if (hiddenFromStudent({ release_mode: r.release_mode, released_at: r.released_at })) return null;
  if (r.teacher_review && r.released_at) return resultsWithReview(r.results, r.teacher_review, r.show_ai_marks);
  return r.results;
}

/**
 * GET /evaluation/{id}/growth (issue 31): the submission against the student's previous one in the
 * same assignment — or, for a final, in the draft assignments of the same class and essay type —
 * criterion by criterion, the previous improvement points addressed or open (domain/growth.ts), and
 * the line's history. Readers as GET /evaluation/{id}; the student sees only released results (the
 * teacher's marks once a teacher released them), so before release criteria and points are empty.
 * Criterion names in the reader's language where the rubric has them (issue 36).
 */
export async function growthOf(deps: GrowthDeps, id: string, me: Principal, locale: Locale = 'en'): Promise<SubmissionGrowth> {
  const { row, staff } = await readerOf(deps.store, deps.schools, id, me);
  const empty: SubmissionGrowth = { evaluation_id: row.id, previous_id: null, criteria: [], improvements: [], history: [] };
  if (!row.assignment_id || !row.class_id) return empty;
  const line = await deps.assignments.line(row.user_id, {
    assignmentId: row.assignment_id,
    classId: row.class_id,
    essayType: row.essay_type,
    final: row.assignment_kind === 'final',
  });
  const shown = line.map((r) => ({ row: r, results: resultShown(r, staff) })).filter((x) => x.results !== null);
  const history = shown.map(({ row: r, results }) => ({
    evaluation_id: r.id,
    assignment_id: r.assignment_id,
    kind: r.assignment_kind,
    submitted_at: r.created_at.toISOString(),
    total: results!.totalPoints,
    max_total: results!.maxPoints,
  }));
  const current = shown.find((x) => x.row.id === row.id);
  if (!current) return { ...empty, history };
  const previous = shown
    .filter(
      (x) =>
        x.row.created_at < current.row.created_at ||
        (x.row.created_at.getTime() === current.row.created_at.getTime() && x.row.id < current.row.id),
    )
    .pop();
  const texts = await deps.assignments.texts(deps.store.pool, previous ? [row.id, previous.row.id] : [row.id]);
  const moved = growthBetween(
    previous?.results ?? null,
    current.results!,
    texts.get(row.id) ?? '',
    previous ? texts.get(previous.row.id) : undefined,
  );
  const growth = { evaluation_id: row.id, previous_id: previous?.row.id ?? null, ...moved, history };
  return growthInReaderLanguage(deps.lookups, row.rubric_id, growth, locale);
}
