import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { Results, type RubricSnapshot } from '@corestone/contracts';
import { CEILING, dimensionOf, gradeBuiltin } from '../src/domain/builtin';
import { DEFAULT_BOUNDARIES, boundaryFor } from '../src/domain/grades';
import { UngradableJobError, checkJob } from '../src/domain/job';
import { analyseText, mattr, splitSentences } from '../src/domain/text';
import { eventIdFor } from '../src/domain/ids';
import { EE_2027_RUBRIC, EE_RUBRIC, TOK_HOLISTIC_RUBRIC, TOK_RUBRIC, job } from './rubrics';

const read = (n: string) => fs.readFileSync(path.join(__dirname, 'fixtures', n), 'utf8');
const EE_GOOD = read('ee-good.txt');
const TOK_GOOD = read('tok-good.txt');
const WEAK = read('weak.txt');
const VERY_WEAK = read('very-weak.txt');
const NEAR_EMPTY = 'This is my essay.';

describe('built-in grader', () => {
  it('gives the same result for the same text, every time', () => {
    const a = gradeBuiltin(job(EE_GOOD));
    const b = gradeBuiltin(job(EE_GOOD));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok' }))).toEqual(gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok' })));
  });

  it('ranks a real, structured, cited essay clearly above a weak one, and a weak one above a near-empty one', () => {
    const good = gradeBuiltin(job(EE_GOOD)).totalPoints;
    const weak = gradeBuiltin(job(WEAK)).totalPoints;
    const veryWeak = gradeBuiltin(job(VERY_WEAK)).totalPoints;
    const empty = gradeBuiltin(job(NEAR_EMPTY)).totalPoints;
    expect(good).toBeGreaterThanOrEqual(weak + 10);
    expect(weak).toBeGreaterThan(empty);
    expect(veryWeak).toBeGreaterThan(empty);
    expect(weak).toBeGreaterThanOrEqual(veryWeak);
    expect(empty).toBe(0);

    const tokGood = gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok' }));
    const tokWeak = gradeBuiltin(job(WEAK, { essay_type: 'tok' }));
    const tokEmpty = gradeBuiltin(job(NEAR_EMPTY, { essay_type: 'tok' }));
    expect(tokGood.totalPoints).toBeGreaterThanOrEqual(tokWeak.totalPoints + 5);
    expect(tokWeak.totalPoints).toBeGreaterThan(tokEmpty.totalPoints);
    expect(tokGood.overallGrade).toBe('A');
  });

  it('a TOK essay graded as TOK scores higher than the same text graded as an EE, and vice versa', () => {
    expect(gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok' })).percentage).toBeGreaterThan(
      gradeBuiltin(job(TOK_GOOD, { essay_type: 'ee' })).percentage,
    );
    expect(gradeBuiltin(job(EE_GOOD, { essay_type: 'ee' })).percentage).toBeGreaterThan(
      gradeBuiltin(job(EE_GOOD, { essay_type: 'tok' })).percentage,
    );
  });

  it.each([
    ['ee good', EE_GOOD, 'ee'],
    ['ee weak', WEAK, 'ee'],
    ['tok good', TOK_GOOD, 'tok'],
    ['near empty', NEAR_EMPTY, 'tok'],
  ] as const)('%s: one result per criterion, integer scores within bounds, totals consistent, valid contract', (_n, text, type) => {
    const rubric = type === 'ee' ? EE_RUBRIC : TOK_RUBRIC;
    const r = gradeBuiltin(job(text, { essay_type: type }));
    expect(Value.Check(Results, r)).toBe(true);
    expect(r.criteria.map((c) => c.code)).toEqual(rubric.scoring_structure.criteria.map((c) => c.code));
    for (const c of r.criteria) {
      const rc = rubric.scoring_structure.criteria.find((x) => x.code === c.code)!;
      expect(c.maxScore).toBe(rc.maxScore);
      expect(Number.isInteger(c.score)).toBe(true);
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(Math.round(CEILING * rc.maxScore));
      expect(c.feedback).toContain(`${c.score}/${c.maxScore}`);
      expect(c.band.length).toBeGreaterThan(0);
    }
    expect(r.maxPoints).toBe(rubric.scoring_structure.total_points);
    expect(r.totalPoints).toBe(r.criteria.reduce((s, c) => s + c.score, 0));
    expect(r.percentage).toBeCloseTo((r.totalPoints / r.maxPoints) * 100, 1);
    expect(r.overallGrade).toBe(boundaryFor(r.percentage, DEFAULT_BOUNDARIES).grade);
    expect(r.overallBand).toBe(boundaryFor(r.percentage, DEFAULT_BOUNDARIES).description);
    expect(r.grader).toBe('builtin');
    expect(Object.keys(r.insight_feedback).sort()).toEqual([
      'argument_and_evidence',
      'clarity_and_cohesion',
      'critical_thinking',
      'grammar_and_mechanics',
      'originality_and_insight',
    ]);
    expect(r.overallSummary.holisticCommentary).toContain(`${r.totalPoints}/${r.maxPoints}`);
    expect(r.overallSummary.nextSteps.length).toBeGreaterThan(0);
  });

  it('feedback cites what was found in the text', () => {
    const r = gradeBuiltin(job(EE_GOOD));
    const a = r.criteria.find((c) => c.code === 'A')!;
    expect(a.feedback).toContain('To what extent did the Soft Drinks Industry Levy');
    const d = r.criteria.find((c) => c.code === 'D')!;
    expect(d.feedback).toMatch(/'Bibliography' section with 10 entries/);
    const c = r.criteria.find((x) => x.code === 'C')!;
    expect(c.feedback).toMatch(/counter-claim language used \d+ times \('however'/);
    expect(r.overallSummary.holisticCommentary).toContain('1,935 words'); // the body: the bibliography is not counted
    const weak = gradeBuiltin(job(WEAK));
    expect(weak.overallSummary.improvements.join(' ')).toMatch(/citation|bibliography/i);
    expect(weak.criteria.find((x) => x.code === 'A')!.feedback).toContain('no research question was found');
  });

  it('longer is not always better: over the word limit costs marks', () => {
    const long = `${EE_GOOD}\n\n${EE_GOOD}\n\n${EE_GOOD}`; // ~6,400 words: beyond the 4,000 limit
    const r = gradeBuiltin(job(long));
    expect(r.criteria.find((c) => c.code === 'A')!.improvements.join(' ')).toContain('4,000-word limit');
  });

  it('uses the rubric’s own boundaries, scoring levels and totals (any rubric, not only the defaults)', () => {
    const rubric: RubricSnapshot = {
      id: 'generic',
      title: 'Generic',
      rubric_type: 'ee',
      scoring_structure: {
        total_points: 30,
        criteria: [
          {
            code: 'CONTENT',
            name: 'Content',
            maxScore: 15,
            weight: 0.5,
            scoring_levels: [
              { min: 0, max: 7, descriptor: 'Developing' },
              { min: 8, max: 15, descriptor: 'Secure' },
            ],
          },
          { code: 'STRUCT', name: 'Structure', maxScore: 15, weight: 0.5 },
        ],
        grade_boundaries: [
          { grade: 'Pass', min_percentage: 40, max_percentage: 100, description: 'Passed' },
          { grade: 'Fail', min_percentage: 0, max_percentage: 39, description: 'Not yet' },
        ],
        scoring_method: 'weighted_sum',
        pass_threshold: 40,
      },
    };
    const good = gradeBuiltin(job(EE_GOOD, { rubric }));
    expect(good.maxPoints).toBe(30);
    expect(good.overallGrade).toBe('Pass');
    expect(['Developing', 'Secure']).toContain(good.criteria[0].band);
    expect(gradeBuiltin(job(NEAR_EMPTY, { rubric })).overallGrade).toBe('Fail');

    // criteria that do not add up to the total: scaled by weights to the rubric total
    const scaled = gradeBuiltin(
      job(EE_GOOD, { rubric: { ...rubric, scoring_structure: { ...rubric.scoring_structure, total_points: 100 } } }),
    );
    expect(scaled.maxPoints).toBe(100);
    expect(scaled.percentage).toBeCloseTo(good.percentage, 0);
  });

  it('falls back to the spec §9 boundaries when the rubric has none', () => {
    const rubric = { ...TOK_RUBRIC, scoring_structure: { ...TOK_RUBRIC.scoring_structure, grade_boundaries: [] } };
    const r = gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok', rubric }));
    expect(r.overallGrade).toBe(boundaryFor(r.percentage, DEFAULT_BOUNDARIES).grade);
  });
});

