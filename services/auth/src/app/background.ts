import type { FastifyBaseLogger } from 'fastify';

/** Work done after the answer is sent (e.g. reset mail, so its timing reveals nothing); shutdown waits for it. */
export class Background {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, fn: () => Promise<void>): void {
    const task = fn()
      .catch((err) => this.log.error({ err }, `${name} failed`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves when every task started so far has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
