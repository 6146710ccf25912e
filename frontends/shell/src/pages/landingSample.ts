/**
 * The sample Extended Essay report the landing page shows twice (the hero's preview and the sample
 * report section). The spec gives criteria A–D out of 6 and E out of 4 but a total of 30; the
 * criteria add up to 28, so both places show the criteria's own sum (frontends/README.md).
 */
export const SAMPLE = [
  {
    code: 'A',
    name: 'Framework for the essay',
    score: 5,
    max: 6,
    band: 'Good',
    feedback: 'Focused research question; method justified, scope could be narrowed further.',
  },
  {
    code: 'B',
    name: 'Knowledge and understanding',
    score: 5,
    max: 6,
    band: 'Good',
    feedback: 'Sound use of subject terminology and sources, with minor gaps in context.',
  },
  {
    code: 'C',
    name: 'Analysis and line of argument',
    score: 4,
    max: 6,
    band: 'Satisfactory',
    feedback: 'Argument is clear but some claims need stronger evidence.',
  },
  {
    code: 'D',
    name: 'Discussion and evaluation',
    score: 4,
    max: 6,
    band: 'Satisfactory',
    feedback: 'Evaluate the limitations of your sources more explicitly.',
  },
  {
    code: 'E',
    name: 'Engagement',
    score: 3,
    max: 4,
    band: 'Good',
    feedback: 'Reflections show personal growth; link them more to decisions you made.',
  },
];

export const SAMPLE_POINTS = SAMPLE.reduce((n, c) => n + c.score, 0);
export const SAMPLE_MAX = SAMPLE.reduce((n, c) => n + c.max, 0);
