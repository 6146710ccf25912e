import fs from 'node:fs';
import path from 'node:path';
import type { Results } from '@corestone/contracts';
import { gradeBuiltin } from '../src/domain/builtin';
import { analyseText } from '../src/domain/text';
import { measure } from '../src/domain/measure';
import { wordUseOf } from '../src/domain/lexicon';
import { EE_2027_RUBRIC, EE_RUBRIC, TOK_HOLISTIC_RUBRIC, TOK_RUBRIC, job } from './rubrics';
import { PROJECT_ESSAYS, percentOf as percentOfFixture, separations } from './figures';

/**
 * Issue 33 §4: the built-in grader's scale (an ordinary short essay is not at the floor, the IB
 * strong/weak separation at least as wide as before), its spelling and vocabulary signals, and
 * feedback that never contradicts what it found.
 */

const read = (n: string) => fs.readFileSync(path.join(__dirname, 'fixtures', n), 'utf8');
const WEAK = read('weak.txt');
const VERY_WEAK = read('very-weak.txt');

/** An ordinary short argumentative essay (about 380 words): paragraphed, a position, a counter-argument, no sources. */
const SHORT_ARGUMENT = `Should schools ban mobile phones?

Many schools are now deciding whether students should be allowed to keep their phones during the day. In my opinion, schools should ban phones in lessons but allow them at lunch, because this protects learning without treating students like children.

The main reason for a ban in lessons is concentration. When a phone is on the desk, students check messages and lose the thread of the lesson. Teachers then spend time repeating explanations, which slows down the whole class. Research in several countries has suggested that results improve when phones are put away, especially for students who find it hard to focus.

A second reason is well-being. Social media can make students anxious, and a break from constant notifications gives them time to talk to each other face to face. For example, some schools that introduced a ban report that playgrounds became louder and more sociable.

However, a complete ban also has problems. Parents often want to contact their children after school, and some students use their phones to organise clubs, check timetables or travel home safely. On the other hand, these needs do not require a phone in the middle of a maths lesson. A rule that phones stay in bags during lessons, but can be used at lunch, answers most of these concerns.

Critics argue that students must learn to control their own use of technology, and that a ban simply postpones the problem. This is a fair point, and schools should therefore teach responsible use instead of only forbidding it. Nevertheless, learning self-control is easier when the distraction is removed at the moments that matter most.

In conclusion, the strongest argument is that lessons need full attention, while the best objections concern safety and independence. A partial ban, combined with teaching about healthy habits, balances these concerns and is therefore the most sensible policy for schools.
`;

/** The same essay as a hurried first draft: misspelled, plain words, one block. */
const SHORT_ARGUMENT_DRAFT = SHORT_ARGUMENT.replace(/\n\n/g, ' ')
  .replace(/because/g, 'becuase')
  .replace(/students/g, 'studants')
  .replace(/their/g, 'there')
  .replace(/concentration/g, 'consentration')
  .replace(/especially/g, 'expecially');

/** The short essays are graded against their own question, as a student who entered it would have them. */
const OWN_QUESTION = { title: 'Should schools ban mobile phones?', subject_area: 'English' };
const percentOf = (text: string, type: 'ee' | 'tok', rubric: typeof EE_RUBRIC) =>
  text.startsWith('Should schools') ? percentOfFixture(text, type, rubric, OWN_QUESTION) : percentOfFixture(text, type, rubric);

/** Every remark and piece of advice in a result, as text. */
const adviceOf = (r: Results): string[] => [
  ...r.overallSummary.improvements,
  ...r.overallSummary.nextSteps,
  ...(r.suggestions ?? []),
  ...r.criteria.flatMap((c) => [...c.improvements, c.feedback.split('Next: ')[1] ?? '']),
];

