import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { AuthStore } from '../store/auth-store';

export const SCHOOLS_CONSUMER = 'auth-schools';

/**
 * Issue 32: auth keeps which schools require SSO (`settings.require_sso` of
 * schools.school_changed.v1, sent on creation and on every change of a school's settings), so a
 * password sign-in is refused for their members without asking schools. Idempotent by natural key:
 * the newest event per school wins (an older one redelivered later changes nothing).
 */
export function startSchoolsConsumer(bus: Bus, store: AuthStore, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'schools',
    durable: SCHOOLS_CONSUMER,
    subjects: [Events.schoolsSchoolChanged.subject],
    logger,
    handler: async (event) => {
      const data = event.data as EventData<typeof Events.schoolsSchoolChanged>;
      await store.setSchoolPolicy(data.school_id, data.settings.require_sso === true, event.occurredAt);
    },
  });
}
