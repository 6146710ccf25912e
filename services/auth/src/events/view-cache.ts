import type { FastifyBaseLogger } from 'fastify';
import type { User } from '@corestone/contracts';
import { EventFedCache, type Bus, type EventFedCacheOptions } from '@corestone/service-kit';

/**
 * The streams whose events can change a user's view: billing's (`billing.account_updated.v1`:
 * credits and plan) and users' (`users.view_changed.v1`, `access_changed`, `deleted`, `created`).
 * Every event of both names its user in `data.user_id`.
 */
export const VIEW_STREAMS = ['billing', 'users'] as const;

export type ViewCacheOptions = Pick<EventFedCacheOptions, 'max' | 'ttlMs' | 'syncTimeoutMs'>;

/**
 * `/auth/me` without asking users each time: the users view of each user recently asked for (at
 * most 10,000, each for at most 60 s), dropped when an event of billing or users says it may have
 * changed, and used only once this process has certainly handled every event published before the
 * request arrived (service-kit `EventFedCache`, which says why a hit is never stale).
 */
export class ViewCache extends EventFedCache<User> {
  constructor(bus: Bus, log: FastifyBaseLogger, opts: ViewCacheOptions = {}) {
    super(bus, log, { ...opts, streams: VIEW_STREAMS, label: 'view cache', fallback: 'asking users on every /auth/me' });
  }
}
