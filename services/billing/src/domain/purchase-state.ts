/** Where a purchase stands; the `status` column of `purchases` (the store keeps it). */
export type PurchaseStatus = 'open' | 'awaiting_payment' | 'paid' | 'failed' | 'cancelled';

/** What a payment provider (or the local Pay button) reports about a checkout. */
export type PaymentOutcome = 'paid' | 'awaiting_payment' | 'failed' | 'cancelled';

/**
 * The next status of a purchase, or null when the report changes nothing. Reports may arrive
 * late, twice or out of order (Stripe retries; async payments report success after
 * `checkout.session.completed`), so a status only moves forward:
 * open → awaiting_payment → paid | failed, open → cancelled. Money received wins over any
 * earlier non-paid report; nothing leaves `paid`.
 */
export function nextStatus(current: PurchaseStatus, outcome: PaymentOutcome): PaymentOutcome | null {
  if (current === 'paid') return null;
  switch (outcome) {
    case 'paid':
      return 'paid';
    case 'awaiting_payment':
      return current === 'open' ? 'awaiting_payment' : null;
    case 'failed':
      return current === 'open' || current === 'awaiting_payment' ? 'failed' : null;
    case 'cancelled':
      return current === 'open' ? 'cancelled' : null;
  }
}
