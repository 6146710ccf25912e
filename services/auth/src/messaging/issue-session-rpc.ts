import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import type { Sessions } from '../app/sessions';

/** Answers `rpc.auth.issue_session` (issue 32: schools signs in the person of a verified LTI launch). */
export function serveIssueSessionRpc(bus: Bus, sessions: Sessions, log: FastifyBaseLogger) {
  return serveRpc(
    bus,
    Rpc.authIssueSession,
    async ({ user_id }) => {
      const { access_token, refresh_token } = await sessions.issueFor(user_id);
      return { access_token, refresh_token };
    },
    log,
  );
}
