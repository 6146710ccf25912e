import { stageLabel } from '../src/domain/evaluation';

/** The live stream's `stage`: the processing screen's names (spec user-app §4, changes at 33 and 66). */
it('names the stage from status and progress', () => {
  expect(stageLabel('pending', 0)).toBe('File Processing');
  expect(stageLabel('processing', 5)).toBe('File Processing');
  expect(stageLabel('processing', 40)).toBe('Content Analysis'); // the graders' analysing_text
  expect(stageLabel('processing', 80)).toBe('Generating Feedback'); // the graders' writing_feedback
  expect(stageLabel('processing', 95)).toBe('Generating Feedback');
  expect(stageLabel('completed', 100)).toBe('Completed');
  expect(stageLabel('failed', 40)).toBe('Failed');
});
