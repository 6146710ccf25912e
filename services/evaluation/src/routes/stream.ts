import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { EvaluationProgress, EvaluationStatus } from '@corestone/contracts';
import { errorResponses, principalOf, requireAuth, security, type RoutePlugin } from '@corestone/service-kit';
import { stageLabel, type EvaluationRow } from '../domain/evaluation';
import type { EvaluationStore } from '../store/evaluations';
import { scoreShown } from '../domain/assignment';
import { readerOf } from '../app/readers';
import type { SchoolsPeer } from '../peers/schools';

const TERMINAL = new Set(['completed', 'failed']);

/** A status event's id: a digest of the state it shows (its JSON), the same on every replica. */
const stateId = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);
const HEARTBEAT_MS = 15_000;

/** `staff`: the class's staff or an admin; the student of an after-review assignment gets no score before release. */
function snapshot(row: EvaluationRow, staff: boolean): EvaluationProgress {
  const progress = row.status === 'completed' ? 100 : row.progress;
  const status = (row.status === 'charging' ? 'pending' : row.status) as EvaluationStatus; // a retry being charged
  return {
    id: row.id,
    status,
    progress,
    stage: stageLabel(row.status, progress),
    worker_stage: row.stage,
    overall_score: scoreShown(row, staff),
    error_message: row.error_message,
    completed_at: row.completed_at ? row.completed_at.toISOString() : null,
    // where the essay waits for the AI model (grading's `queued` stage), while it waits
    queue:
      row.stage === 'queued' && typeof row.queue_ahead === 'number' && row.queue_start_at && row.status === 'pending'
        ? { ahead: row.queue_ahead, estimated_start_at: row.queue_start_at.toISOString() }
        : null,
  };
}

/**
 * `GET /evaluation/{id}/events`: server-sent events with the evaluation's status and progress
 * (event `status`, data `{id, status, progress, stage, worker_stage, overall_score, error_message, completed_at}`;
 * `stage` is the processing screen's name — File Processing, Content Analysis, Generating Feedback,
 * Completed, Failed — and `worker_stage` what the grading worker last reported).
 * The first event is the current state; one follows each change; the stream ends after
 * `completed` or `failed` (or with event `deleted`). The row is re-read every `pollMs`: simple,
 * correct across replicas, and cheap (one primary-key read per open stream and tick).
 * Bearer header as everywhere (read it with fetch; EventSource cannot send headers).
 * Resuming: each `status` event's `id` names the state it shows, identically on every replica; a
 * client reconnecting after a cut (through any gateway and replica) sends it as `Last-Event-ID`
 * and gets the current state at once unless it already has it — a snapshot, so nothing is missed.
 */
export const streamRoutes: RoutePlugin<{ store: EvaluationStore; pollMs: number; schools: SchoolsPeer }> = async (
  app,
  { store, pollMs, schools },
) => {
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/evaluation/:id/events',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Live status and progress of one evaluation (text/event-stream)',
        security,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'text/event-stream' }), ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const { row: first, staff } = await readerOf(store, schools, req.params.id, principalOf(req));
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': req.id,
      });
      // Each status event's id names the state it shows (the same on every replica), so a client
      // that reconnects — to this replica or another — with `Last-Event-ID` gets the state only
      // when it has changed since, and never misses the newest one.
      const resumeFrom = req.headers['last-event-id'];
      let last = typeof resumeFrom === 'string' ? resumeFrom : '';
      let ended = false;
      let timer: NodeJS.Timeout | null = null;
      let beat: NodeJS.Timeout | null = null;
      const end = () => {
        if (ended) return;
        ended = true;
        if (timer) clearTimeout(timer);
        if (beat) clearInterval(beat);
        open.delete(end);
        raw.end();
      };
      open.add(end);
      req.raw.on('close', end);
      raw.on('error', end);
      const emit = (event: string, id: string, text: string) => raw.write(`id: ${id}\nevent: ${event}\ndata: ${text}\n\n`);
      const publish = (row: EvaluationRow): boolean => {
        const text = JSON.stringify(snapshot(row, staff));
        const id = stateId(text);
        if (id !== last) {
          last = id;
          emit('status', id, text);
        }
        return TERMINAL.has(row.status);
      };
      raw.write(`retry: ${Math.max(1000, pollMs)}\n\n`);
      if (publish(first)) return end();
      beat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const poll = () => {
        timer = setTimeout(async () => {
          if (ended) return;
          try {
            const row = await store.getVisible(first.id);
            if (ended) return;
            if (!row) {
              emit('deleted', 'deleted', JSON.stringify({ id: first.id }));
              return end();
            }
            if (publish(row)) return end();
          } catch (err) {
            req.log.warn({ err }, 'status stream read failed; retrying');
          }
          poll();
        }, pollMs);
      };
      poll();
    },
  );
};
