/**
 * Billing's plans, credit account, checkout, purchase and message-allowance shapes (spec user-app
 * §7 "Subscriptions and plans"; the request/response shapes the spec leaves "not shown" are
 * billing's, see its README).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const PlanName = Type.String({ description: 'free, core_pack, super_core_pack, power_user_monthly' });

export const Plan = Type.Object({
  name: PlanName,
  display_name: Type.String(),
  description: Type.String(),
  price: Nullable(Type.Number()),
  billing_period: Type.String(),
  essay_credits: Type.Integer(),
  features: Type.Array(Type.String()),
});
export type Plan = Static<typeof Plan>;

/** Billing's view of one user's credits, mirrored into users by `billing.account_updated.v1`. */
export const CreditAccount = Type.Object({
  user_id: Type.String(),
  essay_credits: Type.Integer(),
  max_essay_credits: Type.Integer(),
  subscription_plan: PlanName,
  subscription_status: Type.String(),
  version: Type.Integer({ description: 'increases with every change; consumers keep the highest' }),
});
export type CreditAccount = Static<typeof CreditAccount>;

/** GET /subscription/current: the caller's plan and credits (billing). */
export const CurrentSubscription = Type.Object({
  plan: PlanName,
  subscription_plan: PlanName,
  subscription_status: Type.String(),
  essay_credits: Type.Integer(),
  max_essay_credits: Type.Integer({ description: '-1 means unlimited' }),
  can_use_credits: Type.Boolean({ description: 'student or teacher, and unlimited or at least one credit left' }),
});
export type CurrentSubscription = Static<typeof CurrentSubscription>;

/** How checkout works on this server: Stripe, the local checkout page (single machine only), or none. */
export const PAYMENT_MODES = ['stripe', 'local', 'off'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Where schools and institutions arrange credits when they cannot (or need not) pay online. */
export const CONTACT_PATH = '/contact';

/**
 * GET /plans/payments (public): whether credit packs can be paid online on this server, so the Plans
 * page says so before anyone clicks (production without Stripe keys: not configured).
 */
export const PaymentsAvailability = Type.Object({
  online_payment: Type.Boolean({ description: 'true when create-checkout-session can open a checkout (Stripe, or the local page)' }),
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('local'), Type.Null()]),
  detail: Type.Union([Type.String(), Type.Null()], { description: 'plain words for the Plans page when online payment is off' }),
  contact_path: Type.String({ description: 'the contact route for schools and institutions' }),
});
export type PaymentsAvailability = Static<typeof PaymentsAvailability>;

/** POST /subscription/create-checkout-session. */
export const CheckoutRequest = Type.Object({
  plan_type: PlanName,
  success_url: Type.String({ minLength: 1, maxLength: 2000 }),
  cancel_url: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type CheckoutRequest = Static<typeof CheckoutRequest>;

export const CheckoutSession = Type.Object({
  checkout_url: Type.String(),
  session_id: Type.String({ description: 'our purchase id (the local checkout session id)' }),
});
export type CheckoutSession = Static<typeof CheckoutSession>;

/** POST /billing/local-checkout/{session_id}/complete. */
export const LocalCheckoutCompleted = Type.Object({
  success: Type.Literal(true),
  redirect_url: Type.String({ description: 'the success_url given when the session was created' }),
  subscription: CurrentSubscription,
});
export type LocalCheckoutCompleted = Static<typeof LocalCheckoutCompleted>;

/** POST /subscription/cancel-subscription. */
export const CancelSubscriptionResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  subscription: CurrentSubscription,
});
export type CancelSubscriptionResponse = Static<typeof CancelSubscriptionResponse>;

/**
 * A school's credit pool (issue 30): a ledger per school kept by billing. A super admin grants
 * credits with a note; members of a school whose settings say `pool_enabled` are charged from it
 * when they submit (refunded to it when grading fails). The balance is always granted − used.
 */
export const MAX_SCHOOL_GRANT = 1_000_000;

/** POST /schools/{id}/credits (super admin). */
export const SchoolCreditGrantRequest = Type.Object({
  credits: Type.Integer({ minimum: 1, maximum: MAX_SCHOOL_GRANT, description: 'credits added to the pool' }),
  note: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'why (e.g. "invoice 2027-014"); required' }),
});
export type SchoolCreditGrantRequest = Static<typeof SchoolCreditGrantRequest>;

/** GET /schools/{id}/credits query. */
export const SchoolCreditsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'how many recent entries' })),
});
export type SchoolCreditsQuery = Static<typeof SchoolCreditsQuery>;

export const SCHOOL_LEDGER_KINDS = ['grant', 'use', 'refund'] as const;

/** One line of a school's pool ledger (append-only). */
export const SchoolLedgerEntry = Type.Object({
  id: Type.String(),
  kind: Type.Union(
    SCHOOL_LEDGER_KINDS.map((k) => Type.Literal(k)),
    { description: 'grant: credits added by a super admin; use: an essay charged to the pool; refund: that essay failed' },
  ),
  credits: Type.Integer({ description: 'the change of the balance: +n for a grant, -1 for a use, +1 for a refund' }),
  note: Type.Union([Type.String(), Type.Null()], { description: "the grant's note; null for uses and refunds" }),
  user_id: Type.Union([Type.String(), Type.Null()], { description: 'whose essay (use, refund); the granting super admin (grant)' }),
  actor: Type.String({ description: 'who caused it: `admin:<id>` (grant), `user:<id>` (use), `system:evaluation-failed` (refund)' }),
  charge_key: Type.Union([Type.String(), Type.Null()], { description: 'the evaluation attempt charged (use, refund)' }),
  created_at: Type.String({ format: 'date-time' }),
});
export type SchoolLedgerEntry = Static<typeof SchoolLedgerEntry>;

