import { parseRubricText } from '../src/domain/parse-rubric';
import { criteriaText } from '../src/domain/criteria-text';
import { SEED_RUBRICS } from '../src/domain/seeds';

const EE_DOCUMENT = `Extended Essay Marking Rubric
For use by supervisors and examiners. Apply the criteria with the descriptors below.

Criterion A: Framework for the essay (6 marks)
The choice of topic and research question, methods and structure.
0 The work does not reach a standard described by the descriptors below.
1–2 The topic is not clearly communicated and the research question lacks focus.
3–4 The topic is communicated and the research question is generally focused.
5–6 The topic is clearly communicated and the research question is sharply
focused; methods are justified.

Criterion B – Knowledge and understanding (maximum 6 marks)
| Marks | Level descriptor |
| 0 | The work does not reach a standard described by the descriptors below. |
| 1-2 | Knowledge is limited. |
| 3-4 | Knowledge is adequate. |
| 5-6 | Knowledge is good to excellent. |

C. Analysis and line of argument
Maximum: 6 marks
Level 1 (1–2 marks): Analysis is limited and mostly descriptive.
Level 2 (3–4 marks): Analysis is adequate.
Level 3 (5–6 marks): Analysis is effective.

Criterion D
Discussion and evaluation
0
The work does not reach a standard described by the descriptors below.
1–2
Discussion is limited.
3–4
Discussion is adequate.
5–6
Discussion is good.
7–8
Discussion is excellent.

Criterion E: Reflection /4
1-2: Reflection is descriptive.
3-4: Reflection is evaluative.

Guidance for examiners
- Does the research question allow a focused answer within 4,000 words?
- Read the whole essay before
  awarding marks.
Note: the reflection is read from the essay's reflection section.

Grade boundaries
A 25–30 Excellent
B 20–24 Good
C 14–19 Satisfactory
D 8–13 Mediocre
E 0–7 Elementary
Pass mark: 8 marks`;

describe('parseRubricText on a rubric document', () => {
  const parsed = parseRubricText(EE_DOCUMENT);

  it('recognises every criterion heading style with its code, name and maximum', () => {
    expect(parsed.criteria.map((c) => [c.code, c.name, c.maxScore])).toEqual([
      ['A', 'Framework for the essay', 6],
      ['B', 'Knowledge and understanding', 6],
      ['C', 'Analysis and line of argument', 6],
      ['D', 'Discussion and evaluation', 8],
      ['E', 'Reflection', 4],
    ]);
  });

  it('reads the mark bands and their descriptors, joining wrapped lines and table cells', () => {
    const [a, b, c, d, e] = parsed.criteria;
    expect(a.description).toBe('The choice of topic and research question, methods and structure.');
    expect(a.scoring_levels).toEqual([
      { min: 0, max: 0, descriptor: 'The work does not reach a standard described by the descriptors below.' },
      { min: 1, max: 2, descriptor: 'The topic is not clearly communicated and the research question lacks focus.' },
      { min: 3, max: 4, descriptor: 'The topic is communicated and the research question is generally focused.' },
      {
        min: 5,
        max: 6,
        descriptor: 'The topic is clearly communicated and the research question is sharply focused; methods are justified.',
      },
    ]);
    expect(b.scoring_levels?.map((l) => `${l.min}-${l.max} ${l.descriptor}`)).toEqual([
      '0-0 The work does not reach a standard described by the descriptors below.',
      '1-2 Knowledge is limited.',
      '3-4 Knowledge is adequate.',
      '5-6 Knowledge is good to excellent.',
    ]);
    expect(c.scoring_levels?.map((l) => l.max)).toEqual([2, 4, 6]);
    expect(d.scoring_levels?.map((l) => [l.min, l.max, l.descriptor])).toContainEqual([7, 8, 'Discussion is excellent.']);
    expect(e.scoring_levels).toHaveLength(2);
  });

  it('keeps guidance, questions, title, description, grade boundaries (marks → %) and the pass mark', () => {
    expect(parsed.title).toBe('Extended Essay Marking Rubric');
    expect(parsed.description).toBe('For use by supervisors and examiners. Apply the criteria with the descriptors below.');
    expect(parsed.detailed_guidance).toEqual([
      'Does the research question allow a focused answer within 4,000 words?',
      'Read the whole essay before awarding marks.',
      "the reflection is read from the essay's reflection section.",
    ]);
    expect(parsed.prompts).toEqual(['Does the research question allow a focused answer within 4,000 words?']);
    expect(parsed.grade_boundaries).toEqual([
      { grade: 'A', min_percentage: 84, max_percentage: 100, description: 'Excellent' },
      { grade: 'B', min_percentage: 67, max_percentage: 83, description: 'Good' },
      { grade: 'C', min_percentage: 47, max_percentage: 66, description: 'Satisfactory' },
      { grade: 'D', min_percentage: 27, max_percentage: 46, description: 'Mediocre' },
      { grade: 'E', min_percentage: 0, max_percentage: 26, description: 'Elementary' },
    ]);
    expect(parsed.pass_threshold).toBe(27);
    expect(parsed.warnings).toEqual(['Criterion D: no maximum stated; 8, the top of its mark bands, was used']);
  });
});

