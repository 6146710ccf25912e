import { Rpc, type RpcResponse } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/** What the dashboard asks other services (request/reply): rubric counts, link clicks. */
export interface DashboardPeers {
  rubricCounts(): Promise<RpcResponse<typeof Rpc.rubricCounts>>;
  linkClicks(days: number): Promise<RpcResponse<typeof Rpc.linksClickSummary>>;
}

/** The peers over NATS; a service that does not answer in time is a 503 (HttpError from callRpc). */
export function busPeers(bus: Bus, timeoutMs = 3000): DashboardPeers {
  return {
    rubricCounts: () => callRpc(bus, Rpc.rubricCounts, {}, { timeoutMs }),
    linkClicks: (days) => callRpc(bus, Rpc.linksClickSummary, { days }, { timeoutMs }),
  };
}
