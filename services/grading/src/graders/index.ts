import type { Grader } from '../domain/job';
import type { GradingConfig } from '../config';
import { builtinGrader } from './builtin';

export { builtinGrader };

/** The graders this deployment offers, by name. `openai` joins here in its own issue. */
export function createGraders(_config: GradingConfig): Record<string, Grader> {
  return { builtin: builtinGrader };
}
