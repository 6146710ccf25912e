import { BillingCodes, BillingMessages, UNLIMITED, type CancelSubscriptionResponse, type MessageAllowance } from '@corestone/contracts';
import { HttpError, type Bus, type Principal } from '@corestone/service-kit';
import { currentSubscription } from '../domain/plans';
import type { AccountStore } from '../store/accounts';
import { countChatbotMessage } from '../peers/users';

/** Cancels the recurring Power User plan (credit packs are one-off: nothing to cancel); a second cancel answers success with its own message. */
export async function cancelSubscription(accounts: AccountStore, principal: Principal): Promise<CancelSubscriptionResponse> {
  const account = await accounts.get(principal.id);
  const recurring = account.subscription_plan === 'power_user_monthly' || account.max_essay_credits === UNLIMITED;
  if (!recurring) throw new HttpError(400, BillingCodes.NO_SUBSCRIPTION, BillingMessages.NO_SUBSCRIPTION);
  const already = account.subscription_status === 'cancelled';
  const updated = already ? account : await accounts.setStatus(principal.id, 'cancelled');
  return {
    success: true as const,
    message: already ? BillingMessages.SUBSCRIPTION_ALREADY_CANCELLED : BillingMessages.SUBSCRIPTION_CANCELLED,
    subscription: currentSubscription(principal.role, updated),
  };
}

/** Uses one chatbot message of the caller's allowance: unlimited plans have no limit, the users service counts the rest. */
export async function useChatbotMessage(
  deps: { accounts: AccountStore; bus: Bus; usersTimeoutMs: number },
  principal: Principal,
): Promise<MessageAllowance> {
  const account = await deps.accounts.get(principal.id);
  return countChatbotMessage(deps.bus, { user_id: principal.id, unlimited: account.max_essay_credits === UNLIMITED }, deps.usersTimeoutMs);
}