describe('parseRubricText edge cases', () => {
  it('reads mark bands with no criterion heading as one holistic criterion named by its question', () => {
    const parsed = parseRubricText(`TOK essay assessment instrument
Does the student provide a clear, coherent and critical exploration of the essay title?
9–10 Excellent. The discussion has a sustained focus on the title.
7–8 Good. The discussion is focused on the title.
5–6 Satisfactory. The discussion is focused on the title.
3–4 Basic. The discussion is connected to the title.
1–2 Rudimentary. The discussion has a weak connection to the title.
0 The discussion does not reach the standard described by the levels above.`);
    expect(parsed.criteria).toHaveLength(1);
    expect(parsed.criteria[0]).toMatchObject({
      code: 'A',
      name: 'Does the student provide a clear, coherent and critical exploration of the essay title?',
      maxScore: 10,
    });
    expect(parsed.criteria[0].scoring_levels).toHaveLength(6);
    expect(parsed.warnings).toEqual(['Criterion A: no maximum stated; 10, the top of its mark bands, was used']);
  });

  it('does not take prose, years, numbered lists or page numbers for bands or headings', () => {
    const parsed = parseRubricText(`Rubric for 2027
1. Read the essay first.
Criterion A: Content (15 points)
3 sources were consulted by most students in 2026.
1–5: Ideas are few.
6–10: Ideas are relevant.
4
11–15: Ideas are developed in depth.`);
    expect(parsed.criteria).toHaveLength(1);
    const a = parsed.criteria[0];
    expect(a).toMatchObject({
      code: 'A',
      name: 'Content',
      maxScore: 15,
      description: '3 sources were consulted by most students in 2026.',
    });
    expect(a.scoring_levels?.map((l) => [l.min, l.max, l.descriptor])).toEqual([
      [1, 5, 'Ideas are few.'],
      [6, 10, 'Ideas are relevant. 4'],
      [11, 15, 'Ideas are developed in depth.'],
    ]);
  });

  it('gives codes to numbered criteria and warns about what is missing', () => {
    const parsed = parseRubricText(`1. Content (15 marks)\n2. Structure (15 marks)\nCriterion C`);
    expect(parsed.criteria.map((c) => [c.code, c.name, c.maxScore])).toEqual([
      ['A', 'Content', 15],
      ['B', 'Structure', 15],
      ['C', 'Criterion C', 0],
    ]);
    expect(parsed.warnings).toEqual(
      expect.arrayContaining(['Criterion A: no mark bands found', 'Criterion C: no name found', 'Criterion C: no marks found']),
    );
  });

  it('finds nothing in text that is not a rubric', () => {
    const parsed = parseRubricText('Dear students,\nplease hand in your essays by Friday. Any questions?');
    expect(parsed.criteria).toEqual([]);
    expect(parsed.title).toBe('Dear students,');
  });
});

describe('criteria text', () => {
  it.each(SEED_RUBRICS.map((r) => [r.title, r] as const))('%s reads back to the same criteria', (_title, seed) => {
    const parsed = parseRubricText(criteriaText(seed.scoring_structure.criteria));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.criteria).toEqual(seed.scoring_structure.criteria.map(({ weight: _w, ...c }) => c));
  });
});
