import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { REPO_ROOT, configSchema } from '@corestone/service-kit';

export const UsersConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.users.port }),
  /** Where uploaded avatars are kept (one file per user, random names). */
  AVATAR_DIR: Type.String({ default: path.join(REPO_ROOT, '.data', 'avatars') }),
  /** How long /users/me and rpc.users.get_view wait for billing's live credits before using the mirror. */
  BILLING_RPC_TIMEOUT_MS: Type.Integer({ default: 1000, minimum: 50 }),
});
export type UsersConfig = Static<typeof UsersConfig>;
