import { Codes, type EventData, type Events, type Results } from '@corestone/contracts';
import { countWords } from './text';

/** One grading job: the `evaluation.submitted.v1` payload (text + rubric snapshot). */
export type GradingJob = EventData<typeof Events.evaluationSubmitted>;

/** A turn granted by the shared provider budget; the request's answer is reported back to it. */
export interface ModelPermit {
  /** The request's place in its tenant's line, kept when it waits again after a 429. */
  readonly seq: number;
  report(status: number, headers: { get(name: string): string | null } | undefined): Promise<void>;
}

/** Progress a grader may report while it works (stage name, 0–100). */
export interface GradeContext {
  progress(stage: string, percent: number): Promise<void>;
  /**
   * The shared provider budget (the worker's, when configured): resolves when a model request of
   * `tokens` estimated tokens may be sent — its fair turn among the queued essays, and the tokens
   * in the budget. `seq` keeps a place already had (a request sent again after a 429).
   */
  admit?(tokens: number, seq?: number): Promise<ModelPermit>;
}

/**
 * Percents the graders report for their stages, placed in the processing screen's stage bands
 * (evaluation's `stageLabel`: File Processing below 33, Content Analysis below 66, then Generating
 * Feedback — spec user-app §4), so each stage the worker reaches shows under its own name.
 */
export const STAGE_PERCENT = { analysing_text: 40, writing_feedback: 80 } as const;

/** A grader turns a job into results. Chosen by configuration (`GRADER`) or by the job's `grader`. */
export interface Grader {
  readonly name: string;
  grade(job: GradingJob, ctx?: GradeContext): Promise<Results>;
}

/** A job no grader can ever grade: reported as grading.failed.v1 at once, never retried. */
export class UngradableJobError extends Error {
  readonly code: string = Codes.UNGRADABLE;
  constructor(reason: string) {
    super(reason);
    this.name = 'UngradableJobError';
  }
}

/**
 * An essay in a language the built-in grader cannot judge (issue 36): not English, French or
 * Spanish. Refused at once with its own code rather than marked down as weak English.
 */
export class UnsupportedLanguageError extends UngradableJobError {
  override readonly code: string = Codes.UNSUPPORTED_LANGUAGE;
  constructor() {
    super(
      'This essay does not appear to be written in English, French or Spanish, the languages the built-in grader can judge. It has not been graded (and not marked down); an AI grader or a teacher can assess it.',
    );
    this.name = 'UnsupportedLanguageError';
  }
}

/** Fewest words the graders accept; anything shorter is not an essay. */
const MIN_WORDS = 1;

/** Checks that the text and the rubric snapshot can be graded; throws UngradableJobError otherwise. */
export function checkJob(job: GradingJob): void {
  if (countWords(job.text, 0, job.text.length, MIN_WORDS) < MIN_WORDS)
    throw new UngradableJobError('The essay has no readable text to grade');
  const s = job.rubric.scoring_structure;
  if (!s || !Array.isArray(s.criteria) || s.criteria.length === 0) throw new UngradableJobError('The rubric has no criteria');
  if (!(Number.isFinite(s.total_points) && s.total_points > 0)) throw new UngradableJobError('The rubric has no positive total points');
  const codes = new Set<string>();
  for (const c of s.criteria) {
    if (!(Number.isFinite(c.maxScore) && c.maxScore > 0))
      throw new UngradableJobError(`Criterion ${c.code || c.name} has no positive maximum score`);
    if (!c.code && !c.name) throw new UngradableJobError('A rubric criterion has neither a code nor a name');
    if (codes.has(c.code)) throw new UngradableJobError(`Criterion code ${c.code} appears twice in the rubric`);
    codes.add(c.code);
  }
}
