import { streamName } from '@corestone/contracts';
import { INVITATIONS_CONSUMER } from '../src/app/invitations';
import { eventually, type Harness } from './helpers';

/**
 * Waits until every invitation auth has queued is handled: its outbox is empty (all published) and
 * the invitation consumer has nothing left to deliver or to acknowledge. After it, the mails that
 * will ever be sent for what happened so far have been sent (counting them proves "exactly once").
 */
export async function invitationsSettled(h: Harness, limitMs = 20_000): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await h.store.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox`);
      if (rows[0]!.n > 0) return false;
      const info = await h.infra.bus.jsm.consumers.info(streamName(h.infra.bus.prefix, 'auth'), INVITATIONS_CONSUMER);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    'the invitation consumer to finish',
    limitMs,
  );
}
