import type { Criterion, Passage, Results } from '@corestone/contracts';
import { criterionMovement, growthBetween, improvementProgress, relocate, sentences, wordOverlap } from '../src/domain/growth';
import { results } from './harness';

const OLD_TEXT = [
  'Globalisation changed the coffee trade. Prices fell for farmers in Ethiopia.',
  'Everyone agrees that fair trade helps everyone.',
  'In conclusion, the market is unfair.',
].join('\n');

/** The passage of `text` that `quote` stands at (the graders' offsets). */
function passage(text: string, quote: string): Passage {
  const start = text.indexOf(quote);
  if (start < 0) throw new Error(`not in the text: ${quote}`);
  return { start, end: start + quote.length, quote };
}

function criterion(code: string, name: string, score: number, improvements: Array<[string, Passage[]]>): Criterion {
  return {
    code,
    name,
    score,
    maxScore: 6,
    band: '',
    feedback: '',
    weight: 1,
    strengths: [],
    improvements: improvements.map(([t]) => t),
    improvementDetails: improvements.map(([text, passages]) => ({ text, passages })),
  };
}

const withCriteria = (criteria: Criterion[]): Results => ({ ...results(0, 18), criteria });

describe('criterion movement', () => {
  it('pairs criteria by code, then by name, and lists a criterion that disappeared', () => {
    const before = withCriteria([criterion('A', 'Focus', 2, []), criterion('B', 'Knowledge', 4, []), criterion('X', 'Old one', 3, [])]);
    const after = withCriteria([criterion('A', 'Focus', 4.5, []), criterion('b2', 'knowledge', 3, []), criterion('C', 'New one', 5, [])]);
    expect(criterionMovement(before, after)).toEqual([
      { criterion_id: 'A', name: 'Focus', previous: 2, current: 4.5, max_score: 6, change: 2.5 },
      { criterion_id: 'b2', name: 'knowledge', previous: 4, current: 3, max_score: 6, change: -1 },
      { criterion_id: 'C', name: 'New one', previous: null, current: 5, max_score: 6, change: null },
      { criterion_id: 'X', name: 'Old one', previous: 3, current: null, max_score: 6, change: null },
    ]);
  });

  it('has no previous marks for a first submission', () => {
    const growth = growthBetween(null, withCriteria([criterion('A', 'Focus', 2, [['Sharpen the question', []]])]), OLD_TEXT);
    expect(growth).toEqual({
      criteria: [{ criterion_id: 'A', name: 'Focus', previous: null, current: 2, max_score: 6, change: null }],
      improvements: [],
    });
  });
});

describe('re-locating a passage in the new text', () => {
  const old = passage(OLD_TEXT, 'Everyone agrees that fair trade helps everyone.');

  it('finds it word for word, white space aside', () => {
    const text = `A new opening.\nEveryone agrees that\n  fair trade helps everyone. More.`;
    expect(relocate(old, text)).toEqual({
      kind: 'same',
      location: { start: 15, end: 15 + 'Everyone agrees that\n  fair trade helps everyone.'.length },
    });
  });

  it('takes the occurrence nearest its old place when it repeats', () => {
    const q = { start: 80, end: 84, quote: 'fell' };
    const text = 'fell '.repeat(40);
    expect(relocate(q, text, 100)).toEqual({ kind: 'same', location: { start: 160, end: 164 } });
    expect(relocate(q, text)).toEqual({ kind: 'same', location: { start: 0, end: 4 } });
  });

  it('finds the rewritten sentence by its words, and says removed when nothing is close', () => {
    const rewritten = 'Globalisation changed the coffee trade. Many economists agree that fair trade helps farmers, though not everyone.';
    const found = relocate(old, rewritten);
    expect(found).toMatchObject({ kind: 'rewritten', location: { start: 40, end: rewritten.length } });
    expect(relocate(old, 'Globalisation changed the coffee trade. Prices fell.')).toEqual({ kind: 'removed' });
  });

  it('splits sentences with offsets and compares words without function words', () => {
    expect(sentences('One. Two!\n  Three')).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 9 },
      { start: 12, end: 17 },
    ]);
    // {fair, trade, helps} vs {fair, trade, hurts}: 2·2/(3 + 3).
    expect(wordOverlap('The fair trade helps', 'fair trade hurts')).toBeCloseTo(4 / 6, 12);
    expect(wordOverlap('the of', 'fair')).toBe(0);
  });
});

