import type { FastifyBaseLogger } from 'fastify';
import { Events, type CreditAccount } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';
import type { CreditUpdates } from './credit-updates';

export const BILLING_MIRROR_DURABLE = 'users-billing-mirror';

/** Keeps the credit mirror from `billing.account_updated.v1` (highest version wins: idempotent). */
export function startBillingMirror(
  bus: Bus,
  store: AccountStore,
  logger: FastifyBaseLogger,
  updates?: CreditUpdates,
): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'billing',
    durable: BILLING_MIRROR_DURABLE,
    readAhead: true, // one statement per event, after every charge
    subjects: [Events.billingAccountUpdated.subject],
    logger,
    handler: async (event) => {
      const account = event.data as CreditAccount;
      await store.applyAccountUpdated(BILLING_MIRROR_DURABLE, event.id, account);
      updates?.mirrored(account.user_id, account.version);
    },
  });
}
