import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/**
 * The name shown as a document's `updated_by`: the editor's name from the users service, or their
 * id when users does not answer in time (the save never waits on it for long).
 */
export function editorNames(bus: Bus, timeoutMs: number, log: FastifyBaseLogger) {
  return async (userId: string): Promise<string> => {
    try {
      const { user } = await callRpc(bus, Rpc.usersGetView, { user_id: userId }, { timeoutMs });
      return user.name || user.email || userId;
    } catch (err) {
      log.warn({ err, userId }, 'users did not name the editor; storing the id');
      return userId;
    }
  };
}
