import type { FastifyBaseLogger } from 'fastify';
import { Events, type CreditAccount } from '@corestone/contracts';
import { ensureStream, parseEvent, type Bus } from '@corestone/service-kit';

/**
 * Makes the credit mirror read-your-writes without asking billing on every read.
 *
 * Billing announces every credit change as `billing.account_updated.v1` and answers the request
 * that made it only once the event is published (service-kit's publication.ts). Besides the
 * durable consumer that writes the mirror, this process listens to the same subject on its one
 * NATS connection: the server hands a published message to that connection before JetStream
 * acknowledges the publish, so before billing answers, and so before any request that follows from
 * billing's answer (a later `rpc.users.get_view`) reaches this process on the same connection.
 * What was heard but is not in the mirror yet is kept here (`ahead`), newest version per user,
 * until the mirror has it.
 *
 * That holds only while the mirror has applied everything published before the listener started
 * (or came back after a NATS reconnect). Until a check of the durable consumer confirms it,
 * the feed is not `current` and readers ask billing live.
 */
export class CreditFeed {
  private readonly ahead = new Map<string, CreditAccount>();
  private sub: ReturnType<Bus['nc']['subscribe']> | null = null;
  private epoch = 0;
  private settledEpoch = -1;
  private stopped = false;
  private settling: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: Bus,
    private readonly durable: string,
    private readonly log: FastifyBaseLogger,
    /** Updates heard and not yet mirrored kept at most; beyond, the feed starts over (checks again). */
    private readonly maxAhead = 50_000,
    private readonly checkEveryMs = 100,
  ) {}

  /** True when the mirror plus what was heard since is billing's state as of any answer billing has given. */
  get current(): boolean {
    return this.settledEpoch === this.epoch && !this.stopped;
  }

  /** Listens, then confirms the mirror in the background (`whenCurrent` resolves once it is). */
  start(): void {
    const subject = this.bus.subject(Events.billingAccountUpdated.subject);
    this.sub = this.bus.nc.subscribe(subject, { callback: (err, msg) => (err ? undefined : this.heard(msg.data)) });
    void this.watchConnection();
    this.settling = this.settle();
  }

  /** Resolves once the feed is current (or stopped); tests and start-up checks wait on it. */
  async whenCurrent(): Promise<void> {
    while (!this.current && !this.stopped) {
      await this.settling;
      if (!this.current) await new Promise((r) => setTimeout(r, this.checkEveryMs));
    }
  }

  stop(): void {
    this.stopped = true;
    this.sub?.unsubscribe();
    this.ahead.clear();
  }

  /** The newest account heard for this user that the mirror (at `mirroredVersion`) does not have yet. */
  newerThan(userId: string, mirroredVersion: number): CreditAccount | null {
    const heard = this.ahead.get(userId);
    if (!heard) return null;
    if (heard.version > mirroredVersion) return heard;
    this.ahead.delete(userId); // the mirror caught up
    return null;
  }

  /** The mirror applied this version (consumer): nothing older needs keeping. */
  mirrored(userId: string, version: number): void {
    const heard = this.ahead.get(userId);
    if (heard && heard.version <= version) this.ahead.delete(userId);
  }

  private heard(data: Uint8Array): void {
    let account: CreditAccount;
    try {
      const event = parseEvent(data);
      if (event.type !== Events.billingAccountUpdated.subject) return;
      account = event.data as CreditAccount;
    } catch (err) {
      this.log.warn({ err }, 'credit feed: unreadable billing.account_updated.v1 ignored (the consumer dead-letters it)');
      return;
    }
    const known = this.ahead.get(account.user_id);
    if (known && known.version >= account.version) return;
    this.ahead.set(account.user_id, account);
    if (this.ahead.size > this.maxAhead) {
      this.log.warn(
        { kept: this.ahead.size },
        'credit feed: too many updates not yet mirrored; reading billing live until the mirror catches up',
      );
      this.restart();
    }
  }

  /** Something may have been missed: read live until the mirror is confirmed complete again. */
  private restart(): void {
    this.epoch++;
    this.ahead.clear();
    this.settling = this.settle();
  }

  private async watchConnection(): Promise<void> {
    for await (const s of this.bus.nc.status()) {
      if (this.stopped) return;
      if (s.type === 'disconnect') {
        this.epoch++; // messages published meanwhile are not heard
      } else if (s.type === 'reconnect') {
        this.restart();
      }
    }
  }

  /**
   * Confirms that the durable consumer has applied every update stored before now: the last
   * `billing.account_updated.v1` in the stream (read after the listener is registered) is at or
   * below the consumer's ack floor. Retries until it is, or until the epoch moves on.
   */
  private async settle(): Promise<void> {
    const epoch = this.epoch;
    while (!this.stopped && epoch === this.epoch) {
      try {
        await this.bus.nc.flush(); // the listener is registered at the server
        const stream = await ensureStream(this.bus, 'billing');
        const subject = this.bus.subject(Events.billingAccountUpdated.subject);
        const last = await this.bus.jsm.streams.getMessage(stream, { last_by_subj: subject }); // null: none yet
        const lastSeq = last?.seq ?? 0;
        for (;;) {
          if (this.stopped || epoch !== this.epoch) return;
          const info = await this.bus.jsm.consumers.info(stream, this.durable);
          if (info.ack_floor.stream_seq >= lastSeq) {
            this.settledEpoch = epoch;
            return;
          }
          await new Promise((r) => setTimeout(r, this.checkEveryMs));
        }
      } catch (err) {
        this.log.warn({ err }, 'credit feed: could not confirm the mirror is complete; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}
