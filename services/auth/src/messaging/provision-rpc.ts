import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import type { Provisioning } from '../app/provision';

/** Answers `rpc.auth.provision_user` and `rpc.auth.provision_users` (the schools service's invitations and roster imports). */
export function serveProvisionRpc(bus: Bus, provisioning: Provisioning, log: FastifyBaseLogger) {
  return [
    serveRpc(bus, Rpc.authProvisionUser, (req) => provisioning.provision(req), log),
    serveRpc(bus, Rpc.authProvisionUsers, (req) => provisioning.provisionMany(req), log),
  ];
}
