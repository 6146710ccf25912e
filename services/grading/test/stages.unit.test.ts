import { builtinGrader } from '../src/app/graders/builtin';
import { specLocalGrader } from '../src/app/graders/spec-local';
import { EE_RUBRIC, job } from './rubrics';

/**
 * The processing screen names its stages by progress: File Processing below 33, Content Analysis
 * below 66, Generating Feedback from 66 (spec user-app §4; evaluation's stageLabel). Each stage a
 * grader reports must land in its own band, or the screen would skip "Content Analysis".
 */
const band = (percent: number) => (percent < 33 ? 'File Processing' : percent < 66 ? 'Content Analysis' : 'Generating Feedback');

it.each([builtinGrader, specLocalGrader])(
  '$name reports analysing under Content Analysis and writing under Generating Feedback',
  async (grader) => {
    const seen: Array<[string, number]> = [];
    await grader.grade(job('Research question: Why? Introduction. A short essay (Smith, 2020). Conclusion.', { rubric: EE_RUBRIC }), {
      progress: async (stage, percent) => void seen.push([stage, percent]),
    });
    expect(seen.map(([stage, percent]) => `${stage}:${band(percent)}`)).toEqual([
      'analysing_text:Content Analysis',
      'writing_feedback:Generating Feedback',
    ]);
  },
);
