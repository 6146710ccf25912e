import {
  FREE_PLAN_CREDITS,
  GRADING_ROLES,
  UNLIMITED,
  type CreditAccount,
  type CurrentSubscription,
  type Plan,
  type Role,
} from '@corestone/contracts';

/** The plan catalogue (user-app spec §2, §3, §9). Purchases come with the checkout issue. */
export const PLANS: readonly Plan[] = [
  {
    name: 'free',
    display_name: 'Free',
    description: 'Try Corestone with one essay evaluation.',
    price: 0,
    billing_period: 'one_time',
    essay_credits: FREE_PLAN_CREDITS,
    features: ['1 essay credit', 'EE and TOK rubric-based grading', 'Detailed criterion feedback'],
  },
  {
    name: 'core_pack',
    display_name: 'Core Pack',
    description: 'Best value for occasional use.',
    price: 19.99,
    billing_period: 'one_time',
    essay_credits: 5,
    features: ['5 essay credits', 'Credits never expire', 'EE and TOK rubric-based grading', 'Detailed criterion feedback'],
  },
  {
    name: 'super_core_pack',
    display_name: 'Super Core Pack',
    description: 'Most popular: ideal for regular grading.',
    price: 35.99,
    billing_period: 'one_time',
    essay_credits: 10,
    features: [
      'Most popular',
      '10 essay credits',
      'Credits never expire',
      'EE and TOK rubric-based grading',
      'Detailed criterion feedback',
    ],
  },
  {
    name: 'power_user_monthly',
    display_name: 'Power User',
    description: 'Unlimited essay credits for institutions. Contact us to set it up.',
    price: null,
    billing_period: 'monthly',
    essay_credits: UNLIMITED,
    features: ['Unlimited essay credits', 'For schools and institutions', 'Detailed criterion feedback', 'Priority support'],
  },
];

/** Spec user-app §7: only students and teachers grade, and only with credits left (or unlimited). */
function canUseCredits(role: Role, account: { essay_credits: number; max_essay_credits: number }): boolean {
  if (!GRADING_ROLES.includes(role)) return false;
  return account.max_essay_credits === UNLIMITED || account.essay_credits > 0;
}

/** GET /subscription/current's answer for one caller (spec user-app §7 "Can Use Credits"). */
export function currentSubscription(role: Role, account: CreditAccount): CurrentSubscription {
  return {
    plan: account.subscription_plan,
    subscription_plan: account.subscription_plan,
    subscription_status: account.subscription_status,
    essay_credits: account.essay_credits,
    max_essay_credits: account.max_essay_credits,
    can_use_credits: canUseCredits(role, account),
  };
}
