import { processCounter } from '@corestone/service-kit';

/**
 * Credits charged for evaluations and given back after failed ones, counted once each (repeats of
 * an idempotent charge or refund are not counted) after their transaction committed. Served at
 * billing's /metrics; per process, so sum over replicas.
 */
export const creditMetrics = {
  consumed: processCounter('billing_credits_consumed_total', 'Essay credits charged for evaluations'),
  refunded: processCounter('billing_credits_refunded_total', 'Essay credits given back after failed evaluations'),
};
