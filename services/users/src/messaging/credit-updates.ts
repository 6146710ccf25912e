import type { FastifyBaseLogger } from 'fastify';
import { Events, type CreditAccount } from '@corestone/contracts';
import { ensureStream, parseEvent, StreamFeed, type Bus } from '@corestone/service-kit';

/**
 * Makes the credit mirror read-your-writes without asking billing on every read, with the kit's
 * stream-sequence mechanism (`StreamFeed`, the one auth's `/auth/me` cache uses).
 *
 * Billing announces every credit change as `billing.account_updated.v1` and answers the request
 * that made it only once JetStream stored the event (service-kit's publication.ts). Every replica
 * reads the BILLING stream with an ordered consumer and keeps, per user, the newest account heard
 * that the mirror may not have yet (`ahead`). A read first syncs the feed — the stream's last
 * sequence, asked after the request arrived, has been handled here — then takes what was heard
 * (`heard`), and only then reads the mirror: every update answered before the request is either
 * in what was taken or already in the mirror (an entry is dropped only once the mirror holds its
 * version, which a later read of the mirror sees).
 *
 * That holds only while the mirror has applied every update stored before the feed started (or
 * before it was cleared after a sequence gap or too many updates kept). Until a check of the
 * durable consumer confirms it, and whenever a sync fails, `heard` says "not known" and readers ask
 * billing live.
 */
export class CreditUpdates {
  private readonly ahead = new Map<string, CreditAccount>();
  private readonly feed: StreamFeed;
  /** Bumped whenever `ahead` is cleared; the mirror is confirmed complete for `confirmed === epoch`. */
  private epoch = 0;
  private confirmed = -1;
  private stopped = false;
  private confirming: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: Bus,
    /** The durable consumer that writes the mirror. */
    private readonly durable: string,
    private readonly log: FastifyBaseLogger,
    /** Updates heard and not yet mirrored kept at most; beyond, the copy starts over (checks the mirror again). */
    private readonly maxAhead = 50_000,
    private readonly checkEveryMs = 100,
  ) {
    this.feed = new StreamFeed(bus, log, {
      streams: ['billing'],
      label: 'credit updates',
      fallback: 'asking billing on every view',
      onEvent: (data) => this.onEvent(data),
      onGap: () => this.restart(),
    });
  }

  /** The feed runs and the mirror is confirmed complete up to where the feed started. */
  get current(): boolean {
    return this.feed.current && this.confirmed === this.epoch && !this.stopped;
  }

  /** Reads the BILLING stream from its end, then confirms the mirror in the background (`whenCurrent` resolves once it is). */
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
    this.ahead.clear();
  }

  /**
   * Call before reading the mirror. `undefined`: not known (ask billing live); otherwise the newest
   * update billing announced before the call that the mirror may not have, or null when none.
   */
  async heard(userId: string): Promise<CreditAccount | null | undefined> {
    if (!this.current || !(await this.feed.sync()) || !this.current) return undefined;
    return this.ahead.get(userId) ?? null;
  }

  /** The mirror holds this version of the user's account (read or written): nothing older needs keeping. */
  mirrored(userId: string, version: number): void {
    const heard = this.ahead.get(userId);
    if (heard && heard.version <= version) this.ahead.delete(userId);
  }

  private onEvent(data: Uint8Array): void {
    let account: CreditAccount;
    try {
      const event = parseEvent(data);
      if (event.type !== Events.billingAccountUpdated.subject) return;
      account = event.data as CreditAccount;
    } catch (err) {
      this.log.warn({ err }, 'credit updates: unreadable billing event ignored (the mirror consumer dead-letters it)');
      return;
    }
    const known = this.ahead.get(account.user_id);
    if (known && known.version >= account.version) return;
    this.ahead.set(account.user_id, account);
    if (this.ahead.size > this.maxAhead) {
      this.log.warn(
        { kept: this.ahead.size },
        'credit updates: too many not yet mirrored; reading billing live until the mirror catches up',
      );
      this.restart();
    }
  }

  /** Something may have been missed or forgotten: read live until the mirror is confirmed complete again. */
  private restart(): void {
    this.epoch++;
    this.ahead.clear();
    this.confirming = this.confirmMirror();
  }

  /**
   * Confirms that the durable consumer has applied every update stored before now: the last
   * `billing.account_updated.v1` in the stream (read after the feed started or was cleared; what
   * came after it reaches `ahead`) is at or below the consumer's ack floor. Retries until it is, or
   * until the epoch moves on.
   */
  private async confirmMirror(): Promise<void> {
    const epoch = this.epoch;
    while (!this.stopped && epoch === this.epoch) {
      try {
        const stream = await ensureStream(this.bus, 'billing');
        const subject = this.bus.subject(Events.billingAccountUpdated.subject);
        const last = await this.bus.jsm.streams.getMessage(stream, { last_by_subj: subject }); // null: none yet
        const lastSeq = last?.seq ?? 0;
        for (;;) {
          if (this.stopped || epoch !== this.epoch) return;
          const info = await this.bus.jsm.consumers.info(stream, this.durable);
          if (info.ack_floor.stream_seq >= lastSeq) {
            this.confirmed = epoch;
            return;
          }
          await new Promise((r) => setTimeout(r, this.checkEveryMs));
        }
      } catch (err) {
        this.log.warn({ err }, 'credit updates: could not confirm the mirror is complete; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}
