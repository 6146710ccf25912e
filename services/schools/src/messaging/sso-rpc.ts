import type { Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import type { SsoUseCases } from '../app/sso';

/** Issue 32: auth's questions at a single sign-on — rpc.schools.sso_school and rpc.schools.sso_admit. */
export function serveSsoRpc(bus: Bus, sso: SsoUseCases, log: FastifyBaseLogger): Subscription[] {
  return [
    serveRpc(bus, Rpc.schoolsSsoSchool, (req) => sso.school(req), log),
    serveRpc(bus, Rpc.schoolsSsoAdmit, (req) => sso.admit(req), log),
  ];
}
