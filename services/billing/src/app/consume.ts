import { creditSource } from '../domain/credit-source';
import type { AccountStore, ConsumeResult } from '../store/accounts';
import type { SchoolCopyStore } from '../store/schools';

export interface ConsumeDeps {
  accounts: AccountStore;
  schools: SchoolCopyStore;
}

/**
 * Charging a submission (rpc.billing.consume_credit): the one place that chooses whose credits an
 * essay uses. The user's school standing (billing's copy of the schools service's events) picks
 * the ledger — the school's pool, personal credits, or a refusal (domain/credit-source.ts) — and
 * the `consume_credit` SQL function (store/accounts.ts) charges it under the credit rule: an
 * earlier charge of the same key answers first whatever the standing is now, the balance never
 * goes below zero, and concurrent charges of one pool are serialised by its row lock. `classId`
 * (the class of the assignment the essay went into) is recorded on a pool use and its cap checked.
 */
export async function consumeCredit(deps: ConsumeDeps, userId: string, chargeKey: string, classId?: string): Promise<ConsumeResult> {
  const standing = await deps.schools.standingOf(userId);
  return deps.accounts.consume(userId, chargeKey, creditSource(standing), classId ?? null);
}