describe('grade boundaries', () => {
  it.each([
    [100, 'A'],
    [80, 'A'],
    [79.9, 'B'],
    [70, 'B'],
    [69.5, 'C'],
    [60, 'C'],
    [59.9, 'D'],
    [50, 'D'],
    [49.9, 'E'],
    [0, 'E'],
  ])('%p%% is %s', (pct, grade) => expect(boundaryFor(pct, DEFAULT_BOUNDARIES).grade).toBe(grade));
  it('orders boundaries itself and uses the lowest below all of them', () => {
    const b = [
      { grade: 'X', min_percentage: 10, max_percentage: 100, description: 'x' },
      { grade: 'Y', min_percentage: 50, max_percentage: 100, description: 'y' },
    ];
    expect(boundaryFor(60, b).grade).toBe('Y');
    expect(boundaryFor(20, b).grade).toBe('X');
    expect(boundaryFor(5, b).grade).toBe('X');
    expect(boundaryFor(85, undefined).description).toBe('Excellent');
  });
});

describe('criterion classification', () => {
  it('maps the default criteria to what they assess', () => {
    expect(EE_RUBRIC.scoring_structure.criteria.map((c) => dimensionOf(c))).toEqual([
      'focus',
      'knowledge',
      'critical',
      'presentation',
      'engagement',
    ]);
    expect(TOK_RUBRIC.scoring_structure.criteria.map((c) => dimensionOf(c))).toEqual(['focus', 'critical']);
    expect(dimensionOf({ name: 'Content' })).toBe('knowledge');
    expect(dimensionOf({ name: 'Structure' })).toBe('presentation');
    expect(dimensionOf({ name: 'Something else' })).toBe('general');
    expect(EE_2027_RUBRIC.scoring_structure.criteria.map((c) => dimensionOf(c))).toEqual([
      'focus',
      'knowledge',
      'analysis',
      'evaluation',
      'engagement',
    ]);
    expect(TOK_HOLISTIC_RUBRIC.scoring_structure.criteria.map((c) => dimensionOf(c))).toEqual(['holistic']);
  });
});

