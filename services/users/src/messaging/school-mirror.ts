import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData, type SchoolMembership } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';
import { SCHOOL_SUBJECTS, type SchoolUpdates } from './school-updates';

export const SCHOOL_MIRROR_DURABLE = 'users-schools-mirror';

/**
 * Keeps each user's school membership and each school's name from the SCHOOLS stream
 * (`schools.membership_changed.v1`, `schools.school_changed.v1`). The event's stream sequence is
 * its version, so deliveries out of order (concurrent handlers, redeliveries) keep the latest.
 */
export function startSchoolMirror(
  bus: Bus,
  store: AccountStore,
  logger: FastifyBaseLogger,
  updates?: SchoolUpdates,
): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'schools',
    durable: SCHOOL_MIRROR_DURABLE,
    readAhead: true, // a roster import sends thousands of membership events
    subjects: [...SCHOOL_SUBJECTS],
    logger,
    handler: async (event, msg) => {
      if (event.type === Events.schoolsSchoolChanged.subject) {
        const school = event.data as EventData<typeof Events.schoolsSchoolChanged>;
        const facts = { name: school.name, default_locale: school.default_locale ?? null };
        await store.applySchoolName(SCHOOL_MIRROR_DURABLE, event.id, school.school_id, facts, msg.seq);
        updates?.mirroredName(school.school_id, msg.seq);
        return;
      }
      const membership = event.data as SchoolMembership;
      await store.applyMembership(SCHOOL_MIRROR_DURABLE, event.id, membership, msg.seq);
      updates?.mirroredMembership(membership.user_id, msg.seq);
    },
  });
}
