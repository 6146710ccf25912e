import { ADMIN_ROLES, type AgreementQuery, type AgreementReport } from '@corestone/contracts';
import { notFound, toCsv, type Principal } from '@corestone/service-kit';
import { agreementFigures, type ReviewedEssay } from '../domain/agreement';
import type { AssignmentStore, ReleasedReview } from '../store/assignments';
import type { SchoolsPeer } from '../peers/schools';

/**
 * AI–teacher agreement (issue 31) over teacher-released reviews: for a school (its admins, platform
 * admins: every class; a teacher: only the classes they teach), optionally one class and one
 * rubric; and for the platform (GET /evaluation/admin/agreement, platform admins). Figures from
 * domain/agreement.ts.
 */
export interface AgreementDeps {
  assignments: AssignmentStore;
  schools: SchoolsPeer;
}

const essayOf = (r: ReleasedReview): ReviewedEssay => ({
  criteria: r.teacher_review.criteria.map((c) => ({
    criterion_id: c.criterion_id,
    name: c.name,
    ai: c.ai_score ?? null,
    teacher: c.score,
  })),
  total: { ai: r.ai_total, teacher: r.teacher_review.total },
});

function report(
  rows: ReleasedReview[],
  scope: { school_id: string | null; class_id: string | null; rubric_id: string | null },
): AgreementReport {
  const figures = agreementFigures(rows.map(essayOf));
  const rubricNames = new Set(rows.map((r) => r.rubric_title ?? ''));
  return {
    ...scope,
    rubric_name: scope.rubric_id && rubricNames.size === 1 ? [...rubricNames][0] || null : null,
    essays: figures.essays,
    criteria: figures.criteria,
    total: figures.total,
  };
}

/** GET /schools/{id}/agreement: 404 for a school the caller has no part in (and for a class of it they do not teach). */
export async function schoolAgreement(deps: AgreementDeps, schoolId: string, q: AgreementQuery, me: Principal): Promise<AgreementReport> {
  const missing = () => notFound('School not found');
  const access = await deps.schools.schoolAccess(schoolId, me.id);
  if (!access.exists) throw missing();
  const whole = ADMIN_ROLES.includes(me.role) || access.is_school_admin;
  if (!whole && access.teacher_class_ids.length === 0) throw missing();
  let classIds: string[] | undefined = whole ? undefined : access.teacher_class_ids;
  if (q.class_id) {
    if (classIds && !classIds.includes(q.class_id)) throw notFound('Class not found');
    classIds = [q.class_id];
  }
  const rows = await deps.assignments.releasedReviews({ schoolId, rubricId: q.rubric_id, classIds });
  return report(rows, { school_id: schoolId, class_id: q.class_id ?? null, rubric_id: q.rubric_id ?? null });
}

/** GET /evaluation/admin/agreement: every school (platform admins; the route checks the role). */
export async function platformAgreement(deps: AgreementDeps, q: AgreementQuery): Promise<AgreementReport> {
  const rows = await deps.assignments.releasedReviews({
    schoolId: null,
    rubricId: q.rubric_id,
    classIds: q.class_id ? [q.class_id] : undefined,
  });
  return report(rows, { school_id: null, class_id: q.class_id ?? null, rubric_id: q.rubric_id ?? null });
}

/** The report as CSV: one row per criterion, then the total. */
export function agreementCsv(r: AgreementReport): string {
  const figures = [...r.criteria, ...(r.total ? [r.total] : [])];
  return toCsv(
    ['criterion_id', 'criterion', 'essays', 'qwk', 'exact', 'adjacent', 'mean_difference', 'reading'],
    figures.map((f) => [
      f.criterion_id ?? '',
      f.criterion,
      f.n,
      f.qwk ?? '',
      f.exact ?? '',
      f.adjacent ?? '',
      f.mean_difference ?? '',
      f.reading,
    ]),
  );
}
