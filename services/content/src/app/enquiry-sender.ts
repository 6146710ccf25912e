import type { FastifyBaseLogger } from 'fastify';
import type { ContactEnquiry } from '@corestone/contracts';
import { startSingletonJob, type Mailer, type SingletonJob } from '@corestone/service-kit';
import { enquiryMail } from '../domain/enquiry-mail';
import type { EnquiryStore } from '../store/enquiries';

export interface EnquirySenderOptions {
  /** The inbox at the time of sending: a setting admins edit (Settings screen). */
  inbox: () => Promise<string>;
  adminUrl: string;
  maxAttempts: number;
  retryEveryMs: number;
}

/**
 * Mails stored enquiries to the enquiries inbox: at once after each enquiry, and again from a
 * periodic sweep for any whose mail failed (SMTP away) or whose sender died, up to maxAttempts.
 */
export class EnquirySender {
  private job: SingletonJob | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly store: EnquiryStore,
    private readonly mailer: Mailer,
    private readonly opts: EnquirySenderOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get leaseMs() {
    return Math.max(this.opts.retryEveryMs, 30_000);
  }

  async send(e: ContactEnquiry): Promise<boolean> {
    if (!(await this.store.claim(e.id, this.opts.maxAttempts, this.leaseMs))) return false;
    try {
      await this.mailer.send(enquiryMail(e, await this.opts.inbox(), this.opts.adminUrl));
      await this.store.markSent(e.id);
      return true;
    } catch (err) {
      this.log.warn({ err, enquiry: e.id }, 'enquiry mail failed; will retry');
      await this.store.markFailed(e.id, (err as Error).message);
      return false;
    }
  }

  /** Sends one enquiry in the background (the request that stored it does not wait). */
  dispatch(e: ContactEnquiry): void {
    const p = this.send(e)
      .catch((err) => this.log.error({ err, enquiry: e.id }, 'enquiry mail could not be attempted; the sweep retries'))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Resolves when every background send has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Sends what is still unsent; resolves when done (tests call it directly). */
  sweep(): Promise<void> {
    this.running = this.running.then(async () => {
      try {
        for (const e of await this.store.unsent(this.opts.maxAttempts)) await this.send(e);
      } catch (err) {
        this.log.error({ err }, 'enquiry mail sweep failed');
      }
    });
    return this.running;
  }

  /**
   * The periodic sweep, in the one content replica holding its lease (the kit's singleton jobs;
   * it moves when its holder dies), first at once: enquiries stored while no process was up.
   */
  start(): void {
    this.job = startSingletonJob({
      pool: this.store.pool,
      name: 'content.enquiry-mail-sweep',
      everyMs: this.opts.retryEveryMs,
      firstAfterMs: 0,
      logger: this.log,
      run: () => this.sweep(),
    });
  }

  async stop(): Promise<void> {
    await this.job?.stop();
    await Promise.all([this.running, this.idle()]);
  }
}
