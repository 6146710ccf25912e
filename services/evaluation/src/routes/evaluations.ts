import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  EssayType,
  ErrorEnvelope,
  Evaluation,
  EvaluationList,
  EvaluationStatus,
  Messages,
  SuccessMessage,
} from '@corestone/contracts';
import { forbidden, isUuid, notFound, principalOf, requireAuth, type Principal } from '@corestone/service-kit';
import { toEvaluation, type EvaluationRow } from '../domain/evaluation';
import type { EvaluationStore } from '../store/evaluations';

const security = [{ bearer: [] }];
const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** The owner sees their evaluation; admins see every one; anyone else gets the same 404 as a missing id. */
export async function loadForReader(store: EvaluationStore, id: string, me: Principal): Promise<EvaluationRow> {
  const row = isUuid(id) ? await store.getVisible(id) : null;
  if (!row || (row.user_id !== me.id && !ADMIN_ROLES.includes(me.role))) throw notFound(Messages.EVALUATION_NOT_FOUND);
  return row;
}

export function evaluationRoutes(app: FastifyInstance, store: EvaluationStore): void {
  app.get(
    '/evaluation/my-evaluations',
    {
      preHandler: requireAuth,
      schema: {
        summary: "The caller's own evaluations, newest first",
        security,
        querystring: Type.Object({ status: Type.Optional(EvaluationStatus), essay_type: Type.Optional(EssayType) }),
        response: { 200: EvaluationList, 400: ErrorEnvelope, 401: ErrorEnvelope },
      },
    },
    async (req) => {
      const me = principalOf(req);
      const q = req.query as { status?: EvaluationStatus; essay_type?: EssayType };
      const rows = await store.listForUser(me.id, q);
      return { evaluations: rows.map(toEvaluation), total: rows.length };
    },
  );

  app.get(
    '/evaluation/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'One evaluation (its owner, or an admin)',
        security,
        params: IdParams,
        response: { 200: Evaluation, 401: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (req) => toEvaluation(await loadForReader(store, (req.params as { id: string }).id, principalOf(req))),
  );

  app.delete(
    '/evaluation/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Delete an evaluation with its essay text and results (its owner, or a super admin)',
        security,
        params: IdParams,
        response: { 200: SuccessMessage, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (req) => {
      const me = principalOf(req);
      const row = await loadForReader(store, (req.params as { id: string }).id, me);
      // An admin may read any evaluation but only a super admin may delete another user's.
      if (row.user_id !== me.id && me.role !== 'super_admin') throw forbidden();
      if (!(await store.delete(row.id))) throw notFound(Messages.EVALUATION_NOT_FOUND);
      return { success: true, message: 'Evaluation deleted successfully' };
    },
  );
}
