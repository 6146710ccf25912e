import type { FastifyBaseLogger } from 'fastify';
import { streamName } from '@corestone/contracts';
import { ensureStream, type Bus } from './nats';

interface Entry<T> {
  value: T;
  epoch: number;
  at: number;
}

interface Feed {
  stream: string;
  /** Stream sequence of the last event handled; every event up to it has been handled, in order. */
  delivered: number;
  stop?: () => void;
}

export interface EventFedCacheOptions {
  /**
   * The services whose streams carry every change to the cached values. Every event of these
   * streams names its user in `data.user_id`; one that names none drops every kept value.
   */
  streams: readonly string[];
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
 * A per-process cache of one value per user (e.g. the users view), dropped when an event says it
 * may have changed, and used only once this process has certainly handled every event published
 * before the request arrived — read-your-writes across replicas, no window.
 *
 * Why a hit is never stale (docs/decisions.md, "/auth/me: auth keeps the users views"):
 * 1. Every change to a cached value is in one of `streams` before it is answered: the owning
 *    services' outbox relays hold their answers until JetStream acknowledged the events (service-kit
 *    publication.ts). So when the change is answered its event has a stream sequence.
 * 2. This process reads the streams with ordered consumers (every replica reads every event, in
 *    sequence order, with no gaps: the client recreates the consumer from the next sequence when it
 *    detects one), dropping the value of the event's user.
 * 3. Before answering from a kept value, a request asks JetStream for each stream's last sequence
 *    (`STREAM.INFO`, sent after the request arrived, answered by the stream leader) and waits until
 *    the consumers have handled up to it. Whatever was answered before the request is at or below
 *    that sequence, so its value was dropped. This holds across a NATS cluster: it relies on stream
 *    sequences, not on the order of messages on one connection. Requests arriving together share
 *    one such sync, and requests arriving while one is asked share the next.
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
  private feeds: Feed[] = [];
  private running = false;
  private behind = false;
  private stopped = false;
  private nextSync: Promise<boolean> | null = null;
  /** The round of `STREAM.INFO` questions in flight, settled when its answers (or failure) are in. */
  private asking: Promise<void> | null = null;
  private waiters = new Set<() => void>();
  private readonly streams: readonly string[];
  private readonly label: string;
  private readonly fallback: string;
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly syncTimeoutMs: number;
  /** Counters (tests and diagnostics): answers from a kept value, loads, loads because the feed was not current. */
  readonly stats = { hits: 0, loads: 0, fallbacks: 0 };

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    opts: EventFedCacheOptions,
  ) {
    this.streams = opts.streams;
    this.label = opts.label;
    this.fallback = opts.fallback;
    this.max = opts.max ?? 10_000;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.syncTimeoutMs = opts.syncTimeoutMs ?? 500;
  }

  /** Known complete: the consumers run and the last sync reached the streams' ends. */
  get current(): boolean {
    return this.running && !this.behind && !this.stopped;
  }

  /** Starts one ordered consumer per stream at its current end (what came before is in every value loaded from now on). */
  async start(): Promise<void> {
    for (const service of this.streams) {
      await ensureStream(this.bus, service);
      const stream = streamName(this.bus.prefix, service);
      const last = (await this.bus.jsm.streams.info(stream)).state.last_seq;
      const feed: Feed = { stream, delivered: last };
      const consumer = await this.bus.js.consumers.get(stream, { deliver_policy: 'by_start_sequence', opt_start_seq: last + 1 });
      const messages = await consumer.consume({ callback: (m) => this.heard(feed, m.seq, m.data) });
      feed.stop = () => void messages.stop();
      this.feeds.push(feed);
    }
    this.running = true;
  }

  stop(): void {
    this.stopped = true;
    this.feeds.forEach((f) => f.stop?.());
    this.values.clear();
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves once the feed is current (tests). */
  async whenCurrent(): Promise<void> {
    while (!this.current && !this.stopped) {
      await this.sync();
      if (!this.current) await new Promise((r) => setTimeout(r, 20));
    }
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
      if (this.running && !this.stopped) void this.sync(); // comes back once a sync reaches the ends again
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

  /**
   * True once every event stored in the streams when this sync's questions were sent has been
   * handled here. Callers arriving before the questions are sent share them. At most one round of
   * questions is in flight: callers arriving meanwhile share the next round, sent at the end of the
   * turn its answers come in (a group commit), so requests spread over many turns of one round trip
   * share one round instead of sending one each turn.
   */
  sync(): Promise<boolean> {
    this.nextSync ??= new Promise<boolean>((resolve) => {
      const send = () => {
        this.nextSync = null;
        const ends = this.streamEnds();
        const settled = () => {
          if (this.asking === answered) this.asking = null;
        };
        const answered: Promise<void> = ends.then(settled, settled);
        this.asking = answered;
        this.catchUp(ends).then(resolve, () => resolve(false));
      };
      // After the current event-loop turn, so that every request read in it shares the round.
      if (this.asking) void this.asking.then(() => setImmediate(send));
      else setImmediate(send);
    });
    return this.nextSync;
  }

  /** Each feed's stream's last sequence, asked now (null when not running). */
  private streamEnds(): Promise<number[] | null> {
    if (!this.running || this.stopped) return Promise.resolve(null);
    return Promise.all(this.feeds.map(async (f) => (await this.bus.jsm.streams.info(f.stream)).state.last_seq));
  }

  private async catchUp(asked: Promise<number[] | null>): Promise<boolean> {
    const epoch = this.epoch;
    let ends: number[] | null;
    try {
      ends = await asked;
    } catch (err) {
      this.fellBehind(err, 'could not read the streams');
      return false;
    }
    if (ends === null) return false;
    const reached = () => this.feeds.every((f, i) => f.delivered >= ends[i]);
    if (!reached()) {
      const ok = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(false), this.syncTimeoutMs);
        const finish = (value: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(check);
          resolve(value);
        };
        const check = () => {
          if (this.stopped) finish(false);
          else if (reached()) finish(true);
        };
        this.waiters.add(check);
      });
      if (!ok) {
        this.fellBehind(null, 'the event consumers did not reach the streams’ ends in time');
        return false;
      }
    }
    if (epoch !== this.epoch) return false;
    if (this.behind) this.log.info(`${this.label}: event feed current again; kept values in use`);
    this.behind = false;
    return true;
  }

  private fellBehind(err: unknown, why: string): void {
    if (!this.behind) this.log.warn({ err }, `${this.label}: ${why}; ${this.fallback} until the feed is current`);
    this.behind = true;
  }

  private heard(feed: Feed, seq: number, data: Uint8Array): void {
    if (seq !== feed.delivered + 1) {
      // A gap (messages removed from the stream before this process read them): trust nothing kept.
      this.log.warn(
        { stream: feed.stream, expected: feed.delivered + 1, got: seq },
        `${this.label}: sequence gap; every kept value dropped`,
      );
      this.dropAll();
    }
    if (seq > feed.delivered) feed.delivered = seq;
    let userId: unknown;
    try {
      userId = (JSON.parse(Buffer.from(data).toString('utf8')) as { data?: { user_id?: unknown } }).data?.user_id;
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
    for (const wake of [...this.waiters]) wake();
  }

  private dropAll(): void {
    this.epoch++;
    this.seq++;
    this.floor = this.seq;
    this.invalidated.clear();
    this.values.clear();
  }
}