describe('text analysis', () => {
  it('finds the research question, citations, bibliography, data and counter-claims', () => {
    const f = analyseText(EE_GOOD);
    expect(f.researchQuestion).toMatchObject({ explicit: true });
    expect(f.researchQuestion!.text).toMatch(/^To what extent did the Soft Drinks Industry Levy/);
    expect(f.citations.parenthetical).toBeGreaterThanOrEqual(8);
    expect(f.citations.examples[0]).toBe('(HM Treasury, 2016)');
    expect(f.bibliography).toEqual({ heading: 'Bibliography', mentioned: true, entries: 10 });
    expect(f.citations.style).toBe('Harvard'); // (Author, 2016) in the text, 'Author (2016) Title' in the list
    expect(f.headings).toEqual(expect.arrayContaining(['Introduction', 'Method', 'Conclusion', 'Bibliography']));
    expect(f.hasIntroduction && f.hasConclusion).toBe(true);
    expect(f.numbers.percentages).toBeGreaterThanOrEqual(5);
    expect(f.phrases.counter.found).toEqual(expect.arrayContaining(['however', 'on the other hand', 'although']));
    expect(f.phrases.reflection.found).toEqual(expect.arrayContaining(['i initially', 'i realised', 'in retrospect']));
  });

  it('sees what the weak essay lacks', () => {
    const f = analyseText(VERY_WEAK);
    expect(f.researchQuestion).toBeNull();
    expect(f.citations.total).toBe(0);
    expect(f.bibliography.heading).toBeNull();
    expect(f.mechanics.lowercaseI).toBeGreaterThan(0);
    expect(f.mechanics.capitalisedStarts).toBeLessThan(0.5);
  });

  it('counts bracketed citations and quotations, and does not split on abbreviations', () => {
    const f = analyseText(
      'As shown in [1] and [2, 3], "knowledge is provisional and revisable" (Popper, 1959). See e.g. Kuhn et al. for more. Dr. Smith agrees.',
    );
    expect(f.citations.bracketed).toBe(2);
    expect(f.citations.parenthetical).toBe(1);
    expect(f.quotations.count).toBe(1);
    expect(splitSentences('See e.g. Kuhn et al. for more. Dr. Smith agrees. yes it is.')).toHaveLength(3);
  });

  it('lexical diversity does not depend on length', () => {
    const text = EE_GOOD.toLowerCase().match(/[a-z]+/g)!;
    expect(Math.abs(mattr(text.slice(0, 800)) - mattr(text))).toBeLessThan(0.05);
    expect(mattr('the the the the the the'.split(' '))).toBeCloseTo(1 / 6);
  });
});

describe('unusable jobs', () => {
  it('refuses empty text and broken rubrics as ungradable', () => {
    expect(() => checkJob(job('   \n '))).toThrow(UngradableJobError);
    expect(() =>
      checkJob(job('text', { rubric: { ...EE_RUBRIC, scoring_structure: { ...EE_RUBRIC.scoring_structure, criteria: [] } } })),
    ).toThrow(/no criteria/);
    expect(() =>
      checkJob(job('text', { rubric: { ...EE_RUBRIC, scoring_structure: { ...EE_RUBRIC.scoring_structure, total_points: 0 } } })),
    ).toThrow(/total points/);
    const zero = { ...EE_RUBRIC.scoring_structure.criteria[0], maxScore: 0 };
    expect(() =>
      checkJob(job('text', { rubric: { ...EE_RUBRIC, scoring_structure: { ...EE_RUBRIC.scoring_structure, criteria: [zero] } } })),
    ).toThrow(/maximum score/);
    const dup = EE_RUBRIC.scoring_structure.criteria[0];
    expect(() =>
      checkJob(job('text', { rubric: { ...EE_RUBRIC, scoring_structure: { ...EE_RUBRIC.scoring_structure, criteria: [dup, dup] } } })),
    ).toThrow(/twice/);
    expect(() => gradeBuiltin(job(''))).toThrow(UngradableJobError);
  });
});

describe('event ids', () => {
  it('are deterministic UUIDv5 per evaluation and kind', () => {
    const a = eventIdFor('e1', 'completed');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventIdFor('e1', 'completed')).toBe(a);
    expect(eventIdFor('e1', 'failed')).not.toBe(a);
    expect(eventIdFor('e2', 'completed')).not.toBe(a);
  });
});