describe('built-in grader: scale', () => {
  it('keeps the strong/weak separation on the IB essays at least as wide as before issue 33 (percentage points)', () => {
    // Before: EE default 67.6 − 14.7, EE 2027 63.3 − 13.3, TOK default 80 − 10, TOK holistic 70 − 10.
    const before: Record<string, number> = { 'EE default /34': 52.9, 'EE 2027 /30': 50, 'TOK default /10': 70, 'TOK holistic /10': 60 };
    for (const s of separations()) {
      expect(s.gap).toBeGreaterThanOrEqual(before[s.rubric]);
      expect(s.weak).toBeGreaterThanOrEqual(s.veryWeak);
    }
  });

  it('an ordinary short argumentative essay is off the floor, above the weak fixtures, and below the full IB essays', () => {
    const ee = percentOf(SHORT_ARGUMENT, 'ee', EE_RUBRIC);
    const tok = percentOf(SHORT_ARGUMENT, 'tok', TOK_RUBRIC);
    expect(ee.percentage).toBeGreaterThan(percentOf(VERY_WEAK, 'ee', EE_RUBRIC).percentage);
    expect(ee.percentage).toBeGreaterThan(15);
    expect(tok.percentage).toBeGreaterThanOrEqual(30);
    expect(ee.percentage).toBeLessThan(percentOf(PROJECT_ESSAYS[0].text, 'ee', EE_RUBRIC).percentage);
  });

  it('the same argument as a misspelled single block of text scores lower: never higher on any rubric, lower in all', () => {
    const rubrics = [
      ['ee', EE_RUBRIC],
      ['ee', EE_2027_RUBRIC],
      ['tok', TOK_RUBRIC],
      ['tok', TOK_HOLISTIC_RUBRIC],
    ] as const;
    const draft = rubrics.map(([type, rubric]) => percentOf(SHORT_ARGUMENT_DRAFT, type, rubric).percentage);
    const clean = rubrics.map(([type, rubric]) => percentOf(SHORT_ARGUMENT, type, rubric).percentage);
    draft.forEach((d, i) => expect(d).toBeLessThanOrEqual(clean[i]));
    expect(draft.reduce((a, b) => a + b)).toBeLessThan(clean.reduce((a, b) => a + b));
  });

  it('longer is better below the expected length, by the logarithm of the length: doubling a short essay adds as much as doubling a longer one', () => {
    const f = (text: string) => measure(job(text), analyseText(text)).get('length')!.value;
    const text = (n: number) => Array.from({ length: n / 10 }, () => 'The levy raised the price of sugary drinks a little.').join(' ');
    const a = f(text(300));
    const b = f(text(600));
    const c = f(text(1200));
    expect(b).toBeGreaterThan(a);
    expect(c - b).toBeCloseTo(b - a, 5);
  });
});

describe('built-in grader: spelling and vocabulary', () => {
  it('counts misspelled words, not names, British spellings, quotations, figures or scholarly abbreviations', () => {
    const text =
      'The goverment said the companys would recieve a levy. In London, the colour and flavour of the programme were analysed, and the government realized it (Smith et al., 2019). ' +
      'A witness said "the tax is definately unfare" in the 3rd report, see www.exampel.org.';
    const f = analyseText(text);
    const use = wordUseOf(f.text, f.bodyEnd, f.quotations.hits);
    expect(use.misspellings).toEqual(['goverment', 'companys', 'recieve']);
    expect(use.misspelledHits.map((h) => text.slice(h.start, h.end))).toEqual(['goverment', 'companys', 'recieve']);
  });

  it('advises correcting the misspelled words, and points at their sentences', () => {
    const r = gradeBuiltin(job(SHORT_ARGUMENT_DRAFT, OWN_QUESTION));
    const tip = r.criteria.flatMap((c) => c.improvementDetails ?? []).find((x) => x.text.startsWith('Correct the spelling'));
    expect(tip?.text).toContain("'becuase'");
    expect(tip?.passages[0].quote).toMatch(/becuase|studants|consentration|expecially/);
    expect(gradeBuiltin(job(SHORT_ARGUMENT, OWN_QUESTION)).insight_feedback.grammar_and_mechanics).toContain('no spelling errors found');
  });

  it('rates plain, everyday vocabulary below precise academic vocabulary', () => {
    const value = (text: string) => measure(job(text), analyseText(text)).get('vocabulary')!.value;
    expect(value(read('ee-good.txt'))).toBeGreaterThan(value(WEAK));
    expect(value(WEAK)).toBeGreaterThan(value(VERY_WEAK));
  });
});

