import type { Plan } from '@corestone/sdk';

/**
 * The Plans page's button rules (spec user-app §2 Plans, with issue 28: a pack already held can be
 * bought again and its credits add up; billing README "Buying a pack again").
 */
export const PLAN_TEXTS = {
  CURRENT_PLAN: 'Current Plan',
  CONTACT_US: 'Contact Us',
  PROCESSING: 'Processing...',
  PURCHASE: 'Purchase',
  BUY_AGAIN: 'Buy again',
  buyAgainHint: (credits: number) => `Buying it again adds ${credits} essay credits to the ones you have.`,
  UNLIMITED_HINT: 'You have unlimited essay credits: there is nothing to buy.',
  /** Online payment off on this server (production without Stripe keys): said before anyone clicks. */
  PAYMENTS_OFF_TITLE: 'Online payment is not available on this site',
  PAYMENTS_OFF_NOTICE: 'Online Payment Not Available',
  PAYMENTS_OFF_FALLBACK: 'Online payment is not configured on this server, so credits cannot be bought here.',
  SCHOOLS_CONTACT: 'Schools and institutions can arrange credits with us:',
  CONTACT_LINK: 'Contact us',
} as const;

/** billing's answer when online payment is not configured (503). */
export const PAYMENTS_NOT_CONFIGURED = 'PAYMENTS_NOT_CONFIGURED';

export interface PlanButtonState {
  label: string;
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
