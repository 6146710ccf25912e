import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';

const REFUNDS_DURABLE = 'billing-refunds';

/**
 * A failed evaluation gives its credit back. The refund is idempotent by evaluation id
 * (unique ledger line), so a redelivered event never refunds twice.
 */
export function startRefundConsumer(bus: Bus, store: AccountStore, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: Events.evaluationFailed.service,
    durable: REFUNDS_DURABLE,
    readAhead: true, // one statement per event
    subjects: [Events.evaluationFailed.subject],
    logger,
    handler: async (event) => {
      const { evaluation_id, charge_key } = event.data as EventData<typeof Events.evaluationFailed>;
      // A retried evaluation is charged per attempt (`<id>#<n>`); the event names the key it failed under.
      const result = await store.refund(charge_key ?? evaluation_id);
      logger.info({ evaluation_id, charge_key, refunded: result.refunded }, 'evaluation failed: credit refund handled');
    },
  });
}
