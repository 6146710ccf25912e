import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { AccountEvents } from '../app/accounts';

/** The durable consumer of users' stream (replicas share it); also the processed-event mark's name. */
export const USERS_CONSUMER = 'schools-users';

/** users.created (a new account may land in a school by its e-mail domain) and users.deleted (its membership goes). */
export function startUsersConsumer(bus: Bus, accounts: AccountEvents, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'users',
    durable: USERS_CONSUMER,
    subjects: [Events.usersCreated.subject, Events.usersDeleted.subject],
    handler: async (event) => {
      if (event.type === Events.usersCreated.subject) {
        return accounts.created(event.id, event.data as EventData<typeof Events.usersCreated>);
      }
      if (event.type === Events.usersDeleted.subject) {
        return accounts.deleted(event.id, (event.data as EventData<typeof Events.usersDeleted>).user_id);
      }
    },
    logger,
  });
}
