import { sleep, type SessionUser } from '@corestone/sdk';

const accountKey = (u: SessionUser | null) =>
  u ? [u.subscription_plan, u.essay_credits, u.max_essay_credits, u.subscription_status].join('|') : '';

/**
 * After checkout the credits reach the user record through an event, a moment after the payment:
 * refresh until plan or credits differ from `before` (at most `tries` times, `delayMs` apart).
 */
export async function refreshUntilAccountChanges(
  refreshUser: () => Promise<SessionUser | null>,
  before: SessionUser,
  { tries = 6, delayMs = 1000 }: { tries?: number; delayMs?: number } = {},
): Promise<SessionUser | null> {
  let u: SessionUser | null = null;
  for (let i = 0; i < tries; i++) {
    if (i > 0) await sleep(delayMs);
    u = await refreshUser();
    if (accountKey(u) !== accountKey(before)) return u;
  }
  return u;
}
