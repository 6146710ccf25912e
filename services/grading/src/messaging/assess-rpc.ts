import type { FastifyBaseLogger } from 'fastify';
import { Rpc, type AiEndpointConfig, type AiEndpointTestResult, type RpcResponse } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import type { createQuickAssessor } from '../app/assess';

/** Answers `rpc.grading.assess` (the admin Quick Assessment) with the quick assessor. */
export function serveAssessRpc(bus: Bus, assess: ReturnType<typeof createQuickAssessor>, log: FastifyBaseLogger) {
  return serveRpc(bus, Rpc.gradingAssess, assess, log);
}

/** Answers `rpc.grading.grader`: the grader new gradings use (evaluation's re-submission reuse asks it). */
export function serveGraderRpc(bus: Bus, answer: RpcResponse<typeof Rpc.gradingGrader>, log: FastifyBaseLogger) {
  return serveRpc(bus, Rpc.gradingGrader, async () => answer, log);
}

/** Answers `rpc.grading.test_endpoint` (issue 33 §2, a school's "test connection"): one small request. */
export function serveEndpointTestRpc(
  bus: Bus,
  test: (endpoint: AiEndpointConfig) => Promise<AiEndpointTestResult>,
  log: FastifyBaseLogger,
) {
  return serveRpc(bus, Rpc.gradingTestEndpoint, ({ endpoint }) => test(endpoint), log);
}
