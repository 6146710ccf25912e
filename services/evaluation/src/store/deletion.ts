import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import { Events } from '@corestone/contracts';
import { enqueueEvent, eraseAggregates, withTransaction, type Bus, type Queryable } from '@corestone/service-kit';
import { VISIBLE } from './evaluations';

/**
 * Deleting evaluations removes everything kept about them: the row (essay text, results, feedback,
 * admin notes), and — through the kit's erasure — the stream messages that carried the text or
 * quotes from it (evaluation.submitted, grading.completed, dead letters) and any such event still
 * waiting in the outbox. `evaluation.deleted.v1` tells rubric (usage). docs/data-retention.md.
 */
export async function deleteEvaluations(
  db: Queryable,
  bus: Bus,
  where: { id: string } | { userId: string },
  logger?: FastifyBaseLogger,
): Promise<string[]> {
  // A user's deletion takes every row, also half-made ones; the owner's delete only visible ones.
  const { rows } =
    'id' in where
      ? await db.query<Deleted>(`DELETE FROM evaluations WHERE id = $1 AND ${VISIBLE} RETURNING id, user_id, rubric_id`, [where.id])
      : await db.query<Deleted>(`DELETE FROM evaluations WHERE user_id = $1 RETURNING id, user_id, rubric_id`, [where.userId]);
  for (const r of rows) {
    await enqueueEvent(db, Events.evaluationDeleted, { evaluation_id: r.id, user_id: r.user_id, rubric_id: r.rubric_id });
  }
  await eraseAggregates(
    db,
    bus,
    rows.map((r) => r.id),
    logger,
  );
  return rows.map((r) => r.id);
}

interface Deleted {
  id: string;
  user_id: string;
  rubric_id: string;
}

/** The owner's (or a super admin's) delete of one evaluation; false when it was not there. */
export async function deleteEvaluation(pool: Pool, bus: Bus, id: string, logger?: FastifyBaseLogger): Promise<boolean> {
  return withTransaction(pool, async (client) => (await deleteEvaluations(client, bus, { id }, logger)).length === 1);
}