describe('which earlier improvement points now appear addressed', () => {
  const vague = passage(OLD_TEXT, 'Everyone agrees that fair trade helps everyone.');
  const conclusion = passage(OLD_TEXT, 'In conclusion, the market is unfair.');
  const before = withCriteria([
    criterion('A', 'Focus', 3, [
      ['Support the claim about fair trade with evidence', [vague]],
      ['Develop the conclusion beyond a single sentence', [conclusion]],
    ]),
    criterion('B', 'Knowledge', 2, [['Use more academic sources', []]]),
    criterion('C', 'Analysis', 4, [['Weigh counter-arguments', []]]),
  ]);

  const NEW_TEXT = [
    'Globalisation changed the coffee trade. Prices fell for farmers in Ethiopia.',
    'Studies by Raynolds (2009) suggest fair trade helps some farmers, though the evidence is mixed.',
    'In conclusion, the market is unfair.',
  ].join('\n');

  const after = withCriteria([
    criterion('A', 'Focus', 3, [
      ['The conclusion should develop beyond a single sentence', [passage(NEW_TEXT, 'In conclusion, the market is unfair.')]],
    ]),
    criterion('B', 'Knowledge', 4, []),
    criterion('C', 'Analysis', 4, []),
  ]);

  const progress = improvementProgress(before, after, NEW_TEXT, OLD_TEXT);

  it('gives one line per earlier point, in order', () => {
    expect(progress.map((p) => [p.criterion, p.point, p.status])).toEqual([
      ['Focus', 'Support the claim about fair trade with evidence', 'addressed'],
      ['Focus', 'Develop the conclusion beyond a single sentence', 'open'],
      ['Knowledge', 'Use more academic sources', 'addressed'],
      ['Analysis', 'Weigh counter-arguments', 'open'],
    ]);
  });

  it('a rewritten passage counts as addressed, located at its new wording', () => {
    const start = NEW_TEXT.indexOf('Studies by');
    const end = NEW_TEXT.indexOf('mixed.') + 'mixed.'.length;
    expect(progress[0].location).toEqual({ start, end });
    expect(NEW_TEXT.slice(progress[0].location!.start, progress[0].location!.end)).toMatch(/^Studies by Raynolds/);
    expect(progress[0].evidence).toBe(
      'The passage it referred to (“Everyone agrees that fair trade helps everyone.”) was rewritten and the new feedback no longer raises it.',
    );
  });

  it('a point the new feedback raises again stays open, at the new feedback’s passage', () => {
    expect(progress[1].evidence).toBe('The new feedback raises it again: “The conclusion should develop beyond a single sentence”.');
    expect(NEW_TEXT.slice(progress[1].location!.start, progress[1].location!.end)).toBe('In conclusion, the market is unfair.');
  });

  it('a risen mark counts as addressed; no passage and no rise stays open', () => {
    expect(progress[2]).toMatchObject({
      evidence: 'The mark for Knowledge rose (2 → 4/6) and the new feedback no longer raises it.',
      location: null,
    });
    expect(progress[3]).toMatchObject({
      evidence: 'It points at no passage in particular and the mark for Analysis did not rise (4 → 4/6).',
      location: null,
    });
  });

  it('an unchanged passage stays open, located where it now stands; a removed one counts as addressed', () => {
    const same = improvementProgress(before, withCriteria([criterion('A', 'Focus', 3, [])]), `Intro.\n${OLD_TEXT}`, OLD_TEXT);
    expect(same[0]).toMatchObject({ status: 'open', location: { start: vague.start + 7, end: vague.end + 7 } });
    expect(same[0].evidence).toBe('The passage it referred to (“Everyone agrees that fair trade helps everyone.”) is unchanged.');
    const removed = improvementProgress(
      before,
      withCriteria([criterion('A', 'Focus', 3, [])]),
      'A wholly different essay about tea.',
      OLD_TEXT,
    );
    expect(removed[0]).toMatchObject({ status: 'addressed', location: null });
    expect(removed[0].evidence).toMatch(/was removed and the new feedback no longer raises it\.$/);
    expect(removed[2]).toMatchObject({
      status: 'open',
      evidence: 'It points at no passage in particular and Knowledge is not marked in the new result.',
    });
  });

  it('is deterministic and works from the plain improvements when a result has no passage details', () => {
    const plain = withCriteria(before.criteria.map((c) => ({ ...c, improvementDetails: undefined })));
    const again = improvementProgress(plain, after, NEW_TEXT);
    expect(again).toEqual(improvementProgress(plain, after, NEW_TEXT));
    expect(again.map((p) => p.status)).toEqual(['open', 'open', 'addressed', 'open']);
  });
});
