import { Rpc } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';
import type { ExemplarSource } from '../domain/exemplars';
import { keptPerKey } from './kept';

export interface RubricExemplarSourceOptions {
  /** How long a rubric's exemplars are kept in this process before they are asked again. */
  ttlMs: number;
  /** Wait for the rubric service's answer. */
  timeoutMs?: number;
  /** Rubrics kept at most (the oldest entry is dropped beyond it). */
  maxRubrics?: number;
}

/**
 * A rubric's exemplars, asked of the rubric service (`rpc.rubric.exemplars`) and kept per process
 * for `ttlMs` (issue 33 §3). Decision: they are not part of the rubric snapshot evaluation stores
 * with every evaluation row (up to 50 essays of 60,000 characters per rubric would be copied into
 * every row); a model grading asks for them instead, and a burst of essays on one rubric asks once
 * per `ttlMs` (calls in flight are shared). An exemplar added or deleted shows within `ttlMs`. A
 * failed call is not kept (the next grading asks again) and is thrown: the grader goes on without.
 */
export function rubricExemplarSource(bus: Bus, opts: RubricExemplarSourceOptions): ExemplarSource {
  return keptPerKey(
    (rubricId) =>
      callRpc(bus, Rpc.rubricExemplars, { rubric_id: rubricId }, { timeoutMs: opts.timeoutMs ?? 5000 }).then((r) => r.exemplars),
    { ttlMs: opts.ttlMs, max: opts.maxRubrics ?? 500 },
  );
}
