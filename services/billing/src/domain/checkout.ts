import { BillingCodes, BillingMessages, GRADING_ROLES, UNLIMITED, type Plan, type Role } from '@corestone/contracts';
import { HttpError, badRequest, forbidden } from '@corestone/service-kit';
import { PLANS } from './plans';

/**
 * The plan a caller may buy, or the reason they may not (spec user-app §2 Plans: the free plan and
 * power_user_monthly are never bought; students and teachers only). A pack already held can be
 * bought again (issue 28: "You can buy more credits at any time"): its credits add up. An
 * unlimited account is at the maximum: there is nothing to buy. A student of a school that does not
 * let its students buy credits (`schoolForbids`, domain/credit-source.ts) is refused.
 */
export function purchasablePlan(
  planType: string,
  buyer: { role: Role; account: { max_essay_credits: number }; schoolForbids?: boolean },
): Plan {
  if (!GRADING_ROLES.includes(buyer.role)) throw forbidden(BillingMessages.CHECKOUT_ROLE_ONLY, BillingCodes.CHECKOUT_ROLE_ONLY);
  if (buyer.schoolForbids) throw forbidden(BillingMessages.CHECKOUT_DISABLED_BY_SCHOOL, BillingCodes.CHECKOUT_DISABLED_BY_SCHOOL);
  const plan = PLANS.find((p) => p.name === planType);
  if (!plan) throw badRequest(BillingMessages.PLAN_UNKNOWN, BillingCodes.PLAN_UNKNOWN);
  if (plan.name === 'free') throw badRequest(BillingMessages.FREE_NOT_PURCHASABLE, BillingCodes.PLAN_NOT_PURCHASABLE);
  if (plan.price === null) throw badRequest(BillingMessages.POWER_USER_BY_CONTACT, BillingCodes.PLAN_NOT_PURCHASABLE);
  if (buyer.account.max_essay_credits === UNLIMITED)
    throw new HttpError(409, BillingCodes.ALREADY_UNLIMITED, BillingMessages.UNLIMITED_ALREADY);
  return plan;
}

/** A plan's price in the smallest currency unit (Stripe's `unit_amount`), without float drift. */
export function amountCents(plan: Plan): number {
  if (plan.price === null || plan.price <= 0) throw new Error(`plan ${plan.name} has no price to charge`);
  return Math.round(plan.price * 100);
}

/**
 * A return address after checkout must be on our own site (no open redirect): an absolute http(s)
 * URL whose origin is PUBLIC_BASE_URL's, without user-info. Answers it normalised; the refusal
 * names the field and the origin accepted.
 */
export function ownSiteUrl(value: string, publicBaseUrl: string, field: 'success_url' | 'cancel_url'): string {
  const site = new URL(publicBaseUrl).origin;
  // The values go with the text so the answer can be given in the caller's language (issue 36).
  const refused = () =>
    new HttpError(400, BillingCodes.REDIRECT_NOT_ALLOWED, BillingMessages.REDIRECT_NOT_ALLOWED(field, site), {}, [field, site]);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused();
  }
  if (url.origin !== site || url.username || url.password) throw refused();
  return url.toString();
}
