import { Counter, Histogram } from 'prom-client';
import { processMetric } from '@corestone/service-kit';

/**
 * What operators watch in grading (served at /metrics with the kit's): results by the grader that
 * produced them — a rising `builtin-fallback` count means the model is failing — and how long a
 * grading takes in the worker.
 */
export const gradingMetrics = {
  results: processMetric(
    'grading_results_total',
    (registers) =>
      new Counter({
        name: 'grading_results_total',
        help: 'Gradings completed, by the grader that produced the result',
        labelNames: ['grader'],
        registers,
      }),
  ),
  fallbacks: processMetric(
    'grading_model_fallbacks_total',
    (registers) =>
      new Counter({
        name: 'grading_model_fallbacks_total',
        help: 'Model gradings replaced by the fallback, by reason',
        labelNames: ['reason'],
        registers,
      }),
  ),
  duration: processMetric(
    'grading_duration_seconds',
    (registers) =>
      new Histogram({
        name: 'grading_duration_seconds',
        help: 'Time from the start of a grading to its published result, by grader',
        labelNames: ['grader'],
        buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 20, 30, 60],
        registers,
      }),
  ),
  queueWait: processMetric(
    'grading_queue_wait_seconds',
    (registers) =>
      new Histogram({
        name: 'grading_queue_wait_seconds',
        help: "Time from an essay's submission (its evaluation.submitted event) to the start of its first grading",
        buckets: [0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
        registers,
      }),
  ),
};

/** The reason's kind without its detail ('No JSON found in response: …' → 'No JSON found in response'). */
export const reasonKind = (reason: string): string => reason.split(':')[0];
