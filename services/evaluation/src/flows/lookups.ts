import type { FastifyBaseLogger } from 'fastify';
import { Rpc, type Role, type RpcResponse } from '@corestone/contracts';
import { EventFedCache, GenerationCache, callRpc, rpcCacheNamespace, type Bus, type Redis } from '@corestone/service-kit';

/** What a submission takes from its submitter's users view (credits are billing's to check, when it charges). */
export interface SubmitterView {
  role: Role;
  name: string;
  email: string;
  is_active: boolean;
}

export type RubricAnswer = RpcResponse<typeof Rpc.rubricGetSnapshot>;

/** Safety net only: rubric drops an entry on every change (services/rubric/README.md). */
const RUBRIC_CACHE_SECONDS = 300;
/** A Redis that has not answered by then is treated as away: the RPC answers instead. */
const REDIS_TIMEOUT_MS = 250;
const WARN_EVERY_MS = 60_000;

export interface LookupsDeps {
  bus: Bus;
  /** Absent: every submission asks rubric. */
  redis?: Redis;
  redisPrefix: string;
  log: FastifyBaseLogger;
  rpcTimeoutMs: number;
}

/**
 * The two questions every submission asks, without a NATS round trip to another service in the
 * common case (services/evaluation/README.md, "Rubric and submitter look-ups"):
 * - the rubric snapshot through a GenerationCache in Redis, in the namespace of
 *   `rpc.rubric.get_snapshot` that the rubric service owns and invalidates before answering any
 *   write that changes a snapshot; a miss (or Redis away) asks rubric;
 * - the submitter (role, name, e-mail, activation) from a per-process EventFedCache fed by the
 *   users stream, used only once every users event published before the request has been heard
 *   here (users publishes before it answers any change): read-your-writes with no window. A miss,
 *   or a feed that is not current, asks users.
 */
export class Lookups {
  readonly submitters: EventFedCache<SubmitterView>;
  private readonly rubrics: GenerationCache | null;
  private lastWarning = 0;

  constructor(private readonly deps: LookupsDeps) {
    this.submitters = new EventFedCache<SubmitterView>(deps.bus, deps.log, {
      streams: ['users'],
      label: 'submitter cache',
      fallback: 'asking users on every submission',
    });
    this.rubrics = deps.redis
      ? new GenerationCache(deps.redis, rpcCacheNamespace(deps.redisPrefix, Rpc.rubricGetSnapshot), RUBRIC_CACHE_SECONDS, this.warn, {
          timeoutMs: REDIS_TIMEOUT_MS,
        })
      : null;
  }

  /** Starts the users feed; until then every submission asks users. */
  start(): Promise<void> {
    return this.submitters.start();
  }

  stop(): void {
    this.submitters.stop();
  }

  /** The snapshot and whether the rubric takes submissions; 404 as rubric answers it (never cached). */
  rubric(rubricId: string): Promise<RubricAnswer> {
    const ask = () => callRpc(this.deps.bus, Rpc.rubricGetSnapshot, { rubric_id: rubricId }, { timeoutMs: this.deps.rpcTimeoutMs });
    return this.rubrics ? this.rubrics.get(rubricId, ask) : ask();
  }

  /** The submitter as users knows them now; 404 USER_NOT_FOUND for a deleted account (never cached). */
  submitter(userId: string): Promise<SubmitterView> {
    return this.submitters.get(userId, async () => {
      const { user } = await callRpc(this.deps.bus, Rpc.usersGetView, { user_id: userId }, { timeoutMs: this.deps.rpcTimeoutMs });
      return { role: user.role, name: user.name, email: user.email, is_active: user.is_active };
    });
  }

  /** Redis trouble costs a round trip to rubric per submission, not a failure: said once a minute, not per request. */
  private readonly warn = (err: unknown): void => {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.deps.log.warn({ err }, 'rubric snapshot cache unavailable; asking rubric');
  };
}
