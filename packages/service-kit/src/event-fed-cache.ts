import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './nats';
import { StreamFeed } from './stream-feed';

interface Entry<T> {
  value: T;
  epoch: number;
  at: number;
}

export interface EventFedCacheOptions {
  /**
   * The services whose streams carry every change to the cached values. Every event of these
   * streams names the value it may change in `data[keyField]`; one that names none drops every kept value.
   */
  streams: readonly string[];
  /** The field of each event's data naming the kept value it may change (default `user_id`). */
  keyField?: string;
  /** Names the cache in its log lines, e.g. '/auth/me cache'. */
  label: string;
  /** What a request does while the feed is not current, for the log line, e.g. 'asking users on every /auth/me'. */
  fallback: string;
  /** Values kept at most (the oldest forgotten first). */
  max?: number;
  /** A value is loaded again after this long even when no event named its user (a safety net, not the mechanism). */
  ttlMs?: number;
  /** How long a request waits for the feed to reach the streams' ends before loading instead. */
  syncTimeoutMs?: number;
}

/**
 * A per-process cache of one value per user (e.g. the users view) — or per any key the events name
 * (`keyField`: evaluation keeps rubric snapshots by `rubric_id`) —, dropped when an event says it
 * may have changed, and used only once this process has certainly handled every event published
 * before the request arrived — read-your-writes across replicas, no window.
 *
 * Why a hit is never stale (docs/decisions.md, "/auth/me: auth keeps the users views"):
 * 1. Every change to a cached value is in one of `streams` before it is answered: the owning
 *    services' outbox relays hold their answers until JetStream acknowledged the events (service-kit
 *    publication.ts). So when the change is answered its event has a stream sequence.
 * 2. This process reads the streams with the kit's `StreamFeed` (ordered consumers: every replica
 *    reads every event, in sequence order, with no gaps), dropping the value of the event's user.
 * 3. Before answering from a kept value, a request syncs the feed (`StreamFeed.sync`: the streams'
 *    last sequences asked after the request arrived, and handled here). Whatever was answered before
 *    the request is at or below them, so its value was dropped. This holds across a NATS cluster.
 * 4. A value loaded while an event for that user was handled is not kept (it may predate the change).
 * 5. Fall-back: until the consumers run (start), when a sync fails or the consumers do not reach
 *    the streams' ends within `syncTimeoutMs` (NATS away, consumer stalled), and after any sequence
 *    gap, requests load as if nothing were kept — `current` is false — until a sync succeeds again.
 */
export class EventFedCache<T> {
  private readonly values = new Map<string, Entry<T>>();
  /** Invalidation sequence per user (events heard); a load that started before it is not kept. */
  private readonly invalidated = new Map<string, number>();
  /** Sequence below which every user counts as invalidated (after `invalidated` was cleared). */
  private floor = 0;
  private seq = 0;
  /** Bumped whenever events may have been missed: values of an earlier epoch are never used. */
  private epoch = 0;
  private readonly feed: StreamFeed;
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly keyField: string;
  /** Counters (tests and diagnostics): answers from a kept value, loads, loads because the feed was not current. */
  readonly stats = { hits: 0, loads: 0, fallbacks: 0 };

  constructor(bus: Bus, log: FastifyBaseLogger, opts: EventFedCacheOptions) {
    this.max = opts.max ?? 10_000;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.keyField = opts.keyField ?? 'user_id';
    this.feed = new StreamFeed(bus, log, {
      streams: opts.streams,
      label: opts.label,
      fallback: opts.fallback,
      syncTimeoutMs: opts.syncTimeoutMs,
      onEvent: (data) => this.heard(data),
      onGap: () => this.dropAll(),
    });
  }

  /** Known complete: the consumers run and the last sync reached the streams' ends. */
  get current(): boolean {
    return this.feed.current;
  }

  /** Starts one ordered consumer per stream at its current end (what came before is in every value loaded from now on). */
  start(): Promise<void> {
    return this.feed.start();
  }

  stop(): void {
    this.feed.stop();
    this.values.clear();
  }

  /** Resolves once the feed is current (tests). */
  whenCurrent(): Promise<void> {
    return this.feed.whenCurrent();
  }

  /** True once every event published before the call has been handled here (`StreamFeed.sync`). */
  sync(): Promise<boolean> {
    return this.feed.sync();
  }

  /** The user's value: the kept one when it is certainly current, else `load()`, kept for next time when safe. */
  async get(userId: string, load: () => Promise<T>): Promise<T> {
    const hit = this.current ? this.values.get(userId) : undefined;
    if (hit && hit.epoch === this.epoch && Date.now() - hit.at < this.ttlMs) {
      if ((await this.sync()) && this.values.get(userId) === hit && hit.epoch === this.epoch) {
        this.stats.hits++;
        return hit.value;
      }
    } else if (!this.current) {
      this.stats.fallbacks++;
      if (this.feed.started) void this.sync(); // comes back once a sync reaches the ends again
    }
    const seq = this.seq;
    const epoch = this.epoch;
    const wasCurrent = this.current;
    this.stats.loads++;
    const value = await load();
    if (wasCurrent && this.current && epoch === this.epoch && (this.invalidated.get(userId) ?? this.floor) <= seq) {
      this.values.delete(userId);
      this.values.set(userId, { value, epoch, at: Date.now() });
      if (this.values.size > this.max) this.values.delete(this.values.keys().next().value!);
    }
    return value;
  }

  /** Drops the user's kept value (always safe: the next `get` loads it). */
  forget(userId: string): void {
    this.values.delete(userId);
  }

  private heard(data: Uint8Array): void {
    let userId: unknown;
    try {
      userId = (JSON.parse(Buffer.from(data).toString('utf8')) as { data?: Record<string, unknown> }).data?.[this.keyField];
    } catch {
      userId = undefined;
    }
    if (typeof userId !== 'string') {
      // Cannot tell whose value changed (unreadable, or an event about no user): forget them all.
      this.dropAll();
    } else {
      this.seq++;
      this.values.delete(userId);
      this.invalidated.delete(userId);
      this.invalidated.set(userId, this.seq);
      if (this.invalidated.size > this.max) {
        // Loads that started before now are not kept, whoever they are for.
        this.floor = this.seq;
        this.invalidated.clear();
      }
    }
  }

  private dropAll(): void {
    this.epoch++;
    this.seq++;
    this.floor = this.seq;
    this.invalidated.clear();
    this.values.clear();
  }
}
