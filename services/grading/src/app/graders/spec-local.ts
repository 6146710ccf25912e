import { localFallbackResults, type Results } from '@corestone/contracts';
import { STAGE_PERCENT, type GradeContext, type Grader, type GradingJob } from '../../domain/job';

/**
 * The spec's "Local fallback scoring" (admin §9) as a grader: length, 'introduction'/'conclusion'
 * and parentheses only, on the spec's own in-prompt rubric (EE 34, TOK 10), whatever rubric the job
 * carries. Offered for parity with the browser-local path; `builtin` is the better default.
 */
export const specLocalGrader: Grader = {
  name: 'spec-local',
  async grade(job: GradingJob, ctx?: GradeContext): Promise<Results> {
    await ctx?.progress('analysing_text', STAGE_PERCENT.analysing_text);
    const results = localFallbackResults(job.text, job.essay_type);
    await ctx?.progress('writing_feedback', STAGE_PERCENT.writing_feedback);
    return results;
  },
};
