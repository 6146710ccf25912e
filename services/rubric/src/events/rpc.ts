import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, Rpc } from '@corestone/contracts';
import { isUuid, notFound, serveRpc, type Bus } from '@corestone/service-kit';
import type { RubricStore } from '../store/rubrics';

/** Evaluation snapshots the rubric it grades against, so later rubric edits never change a result. */
export function serveRubricRpc(bus: Bus, store: RubricStore, log: FastifyBaseLogger) {
  return [
    serveRpc(
      bus,
      Rpc.rubricGetSnapshot,
      async ({ rubric_id }) => {
        const rubric = isUuid(rubric_id) ? await store.snapshot(rubric_id) : null;
        if (!rubric) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
        return { rubric };
      },
      log,
    ),
  ];
}
