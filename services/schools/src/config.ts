import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { configSchema } from '@corestone/service-kit';

const int = (def: number, min = 0) => Type.Integer({ default: def, minimum: min });

export const SchoolsConfig = configSchema({
  PORT: int(SERVICES.schools.port, 1),
  /** How long schools waits for auth to make (or find) an invited member's account. */
  PROVISION_TIMEOUT_MS: int(10_000, 100),
  /** Time zone of a school created without one. */
  DEFAULT_SCHOOL_TIME_ZONE: Type.String({ default: 'UTC' }),
});
export type SchoolsConfig = Static<typeof SchoolsConfig>;
