import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { configSchema } from '@corestone/service-kit';

const int = (def: number, min = 0) => Type.Integer({ default: def, minimum: min });

export const LinksConfig = configSchema({
  PORT: int(SERVICES.links.port, 1),
  /**
   * How long the public list (the footer, on every page) may be served from Redis. Admin changes
   * invalidate it at once; only the click counts it shows may lag by up to this long.
   */
  LINKS_PUBLIC_CACHE_SECONDS: int(30),
  /** Connections kept for counting clicks (with synchronous_commit off; see store/click-pool.ts). */
  CLICK_POOL_MAX: int(4, 1),
  /** The sister sites seeded on the first start (user-app §1 header and footer); admins edit them later. */
  SEED_TUTORING_URL: Type.String({ default: 'https://tutoring.corestone.education' }),
  SEED_PREDICTION_URL: Type.String({ default: 'https://predict.corestone.education' }),
});
export type LinksConfig = Static<typeof LinksConfig>;
