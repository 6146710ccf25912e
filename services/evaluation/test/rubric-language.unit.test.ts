/**
 * Issue 36: a stored (English) result in its reader's language, from the rubric's current texts
 * (domain/rubric-language.ts): translated where the rubric's English for that code, band or grade is
 * still the stored text; English otherwise; codes and numbers unchanged.
 */
import type { Evaluation, Results, RubricSnapshot, RubricTexts } from '@corestone/contracts';
import { editInEnglish, evaluationIn, growthIn, resultsIn, rubricLanguage, snapshotIn } from '../src/domain/rubric-language';

const structure: RubricTexts['scoring_structure'] = {
  total_points: 12,
  criteria: [
    {
      code: 'A',
      name: 'Focus and Method',
      maxScore: 6,
      weight: 6,
      description: 'The topic and the method.',
      scoring_levels: [
        { min: 0, max: 2, descriptor: 'Limited. The question is unclear and the method barely fits it.' },
        { min: 3, max: 6, descriptor: 'Clear focus' },
      ],
    },
    { code: 'B', name: 'Presentation', maxScore: 6, weight: 6 },
  ],
  grade_boundaries: [
    { grade: 'A', min_percentage: 70, max_percentage: 100, description: 'Strong' },
    { grade: 'B', min_percentage: 0, max_percentage: 69, description: 'Good' },
  ],
  scoring_method: 'weighted_sum',
  pass_threshold: 50,
};

const texts: RubricTexts = {
  id: 'r1',
  version: 3,
  title: 'EE rubric',
  scoring_structure: structure,
  translations: {
    fr: {
      title: 'Grille du mémoire',
      criteria: [
        {
          code: 'A',
          name: 'Orientation et méthode',
          description: 'Le sujet et la méthode.',
          scoring_levels: [
            { min: 0, max: 2, descriptor: 'Limité. La question est floue et la méthode lui convient mal.' },
            { min: 3, max: 6, descriptor: 'Orientation claire' },
          ],
        },
      ],
      grade_boundaries: [{ grade: 'A', description: 'Solide' }],
    },
  },
};

const criterion = (code: string, name: string, score: number, band: string): Results['criteria'][number] => ({
  code,
  name,
  score,
  maxScore: 6,
  band,
  feedback: `${name}: ${score}/6`,
  weight: 6,
  strengths: [],
  improvements: [],
});

const results = (over: Partial<Results> = {}): Results => ({
  overallGrade: 'A',
  overallBand: 'Strong',
  totalPoints: 9,
  maxPoints: 12,
  percentage: 75,
  criteria: [criterion('A', 'Focus and Method', 5, 'Clear focus'), criterion('B', 'Presentation', 4, 'Good')],
  overallSummary: { holisticCommentary: 'A Focus and Method (5/6)', nextSteps: [], strengths: [], improvements: [] },
  insight_feedback: {
    clarity_and_cohesion: '',
    argument_and_evidence: '',
    grammar_and_mechanics: '',
    critical_thinking: '',
    originality_and_insight: '',
  },
  grader: 'builtin',
  ...over,
});

