import { Rpc, type MessageAllowance } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/** The users service counts chatbot messages (it holds each student's `max_chatbot`): one more, over RPC. */
export function countChatbotMessage(bus: Bus, req: { user_id: string; unlimited: boolean }, timeoutMs: number): Promise<MessageAllowance> {
  return callRpc(bus, Rpc.usersCountMessage, req, { timeoutMs });
}
