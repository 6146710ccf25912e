import type { Results } from '@corestone/contracts';
import { gradeBuiltin } from '../domain/builtin';
import type { GradeContext, Grader, GradingJob } from '../domain/job';

/** The deterministic, offline grader (src/domain/builtin.ts) behind the Grader interface. */
export const builtinGrader: Grader = {
  name: 'builtin',
  async grade(job: GradingJob, ctx?: GradeContext): Promise<Results> {
    await ctx?.progress('analysing_text', 30);
    const results = gradeBuiltin(job);
    await ctx?.progress('writing_feedback', 80);
    return results;
  },
};
