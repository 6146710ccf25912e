import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { configSchema } from '@corestone/service-kit';

export const RubricConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.rubric.port }),
});
export type RubricConfig = Static<typeof RubricConfig>;
