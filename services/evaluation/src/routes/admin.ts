import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  AdminEvaluationQuery,
  AdminEvaluationStats,
  AdminEvaluationUpdate,
  Codes,
  EssayText,
  Evaluation,
  EvaluationList,
  Messages,
  ReviewDecision,
} from '@corestone/contracts';
import {
  badRequest,
  checkFormFields,
  conflict,
  errorResponses,
  notFound,
  principalOf,
  readUpload,
  requestLocale,
  requireRole,
  security,
  type RoutePlugin,
} from '@corestone/service-kit';
import { toEvaluation, toListItem, type EvaluationRow } from '../domain/evaluation';
import { ReviewError, applyResultsEdit, checkMetadataUnchanged, checkOverallScore, nonBlank, rubricTotal } from '../domain/review';
import type { EvaluationStore } from '../store/evaluations';
import type { AdminStore, ReviewChanges } from '../store/admin';
import { loadForReader } from './evaluations';
import { essayTextOf } from './essay-text';
import { jsonFields } from './submit';
import { languageOf, type RubricTextsSource } from '../app/result-language';
import { editInEnglish, evaluationIn } from '../domain/rubric-language';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
/** 'View All' loads 50 (spec admin §9). */
const DEFAULT_LIST_LIMIT = 50;

/** Submissions list and counters: super admin only; review of one submission: admin and super admin (spec admin §6). */
const superAdminOnly = requireRole('super_admin');
const reviewers = requireRole(...ADMIN_ROLES);

const errors = errorResponses(400, 401, 403, 404, 409);

/** The evaluation of a review route's `:id`, as `loadForReader` finds it for the caller. */
async function loadForReview(store: EvaluationStore, req: FastifyRequest & { params: { id: string } }): Promise<EvaluationRow> {
  return loadForReader(store, req.params.id, principalOf(req));
}

/** The approve/reject body: multipart (as the admin screen sends it), JSON, or none. */
async function decisionBody(req: FastifyRequest): Promise<ReviewDecision> {
  if (req.isMultipart()) {
    const upload = await readUpload(req, { tooLarge: 'The request is too large' });
    return checkFormFields(ReviewDecision, upload.fields);
  }
  if (req.body === undefined || req.body === null || req.body === '') return {};
  return checkFormFields(ReviewDecision, jsonFields(req.body));
}

function reviewed<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ReviewError) throw badRequest(err.detail);
    throw err;
  }
}

