import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { configSchema } from '@corestone/service-kit';

export const BillingConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.billing.port }),
});
export type BillingConfig = Static<typeof BillingConfig>;
