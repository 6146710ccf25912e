import { Type } from '@sinclair/typebox';
import {
  Codes,
  ErrorEnvelope,
  MAX_EXEMPLARS_PER_RUBRIC,
  Messages,
  RubricExemplar,
  RubricExemplarDeleted,
  RubricExemplarInput,
} from '@corestone/contracts';
import { conflict, errorResponses, isUuid, notFound, security, type RoutePlugin } from '@corestone/service-kit';
import { checkedExemplar } from '../domain/exemplar-input';
import type { ExemplarStore } from '../store/exemplars';
import type { RubricStore } from '../store/rubrics';
import { requireSuperAdmin } from './access';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const ExemplarParams = Type.Object({ id: Type.String({ maxLength: 100 }), exemplarId: Type.String({ maxLength: 100 }) });
const errors = errorResponses(400, 401, 403, 404);

const rubricNotFound = () => notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
const exemplarNotFound = () => notFound(Messages.EXEMPLAR_NOT_FOUND, Codes.EXEMPLAR_NOT_FOUND);

export interface ExemplarRouteDeps {
  store: RubricStore;
  exemplars: ExemplarStore;
}

/**
 * Issue 33 §3: a rubric's marked exemplars, managed by super_admin like the rubric itself. The
 * model grader is shown the most relevant ones (services/grading, `rpc.rubric.exemplars`); they are
 * not part of the rubric's snapshot, so adding or deleting one makes no new rubric version.
 */
export const exemplarRoutes: RoutePlugin<ExemplarRouteDeps> = async (app, { store, exemplars }) => {
  app.get(
    '/rubrics/:id/exemplars',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: "A rubric's marked exemplars, oldest first (super_admin)",
        security,
        params: IdParams,
        response: { 200: Type.Array(RubricExemplar), ...errors },
      },
    },
    async (req) => {
      const id = req.params.id;
      if (!isUuid(id) || !(await store.snapshot(id))) throw rubricNotFound();
      return exemplars.list(id);
    },
  );

  app.post(
    '/rubrics/:id/exemplars',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Add a marked exemplar (essay or excerpt, a mark and comment per criterion) to a rubric (super_admin)',
        description: `Each mark names one of the rubric's criterion codes once, with a whole score from 0 to its maximum. At most ${MAX_EXEMPLARS_PER_RUBRIC} exemplars per rubric (409 EXEMPLAR_LIMIT_REACHED).`,
        security,
        params: IdParams,
        body: RubricExemplarInput,
        response: { 201: RubricExemplar, 409: ErrorEnvelope, ...errors },
      },
    },
    async (req, reply) => {
      const id = req.params.id;
      const snapshot = isUuid(id) ? await store.snapshot(id) : null;
      if (!snapshot) throw rubricNotFound();
      const added = await exemplars.add(id, checkedExemplar(req.body, snapshot.rubric.scoring_structure));
      if (added === 'not_found') throw rubricNotFound();
      if (added === 'limit') throw conflict(Messages.EXEMPLAR_LIMIT_REACHED, Codes.EXEMPLAR_LIMIT_REACHED);
      return reply.status(201).send(added);
    },
  );

  app.delete(
    '/rubrics/:id/exemplars/:exemplarId',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: "Delete one of a rubric's exemplars (super_admin)",
        security,
        params: ExemplarParams,
        response: { 200: RubricExemplarDeleted, ...errors },
      },
    },
    async (req) => {
      const { id, exemplarId } = req.params;
      if (!isUuid(id) || !isUuid(exemplarId) || !(await exemplars.delete(id, exemplarId))) throw exemplarNotFound();
      return { success: true as const, message: Messages.EXEMPLAR_DELETED, id: exemplarId };
    },
  );
};
