import { Type } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  Codes,
  EssayType,
  Evaluation,
  EvaluationList,
  EvaluationStatus,
  Messages,
  SuccessMessage,
} from '@corestone/contracts';
import {
  conflict,
  errorResponses,
  forbidden,
  isUuid,
  notFound,
  principalOf,
  requireAuth,
  security,
  type Bus,
  type Principal,
  type RoutePlugin,
} from '@corestone/service-kit';
import { toEvaluation, toListItem, type EvaluationRow } from '../domain/evaluation';
import { shownTo } from '../domain/review';
import { renderReport, reportFileName } from '../app/report-pdf';
import type { EvaluationStore } from '../store/evaluations';
import type { Charging } from '../app/charging';
import { deleteEvaluation } from '../store/deletion';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
/** The report's bytes: a Buffer, sent as is (the same JSON schema as before: a string, application/pdf). */
const PdfFile = Type.Unsafe<Buffer>({ type: 'string', description: 'application/pdf' });

/** Admins and super admins review submissions: they see the internal notes (domain/review.ts shownTo). */
const isReviewer = (me: Principal): boolean => ADMIN_ROLES.includes(me.role);

/** The owner sees their evaluation; admins see every one; anyone else gets the same 404 as a missing id. */
export async function loadForReader(store: EvaluationStore, id: string, me: Principal): Promise<EvaluationRow> {
  const row = isUuid(id) ? await store.getVisible(id) : null;
  if (!row || (row.user_id !== me.id && !ADMIN_ROLES.includes(me.role))) throw notFound(Messages.EVALUATION_NOT_FOUND);
  return row;
}

export const evaluationRoutes: RoutePlugin<{ store: EvaluationStore; charging: Charging; bus: Bus }> = async (
  app,
  { store, charging, bus },
) => {
  app.get(
    '/evaluation/my-evaluations',
    {
      preHandler: requireAuth,
      schema: {
        summary: "The caller's own evaluations, newest first, as lists show them (GET /evaluation/{id} has the rest)",
        security,
        querystring: Type.Object({ status: Type.Optional(EvaluationStatus), essay_type: Type.Optional(EssayType) }),
        response: { 200: EvaluationList, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      const rows = await store.listForUser(me.id, req.query);
      return { evaluations: rows.map((r) => shownTo(toListItem(r), isReviewer(me))), total: rows.length };
    },
  );

  app.get(
    '/evaluation/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'One evaluation (its owner, or an admin; only admins get the internal admin_notes)',
        security,
        params: IdParams,
        response: { 200: Evaluation, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      return shownTo(toEvaluation(await loadForReader(store, req.params.id, me)), isReviewer(me));
    },
  );

  app.delete(
    '/evaluation/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Delete an evaluation with its essay text and results (its owner, or a super admin)',
        security,
        params: IdParams,
        response: { 200: SuccessMessage, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      const row = await loadForReader(store, req.params.id, me);
      // An admin may read any evaluation but only a super admin may delete another user's.
      if (row.user_id !== me.id && me.role !== 'super_admin') throw forbidden();
      // The row with its text and results, and every stream message that carried them.
      if (!(await deleteEvaluation(store.pool, bus, row.id, req.log))) throw notFound(Messages.EVALUATION_NOT_FOUND);
      return { success: true, message: Messages.EVALUATION_DELETED };
    },
  );

  app.post(
    '/evaluation/:id/retry',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Grade a failed evaluation again (its owner; charges one credit again, since the failure refunded it)',
        security,
        params: IdParams,
        response: { 200: Evaluation, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      const row = await loadForReader(store, req.params.id, me);
      // The retry charges the owner's credit: an admin who may read it cannot spend it.
      if (row.user_id !== me.id) throw forbidden();
      const started = await store.beginRetry(row.id, me.id);
      if (!started) throw conflict(Messages.RETRY_ONLY_FAILED, Codes.EVALUATION_NOT_FAILED);
      await charging.chargeAndQueue(row.id, started.attempt, me.id, req.log);
      return shownTo(toEvaluation(await loadForReader(store, row.id, me)), isReviewer(me));
    },
  );

  app.get(
    '/evaluation/:id/download-pdf',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'The evaluation report as a PDF file (completed evaluations; the owner or an admin)',
        security,
        params: IdParams,
        produces: ['application/pdf'],
        response: { 200: PdfFile, ...errorResponses(401, 404, 409) },
      },
    },
    async (req, reply) => {
      const row = await loadForReader(store, req.params.id, principalOf(req));
      if (row.status !== 'completed' || !row.results) throw conflict(Messages.REPORT_NOT_READY, Codes.EVALUATION_NOT_COMPLETED);
      // The report is the student's, whoever downloads it: internal notes never print (issue 28).
      const pdf = await renderReport(shownTo(toEvaluation(row), false));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(row.title, row.id)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