describe('a stored result in the reader’s language', () => {
  it('shows translated criterion names, bands and grade texts, English for what has no translation', () => {
    const r = resultsIn(results(), rubricLanguage(texts, 'fr'));
    expect(r.criteria.map((c) => c.name)).toEqual(['Orientation et méthode', 'Presentation']);
    expect(r.criteria.map((c) => c.code)).toEqual(['A', 'B']);
    expect(r.criteria[0].band).toBe('Orientation claire'); // the mark band's descriptor
    expect(r.criteria[1].band).toBe('Bien'); // a grade text the rubric leaves untranslated: the default band name
    expect(r.overallBand).toBe('Solide');
    // numbers, codes and the graders' own words are untouched
    expect(r.criteria.map((c) => [c.score, c.maxScore, c.feedback])).toEqual([
      [5, 6, 'Focus and Method: 5/6'],
      [4, 6, 'Presentation: 4/6'],
    ]);
    expect(r.overallSummary.holisticCommentary).toBe('A Focus and Method (5/6)');
  });

  it('takes a band label from the first sentence of a translated descriptor', () => {
    const r = resultsIn(results({ criteria: [criterion('A', 'Focus and Method', 1, 'Limited')] }), rubricLanguage(texts, 'fr'));
    expect(r.criteria[0].band).toBe('Limité');
  });

  it('keeps English for English readers, other languages, and when nothing is translated', () => {
    const stored = results();
    expect(resultsIn(stored, rubricLanguage(texts, 'en'))).toEqual(stored);
    const es = resultsIn(stored, rubricLanguage(texts, 'es')); // no Spanish translation
    expect(es.criteria.map((c) => c.name)).toEqual(['Focus and Method', 'Presentation']);
    expect(es.criteria[1].band).toBe('Bueno'); // default band names are still translated
    expect(es.overallBand).toBe('Strong');
  });

  it('shows the stored English of a deleted rubric (only the default band names are translated)', () => {
    const r = resultsIn(results(), rubricLanguage(null, 'fr'));
    expect(r.criteria.map((c) => [c.name, c.band])).toEqual([
      ['Focus and Method', 'Clear focus'],
      ['Presentation', 'Bien'],
    ]);
    expect(r.overallBand).toBe('Strong');
  });

  it('keeps the stored English of a text the rubric reworded since grading', () => {
    const edited: RubricTexts = {
      ...texts,
      version: 4,
      scoring_structure: {
        ...structure,
        criteria: [
          { ...structure.criteria[0], name: 'Focus, Method and Sources', scoring_levels: structure.criteria[0].scoring_levels },
          structure.criteria[1],
        ],
        grade_boundaries: [{ ...structure.grade_boundaries[0], description: 'Very strong' }, structure.grade_boundaries[1]],
      },
    };
    const r = resultsIn(results(), rubricLanguage(edited, 'fr'));
    expect(r.criteria[0].name).toBe('Focus and Method'); // the translation is of another English text now
    expect(r.criteria[0].band).toBe('Orientation claire'); // the band's text is still the same
    expect(r.overallBand).toBe('Strong');
  });

  it('puts the snapshot, the teacher review and growth in the language by code', () => {
    const snapshot: RubricSnapshot = { id: 'r1', title: 'EE rubric', rubric_type: 'ee', scoring_structure: structure, version: 3 };
    const s = snapshotIn(snapshot, rubricLanguage(texts, 'fr'));
    expect(s.title).toBe('Grille du mémoire');
    expect(s.scoring_structure.criteria[0]).toMatchObject({
      code: 'A',
      name: 'Orientation et méthode',
      description: 'Le sujet et la méthode.',
    });
    expect(s.scoring_structure.criteria[0].scoring_levels?.[1]).toEqual({ min: 3, max: 6, descriptor: 'Orientation claire' });
    expect(s.scoring_structure.grade_boundaries.map((g) => g.description)).toEqual(['Solide', 'Bien']);

    const review = {
      reviewer_id: 'u',
      reviewer_name: 'T',
      criteria: [{ criterion_id: 'A', name: 'Focus and Method', score: 4, max_score: 6, feedback: '' }],
      comment: '',
      passage_comments: [],
      total: 4,
      max_total: 12,
      grade: 'B',
      reviewed_at: '2026-11-29T00:00:00.000Z',
      released_at: null,
    };
    const ev = {
      rubric_id: 'r1',
      rubric: snapshot,
      results: results(),
      assignment: { teacher_review: review },
    } as unknown as Evaluation;
    const shown = evaluationIn(ev, rubricLanguage(texts, 'fr'));
    expect(shown.assignment?.teacher_review?.criteria[0].name).toBe('Orientation et méthode');
    expect(shown.results?.criteria[0].name).toBe('Orientation et méthode');
    expect(evaluationIn(ev, rubricLanguage(texts, 'en'))).toBe(ev);

    const growth = growthIn(
      {
        evaluation_id: 'e',
        previous_id: 'p',
        criteria: [{ criterion_id: 'A', name: 'Focus and Method', previous: 3, current: 5, max_score: 6, change: 2 }],
        improvements: [{ criterion: 'Focus and Method', point: 'p', status: 'open', evidence: 'e', location: null }],
        history: [],
      },
      rubricLanguage(texts, 'fr'),
    );
    expect(growth.criteria[0].name).toBe('Orientation et méthode');
    expect(growth.improvements[0].criterion).toBe('Orientation et méthode');
  });

  it('stores the English name when the back office sends back the translated one it showed', () => {
    const lang = rubricLanguage(texts, 'fr');
    const edits = editInEnglish(
      [
        { code: 'A', name: 'Orientation et méthode', score: 4 },
        { code: 'B', name: 'Presentation and style', score: 4 }, // renamed by the admin: kept
      ],
      results(),
      lang,
    );
    expect(edits.map((e) => e.name)).toEqual(['Focus and Method', 'Presentation and style']);
  });
});
