import type { FastifyBaseLogger } from 'fastify';
import { Events, GRADING_ROLES, type EventData, type Role } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { AuthStore } from '../store/auth-store';

export const USERS_CONSUMER = 'auth-users';

/**
 * Students and teachers hold the same permissions, and the profile page lets a user switch
 * between them: that switch keeps their sessions (the next refresh carries the new role).
 * Any change that touches admin roles or activation revokes every session.
 */
export function isSamePrivilegeSwitch(before: { role: Role; is_active: boolean }, after: { role: Role; is_active: boolean }): boolean {
  return before.is_active && after.is_active && GRADING_ROLES.includes(before.role) && GRADING_ROLES.includes(after.role);
}

/**
 * users.access_changed.v1 (role or activation changed) revokes the user's sessions and mirrors
 * role/activation; users.deleted.v1 revokes them and deletes the credential. Idempotent: each
 * event's changes and its processed mark commit together.
 */
export function startUsersConsumer(bus: Bus, store: AuthStore, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'users',
    durable: USERS_CONSUMER,
    subjects: [Events.usersAccessChanged.subject, Events.usersDeleted.subject],
    logger,
    handler: async (event) => {
      if (event.type === Events.usersAccessChanged.subject) {
        const data = event.data as EventData<typeof Events.usersAccessChanged>;
        await store.onceForEvent(USERS_CONSUMER, event.id, async (tx) => {
          const before = await store.findById(data.user_id, tx);
          await store.setAccess(data.user_id, data.role, data.is_active, tx);
          if (before && isSamePrivilegeSwitch(before, data)) {
            logger.info({ userId: data.user_id, role: data.role }, 'student/teacher switch: sessions kept');
            return;
          }
          const revoked = await store.revokeUser(data.user_id, 'access changed', null, tx);
          logger.info({ userId: data.user_id, role: data.role, isActive: data.is_active, revoked }, 'access changed: sessions revoked');
        });
      } else if (event.type === Events.usersDeleted.subject) {
        const data = event.data as EventData<typeof Events.usersDeleted>;
        await store.onceForEvent(USERS_CONSUMER, event.id, async (tx) => {
          await store.revokeUser(data.user_id, 'account deleted', null, tx);
          await store.deleteCredential(data.user_id, tx);
          logger.info({ userId: data.user_id }, 'account deleted: credential removed');
        });
      }
    },
  });
}
