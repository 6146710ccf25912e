import type { FastifyBaseLogger } from 'fastify';
import { Events, type CreditAccount } from '@corestone/contracts';
import type { Bus } from '@corestone/service-kit';
import { MirrorUpdates } from './mirror-updates';

/**
 * Makes the credit mirror read-your-writes without asking billing on every read: billing's
 * `billing.account_updated.v1` read from the BILLING stream by sequence and kept per user until the
 * mirror holds that version (`MirrorUpdates`, on the kit's `StreamFeed`). While not current, views
 * ask billing live.
 */
export class CreditUpdates extends MirrorUpdates<CreditAccount> {
  constructor(bus: Bus, durable: string, log: FastifyBaseLogger, maxAhead = 50_000, checkEveryMs = 100) {
    super(bus, log, {
      stream: 'billing',
      subjects: [Events.billingAccountUpdated.subject],
      durable,
      label: 'credit updates',
      fallback: 'asking billing on every view',
      read: (event) => {
        const account = event.data as CreditAccount;
        return { key: account.user_id, value: account, version: account.version };
      },
      maxAhead,
      checkEveryMs,
    });
  }
}