export const adminRoutes: RoutePlugin<{ store: EvaluationStore; admin: AdminStore; lookups: RubricTextsSource }> = async (app, deps) => {
  const { store, admin, lookups } = deps;
  /** A review answer: the evaluation with its rubric texts in the reviewer's language where translated (issue 36). */
  const answer = async (req: FastifyRequest & { params: { id: string } }) => {
    const ev = toEvaluation(await loadForReview(store, req));
    return evaluationIn(ev, await languageOf(lookups, ev.rubric_id, requestLocale(req)));
  };

  app.get(
    '/evaluation/admin/all',
    {
      preHandler: superAdminOnly,
      schema: {
        summary: 'Every submission, newest first, filtered, as lists show them (super admin; GET /evaluation/{id} has the rest)',
        security,
        querystring: AdminEvaluationQuery,
        response: { 200: EvaluationList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, ...counted } = await admin.list({ ...q, limit: q.limit ?? DEFAULT_LIST_LIMIT });
      return { evaluations: rows.map(toListItem), ...counted };
    },
  );

  app.get(
    '/evaluation/admin/stats',
    {
      preHandler: superAdminOnly,
      schema: {
        summary: "The submissions screen's counters (super admin)",
        security,
        response: { 200: AdminEvaluationStats, ...errorResponses(401, 403) },
      },
    },
    async () => admin.stats(),
  );

  app.put(
    '/evaluation/admin/:id',
    {
      preHandler: reviewers,
      schema: {
        summary:
          'Save an admin review: ai_feedback (feedback for the student), overall_score (0..rubric total), results (kept on the rubric scale), admin_notes (internal unless admin_notes_for_student)',
        description: 'Basic information (title, essay_type, subject_area, status) is view-only: it may be sent only unchanged.',
        security,
        params: IdParams,
        body: AdminEvaluationUpdate,
        response: { 200: Evaluation, ...errors },
      },
    },
    async (req) => {
      const row = await loadForReview(store, req);
      const update = req.body;
      const changes: ReviewChanges = reviewed(() => {
        checkMetadataUnchanged(row, update);
        return {
          ai_feedback: update.ai_feedback,
          admin_notes: update.admin_notes,
          notes_for_student: update.admin_notes_for_student,
        };
      });
      if (update.results || update.overall_score !== undefined) {
        if (row.status !== 'completed' || !row.results) throw conflict(Messages.RESULTS_NOT_READY, Codes.EVALUATION_NOT_COMPLETED);
        // The result stays on the rubric's scale and its total agrees with its criteria (domain/review.ts).
        const overall = update.overall_score === undefined ? undefined : reviewed(() => checkOverallScore(row, update.overall_score!));
        // The screen sends back the criterion names it showed (issue 36): translated ones are stored as the rubric's own (English).
        let edit = update.results ?? {};
        if (update.results?.criteria) {
          const lang = await languageOf(lookups, row.rubric_id, requestLocale(req));
          edit = { ...update.results, criteria: editInEnglish(update.results.criteria, row.results, lang) };
        }
        changes.results = reviewed(() => applyResultsEdit(row.results!, edit, { total: rubricTotal(row), overall }));
        changes.overall_score = changes.results.totalPoints;
      }
      if (!(await admin.saveReview(row.id, changes, principalOf(req).id))) throw notFound(Messages.EVALUATION_NOT_FOUND);
      return answer(req);
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/evaluation/admin/:id/${decision}`,
      {
        preHandler: reviewers,
        schema: {
          summary:
            decision === 'approve'
              ? 'Approve a completed evaluation (admin_notes optional, notes_for_student shows them to the student; multipart or JSON)'
              : 'Reject a completed evaluation (non-blank admin_notes required, notes_for_student shows them to the student; multipart or JSON)',
          consumes: ['multipart/form-data', 'application/json'],
          security,
          params: IdParams,
          response: { 200: Evaluation, ...errors, ...errorResponses(415) },
        },
      },
      async (req) => {
        const row = await loadForReview(store, req);
        const body = await decisionBody(req);
        const notes = nonBlank(body.admin_notes);
        if (decision === 'reject' && !notes) throw badRequest(Messages.REJECT_NOTES_REQUIRED);
        const approval = decision === 'approve' ? 'approved' : 'rejected';
        const forStudent = body.notes_for_student === true || body.notes_for_student === 'true';
        if (!(await admin.decide(row.id, approval, notes ? { text: notes, forStudent } : undefined, principalOf(req).id))) {
          throw conflict(Messages.REVIEW_ONLY_COMPLETED, Codes.EVALUATION_NOT_COMPLETED);
        }
        return answer(req);
      },
    );
  }

  app.get(
    '/evaluation/admin/:id/text',
    {
      preHandler: reviewers,
      schema: {
        summary: "The stored essay text, for the review screen's full-text viewer (admin, super admin)",
        security,
        params: IdParams,
        response: { 200: EssayText, ...errors },
      },
    },
    async (req) => {
      return essayTextOf(deps, await loadForReview(store, req));
    },
  );

  app.post(
    '/evaluation/admin/:id/regrade',
    {
      preHandler: reviewers,
      schema: {
        summary: 'Grade a completed or failed evaluation again (no credit charged): status pending, approval pending_review',
        security,
        params: IdParams,
        response: { 200: Evaluation, ...errors },
      },
    },
    async (req) => {
      const row = await loadForReview(store, req);
      const queued = await store.markRegrade(store.pool, row.id);
      if (!queued) throw conflict(Messages.REGRADE_IN_PROGRESS, Codes.EVALUATION_IN_PROGRESS);
      return answer(req);
    },
  );
};
