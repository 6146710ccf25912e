import type { FastifyRequest } from 'fastify';
import { Codes, Messages } from '@corestone/contracts';
import { HttpError, forbidden, principalOf } from '@corestone/service-kit';
import type { AccountStore, AccountWithCredits } from '../store/accounts';
import { userNotFound } from '../store/accounts';
import type { AvatarFiles } from '../store/avatars';
import type { BillingLink } from '../peers/billing';
import type { CreditUpdates } from '../messaging/credit-updates';
import type { SchoolUpdates } from '../messaging/school-updates';
import type { UserViews } from '../app/views';
import { isAdminRole } from '../domain/rules';

export interface UsersContext {
  store: AccountStore;
  billing: BillingLink;
  /** Billing's credit updates heard ahead of the mirror, by stream sequence (started by start.ts). */
  feed: CreditUpdates;
  /** The schools' memberships and names heard ahead of the mirror, by stream sequence (started by start.ts). */
  schoolFeed: SchoolUpdates;
  /** Single-user `User` views, read-your-writes for credits and school. */
  views: UserViews;
  avatars: AvatarFiles;
  /** Encrypts stored OpenAI API keys (platform data key). */
  dataKey: Buffer;
}

/** The caller's own account: 404 when it does not exist, 403 when deactivated. */
export async function self(ctx: UsersContext, req: FastifyRequest): Promise<AccountWithCredits> {
  const found = await ctx.store.get(principalOf(req).id);
  if (!found) throw userNotFound();
  if (!found.account.is_active) throw new HttpError(403, Codes.ACCOUNT_DEACTIVATED, Messages.ACCOUNT_DEACTIVATED);
  return found;
}

/** The caller as an admin: the stored role decides (a token minted before a demotion does not). */
export async function adminSelf(ctx: UsersContext, req: FastifyRequest): Promise<AccountWithCredits> {
  const found = await self(ctx, req);
  if (!isAdminRole(found.account.role)) throw forbidden(Messages.ADMIN_REQUIRED);
  return found;
}
