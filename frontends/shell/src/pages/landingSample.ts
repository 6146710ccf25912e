/**
 * The sample Extended Essay report the landing page shows twice (the hero's preview and the sample
 * report section). The spec gives criteria A–D out of 6 and E out of 4 but a total of 30; the
 * criteria add up to 28, so both places show the criteria's own sum (frontends/README.md).
 */
const BANDS = {
  good: { id: 'sample.band.good', defaultMessage: 'Good' },
  satisfactory: { id: 'sample.band.satisfactory', defaultMessage: 'Satisfactory' },
};

/** Texts are react-intl message descriptors (the page formats them in its language). */
export const SAMPLE = [
  {
    code: 'A',
    name: { id: 'sample.a.name', defaultMessage: 'Framework for the essay' },
    score: 5,
    max: 6,
    band: BANDS.good,
    feedback: { id: 'sample.a.feedback', defaultMessage: 'Focused research question; method justified, scope could be narrowed further.' },
  },
  {
    code: 'B',
    name: { id: 'sample.b.name', defaultMessage: 'Knowledge and understanding' },
    score: 5,
    max: 6,
    band: BANDS.good,
    feedback: { id: 'sample.b.feedback', defaultMessage: 'Sound use of subject terminology and sources, with minor gaps in context.' },
  },
  {
    code: 'C',
    name: { id: 'sample.c.name', defaultMessage: 'Analysis and line of argument' },
    score: 4,
    max: 6,
    band: BANDS.satisfactory,
    feedback: { id: 'sample.c.feedback', defaultMessage: 'Argument is clear but some claims need stronger evidence.' },
  },
  {
    code: 'D',
    name: { id: 'sample.d.name', defaultMessage: 'Discussion and evaluation' },
    score: 4,
    max: 6,
    band: BANDS.satisfactory,
    feedback: { id: 'sample.d.feedback', defaultMessage: 'Evaluate the limitations of your sources more explicitly.' },
  },
  {
    code: 'E',
    name: { id: 'sample.e.name', defaultMessage: 'Engagement' },
    score: 3,
    max: 4,
    band: BANDS.good,
    feedback: { id: 'sample.e.feedback', defaultMessage: 'Reflections show personal growth; link them more to decisions you made.' },
  },
];

export const SAMPLE_POINTS = SAMPLE.reduce((n, c) => n + c.score, 0);
export const SAMPLE_MAX = SAMPLE.reduce((n, c) => n + c.max, 0);
