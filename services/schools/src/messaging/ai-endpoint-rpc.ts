import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import type { AiEndpointUseCases } from '../app/ai-endpoint';

/** Issue 33 §2: grading's question, per school, with a short cache on its side. */
export function serveAiEndpointRpc(bus: Bus, aiEndpoints: AiEndpointUseCases, log: FastifyBaseLogger) {
  return serveRpc(bus, Rpc.schoolsAiEndpoint, ({ school_id }) => aiEndpoints.forGrading(school_id), log);
}
