import type { FastifyBaseLogger } from 'fastify';
import type { EventEnvelope } from '@corestone/contracts';
import { ensureStream, parseEvent, StreamFeed, type Bus } from '@corestone/service-kit';

/** One value heard in a stream and kept until the mirror holds it (or a newer one). */
export interface Heard<T> {
  value: T;
  /** Orders the values of one key: billing's account version, or the event's stream sequence. */
  version: number;
}

export interface MirrorUpdatesOptions<T> {
  /** The service whose stream is read (e.g. 'billing'). */
  stream: string;
  /** The subjects the mirror's durable consumer applies; only events of these are read. */
  subjects: readonly string[];
  /** The durable consumer that writes the mirror. */
  durable: string;
  /** Names the copy in its log lines, e.g. 'credit updates'. */
  label: string;
  /** What readers do while the copy is not current, for the log line. */
  fallback: string;
  /** The key, value and version one event of `subjects` gives (`seq`: its stream sequence). */
  read: (event: EventEnvelope, seq: number) => { key: string } & Heard<T>;
  /** Values heard and not yet mirrored kept at most; beyond, the copy starts over (checks the mirror again). */
  maxAhead?: number;
  checkEveryMs?: number;
}

/**
 * Makes a mirror kept by a durable consumer read-your-writes without asking its owner on every
 * read, with the kit's stream-sequence mechanism (`StreamFeed`, the one auth's `/auth/me` cache
 * uses). Used for billing's credits (`CreditUpdates`) and the schools' memberships and names
 * (`SchoolUpdates`).
 *
 * The owner announces every change as an event and answers the request that made it only once
 * JetStream stored the event (service-kit's publication.ts). Every replica reads the stream with
 * an ordered consumer and keeps, per key, the newest value heard that the mirror may not have yet
 * (`ahead`). A read first syncs the feed — the stream's last sequence, asked after the request
 * arrived, has been handled here — then takes what was heard (`heard`/`take`), and only then reads
 * the mirror: every change answered before the request is either in what was taken or already in
 * the mirror (an entry is dropped only once the mirror holds its version, which a later read of the
 * mirror sees).
 *
 * That holds only while the mirror has applied every event stored before the feed started (or
 * before it was cleared after a sequence gap or too many values kept). Until a check of the durable
 * consumer confirms it, and whenever a sync fails, `sync` says false and readers fall back (billing:
 * asked live; schools: the mirror alone).
 */
