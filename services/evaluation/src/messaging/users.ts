import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData, type EventEnvelope } from '@corestone/contracts';
import { markProcessed, startConsumer, withTransaction, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { Pool } from 'pg';
import { directory } from '../store/directory';
import { deleteEvaluations } from '../store/deletion';

const USERS_CONSUMER = 'evaluation-users';

const SUBJECTS = [Events.usersCreated.subject, Events.usersAccessChanged.subject, Events.usersDeleted.subject];

/** Applies one users event to user_directory, once (processed_events in the same transaction). */
async function handleUsersEvent(pool: Pool, bus: Bus, event: EventEnvelope, logger?: FastifyBaseLogger): Promise<void> {
  await withTransaction(pool, async (client) => {
    if (!(await markProcessed(client, USERS_CONSUMER, event.id))) return;
    switch (event.type) {
      case Events.usersCreated.subject:
        return directory.created(client, event.data as EventData<typeof Events.usersCreated>, event.occurredAt);
      case Events.usersAccessChanged.subject:
        return directory.accessChanged(client, event.data as EventData<typeof Events.usersAccessChanged>, event.occurredAt);
      case Events.usersDeleted.subject: {
        // A deleted user's essays go with them, everywhere we keep them (docs/data-retention.md).
        const userId = (event.data as EventData<typeof Events.usersDeleted>).user_id;
        await deleteEvaluations(client, bus, { userId }, logger);
        return directory.deleted(client, userId, event.occurredAt);
      }
    }
  });
}

export function startUsersConsumer(bus: Bus, pool: Pool, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'users',
    durable: USERS_CONSUMER,
    subjects: SUBJECTS,
    handler: (event) => handleUsersEvent(pool, bus, event, logger),
    logger,
  });
}
