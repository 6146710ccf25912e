/** What a stage may carry besides its name and percent (the queue place of `queued`). */
export type ProgressExtra = Record<string, unknown>;

/** One job's progress, coalesced to what someone could see (`coalescedProgress`). */
export interface ProgressReporter {
  /** A stage the job reached: published now, later (the latest one), or never (passed unseen). */
  report(stage: string, percent: number, extra?: ProgressExtra): void;
  /** Ends reporting: clears the timer and drops a stage not yet published; later reports do nothing. */
  stop(): void;
}

/**
 * Coalesces one job's progress stages. Nothing is published during the job's first `afterMs`; then
 * the latest stage reached so far, and afterwards at most one stage per `afterMs`, always the latest:
 * a stage reached and passed within an interval is skipped, and a stage with a lower percent than one
 * already reported is ignored (never overtakes a newer one). `stop()` must be called when the job
 * ends (before its result is sent): no timer outlives it and nothing is published after it.
 * `afterMs` ≤ 0 publishes every stage at once.
 */
export function coalescedProgress(
  afterMs: number,
  publish: (stage: string, percent: number, extra?: ProgressExtra) => void,
): ProgressReporter {
  let stopped = false;
  if (afterMs <= 0) {
    return {
      report: (stage, percent, extra) => {
        if (!stopped) publish(stage, percent, extra);
      },
      stop: () => void (stopped = true),
    };
  }
  let latest: { stage: string; percent: number; extra?: ProgressExtra } | null = null; // reached, not yet published
  let highest = -Infinity;
  let open = false; // the quiet time is over: the next stage reached is published at once
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (!latest) return;
    const { stage, percent, extra } = latest;
    latest = null;
    open = false;
    timer = setTimeout(reopen, afterMs);
    publish(stage, percent, extra);
  };
  function reopen() {
    timer = undefined;
    open = true;
    flush();
  }
  timer = setTimeout(reopen, afterMs);

  return {
    report(stage, percent, extra) {
      if (stopped || percent < highest) return;
      highest = percent;
      latest = { stage, percent, extra };
      if (open) flush();
    },
    stop() {
      stopped = true;
      latest = null;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
