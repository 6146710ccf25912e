import type { FastifyBaseLogger } from 'fastify';
import { Messages } from '@corestone/contracts';
import { HttpError, accountId, type Limiter } from '@corestone/service-kit';

export interface LockoutBudget {
  /** Failed sign-ins an account may have within one window. */
  max: number;
  windowMs: number;
}

/**
 * Failed sign-ins per account (fixed windows in Redis, keyed by a hash of the lower-cased,
 * trimmed e-mail, never the address itself): once the budget is spent, further attempts are
 * refused with 429 before the password is checked; a successful sign-in clears the count.
 * When Redis does not answer, sign-in goes on and the error is logged (availability first).
 */
export class SignInLockout {
  constructor(
    private readonly limiter: Limiter,
    private readonly budget: LockoutBudget,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs one sign-in attempt for `email` under the lockout. */
  async attempt<T>(email: string, signIn: () => Promise<T>): Promise<T> {
    const key = this.limiter.key('login_failures', accountId(email));
    await this.refuseWhenLocked(key);
    try {
      const result = await signIn();
      await this.record(key, () => this.limiter.reset(key));
      return result;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 401) await this.record(key, () => this.limiter.add(key, this.budget.windowMs, 1));
      throw err;
    }
  }

  private async refuseWhenLocked(key: string): Promise<void> {
    let window;
    try {
      window = await this.limiter.add(key, this.budget.windowMs, 0);
    } catch (err) {
      this.log.error({ err }, 'rate limit store unavailable; sign-in let through');
      return;
    }
    if (window.count >= this.budget.max) throw this.limiter.refuse('login_failures', window.resetMs, Messages.TOO_MANY_FAILED_SIGNINS);
  }

  private async record(key: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (err) {
      this.log.error({ err }, 'rate limit store unavailable; sign-in outcome not counted');
    }
  }
}
