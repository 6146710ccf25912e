import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/** How long an answer is kept: a changed GRADER reaches re-submission reuse within this time of grading's restart. */
const KEEP_MS = 30_000;
/** After grading did not answer, submissions go on without asking again for this long (no reuse meanwhile). */
const RETRY_AFTER_MS = 1_000;

/**
 * The grader new gradings use, as the grading service resolves its one `GRADER` setting (`auto`:
 * the model grader when an OpenAI key or compatible endpoint is configured). Asked with
 * `rpc.grading.grader` and kept `KEEP_MS` per process; concurrent askers share one question.
 * Unknown (grading not answering): null, and an unchanged re-submission is graded anew rather than
 * given a result that may be another grader's.
 */
export class GraderInForce {
  private known: { grader: string; at: number } | null = null;
  private failedAt = 0;
  private asking: Promise<string | null> | null = null;

  constructor(
    private readonly deps: {
      bus: Bus;
      log: FastifyBaseLogger;
      timeoutMs: number;
      /** Tests: a clock, and the question asked on another subject. */
      now?: () => number;
      rpc?: typeof Rpc.gradingGrader;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async current(): Promise<string | null> {
    const now = this.now();
    if (this.known && now - this.known.at < KEEP_MS) return this.known.grader;
    if (now - this.failedAt < RETRY_AFTER_MS) return this.known?.grader ?? null;
    this.asking ??= this.ask().finally(() => (this.asking = null));
    return this.asking;
  }

  private async ask(): Promise<string | null> {
    try {
      const { grader } = await callRpc(this.deps.bus, this.deps.rpc ?? Rpc.gradingGrader, {}, { timeoutMs: this.deps.timeoutMs });
      if (grader !== this.known?.grader) this.deps.log.info({ grader }, 'grader in force');
      this.known = { grader, at: this.now() };
      return grader;
    } catch (err) {
      this.failedAt = this.now();
      this.deps.log.warn({ err }, 'grading did not say which grader is in force: re-submissions are graded anew');
      this.known = null;
      return null;
    }
  }
}
