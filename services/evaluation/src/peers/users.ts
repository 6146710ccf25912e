import { Rpc, type RpcResponse } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

export type MailChoices = RpcResponse<typeof Rpc.usersEmailNotifications>['users'][number];

/** Users' mail choices (rpc.users.email_notifications); users that do not exist are left out. 503 when users does not answer. */
export async function emailNotifications(bus: Bus, userIds: string[], timeoutMs = 5000): Promise<Map<string, MailChoices>> {
  const { users } = await callRpc(bus, Rpc.usersEmailNotifications, { user_ids: userIds }, { timeoutMs });
  return new Map(users.map((u) => [u.user_id, u]));
}
