import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { GenerationCache, rpcCacheNamespace, type Redis } from '@corestone/service-kit';
import type { SnapshotsChanged } from '../store/rubrics';

/**
 * `rpc.rubric.get_snapshot`'s answers are cached in Redis by the services that ask it (evaluation,
 * once per submission), in the RPC's namespace (`<REDIS_PREFIX>rpc:rubric.get_snapshot:`, one
 * GenerationCache entry per rubric id). This service owns that namespace: every write that changes
 * an answer (edit, status change, new version, delete, seeds and migrations at start-up) drops the
 * rubric's entry once committed and before the write is answered, so the next submission loads it
 * afresh. Answers are cached, refusals (404) never: a new rubric has nothing to drop.
 */
export function snapshotCacheInvalidation(redis: Redis, redisPrefix: string, log: FastifyBaseLogger): SnapshotsChanged {
  const cache = new GenerationCache(redis, rpcCacheNamespace(redisPrefix, Rpc.rubricGetSnapshot), 0, (err) =>
    log.error({ err }, 'rubric snapshot cache: an entry could not be dropped; callers may see the old snapshot until it expires'),
  );
  return async (ids) => {
    await Promise.all(ids.map((id) => cache.invalidate(id)));
  };
}
