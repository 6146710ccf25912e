import { randomUUID } from 'node:crypto';
import { Counter, Gauge } from 'prom-client';
import { processMetric } from '@corestone/service-kit';
import { estimatedStartMs, holdAfter429Ms, readRateLimitHeaders } from '../domain/rate-limits';
import type { FairBudgetStore } from '../store/fair-budget';

/** Where a waiting request stands: requests the fair order sends first, and when it should start. */
export interface QueuePlace {
  ahead: number;
  /** Estimated ms from now until it is sent. */
  startsInMs: number;
}

export interface AdmitRequest {
  /** Unique per request (a job's evaluation, attempt, sample and try). */
  id: string;
  tenant: string;
  tokens: number;
  /** Told where the request stands while it waits (every `placeEveryMs`). */
  onPlace?: (place: QueuePlace) => void;
  /** Keep this place in the tenant's line (a request sent again after a 429). */
  seq?: number;
}

/** What a sent request reports back: the provider's status and headers. */
export interface Permit {
  /** The request's arrival number (give it back as `seq` to keep the place after a 429). */
  readonly seq: number;
  report(status: number, headers: { get(name: string): string | null } | undefined): Promise<void>;
}

export interface AdmissionOptions {
  store: FairBudgetStore;
  /** Weight and cap (tokens per window, 0 none) of a tenant. */
  tenantTerms: (tenant: string) => { weight: number; cap: number };
  /** How often a replica asks for a turn that is another replica's (ms). */
  pollMs: number;
  /** How often waiting requests are told their place (ms). */
  placeEveryMs: number;
  /** Hold after a 429 that names no reset (ms). */
  default429HoldMs: number;
  onError?: (err: unknown) => void;
}

/** The request stopped waiting because grading is stopping: the job is handed back to JetStream. */
export class AdmissionClosed extends Error {
  constructor() {
    super('grading is stopping: the job goes back to the queue');
  }
}

interface Waiter {
  req: AdmitRequest;
  seq: number;
  resolve: (permit: Permit) => void;
  reject: (err: Error) => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The replicas' admissions, for the waiting-requests gauge. */
const live = new Set<Admission>();

/** What operators watch of the shared budget (grading's /metrics). */
const budgetMetrics = () => ({
  waiting: processMetric(
    'grading_budget_waiting_requests',
    (registers) =>
      new Gauge({
        name: 'grading_budget_waiting_requests',
        help: 'Model requests this replica holds waiting for their turn in the shared provider budget (sum over replicas: the queue)',
        registers,
        collect() {
          this.set([...live].reduce((n, a) => n + a.queued, 0));
        },
      }),
  ),
  answers: processMetric(
    'grading_budget_answers_total',
    (registers) =>
      new Counter({
        name: 'grading_budget_answers_total',
        help: 'Provider answers reported to the shared budget, by kind (ok, rate_limited: a 429, error)',
        labelNames: ['kind'],
        registers,
      }),
  ),
});

/**
 * One replica's door to the shared budget (issue 33 §1). A model request waits here until the
 * fair order (round-robin by virtual time across schools and individuals) reaches it and the
 * shared token bucket holds its estimated tokens and a request; the replica's one loop asks Redis
 * for the next turn (ADMIT) while it has requests waiting. Waiting requests are told their place
 * and estimated start. Responses teach the budget (limits, remaining, and a 429's hold).
 */
export class Admission {
  /** This replica in the shared queue. */
  readonly holder = randomUUID();
  private readonly waiting = new Map<string, Waiter>();
  /** Waiting requests found missing from the queue; only the loop queues them again (it alone takes our turns). */
  private readonly missing = new Set<string>();
  private running = true;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly aliveTimer: NodeJS.Timeout;
  private readonly placeTimer: NodeJS.Timeout;

  constructor(private readonly opts: AdmissionOptions) {
    live.add(this);
    const metrics = budgetMetrics();
    for (const kind of ['ok', 'rate_limited', 'error']) metrics.answers.inc({ kind }, 0);
    const ttl = this.aliveMs;
    const beat = () => opts.store.alive(this.holder, ttl).catch((err) => opts.onError?.(err));
    void beat();
    this.aliveTimer = setInterval(beat, Math.floor(ttl / 3));
    this.placeTimer = setInterval(() => void this.tellPlaces(), opts.placeEveryMs);
    this.aliveTimer.unref?.();
    this.placeTimer.unref?.();
  }

  /** How long this replica counts as alive after it last said so (its timers may run late on a busy machine). */
  private get aliveMs(): number {
    return Math.max(5_000, this.opts.pollMs * 20);
  }

  get queued(): number {
    return this.waiting.size;
  }

