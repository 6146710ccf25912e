import { Rpc, type RpcResponse } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';
import { keptPerKey } from './kept';

export type SchoolModelSettings = RpcResponse<typeof Rpc.schoolsAiEndpoint>;
export type SchoolSettingsSource = (schoolId: string) => Promise<SchoolModelSettings>;

/** What a school without settings of its own gets: AI on, the platform's endpoint. */
const PLATFORM: SchoolModelSettings = { ai_enabled: true, endpoint: null };

/**
 * A school's AI switch and own endpoint, asked of schools (`rpc.schools.ai_endpoint`, issue 33 §2)
 * and kept per process for `ttlMs`. When schools fails, the school's last answer this replica had
 * is used (its endpoint is not given up in an outage); with none, a failure is thrown so the job
 * is retried rather than graded on an endpoint the school may not have chosen — except when no
 * schools service answers at all ("no responders": a deployment, or a test platform, without it),
 * where the platform's settings apply.
 */
export function schoolSettingsSource(bus: Bus, opts: { ttlMs: number; timeoutMs?: number }): SchoolSettingsSource {
  const lastGood = new Map<string, SchoolModelSettings>();
  const ask = async (schoolId: string): Promise<SchoolModelSettings> => {
    try {
      const answer = await callRpc(bus, Rpc.schoolsAiEndpoint, { school_id: schoolId }, { timeoutMs: opts.timeoutMs ?? 5000 });
      lastGood.delete(schoolId);
      lastGood.set(schoolId, answer);
      if (lastGood.size > 5000) lastGood.delete(lastGood.keys().next().value!);
      return answer;
    } catch (err) {
      const known = lastGood.get(schoolId);
      if (known) return known;
      if (err instanceof Error && /no responders/i.test(err.message)) return PLATFORM;
      throw err;
    }
  };
  return keptPerKey(ask, { ttlMs: opts.ttlMs, max: 5000 });
}
