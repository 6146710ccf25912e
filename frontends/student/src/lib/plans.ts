import type { MessageDescriptor } from 'react-intl';
import type { Plan } from '@corestone/sdk';

/**
 * The Plans page's button rules (spec user-app §2 Plans, with issue 28: a pack already held can be
 * bought again and its credits add up; billing README "Buying a pack again").
 */
export const PLAN_TEXTS = {
  CURRENT_PLAN: { id: 'plans.currentPlan', defaultMessage: 'Current Plan' },
  CONTACT_US: { id: 'plans.contactUs', defaultMessage: 'Contact Us' },
  PROCESSING: { id: 'plans.processing', defaultMessage: 'Processing...' },
  PURCHASE: { id: 'plans.purchase', defaultMessage: 'Purchase' },
  BUY_AGAIN: { id: 'plans.buyAgain', defaultMessage: 'Buy again' },
  BUY_AGAIN_HINT: {
    id: 'plans.buyAgainHint',
    defaultMessage: 'Buying it again adds {credits, plural, one {# essay credit} other {# essay credits}} to the ones you have.',
  },
  UNLIMITED_HINT: { id: 'plans.unlimitedHint', defaultMessage: 'You have unlimited essay credits: there is nothing to buy.' },
  /** Online payment off on this server (production without Stripe keys): said before anyone clicks. */
  PAYMENTS_OFF_TITLE: { id: 'plans.paymentsOffTitle', defaultMessage: 'Online payment is not available on this site' },
  PAYMENTS_OFF_NOTICE: { id: 'plans.paymentsOffNotice', defaultMessage: 'Online Payment Not Available' },
  PAYMENTS_OFF_FALLBACK: {
    id: 'plans.paymentsOffFallback',
    defaultMessage: 'Online payment is not configured on this server, so credits cannot be bought here.',
  },
  CONTACT_LINK: { id: 'plans.contactLink', defaultMessage: 'Contact us' },
} satisfies Record<string, MessageDescriptor>;

/** billing's answer when online payment is not configured (503). */
export const PAYMENTS_NOT_CONFIGURED = 'PAYMENTS_NOT_CONFIGURED';

export interface PlanButtonState {
  label: MessageDescriptor;
  disabled: boolean;
  /** what a click does: open the contact page, start a checkout, or nothing */
  action: 'contact' | 'checkout' | 'none';
}

export interface PlanButtonContext {
  /** the held plan (subscription_plan, default free) */
  current: string;
  /** max_essay_credits is -1: nothing left to buy */
  unlimited: boolean;
  /** the plan whose checkout call is running, if any */
  busy: string | null;
  /** false when the server says online payment is not configured */
  onlinePayment: boolean;
}

export function planButton(p: Pick<Plan, 'name' | 'price'>, ctx: PlanButtonContext): PlanButtonState {
  const held = p.name === ctx.current;
  if (p.price === null) {
    return held
      ? { label: PLAN_TEXTS.CURRENT_PLAN, disabled: true, action: 'none' }
      : { label: PLAN_TEXTS.CONTACT_US, disabled: false, action: 'contact' };
  }
  if (p.price === 0) return { label: held ? PLAN_TEXTS.CURRENT_PLAN : PLAN_TEXTS.PURCHASE, disabled: true, action: 'none' };
  // a pack: bought again when held (its credits add up), never while another checkout runs
  const label = ctx.busy === p.name ? PLAN_TEXTS.PROCESSING : held ? PLAN_TEXTS.BUY_AGAIN : PLAN_TEXTS.PURCHASE;
  const disabled = ctx.unlimited || !ctx.onlinePayment || (ctx.busy !== null && ctx.busy !== p.name);
  return { label, disabled, action: 'checkout' };
}
