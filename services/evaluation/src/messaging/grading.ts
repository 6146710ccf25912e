import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData, type EventEnvelope } from '@corestone/contracts';
import {
  deleteStreamMessage,
  enqueueEvent,
  isErasable,
  isUuid,
  markProcessed,
  rememberStreamMessage,
  startConsumer,
  withTransaction,
  type Bus,
  type Queryable,
  type RunningConsumer,
} from '@corestone/service-kit';
import { secondsFrom, suggestionsFrom } from '../domain/evaluation';
import type { EvaluationStore } from '../store/evaluations';

const GRADING_CONSUMER = 'evaluation-grading';

const SUBJECTS = [Events.gradingProgress.subject, Events.gradingCompleted.subject, Events.gradingFailed.subject];

/**
 * Applies one grading event. Idempotent twice over: the event id is recorded as processed (the
 * kit's markProcessed or processedMarkSql) in the same statement or transaction as the change, and every update is guarded
 * by status, so a late progress event never moves a completed or failed evaluation back.
 */
export async function handleGradingEvent(store: EvaluationStore, event: EventEnvelope, position?: StreamPosition): Promise<void> {
  if (event.type === Events.gradingProgress.subject) {
    // Only slow gradings report progress (grading's GRADING_PROGRESS_AFTER_MS): one statement each, no transaction.
    const d = event.data as EventData<typeof Events.gradingProgress>;
    if (!isUuid(d.evaluation_id)) return;
    const seen = { consumer: GRADING_CONSUMER, eventId: event.id };
    await store.markProgress(store.pool, seen, d.evaluation_id, d.attempt ?? 1, d.stage, d.percent, d.queue);
    return;
  }
  const { evaluation_id: target, attempt: named } = event.data as { evaluation_id: string; attempt?: number };
  // Every update below is also guarded by attempt: an event of an earlier attempt changes nothing.
  const attempt = named ?? 1;
  if (event.type === Events.gradingCompleted.subject && isUuid(target)) {
    // One per grading: one statement (recorded, remembered, applied and announced together).
    const d = event.data as EventData<typeof Events.gradingCompleted>;
    const seen = { consumer: GRADING_CONSUMER, eventId: event.id };
    const outcome = await store.applyCompleted(
      store.pool,
      seen,
      d.evaluation_id,
      attempt,
      { results: d.results, grader: d.grader, seconds: secondsFrom(d.processing_ms), suggestions: suggestionsFrom(d.results) },
      position ? { stream: position.stream, seq: position.seq } : null,
    );
    // Results quote the essay: the evaluation is gone, so this message is erased now. A failure
    // throws (redelivered; the repeat answers `gone` again and the erasure is tried again).
    if (position && outcome.gone) await deleteStreamMessage(position.bus, position.stream, position.seq);
    return;
  }
  await withTransaction(store.pool, async (client) => {
    if (!(await markProcessed(client, GRADING_CONSUMER, event.id))) return;
    if (!isUuid(target)) return; // not one of ours: nothing to change
    if (position && isErasable(event.type)) await rememberOrErase(client, target, position);
    switch (event.type) {
      case Events.gradingFailed.subject: {
        const d = event.data as EventData<typeof Events.gradingFailed>;
        const row = await store.markFailed(client, d.evaluation_id, attempt, d.reason);
        if (row) {
          // billing refunds the credit in force on this event (idempotent by charge key)
          await enqueueEvent(client, Events.evaluationFailed, {
            evaluation_id: d.evaluation_id,
            user_id: row.user_id,
            reason: `${d.code}: ${d.reason}`.slice(0, 1000),
            ...(row.charge_key ? { charge_key: row.charge_key } : {}),
          });
        }
        return;
      }
    }
  });
}

/** Where a consumed message sits in its stream. */
export interface StreamPosition {
  bus: Bus;
  stream: string;
  seq: number;
}

/**
 * Results quote the essay: note where this message sits so deleting the evaluation erases it from
 * the grading stream; when the evaluation is gone already, erase it now. The row lock orders this
 * against a concurrent delete (which erases what is remembered once it holds the row).
 */
async function rememberOrErase(db: Queryable, evaluationId: string, p: StreamPosition): Promise<void> {
  const { rows } = await db.query(`SELECT 1 FROM evaluations WHERE id = $1 FOR SHARE`, [evaluationId]);
  if (rows.length > 0) await rememberStreamMessage(db, evaluationId, p.stream, p.seq);
  else await deleteStreamMessage(p.bus, p.stream, p.seq);
}

export function startGradingConsumer(bus: Bus, store: EvaluationStore, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  // One durable reading the grading stream's wildcard (nats-server 2.9 filters one subject per
  // consumer); startConsumer acks and skips subjects outside SUBJECTS.
  return startConsumer({
    bus,
    stream: 'grading',
    durable: GRADING_CONSUMER,
    subjects: SUBJECTS,
    handler: (event, msg) => handleGradingEvent(store, event, { bus, stream: msg.info.stream, seq: msg.seq }),
    logger,
    concurrency: 8,
    readAhead: true, // one statement per event, on every essay's path
  });
}
