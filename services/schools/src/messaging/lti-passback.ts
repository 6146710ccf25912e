import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import { PASSBACK_CONSUMER, type LtiPassbacks } from '../app/lti-passback';

/** evaluation.released → the LTI grade passbacks of the result (durable; replicas share it). */
export function startPassbackConsumer(bus: Bus, passbacks: LtiPassbacks, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'evaluation',
    durable: PASSBACK_CONSUMER,
    subjects: [Events.evaluationReleased.subject],
    handler: async (event) => {
      await passbacks.released(event.id, event.data as EventData<typeof Events.evaluationReleased>);
    },
    logger,
  });
}
