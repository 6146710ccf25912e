import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { badRequest, serveRpc, type Bus } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';
import { consumeCredit, type ConsumeDeps } from '../app/consume';

/** Ids are opaque strings to billing, but an empty or huge one is a caller's bug. */
function checkId(name: string, value: string): string {
  if (value.length === 0 || value.length > 200) throw badRequest(`${name}: must be a non-empty id`);
  return value;
}

/** Credits over NATS request/reply: evaluation charges and refunds, users reads and adjusts. */
export function serveBillingRpc(bus: Bus, deps: ConsumeDeps, log: FastifyBaseLogger) {
  const store: AccountStore = deps.accounts;
  return [
    serveRpc(
      bus,
      Rpc.billingConsumeCredit,
      async ({ user_id, evaluation_id, class_id }) =>
        consumeCredit(
          deps,
          checkId('user_id', user_id),
          checkId('evaluation_id', evaluation_id),
          class_id === undefined ? undefined : checkId('class_id', class_id),
        ),
      log,
    ),
    serveRpc(bus, Rpc.billingRefundCredit, async ({ evaluation_id }) => store.refund(checkId('evaluation_id', evaluation_id)), log),
    serveRpc(bus, Rpc.billingGetAccount, async ({ user_id }) => ({ account: await store.get(checkId('user_id', user_id)) }), log),
    serveRpc(
      bus,
      Rpc.billingSetCredits,
      async ({ user_id, essay_credits, max_essay_credits, actor }) => ({
        account: await store.setCredits(checkId('user_id', user_id), essay_credits, max_essay_credits, actor),
      }),
      log,
    ),
  ];
}
