import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import type { AuthStore } from '../store/auth-store';

/** Answers `rpc.auth.sign_in_methods` (issue 32: the School area's members list shows how each member last signed in). */
export function serveSignInMethodsRpc(bus: Bus, store: AuthStore, log: FastifyBaseLogger) {
  return serveRpc(bus, Rpc.authSignInMethods, async ({ user_ids }) => ({ users: await store.lastSignIns(user_ids) }), log);
}