  /** Waits for the request's turn and budget; the permit reports the provider's answer. */
  async admit(req: AdmitRequest): Promise<Permit> {
    if (!this.running) throw new AdmissionClosed();
    const { weight, cap } = this.opts.tenantTerms(req.tenant);
    await this.opts.store.alive(this.holder, this.aliveMs);
    const seq = await this.opts.store.enqueue(this.holder, {
      id: req.id,
      tenant: req.tenant,
      tokens: req.tokens,
      weight,
      cap,
      seq: req.seq,
    });
    const granted = new Promise<Permit>((resolve, reject) => this.waiting.set(req.id, { req, seq, resolve, reject }));
    void this.tellPlaces([req.id]);
    this.kick();
    return granted;
  }

  /** Takes a waiting request out (its job stopped). */
  async cancel(id: string): Promise<void> {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    await this.opts.store.leave([id]);
    w.reject(new AdmissionClosed());
  }

  /** Stops: waiting requests leave the queue and reject (their jobs go back to JetStream). */
  async stop(): Promise<void> {
    this.running = false;
    live.delete(this);
    clearInterval(this.aliveTimer);
    clearInterval(this.placeTimer);
    this.wake?.();
    const ids = [...this.waiting.keys()];
    const waiters = [...this.waiting.values()];
    this.waiting.clear();
    await this.opts.store.leave(ids).catch((err) => this.opts.onError?.(err));
    for (const w of waiters) w.reject(new AdmissionClosed());
    await this.loop;
    await this.opts.store.gone(this.holder).catch((err) => this.opts.onError?.(err));
  }

  private kick(): void {
    if (this.wake) this.wake();
    if (this.loop) return;
    this.loop = this.run().finally(() => {
      this.loop = null;
      // a request that came while the loop was ending (it had seen none waiting) starts it again
      if (this.running && this.waiting.size > 0) this.kick();
    });
  }

  private nap(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  private async run(): Promise<void> {
    while (this.running && this.waiting.size > 0) {
      if (this.missing.size) await this.requeue([...this.missing].flatMap((id) => this.waiting.get(id) ?? []));
      this.missing.clear();
      let answer;
      try {
        answer = await this.opts.store.admit(this.holder, this.aliveMs);
      } catch (err) {
        this.opts.onError?.(err);
        await sleep(this.opts.pollMs * 5);
        continue;
      }
      if (answer.kind === 'granted') {
        const w = this.waiting.get(answer.id);
        this.waiting.delete(answer.id);
        if (w) w.resolve(this.permit(w, answer.at));
        continue; // the next turn may be ours as well
      }
      if (answer.kind === 'empty') {
        // Our requests are not in the queue (Redis lost them): queue them again, places kept.
        await this.requeue([...this.waiting.values()]);
        await this.nap(this.opts.pollMs);
        continue;
      }
      // The budget is short (wait until it refills), or another replica's request is next.
      await this.nap(answer.kind === 'wait' ? Math.min(Math.max(answer.ms, 1), this.opts.pollMs * 10) : this.opts.pollMs);
    }
  }

  /** Queues waiting requests again with their places (seq). */
  private async requeue(waiters: Waiter[]): Promise<void> {
    for (const w of waiters) {
      const { weight, cap } = this.opts.tenantTerms(w.req.tenant);
      await this.opts.store
        .enqueue(this.holder, { id: w.req.id, tenant: w.req.tenant, tokens: w.req.tokens, weight, cap, seq: w.seq })
        .catch((err) => this.opts.onError?.(err));
    }
  }

  private permit(w: Waiter, sentAt: number): Permit {
    const windowMs = this.opts.store.windowMs;
    return {
      seq: w.seq,
      report: async (status, headers) => {
        budgetMetrics().answers.inc({ kind: status === 429 ? 'rate_limited' : status < 400 ? 'ok' : 'error' });
        const snap = readRateLimitHeaders(headers);
        await this.opts.store
          .feedback({
            status,
            sentAt,
            ...snap,
            ...(status === 429
              ? { holdMs: holdAfter429Ms(headers, snap, { tokens: w.req.tokens, windowMs }, this.opts.default429HoldMs) }
              : {}),
          })
          .catch((err) => this.opts.onError?.(err));
      },
    };
  }

  /** Tells waiting requests (all, or these) their place and estimated start. */
  private async tellPlaces(only?: string[]): Promise<void> {
    const ids = (only ?? [...this.waiting.keys()]).filter((id) => this.waiting.get(id)?.req.onPlace);
    if (ids.length === 0) return;
    try {
      const { places, budget } = await this.opts.store.positions(ids);
      ids.forEach((id, i) => {
        const place = places[i];
        const w = this.waiting.get(id);
        if (!w) return;
        if (!place) {
          this.missing.add(id); // dropped (this replica looked dead for a while): queued again by the loop
          return;
        }
        w.req.onPlace!({ ahead: place.ahead, startsInMs: estimatedStartMs(place.ahead, place.tokens, budget) });
      });
    } catch (err) {
      this.opts.onError?.(err);
    }
  }
}