describe('built-in grader: feedback does not contradict what it found', () => {
  const withBibliography = `${SHORT_ARGUMENT}\nBibliography\n`;

  it('a bibliography section that was found is completed, never added', () => {
    const r = gradeBuiltin(job(withBibliography));
    expect(r.overallSummary.holisticCommentary).toContain("a 'Bibliography' section");
    expect(adviceOf(r).filter((a) => /End with a complete bibliography/.test(a))).toEqual([]);
    expect(adviceOf(r).some((a) => a.startsWith("Complete the 'Bibliography' section"))).toBe(true);
    // without the section, the advice is to add one
    expect(adviceOf(gradeBuiltin(job(SHORT_ARGUMENT))).some((a) => /End with a complete bibliography/.test(a))).toBe(true);
  });

  it('an essay with a conclusion is told to sharpen it, not to end with one', () => {
    const f = analyseText(SHORT_ARGUMENT);
    expect(f.hasConclusion).toBe(true);
    const tips = [...measure(job(SHORT_ARGUMENT), f).values()].map((s) => s.tip);
    expect(tips.filter((t) => /^End with a conclusion/.test(t))).toEqual([]);
    expect(tips.some((t) => /^Make the conclusion answer/.test(t))).toBe(true);
  });

  it('a text with headings is not told to use headings as if it had none', () => {
    const f = analyseText(read('ee-good.txt'));
    expect(f.headings.length).toBeGreaterThan(0);
    expect(measure(job(read('ee-good.txt')), f).get('headings')!.tip).not.toMatch(/^Use section headings/);
  });

  it('an essay that cites is told to cite where claims rest on sources, not to start citing', () => {
    const good = read('ee-good.txt');
    const tip = measure(job(good), analyseText(good)).get('citations')!.tip;
    expect(tip).toMatch(/^Cite the source of every claim, figure and quotation that rests on one \(9 in-text citations so far\)$/);
    expect(adviceOf(gradeBuiltin(job(good))).filter((a) => a.startsWith('Support claims with in-text citations'))).toEqual([]);
    expect(measure(job(WEAK), analyseText(WEAK)).get('citations')!.tip).toMatch(/^Support claims with in-text citations/);
  });

  it('a research question implied by an opening question is to be made explicit, not stated as if there were none', () => {
    const text = `To what extent did the sugar levy change what people drink?\n\n${WEAK}`;
    const f = analyseText(text);
    expect(f.researchQuestion).toMatchObject({ explicit: false });
    const tip = measure(job(text), f).get('researchQuestion')!.tip;
    expect(tip).toMatch(/^State the research question explicitly/);
    expect(measure(job(WEAK), analyseText(WEAK)).get('researchQuestion')!.tip).toMatch(/^State a sharply focused research question/);
  });

  it('proofreading advice names only the slips that were found', () => {
    const clean = measure(job(SHORT_ARGUMENT), analyseText(SHORT_ARGUMENT)).get('mechanics')!.tip;
    expect(clean).not.toMatch(/capitalise|"I"|twice/);
    const sloppy = measure(job(VERY_WEAK), analyseText(VERY_WEAK)).get('mechanics')!.tip;
    expect(sloppy).toMatch(/capitalise every sentence start/);
    expect(sloppy).toMatch(/"I"/);
  });

  it.each([
    ['ee good', read('ee-good.txt'), 'ee'],
    ['tok good', read('tok-good.txt'), 'tok'],
    ['weak', WEAK, 'ee'],
    ['very weak', VERY_WEAK, 'ee'],
    ['short argument', SHORT_ARGUMENT, 'tok'],
    ['short argument with a bibliography heading', withBibliography, 'ee'],
  ] as const)('%s: no aspect is both praised and advised on, and none is both "found" and "weaker"', (_n, text, type) => {
    const j = job(text, { essay_type: type });
    const signals = [...measure(j, analyseText(text)).values()];
    const r = gradeBuiltin(j);
    const praised = new Set(r.criteria.flatMap((c) => c.strengths));
    const praisedTips = signals.filter((s) => praised.has(s.strength)).map((s) => s.tip);
    expect(adviceOf(r).filter((a) => praisedTips.some((t) => a.startsWith(t)))).toEqual([]);
    for (const c of r.criteria) {
      const found = /Found: (.*?)\. (Weaker|Next|Every)/.exec(c.feedback)?.[1] ?? '';
      const weaker = /Weaker: (.*?)\. (Next|Every)/.exec(c.feedback)?.[1] ?? '';
      const evidence = signals.map((s) => s.evidence).filter((e) => weaker.includes(e));
      expect(evidence.filter((e) => found.includes(e))).toEqual([]);
    }
  });
});
