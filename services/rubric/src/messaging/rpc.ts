import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, Rpc } from '@corestone/contracts';
import { isUuid, notFound, serveRpc, type Bus } from '@corestone/service-kit';
import type { RubricStore } from '../store/rubrics';
import type { ExemplarStore } from '../store/exemplars';

/**
 * Evaluation snapshots the rubric it grades against (scoring structure with descriptors and the
 * version), so later rubric edits never change a stored result. `is_active` false tells it to
 * refuse new submissions with a draft or deprecated rubric. `rubric.counts` feeds the admin
 * dashboard's "Active Rubrics" card. `rubric.exemplars` gives grading a rubric's marked exemplars
 * (issue 33 §3; none for an unknown rubric: the grading goes on without). The snapshot is the
 * rubric's English text, without translations (issue 36; README "Languages"). `rubric.texts` gives
 * evaluation a rubric's current English texts with their translations, any status, to show stored
 * results in the reader's language (null for an unknown or deleted rubric).
 */
export function serveRubricRpc(bus: Bus, { store, exemplars }: { store: RubricStore; exemplars: ExemplarStore }, log: FastifyBaseLogger) {
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
    serveRpc(bus, Rpc.rubricTexts, async ({ rubric_id }) => ({ rubric: isUuid(rubric_id) ? await store.texts(rubric_id) : null }), log),
    serveRpc(
      bus,
      Rpc.rubricExemplars,
      async ({ rubric_id }) => ({ exemplars: isUuid(rubric_id) ? await exemplars.list(rubric_id) : [] }),
      log,
    ),
  ];
}