const SchoolPoolTotals = {
  school_id: Type.String(),
  balance: Type.Integer({ minimum: 0, description: 'credits left: granted_total - used_total' }),
  granted_total: Type.Integer({ minimum: 0 }),
  used_total: Type.Integer({ minimum: 0, description: 'credits used by essays, refunds deducted' }),
};

/** POST /schools/{id}/credits → 201. */
export const SchoolCreditGrantResult = Type.Object({ ...SchoolPoolTotals, entry: SchoolLedgerEntry });
export type SchoolCreditGrantResult = Static<typeof SchoolCreditGrantResult>;

/** GET /schools/{id}/credits (super admin, admin: any school; the school's active school_admin: their own). */
export const SchoolCredits = Type.Object({
  ...SchoolPoolTotals,
  entries: Type.Array(SchoolLedgerEntry, { description: 'the most recent lines, newest first (`limit`)' }),
  usage_by_student: Type.Array(
    Type.Object({
      user_id: Type.String(),
      used: Type.Integer({ description: 'pool credits used by this member, refunds deducted' }),
    }),
    { description: 'every member who used the pool, most used first' },
  ),
  /** Issue 30: the pool's use per class (charges of submissions into a class's assignment), most used first. */
  usage_by_class: Type.Array(
    Type.Object({
      class_id: Type.String(),
      used: Type.Integer({ description: 'pool credits used in this class, refunds deducted' }),
      refunded: Type.Integer({ description: 'credits given back to the pool after failed gradings in this class' }),
      cap: Type.Union([Type.Integer(), Type.Null()], { description: "the class's pool_cap (null: none)" }),
    }),
    { description: 'every class whose submissions used the pool, or that has a cap' },
  ),
});
export type SchoolCredits = Static<typeof SchoolCredits>;

export const BillingCodes = {
  PLAN_UNKNOWN: 'PLAN_NOT_FOUND',
  PLAN_NOT_PURCHASABLE: 'PLAN_NOT_PURCHASABLE',
  ALREADY_UNLIMITED: 'ALREADY_UNLIMITED',
  CHECKOUT_ROLE_ONLY: 'CHECKOUT_ROLE_ONLY',
  REDIRECT_NOT_ALLOWED: 'REDIRECT_NOT_ALLOWED',
  PAYMENTS_NOT_CONFIGURED: 'PAYMENTS_NOT_CONFIGURED',
  CHECKOUT_NOT_FOUND: 'CHECKOUT_NOT_FOUND',
  CHECKOUT_CLOSED: 'CHECKOUT_CLOSED',
  PAYMENT_PROVIDER_FAILED: 'PAYMENT_PROVIDER_FAILED',
  NO_SUBSCRIPTION: 'NO_SUBSCRIPTION',
  WEBHOOK_SIGNATURE: 'WEBHOOK_SIGNATURE_INVALID',
  /** A student of a school whose settings say students_may_buy_credits = false. */
  CHECKOUT_DISABLED_BY_SCHOOL: 'CREDIT_PURCHASE_DISABLED_BY_SCHOOL',
  /** /schools/{id}/credits: no such school, or not one the caller may see. */
  SCHOOL_NOT_FOUND: 'SCHOOL_NOT_FOUND',
} as const;

export const BillingMessages = {
  PLAN_UNKNOWN: 'Unknown plan: choose free, core_pack, super_core_pack or power_user_monthly',
  FREE_NOT_PURCHASABLE: 'The free plan cannot be purchased: every account starts with its free credit',
  POWER_USER_BY_CONTACT: 'The Power User plan is arranged with your institution: please contact us at /contact',
  UNLIMITED_ALREADY: 'You already have unlimited essay credits: there is nothing to buy',
  CHECKOUT_ROLE_ONLY: 'Only students and teachers can purchase plans',
  /** A return address not on PUBLIC_BASE_URL's origin (`site`); the given value is not echoed (it may be 2,000 characters). */
  REDIRECT_NOT_ALLOWED: (field: 'success_url' | 'cancel_url', site: string) =>
    `The return address ${field === 'success_url' ? 'after payment' : 'after a cancelled payment'} (${field}) must be an address on this site, starting with ${site}/. Please open Corestone at ${site} and try again.`,
  PAYMENTS_NOT_CONFIGURED:
    'Online payment is not configured on this server, so credits cannot be bought here. Schools and institutions can arrange credits with us through the contact page (/contact).',
  STRIPE_NOT_CONFIGURED: 'Stripe payments are not configured on this server',
  CHECKOUT_NOT_FOUND: 'Checkout session not found',
  CHECKOUT_CLOSED: 'This checkout session is no longer open',
  PAYMENT_PROVIDER_FAILED: 'The payment provider could not start the checkout. Please try again.',
  NO_SUBSCRIPTION: 'You have no recurring subscription to cancel: credit packs are one-off purchases and their credits do not expire',
  SUBSCRIPTION_CANCELLED: 'Your Power User subscription is cancelled. Unlimited credits stay until your institution agreement ends.',
  SUBSCRIPTION_ALREADY_CANCELLED: 'Your Power User subscription is already cancelled',
  WEBHOOK_SIGNATURE: 'Invalid Stripe signature',
  CHECKOUT_DISABLED_BY_SCHOOL:
    "Your school provides essay credits for its students, so personal credit packs cannot be bought. Please ask your school's coordinator.",
  SCHOOL_NOT_FOUND: 'School not found',
} as const;
