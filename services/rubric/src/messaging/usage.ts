import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData, type EventEnvelope } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import type { UsageChanges, UsageStore } from '../store/usage';

/** How long the first event of a batch waits for others, and how many events are handled at once at most. */
const BATCH_WINDOW_MS = 20;
const MAX_IN_FLIGHT = 64;

/**
 * Keeps each rubric's usage from evaluation's events: `evaluation.submitted` counts an evaluation
 * once (by its id: redeliveries and retries do not count again), `evaluation.completed` records its
 * score, `evaluation.deleted` frees it. Events are written in batches (UsageBatches): every essay
 * sends two, and one statement and commit per event was most of what usage cost.
 */
export function startUsageConsumer(bus: Bus, usage: UsageStore, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  const batches = new UsageBatches(usage, BATCH_WINDOW_MS);
  return startConsumer({
    bus,
    stream: 'evaluation',
    durable: 'rubric-usage',
    readAhead: true,
    concurrency: MAX_IN_FLIGHT,
    subjects: [Events.evaluationSubmitted.subject, Events.evaluationCompleted.subject, Events.evaluationDeleted.subject],
    logger,
    // Resolves once the event's batch is written: the kit acknowledges it only then.
    handler: (event) => batches.add(changesOf(event)),
  });
}

/** The usage change one event asks for. */
function changesOf(event: EventEnvelope): UsageChanges {
  const changes: UsageChanges = { submissions: [], completions: [], deletions: [] };
  if (event.type === Events.evaluationSubmitted.subject) {
    const data = event.data as EventData<typeof Events.evaluationSubmitted>;
    changes.submissions.push({
      evaluationId: data.evaluation_id,
      rubricId: data.rubric.id,
      maxPoints: data.rubric.scoring_structure.total_points,
      at: validDate(event.occurredAt),
    });
  } else if (event.type === Events.evaluationCompleted.subject) {
    const data = event.data as EventData<typeof Events.evaluationCompleted>;
    changes.completions.push({ evaluationId: data.evaluation_id, score: data.overall_score, at: validDate(event.occurredAt) });
  } else {
    const data = event.data as EventData<typeof Events.evaluationDeleted>;
    changes.deletions.push({ evaluationId: data.evaluation_id, rubricId: data.rubric_id });
  }
  return changes;
}

/**
 * Group writes: changes added within `windowMs` of the first one (and those added while a batch is
 * being written) are written together, one statement per kind. Each add settles when its change is
 * written. When a batch fails, its changes are written one by one, so only a change that fails on
 * its own is refused (and retried or dead-lettered by the consumer), never its neighbours.
 */
export class UsageBatches {
  private queue: Array<{ changes: UsageChanges; settle: (err?: Error) => void }> = [];
  private timer: NodeJS.Timeout | null = null;
  private writing = false;

  constructor(
    private readonly usage: UsageStore,
    private readonly windowMs: number,
  ) {}

  add(changes: UsageChanges): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ changes, settle: (err) => (err ? reject(err) : resolve()) });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer || this.writing || this.queue.length === 0) return;
    this.timer = setTimeout(() => void this.write(), this.windowMs);
  }

  private async write(): Promise<void> {
    this.timer = null;
    this.writing = true;
    const batch = this.queue.splice(0);
    try {
      await this.usage.apply(merged(batch.map((b) => b.changes)));
      for (const b of batch) b.settle();
    } catch (err) {
      if (batch.length === 1) batch[0].settle(err as Error);
      else await this.writeOneByOne(batch);
    } finally {
      this.writing = false;
      this.schedule();
    }
  }

  private async writeOneByOne(batch: typeof this.queue): Promise<void> {
    for (const b of batch) {
      try {
        await this.usage.apply(b.changes);
        b.settle();
      } catch (err) {
        b.settle(err as Error);
      }
    }
  }
}

function merged(list: UsageChanges[]): UsageChanges {
  return {
    submissions: list.flatMap((c) => c.submissions),
    completions: list.flatMap((c) => c.completions),
    deletions: list.flatMap((c) => c.deletions),
  };
}

const validDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? new Date() : d;
};
