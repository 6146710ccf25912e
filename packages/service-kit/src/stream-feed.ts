import type { FastifyBaseLogger } from 'fastify';
import { streamName } from '@corestone/contracts';
import { ensureStream, type Bus } from './nats';

interface Feed {
  stream: string;
  /** Stream sequence of the last event handled; every event up to it has been handled, in order. */
  delivered: number;
  stop?: () => void;
}

export interface StreamFeedOptions {
  /** The services whose streams this process reads (every event of each, in sequence order). */
  streams: readonly string[];
  /** Names the feed in its log lines, e.g. '/auth/me cache'. */
  label: string;
  /** What a request does while the feed is not current, for the log line, e.g. 'asking users on every /auth/me'. */
  fallback: string;
  /** How long a sync waits for the consumers to reach the streams' ends before giving up (not current). */
  syncTimeoutMs?: number;
  /** Each event, in sequence order per stream (after `onGap` when events before it were missed). */
  onEvent: (data: Uint8Array, stream: string, seq: number) => void;
  /** Events were removed from a stream before this process read them: what was built from the feed is incomplete. */
  onGap: () => void;
}

/**
 * The kit's one read-your-writes mechanism over events: this process reads whole streams with
 * ordered consumers, and `sync()` tells whether it has certainly handled every event published
 * before the call — on a NATS cluster too.
 *
 * Why (docs/decisions.md, "/auth/me: auth keeps the users views"):
 * 1. Every change is in its stream before it is answered: the owning services' outbox relays hold
 *    their answers until JetStream acknowledged the events (service-kit publication.ts). So when
 *    the change is answered its event has a stream sequence.
 * 2. Ordered consumers hand every event to `onEvent`, in sequence order, with no gaps (the client
 *    recreates the consumer from the next sequence when it detects one; a sequence jump — events
 *    removed before they were read — calls `onGap` first).
 * 3. `sync()` asks JetStream for each stream's last sequence (`STREAM.INFO`, sent after the call,
 *    answered by the stream leader) and waits until the consumers have handled up to it. Whatever
 *    was answered before the call is at or below that sequence. It relies on stream sequences,
 *    not on the order of messages on one connection. Callers arriving together share one round of
 *    questions, and callers arriving while one is asked share the next.
 * 4. Fall-back: until the consumers run (start), when a sync fails or the consumers do not reach
 *    the streams' ends within `syncTimeoutMs` (NATS away, consumer stalled), `current` is false
 *    until a sync succeeds again; the user of the feed then reads its source of truth instead.
 *
 * Used by `EventFedCache` (auth's `/auth/me`; evaluation's submitters and rubric snapshots) and by
 * users' copy of billing's credits.
 */
export class StreamFeed {
  private feeds: Feed[] = [];
  private running = false;
  private behind = false;
  private stopped = false;
  /** Bumped on every sequence gap: a sync that saw one does not count as caught up. */
  private gaps = 0;
  private nextSync: Promise<boolean> | null = null;
  /** The round of `STREAM.INFO` questions in flight, settled when its answers (or failure) are in. */
  private asking: Promise<void> | null = null;
  private waiters = new Set<() => void>();
  private readonly syncTimeoutMs: number;

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly opts: StreamFeedOptions,
  ) {
    this.syncTimeoutMs = opts.syncTimeoutMs ?? 500;
  }

  /** Known complete: the consumers run and the last sync reached the streams' ends. */
  get current(): boolean {
    return this.running && !this.behind && !this.stopped;
  }

  /** The consumers run (current or not). */
  get started(): boolean {
    return this.running && !this.stopped;
  }

  /** Starts one ordered consumer per stream at its current end (what came before is for the caller's source of truth). */
  async start(): Promise<void> {
    for (const service of this.opts.streams) {
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
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves once the feed is current (or stopped); tests and start-up checks wait on it. */
  async whenCurrent(): Promise<void> {
    while (!this.current && !this.stopped) {
      await this.sync();
      if (!this.current) await new Promise((r) => setTimeout(r, 20));
    }
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
    const gaps = this.gaps;
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
    if (gaps !== this.gaps) return false;
    if (this.behind) this.log.info(`${this.opts.label}: event feed current again; kept values in use`);
    this.behind = false;
    return true;
  }

  private fellBehind(err: unknown, why: string): void {
    if (!this.behind) this.log.warn({ err }, `${this.opts.label}: ${why}; ${this.opts.fallback} until the feed is current`);
    this.behind = true;
  }

  private heard(feed: Feed, seq: number, data: Uint8Array): void {
    if (seq !== feed.delivered + 1) {
      // A gap (messages removed from the stream before this process read them): trust nothing built so far.
      this.log.warn(
        { stream: feed.stream, expected: feed.delivered + 1, got: seq },
        `${this.opts.label}: sequence gap; every kept value dropped`,
      );
      this.gaps++;
      this.opts.onGap();
    }
    if (seq > feed.delivered) feed.delivered = seq;
    this.opts.onEvent(data, feed.stream, seq);
    for (const wake of [...this.waiters]) wake();
  }
}
