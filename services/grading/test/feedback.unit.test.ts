import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { Results, type Remark } from '@corestone/contracts';
import { gradeBuiltin } from '../src/domain/builtin';
import { analyseText } from '../src/domain/text';
import { analyseCitations, entryStyle } from '../src/domain/citations';
import { locateQuote, passageOf } from '../src/domain/spans';
import { subjectGlossary } from '../src/domain/subject-terms';
import { EE_2027_RUBRIC, TOK_HOLISTIC_RUBRIC, job } from './rubrics';

const read = (n: string) => fs.readFileSync(path.join(__dirname, 'fixtures', n), 'utf8');
const EE_GOOD = read('ee-good.txt');
const TOK_GOOD = read('tok-good.txt');
const WEAK = read('weak.txt');

const remarksOf = (r: Results): Remark[] => r.criteria.flatMap((c) => [...(c.strengthDetails ?? []), ...(c.improvementDetails ?? [])]);

describe('feedback that points into the essay', () => {
  it.each([
    ['ee good', EE_GOOD, 'ee'],
    ['tok good', TOK_GOOD, 'tok'],
    ['weak', WEAK, 'ee'],
  ] as const)('%s: every passage quotes the text at its offsets, and the details match the plain lists', (_n, text, type) => {
    const r = gradeBuiltin(job(text, { essay_type: type }));
    for (const c of r.criteria) {
      expect(c.strengthDetails!.map((d) => d.text)).toEqual(c.strengths);
      expect(c.improvementDetails!.map((d) => d.text)).toEqual(c.improvements);
    }
    const passages = remarksOf(r).flatMap((d) => d.passages);
    expect(passages.length).toBeGreaterThan(5);
    for (const p of passages) {
      expect(text.slice(p.start, p.end)).toBe(p.quote);
      expect(p.quote.length).toBeLessThanOrEqual(200);
    }
  });

  it('points at the research question it found, and at the opening when there is none', () => {
    const good = gradeBuiltin(job(EE_GOOD)).criteria.find((c) => c.code === 'A')!;
    const rq = good.strengthDetails!.find((d) => d.text.startsWith('A clear research question'))!;
    expect(rq.passages[0].quote).toMatch(/^To what extent did the Soft Drinks Industry Levy reduce .*\?$/);

    const weak = gradeBuiltin(job(WEAK)).criteria.find((c) => c.code === 'A')!;
    const tip = weak.improvementDetails!.find((d) => d.text.startsWith('State a sharply focused research question'))!;
    expect(tip.passages[0].quote).toBe('Sugar is bad for people and it makes them fat.');
  });

  it('most improvements of a weak essay say where they apply', () => {
    const details = gradeBuiltin(job(WEAK)).criteria.flatMap((c) => c.improvementDetails!);
    const located = details.filter((d) => d.passages.length > 0);
    expect(located.length / details.length).toBeGreaterThanOrEqual(0.6);
  });

  it('offsets stay true for Windows line endings and curly quotes', () => {
    const crlf = EE_GOOD.replace(/\n/g, '\r\n').replace(/'/g, '\u2019');
    const r = gradeBuiltin(job(crlf));
    for (const p of remarksOf(r).flatMap((d) => d.passages)) expect(crlf.slice(p.start, p.end)).toBe(p.quote);
    expect(r.totalPoints).toBe(gradeBuiltin(job(EE_GOOD)).totalPoints);
  });

  it('over the word limit, the advice points at where the limit is crossed', () => {
    const long = `${EE_GOOD.split('\nBibliography')[0]}\n\n${EE_GOOD}\n\n${EE_GOOD}`;
    const a = gradeBuiltin(job(long)).criteria.find((c) => c.code === 'A')!;
    const tip = a.improvementDetails!.find((d) => d.text.includes('4,000-word limit'))!;
    const before = long.slice(0, tip.passages[0].start).split(/\s+/).filter(Boolean).length;
    expect(before).toBe(4000);
  });

  it('suggestions say where to act, and the text metrics describe the writing', () => {
    const r = gradeBuiltin(job(WEAK));
    expect(r.suggestions!.length).toBeGreaterThanOrEqual(4);
    expect(r.suggestions!.some((s) => /\(see: ".+"\)$/.test(s))).toBe(true);
    expect(r.textMetrics).toMatchObject({ wordLimit: 4000, citations: 0, citationStyle: 'none', bibliographyEntries: 0 });
    const good = gradeBuiltin(job(EE_GOOD)).textMetrics!;
    expect(good.readabilityGrade).toBeGreaterThan(r.textMetrics!.readabilityGrade);
    expect(good.sentenceLengthVariation).toBeGreaterThan(0);
    expect(good.citationStyle).toBe('Harvard');
  });

  it('uses the research question the student entered when the text states none', () => {
    const text = WEAK.replace(
      'This essay is about the sugar tax and if it worked.',
      'This essay is about whether the sugar levy reduced sugar consumption.',
    );
    const given = gradeBuiltin(job(text, { research_question: 'Did the sugar levy reduce sugar consumption in the UK?' }));
    expect(given.criteria.find((c) => c.code === 'A')!.feedback).toContain('research question you entered');
    expect(given.criteria.find((c) => c.code === 'A')!.score).toBeGreaterThanOrEqual(
      gradeBuiltin(job(text)).criteria.find((c) => c.code === 'A')!.score,
    );
  });
});

describe('subject vocabulary', () => {
  it('checks the essay against its subject’s concepts, and names missing ones as examples', () => {
    const economics = gradeBuiltin(job(EE_GOOD)).criteria.find((c) => c.code === 'B')!;
    expect(economics.feedback).toMatch(/\b\d+ of 14 Economics terms used \('demand', 'supply'/);
    const asChemistry = gradeBuiltin(job(EE_GOOD, { subject_area: 'Chemistry' }));
    const b = asChemistry.criteria.find((c) => c.code === 'B')!;
    expect(b.score).toBeLessThanOrEqual(economics.score);
    expect(asChemistry.overallSummary.improvements.join(' ') + b.improvements.join(' ')).toMatch(
      /Chemistry concepts precisely where they apply \(e\.g\. '/,
    );
    expect(subjectGlossary('Business Management')).toContain('stakeholder');
    expect(subjectGlossary('Environmental Systems and Societies')).toContain('ecosystem');
    expect(subjectGlossary('Underwater Basket Weaving')).toEqual([]);
  });
});

describe('the IB 2027 EE and TOK holistic rubrics', () => {
  it('discriminate clearly and stay deterministic', () => {
    const good = gradeBuiltin(job(EE_GOOD, { rubric: EE_2027_RUBRIC }));
    const weak = gradeBuiltin(job(WEAK, { rubric: EE_2027_RUBRIC }));
    expect(Value.Check(Results, good)).toBe(true);
    expect(good.maxPoints).toBe(30);
    expect(good.totalPoints).toBeGreaterThanOrEqual(weak.totalPoints + 10);
    expect(good.criteria.find((c) => c.code === 'D')!.maxScore).toBe(8);
    expect(gradeBuiltin(job(EE_GOOD, { rubric: EE_2027_RUBRIC }))).toEqual(good);

    const tokGood = gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok', rubric: TOK_HOLISTIC_RUBRIC }));
    const tokWeak = gradeBuiltin(job(WEAK, { essay_type: 'tok', rubric: TOK_HOLISTIC_RUBRIC }));
    expect(tokGood.criteria).toHaveLength(1);
    expect(tokGood.totalPoints).toBeGreaterThanOrEqual(tokWeak.totalPoints + 4);
  });
});

describe('band labels from mark bands', () => {
  const withLevels = (levels: Array<[number, number, string]>) => ({
    ...TOK_HOLISTIC_RUBRIC,
    scoring_structure: {
      ...TOK_HOLISTIC_RUBRIC.scoring_structure,
      criteria: TOK_HOLISTIC_RUBRIC.scoring_structure.criteria.map((c) => ({
        ...c,
        scoring_levels: levels.map(([min, max, descriptor]) => ({ min, max, descriptor })),
      })),
    },
  });
  it('a short label leading a long descriptor is the band; the descriptor is quoted in the feedback', () => {
    const rubric = withLevels([
      [0, 4, 'Basic. The essay is connected to the title and makes some links.'],
      [5, 6, 'Satisfactory. The essay is focused on the title.'],
      [7, 10, 'Good. The essay is focused on the title and linked effectively to areas of knowledge.'],
    ]);
    const c = gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok', rubric })).criteria[0];
    const level = rubric.scoring_structure.criteria[0].scoring_levels.find((l) => c.score >= l.min && c.score <= l.max)!;
    expect(c.band).toBe(level.descriptor.split('.')[0]);
    expect(c.feedback).toContain(`Mark band ${level.min}–${level.max}: ${level.descriptor}`);
  });
  it('a long descriptor without a label gives the grade-boundary description as the band', () => {
    const long = 'The framework is adequate: the topic is communicated and the research question is generally focused.';
    const c = gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok', rubric: withLevels([[0, 10, long]]) })).criteria[0];
    expect(['Excellent', 'Good', 'Satisfactory', 'Mediocre', 'Elementary']).toContain(c.band);
    expect(c.feedback).toContain(`Mark band 0–10: ${long}`);
  });
});

describe('referencing style', () => {
  const body = (cites: string[]) => cites.map((c, i) => `Claim number ${i} is supported ${c}.`).join(' ');
  it.each([
    [
      'APA',
      body(['(Smith, 2019)', '(Jones & Lee, 2020, p. 4)']),
      ['Smith, J. (2019). The title. Publisher.', 'Jones, A., & Lee, B. (2020). Another title. Journal, 4(2), 1-9.'],
      false,
    ],
    [
      'Harvard',
      body(['(Smith 2019)', '(Jones and Lee 2020, p. 4)']),
      ['Smith, J. (2019) The title. London: Publisher.', 'Jones, A. and Lee, B. (2020) Another title.'],
      false,
    ],
    [
      'MLA',
      body(['(Smith 45)', '(Jones and Lee 112-14)']),
      ['Smith, John. The Title. Publisher, 2019.', 'Jones, Ann, and Bo Lee. Another Title. Press, 2020.'],
      true,
    ],
    [
      'Chicago',
      `${body(['(Smith 2019, 45)'])} Ibid. Ibid.`,
      ['Smith, John. The Title. London: Publisher, 2019.', 'Jones, Ann. Another Title. New York: Press, 2020.'],
      false,
    ],
    ['numeric', body(['[1]', '[2, 3]']), ['[1] J. Smith, The title, 2019.'], false],
  ] as const)('recognises %s', (style, text, entries, worksCited) => {
    expect(analyseCitations(text, entries, worksCited).style).toBe(style);
  });

  it('calls a mix of forms mixed, and nothing none', () => {
    expect(analyseCitations(body(['(Smith, 2019)', '(Jones 45)', '[1]', '[2]', '(Lee, 2020)']), [], false).style).toBe('mixed');
    expect(analyseCitations('No sources at all.', [], false).style).toBe('none');
    expect(entryStyle('Smith, J. (2019). The title. Publisher.')).toBe('APA');
    expect(entryStyle('Smith, John. The Title. Publisher, 2019.')).toBe('MLA');
  });
});

describe('passages and quotes', () => {
  it('cuts long passages at a word end and trims whitespace', () => {
    const text = `  ${'word '.repeat(100)}`;
    const p = passageOf(text, { start: 0, end: text.length })!;
    expect(p.start).toBe(2);
    expect(p.quote.length).toBeLessThanOrEqual(200);
    expect(p.quote.endsWith('word')).toBe(true);
  });

  it('locates a quoted phrase exactly or despite whitespace and case, never elsewhere', () => {
    const text = 'The levy changed\nthe recipe of   many drinks.';
    expect(locateQuote(text, 'changed the recipe')).toEqual({ start: 9, end: 27 });
    expect(locateQuote(text, '"The levy"')).toEqual({ start: 0, end: 8 });
    expect(locateQuote(text, 'MANY DRINKS')).toEqual({ start: 33, end: 44 });
    expect(locateQuote(text, 'not in the essay')).toBeNull();
  });
});

/** The essay as PDF extraction gives it: lines wrapped at ~80 characters, no blank lines. */
function hardWrapped(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/(.{1,80})(\s+|$)/g, '$1\n')
        .trim(),
    )
    .join('\n');
}

describe('text analysis extras', () => {
  it('reads hard-wrapped text (PDF extraction) as paragraphs and whole sentences', () => {
    const plain = analyseText(EE_GOOD);
    const wrapped = analyseText(hardWrapped(EE_GOOD));
    // a paragraph whose last line is nearly full cannot be told from the next one: close, not exact
    expect(wrapped.paragraphs.length).toBeGreaterThanOrEqual(plain.paragraphs.length * 0.8);
    expect(wrapped.paragraphs.length).toBeLessThanOrEqual(plain.paragraphs.length);
    expect(wrapped.sentences.length).toBe(plain.sentences.length);
    expect(wrapped.avgSentenceLength).toBeCloseTo(plain.avgSentenceLength, 5);
    expect(Math.abs(gradeBuiltin(job(hardWrapped(EE_GOOD))).totalPoints - gradeBuiltin(job(EE_GOOD)).totalPoints)).toBeLessThanOrEqual(1);
    // one line per paragraph (no blank lines) stays one paragraph per line
    expect(analyseText('First paragraph ends here.\nSecond one ends here.\nThird one too.').paragraphs).toHaveLength(3);
  });

  it('measures readability and sentence variety', () => {
    const flat = analyseText('The cat sat. The cat ran. The cat ate. The cat hid. The cat slept.');
    expect(flat.sentenceVariation).toBe(0);
    expect(flat.openerVariety).toBeLessThan(0.5);
    const varied = analyseText(
      'Taxes change behaviour. Yet the response of firms, which could reformulate their products before the levy began, was larger than most economists predicted in 2016. Why?',
    );
    expect(varied.sentenceVariation).toBeGreaterThan(0.5);
    expect(varied.readabilityGrade).toBeGreaterThan(flat.readabilityGrade);
  });
});

describe('what the student stated in the upload wizard', () => {
  const STATED_RQ =
    'To what extent did the Soft Drinks Industry Levy reduce the sugar content of soft drinks sold in the United Kingdom between 2016 and 2020?';
  const OTHER_RQ = 'How did the printing press change literacy rates in sixteenth-century Germany?';
  const focusOfResult = (r: Results) => r.criteria.find((c) => c.code === 'A')!;

  it('checks the essay against the stated research question: an essay answering it scores higher than one that does not', () => {
    const answers = gradeBuiltin(job(EE_GOOD, { research_question: STATED_RQ }));
    const elsewhere = gradeBuiltin(job(EE_GOOD, { research_question: OTHER_RQ }));
    expect(focusOfResult(answers).score).toBeGreaterThan(focusOfResult(elsewhere).score);
    expect(answers.totalPoints).toBeGreaterThan(elsewhere.totalPoints);
    expect(focusOfResult(answers).strengths.join(' ')).toContain('A clear research question');
    expect(focusOfResult(elsewhere).feedback).toContain('not the research question you entered ("How did the printing press');
    expect(focusOfResult(elsewhere).improvements.join(' ')).toContain('Answer the research question you entered');
    // where to act: the question the essay states instead
    const tip = focusOfResult(elsewhere).improvementDetails!.find((d) => d.text.startsWith('Answer the research question you entered'))!;
    expect(tip.passages[0].quote).toMatch(/^To what extent did the Soft Drinks Industry Levy/);
  });

  it('checks a TOK essay against the stated prescribed title', () => {
    const title = 'The more certain we are, the less we question. Discuss with reference to two areas of knowledge.';
    const onTitle = gradeBuiltin(job(TOK_GOOD, { essay_type: 'tok', prescribed_title: title }));
    const offTitle = gradeBuiltin(
      job(TOK_GOOD, { essay_type: 'tok', prescribed_title: 'Is beauty in mathematics evidence of truth in physics, economics and music?' }),
    );
    expect(onTitle.totalPoints).toBeGreaterThanOrEqual(offTitle.totalPoints);
    expect(offTitle.criteria.map((c) => c.feedback).join(' ')).toMatch(/key words of the prescribed title appear in the essay/);
  });

  it('checks the references against the stated citation style', () => {
    const asStated = gradeBuiltin(job(EE_GOOD, { citation_style: 'Harvard' })).criteria.find((c) => c.code === 'D')!;
    const otherStyle = gradeBuiltin(job(EE_GOOD, { citation_style: 'MLA' })).criteria.find((c) => c.code === 'D')!;
    expect(asStated.feedback).toContain('the Harvard style you stated');
    expect(asStated.strengths.join(' ')).toContain('Consistent Harvard referencing, as stated');
    expect(otherStyle.improvements.join(' ')).toContain('Apply the MLA style you chose to every in-text citation and bibliography entry');
    expect(gradeBuiltin(job(EE_GOOD, { citation_style: 'Other' }))).toEqual(gradeBuiltin(job(EE_GOOD)));
  });
});
