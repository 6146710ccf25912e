import type { FastifyBaseLogger } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { Events } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { SchoolCopyStore } from '../store/schools';

const SCHOOLS_DURABLE = 'billing-schools';

/**
 * Billing's copy of what the schools service decides: each school's settings and each user's
 * membership (schools.school_changed.v1, schools.membership_changed.v1) and each class's pool cap
 * (schools.class_changed.v1), the inputs of the credit
 * rule's choice of ledger. Idempotent: each event is applied once (processed mark) and only when
 * it is newer in the SCHOOLS stream than the state it would replace.
 */
export function startSchoolsConsumer(bus: Bus, copy: SchoolCopyStore, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: Events.schoolsSchoolChanged.service,
    durable: SCHOOLS_DURABLE,
    readAhead: true, // one statement per event
    subjects: [Events.schoolsSchoolChanged.subject, Events.schoolsMembershipChanged.subject, Events.schoolsClassChanged.subject],
    logger,
    handler: async (event, msg) => {
      const at = { consumer: SCHOOLS_DURABLE, eventId: event.id, seq: msg.seq };
      if (event.type === Events.schoolsSchoolChanged.subject) {
        // A malformed event throws: redelivered, then dead-lettered (never half applied).
        const data = Value.Parse(Events.schoolsSchoolChanged.schema, event.data);
        const changed = await copy.applySchool(at, data);
        logger.info({ school_id: data.school_id, changed }, 'school settings copied');
      } else if (event.type === Events.schoolsClassChanged.subject) {
        const data = Value.Parse(Events.schoolsClassChanged.schema, event.data);
        const changed = await copy.applyClass(at, data);
        logger.info({ class_id: data.class_id, pool_cap: data.pool_cap, changed }, 'class pool cap copied');
      } else {
        const data = Value.Parse(Events.schoolsMembershipChanged.schema, event.data);
        const changed = await copy.applyMembership(at, data);
        logger.info({ user_id: data.user_id, school_id: data.school_id, status: data.status, changed }, 'school membership copied');
      }
    },
  });
}
