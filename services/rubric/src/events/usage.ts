import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { UsageStore } from '../store/usage';

/**
 * Keeps each rubric's usage from evaluation's events: `evaluation.submitted` counts an evaluation
 * once (by its id: redeliveries and retries do not count again), `evaluation.completed` records its
 * score, `evaluation.deleted` frees it.
 */
export function startUsageConsumer(bus: Bus, usage: UsageStore, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'evaluation',
    durable: 'rubric-usage',
    readAhead: true, // two quick statements per event, on every essay's path
    subjects: [Events.evaluationSubmitted.subject, Events.evaluationCompleted.subject, Events.evaluationDeleted.subject],
    logger,
    handler: async (event) => {
      if (event.type === Events.evaluationSubmitted.subject) {
        const data = event.data as EventData<typeof Events.evaluationSubmitted>;
        await usage.recordSubmission(
          data.evaluation_id,
          data.rubric.id,
          data.rubric.scoring_structure.total_points,
          validDate(event.occurredAt),
        );
      } else if (event.type === Events.evaluationCompleted.subject) {
        const data = event.data as EventData<typeof Events.evaluationCompleted>;
        await usage.recordCompletion(data.evaluation_id, data.overall_score, validDate(event.occurredAt));
      } else {
        const data = event.data as EventData<typeof Events.evaluationDeleted>;
        await usage.recordDeletion(data.evaluation_id, data.rubric_id);
      }
    },
  });
}

const validDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? new Date() : d;
};
