import type { Results } from '@corestone/contracts';
import { gradeBuiltin } from '../../domain/builtin';
import { loadLexicon } from '../../domain/lexicon';
import { STAGE_PERCENT, type GradeContext, type Grader, type GradingJob } from '../../domain/job';

// The dictionaries and the word-frequency list, once per process, at start-up rather than in the first grading.
loadLexicon();

/** The deterministic, offline grader (src/domain/builtin.ts) behind the Grader interface. */
export const builtinGrader: Grader = {
  name: 'builtin',
  async grade(job: GradingJob, ctx?: GradeContext): Promise<Results> {
    await ctx?.progress('analysing_text', STAGE_PERCENT.analysing_text);
    const results = gradeBuiltin(job);
    await ctx?.progress('writing_feedback', STAGE_PERCENT.writing_feedback);
    return results;
  },
};
