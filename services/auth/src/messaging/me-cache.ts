import type { FastifyBaseLogger } from 'fastify';
import type { User } from '@corestone/contracts';
import { EventFedCache, type Bus, type EventFedCacheOptions } from '@corestone/service-kit';

/**
 * The streams whose events can change what /auth/me answers for a user: billing's
 * (`billing.account_updated.v1`: credits and plan), users' (`users.view_changed.v1`,
 * `access_changed`, `deleted`, `created`), auth's own (`auth.sessions_revoked.v1`) and the schools'
 * (`schools.membership_changed.v1`: the view's `school`; issue 30). Those events name their user in
 * `data.user_id`; a schools event naming none (`schools.school_changed.v1`: a school's name, shown
 * in its members' views) drops every kept view — schools change rarely.
 */
export const ME_STREAMS = ['billing', 'users', 'auth', 'schools'] as const;

/** What /auth/me needs of a user: the users view and the ids of the sessions live when it was loaded. */
export interface KnownUser {
  view: User;
  liveSessions: ReadonlySet<string>;
}

export type MeCacheOptions = Pick<EventFedCacheOptions, 'max' | 'ttlMs' | 'syncTimeoutMs'>;

/**
 * `/auth/me` without asking users or Postgres each time: for each user recently asked for (at most
 * 10,000, each for at most 60 s) the users view and the live session ids, dropped when an event of
 * billing, users, auth or schools says either may have changed, and used only once this process has
 * certainly handled every event published before the request arrived (service-kit `EventFedCache`,
 * which says why a hit is never stale). A session begun after the load is not in the set: that
 * request asks Postgres (routes/auth.ts).
 */
export class MeCache extends EventFedCache<KnownUser> {
  constructor(bus: Bus, log: FastifyBaseLogger, opts: MeCacheOptions = {}) {
    super(bus, log, { ...opts, streams: ME_STREAMS, label: '/auth/me cache', fallback: 'asking users and Postgres on every /auth/me' });
  }
}