export class MirrorUpdates<T> {
  private readonly ahead = new Map<string, Heard<T>>();
  private readonly feed: StreamFeed;
  private readonly subjects: ReadonlySet<string>;
  private readonly maxAhead: number;
  private readonly checkEveryMs: number;
  /** Bumped whenever `ahead` is cleared; the mirror is confirmed complete for `confirmed === epoch`. */
  private epoch = 0;
  private confirmed = -1;
  private stopped = false;
  private confirming: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly opts: MirrorUpdatesOptions<T>,
  ) {
    this.subjects = new Set(opts.subjects);
    this.maxAhead = opts.maxAhead ?? 50_000;
    this.checkEveryMs = opts.checkEveryMs ?? 100;
    this.feed = new StreamFeed(bus, log, {
      streams: [opts.stream],
      label: opts.label,
      fallback: opts.fallback,
      onEvent: (data, _stream, seq) => this.onEvent(data, seq),
      onGap: () => this.restart(),
    });
  }

  /** The feed runs and the mirror is confirmed complete up to where the feed started. */
  get current(): boolean {
    return this.feed.current && this.confirmed === this.epoch && !this.stopped;
  }

  /** Reads the stream from its end, then confirms the mirror in the background (`whenCurrent` resolves once it is). */
  async start(): Promise<void> {
    await this.feed.start();
    this.confirming = this.confirmMirror();
  }

  /** Resolves once the copy is current (or stopped); tests and start-up checks wait on it. */
  async whenCurrent(): Promise<void> {
    while (!this.current && !this.stopped) {
      await this.confirming;
      await this.feed.whenCurrent();
      if (!this.current) await new Promise((r) => setTimeout(r, this.checkEveryMs));
    }
  }

  stop(): void {
    this.stopped = true;
    this.feed.stop();
    this.forgetAll();
  }

  /**
   * Call before reading the mirror: true once every event published before the call was handled
   * here and the mirror is known complete — `take` then answers what the mirror may lack; false:
   * not known (fall back).
   */
  async sync(): Promise<boolean> {
    return this.current && (await this.feed.sync()) && this.current;
  }

  /** The newest value heard for `key` that the mirror may not have (after a successful `sync`), or null. */
  take(key: string): Heard<T> | null {
    return this.ahead.get(key) ?? null;
  }

  /** `sync` then `take`: undefined when not known. */
  async heard(key: string): Promise<Heard<T> | null | undefined> {
    return (await this.sync()) ? this.take(key) : undefined;
  }

  /** The mirror holds this version of the key's value (read or written): nothing older needs keeping. */
  mirrored(key: string, version: number): void {
    const heard = this.ahead.get(key);
    if (heard && heard.version <= version) this.ahead.delete(key);
  }

  /** Keeps a value heard (newer than what was kept for its key); subclasses may keep some keys elsewhere. */
  protected keep(key: string, heard: Heard<T>): void {
    const known = this.ahead.get(key);
    if (known && known.version >= heard.version) return;
    this.ahead.set(key, heard);
  }

  /** How many values are kept (bounded by `maxAhead`). */
  protected get kept(): number {
    return this.ahead.size;
  }

  /** Forgets every value kept (the copy starts over); subclasses forget theirs too. */
  protected forgetAll(): void {
    this.ahead.clear();
  }

  private onEvent(data: Uint8Array, seq: number): void {
    let entry: { key: string } & Heard<T>;
    try {
      const type = (JSON.parse(Buffer.from(data).toString('utf8')) as { type?: unknown }).type;
      if (typeof type !== 'string' || !this.subjects.has(type)) return;
      entry = this.opts.read(parseEvent(data), seq);
    } catch (err) {
      this.log.warn({ err }, `${this.opts.label}: unreadable event ignored (the mirror consumer dead-letters it)`);
      return;
    }
    this.keep(entry.key, { value: entry.value, version: entry.version });
    if (this.kept > this.maxAhead) {
      this.log.warn(
        { kept: this.kept },
        `${this.opts.label}: too many not yet mirrored; ${this.opts.fallback} until the mirror catches up`,
      );
      this.restart();
    }
  }

  /** Something may have been missed or forgotten: fall back until the mirror is confirmed complete again. */
  private restart(): void {
    this.epoch++;
    this.forgetAll();
    this.confirming = this.confirmMirror();
  }

  /**
   * Confirms that the durable consumer has applied every event stored before now: the last event of
   * `subjects` in the stream (read after the feed started or was cleared; what came after it reaches
   * `ahead`) is at or below the consumer's ack floor. Retries until it is, or until the epoch moves on.
   */
  private async confirmMirror(): Promise<void> {
    const epoch = this.epoch;
    while (!this.stopped && epoch === this.epoch) {
      try {
        const stream = await ensureStream(this.bus, this.opts.stream);
        let lastSeq = 0;
        for (const subject of this.opts.subjects) {
          const last = await this.bus.jsm.streams.getMessage(stream, { last_by_subj: this.bus.subject(subject) }); // null: none yet
          lastSeq = Math.max(lastSeq, last?.seq ?? 0);
        }
        for (;;) {
          if (this.stopped || epoch !== this.epoch) return;
          const info = await this.bus.jsm.consumers.info(stream, this.opts.durable);
          if (info.ack_floor.stream_seq >= lastSeq) {
            this.confirmed = epoch;
            return;
          }
          await new Promise((r) => setTimeout(r, this.checkEveryMs));
        }
      } catch (err) {
        this.log.warn({ err }, `${this.opts.label}: could not confirm the mirror is complete; retrying`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}
