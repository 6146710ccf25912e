import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import type { createQuickAssessor } from '../flows/assess';

/** Answers `rpc.grading.assess` (the admin Quick Assessment) with the quick assessor. */
export function serveAssessRpc(bus: Bus, assess: ReturnType<typeof createQuickAssessor>, log: FastifyBaseLogger) {
  return serveRpc(bus, Rpc.gradingAssess, assess, log);
}
