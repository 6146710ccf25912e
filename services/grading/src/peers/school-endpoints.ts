import { Rpc, type RpcResponse } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';
import { keptPerKey } from './kept';

export type SchoolModelSettings = RpcResponse<typeof Rpc.schoolsAiEndpoint>;
export type SchoolSettingsSource = (schoolId: string) => Promise<SchoolModelSettings>;

/**
 * A school's AI switch and own endpoint, asked of schools (`rpc.schools.ai_endpoint`, issue 33 §2)
 * and kept per process for `ttlMs`. A failure is thrown, so the job is retried rather than graded
 * on an endpoint the school did not choose.
 */
export function schoolSettingsSource(bus: Bus, opts: { ttlMs: number; timeoutMs?: number }): SchoolSettingsSource {
  return keptPerKey((schoolId) => callRpc(bus, Rpc.schoolsAiEndpoint, { school_id: schoolId }, { timeoutMs: opts.timeoutMs ?? 5000 }), {
    ttlMs: opts.ttlMs,
    max: 5000,
  });
}
