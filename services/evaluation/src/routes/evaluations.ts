import { Type } from '@sinclair/typebox';
import { ADMIN_ROLES, Codes, Evaluation, EvaluationList, Messages, MyEvaluationsQuery, SuccessMessage } from '@corestone/contracts';
import {
  conflict,
  errorResponses,
  forbidden,
  notFound,
  principalOf,
  requireAuth,
  requestLocale,
  security,
  type Bus,
  type Principal,
  type RoutePlugin,
} from '@corestone/service-kit';
import { toListItem, type EvaluationRow, type ListRow } from '../domain/evaluation';
import { assignmentLink, gateForStudent, hiddenFromStudent } from '../domain/assignment';
import { presented, readerOf } from '../app/readers';
import type { SchoolsPeer } from '../peers/schools';
import { shownTo } from '../domain/review';
import { renderReport, reportFileName } from '../app/report-pdf';
import type { EvaluationStore } from '../store/evaluations';
import type { Charging } from '../app/charging';
import { deleteEvaluation } from '../store/deletion';
import { inReaderLanguage, type RubricTextsSource } from '../app/result-language';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const AWAITING_REVIEW = 'Your teacher has not released this result yet: the report is ready once it is released';
/** The report's bytes: a Buffer, sent as is (the same JSON schema as before: a string, application/pdf). */
const PdfFile = Type.Unsafe<Buffer>({ type: 'string', description: 'application/pdf' });

/** Admins and super admins review submissions: they see the internal notes (domain/review.ts shownTo). */
const isReviewer = (me: Principal): boolean => ADMIN_ROLES.includes(me.role);

/**
 * The owner sees their evaluation; admins see every one; a submission into a class assignment also
 * its class's teachers and school admins (with `schools`: app/readers.ts); anyone else gets the
 * same 404 as a missing id.
 */
export async function loadForReader(store: EvaluationStore, id: string, me: Principal, schools?: SchoolsPeer): Promise<EvaluationRow> {
  return (await readerOf(store, schools, id, me)).row;
}

/** A list row as the caller (its owner) may see it: an after-review result shows no marks before release. */
function listRowShown(r: ListRow, me: Principal) {
  const item = shownTo(toListItem(r), isReviewer(me));
  if (!r.assignment_id) return item;
  return { ...(isReviewer(me) ? item : gateForStudent(item, r)), assignment: assignmentLink(r, isReviewer(me), []) };
}

export const evaluationRoutes: RoutePlugin<{
  store: EvaluationStore;
  charging: Charging;
  bus: Bus;
  schools: SchoolsPeer;
  /** The rubric's texts, for results in the reader's language (issue 36). */
  lookups: RubricTextsSource;
}> = async (app, { store, charging, bus, schools, lookups }) => {
  app.get(
    '/evaluation/my-evaluations',
    {
      preHandler: requireAuth,
      schema: {
        summary: "The caller's own evaluations, newest first, as lists show them (GET /evaluation/{id} has the rest)",
        security,
        querystring: MyEvaluationsQuery,
        response: { 200: EvaluationList, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      const { rows, total, next_cursor } = await store.listForUser(me.id, req.query);
      const evaluations = rows.map((r) => listRowShown(r, me));
      // Asked without paging, the answer is the spec's {evaluations, total} exactly.
      return req.query.limit === undefined && req.query.cursor === undefined ? { evaluations, total } : { evaluations, total, next_cursor };
    },
  );

  app.get(
    '/evaluation/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          "One evaluation (its owner, an admin, or for a class assignment's submission its teachers and school admins; only admins get the internal admin_notes; before an after-review release the student sees no marks)",
        security,
        params: IdParams,
        response: { 200: Evaluation, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      return inReaderLanguage(lookups, presented(await readerOf(store, schools, req.params.id, me), me), requestLocale(req));
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
      const row = await loadForReader(store, req.params.id, me, schools);
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
      const row = await loadForReader(store, req.params.id, me, schools);
      // The retry charges the owner's credit: an admin who may read it cannot spend it.
      if (row.user_id !== me.id) throw forbidden();
      const started = await store.beginRetry(row.id, me.id);
      if (!started) throw conflict(Messages.RETRY_ONLY_FAILED, Codes.EVALUATION_NOT_FAILED);
      await charging.chargeAndQueue(row.id, started.attempt, me.id, req.log, row.class_id);
      return inReaderLanguage(lookups, presented(await readerOf(store, schools, row.id, me), me), requestLocale(req));
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
      const reader = await readerOf(store, schools, req.params.id, principalOf(req));
      const row = reader.row;
      if (row.status !== 'completed' || !row.results) throw conflict(Messages.REPORT_NOT_READY, Codes.EVALUATION_NOT_COMPLETED);
      // Before an after-review release the student has no report (issue 31): nothing of the result reaches them.
      if (!reader.staff && row.assignment_id && hiddenFromStudent(row)) throw conflict(AWAITING_REVIEW, Codes.EVALUATION_NOT_COMPLETED);
      // The report is the student's, whoever downloads it: internal notes never print (issue 28); a
      // released teacher review prints the teacher's marks (as the student sees them).
      // Criterion names, bands and grade texts in the reader's language where the rubric has them (issue 36).
      const locale = requestLocale(req);
      const pdf = await renderReport(await inReaderLanguage(lookups, presented(reader, null), locale), locale);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(row.title, row.id)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
