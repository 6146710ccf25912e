import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, Rpc } from '@corestone/contracts';
import { isUuid, notFound, serveRpc, type Bus } from '@corestone/service-kit';
import type { RubricStore } from '../store/rubrics';

/**
 * Evaluation snapshots the rubric it grades against (scoring structure with descriptors and the
 * version), so later rubric edits never change a stored result. `is_active` false tells it to
 * refuse new submissions with a draft or deprecated rubric. `rubric.counts` feeds the admin
 * dashboard's "Active Rubrics" card.
 */
export function serveRubricRpc(bus: Bus, store: RubricStore, log: FastifyBaseLogger) {
  return [
    serveRpc(
      bus,
      Rpc.rubricGetSnapshot,
      async ({ rubric_id }) => {
        const snapshot = isUuid(rubric_id) ? await store.snapshot(rubric_id) : null;
        if (!snapshot) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
        return snapshot;
      },
      log,
    ),
    serveRpc(bus, Rpc.rubricCounts, async () => store.counts(), log),
  ];
}
