import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_ROLES, Rpc } from '@corestone/contracts';
import { decryptSecret, serveRpc, type Bus } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';

/**
 * `rpc.users.get_api_key`: an admin's own OpenAI key (PUT /users/admin/api-key) for the grading
 * service's quick assessment. The key stays encrypted at rest (AES-256-GCM with the data key) and is
 * decrypted only for this reply; no HTTP route answers it. Null when none is set, or when the
 * account is no longer an active admin (a key left behind by a demoted admin is not used).
 */
export function serveApiKeyRpc(bus: Bus, store: AccountStore, dataKey: Buffer, log: FastifyBaseLogger) {
  return serveRpc(
    bus,
    Rpc.usersGetApiKey,
    async ({ user_id }) => {
      const found = await store.get(user_id);
      if (!found || !found.account.is_active || !ADMIN_ROLES.includes(found.account.role)) return { api_key: null };
      const sealed = await store.sealedApiKey(user_id);
      return { api_key: sealed ? decryptSecret(dataKey, sealed) : null };
    },
    log,
  );
}
