import { Type } from '@sinclair/typebox';
import { EssayText, Messages } from '@corestone/contracts';
import { errorResponses, notFound, principalOf, requireAuth, security, type RoutePlugin } from '@corestone/service-kit';
import type { EvaluationRow } from '../domain/evaluation';
import type { EvaluationStore } from '../store/evaluations';
import type { AdminStore } from '../store/admin';
import { loadForReader } from './evaluations';
import type { SchoolsPeer } from '../peers/schools';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/**
 * The stored essay text of an evaluation the caller may read (`loadForReader`). A row deleted
 * between that read and this one is a 404 like any missing evaluation, never an empty text.
 * Shared by the owner's route below and the admin review's `/evaluation/admin/{id}/text`.
 */
export async function essayTextOf(deps: { store: EvaluationStore; admin: AdminStore }, row: EvaluationRow): Promise<EssayText> {
  const text = (await deps.admin.essayTexts(deps.store.pool, [row.id])).get(row.id);
  if (text === undefined) throw notFound(Messages.EVALUATION_NOT_FOUND);
  return { id: row.id, text, word_count: row.word_count };
}

/**
 * `GET /evaluation/{id}/text`: the owner's own essay (the student's essay view shows the grader's
 * passages in it); admins, and a class assignment's teachers and school admins, may read it as they
 * may read the evaluation. Anyone else, an unknown id
 * and a deleted evaluation get the same 404.
 */
export const essayTextRoutes: RoutePlugin<{ store: EvaluationStore; admin: AdminStore; schools: SchoolsPeer }> = async (app, deps) => {
  app.get(
    '/evaluation/:id/text',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'The essay text that was graded (its owner, or an admin); passage offsets in the results point into it',
        security,
        params: IdParams,
        response: { 200: EssayText, ...errorResponses(401, 404) },
      },
    },
    async (req) => essayTextOf(deps, await loadForReader(deps.store, req.params.id, principalOf(req), deps.schools)),
  );
};
