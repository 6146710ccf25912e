import { Type, type Static } from '@sinclair/typebox';
import { PAYMENT_MODES, SERVICES, type PaymentMode } from '@corestone/contracts';
import { configSchema } from '@corestone/service-kit';

export const BillingConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.billing.port }),
  /**
   * `local` turns on the local checkout page (a Pay button grants the credits: single-machine use
   * only; `npm start` sets it). Production refuses it. Unset: Stripe when STRIPE_SECRET_KEY is set,
   * otherwise purchases are off. A missing flag never hands out credits.
   */
  PAYMENTS: Type.Optional(
    Type.Union(
      PAYMENT_MODES.map((m) => Type.Literal(m)),
      { production: { forbids: ['local'] } },
    ),
  ),
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  /** Where the Stripe SDK sends its calls: only set to reach a test double (e.g. `http://127.0.0.1:12111`). */
  STRIPE_API_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  STRIPE_TIMEOUT_MS: Type.Integer({ default: 20_000, minimum: 100 }),
  STRIPE_MAX_RETRIES: Type.Integer({ default: 2, minimum: 0 }),
  /** Currency of every price (the spec shows dollars). */
  CURRENCY: Type.String({ default: 'usd', pattern: '^[a-z]{3}$' }),
  /** How long billing waits for the users service (chatbot message allowance). */
  USERS_TIMEOUT_MS: Type.Integer({ default: 2_000, minimum: 1 }),
  /**
   * How long /schools/{id}/credits waits for a school billing has not heard of yet (its
   * schools.school_changed.v1 event may still be on its way right after the school was created).
   */
  SCHOOL_WAIT_MS: Type.Integer({ default: 3_000, minimum: 0 }),
});
export type BillingConfig = Static<typeof BillingConfig>;

/**
 * The payment mode this configuration asks for; refuses contradictory settings at start-up
 * (a Stripe key without its webhook secret could take money and never grant the credits).
 */
export function paymentMode(config: BillingConfig): PaymentMode {
  const stripe = Boolean(config.STRIPE_SECRET_KEY);
  if (config.PAYMENTS === 'local' && stripe) {
    throw new Error('Invalid configuration:\n  PAYMENTS=local and STRIPE_SECRET_KEY are both set: choose one way to take payments');
  }
  if (config.PAYMENTS === 'local') {
    if (config.NODE_ENV === 'production')
      throw new Error('Invalid configuration:\n  PAYMENTS=local is for development only and is refused in production');
    return 'local';
  }
  if (config.PAYMENTS === 'off') return 'off';
  if (config.PAYMENTS === 'stripe' && !stripe) throw new Error('Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY');
  if (stripe && !config.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (purchases are granted by the signed webhook)',
    );
  }
  return stripe ? 'stripe' : 'off';
}
