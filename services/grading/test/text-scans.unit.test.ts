import fs from 'node:fs';
import path from 'node:path';
import { blankOut, matchesAt } from '../src/domain/scan';
import { fmt } from '../src/domain/signals';
import {
  analyseText,
  countWords,
  segmentSentences,
  stem,
  stemsUsedIn,
  tokensOf,
  vocabularyOf,
  wordStart,
  wordsOf,
} from '../src/domain/text';
import { buildVocabulary } from '../src/domain/words';

/**
 * The text analysis finds words, tokens, figures, quotations, sentences and slips with one pass over
 * the text and regexes tried only where a match can start. Each must give what the whole-text regex
 * (or per-sentence loop) it replaces gives: here both are run on hostile and random texts.
 */

const read = (n: string) => fs.readFileSync(path.join(__dirname, 'fixtures', n), 'utf8');
const REAL = ['ee-good.txt', 'tok-good.txt', 'weak.txt', 'very-weak.txt'].map(read);

let seed = 11;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const PIECES = [
  ...'the The THE a A i I i. .i had HAD that x1 1x _a a_ in İ ı K ſ é 😀 ’ ‘ “ ” " \' - — ( ) [ ] . , ; ? ! ... ?! ." .) % percent'.split(
    ' ',
  ),
  ...'Ibid Ibidx xIbid Ibid. e.g. i.e. Dr. no. fig. U.S. 12 3.5 1,000 45% 0.5% 1990s 7 percent 12 % (n.d.) [1] [2, 3] [12–14] [3]x'.split(
    ' ',
  ),
  ...['(Smith, 2019)', '(Smith 2019)', '(Jones 45)', '(Kim and Park 12)', '(Wu et al. 3–9)', '(Lee 2001a)', '(x)', '(1990)'],
  ...['"a quotation that is long enough here"', '“curly quoted words here too”', 'the the', 'The the', 'that that', 'had had'],
  ...['Introduction', 'Conclusion', 'Bibliography', 'Smith, J. (2019). A title. Publisher.', 'Research question: how far?'],
  ...[' ', ' ', ' ', '  ', '\n', '\n\n', '\t', '\r\n', '\u00a0', '\u2028', '\u3000', '\ufeff'],
];
function randomText(): string {
  if (random() < 0.3) {
    const essay = pick(REAL);
    const at = Math.floor(random() * essay.length);
    return essay.slice(0, at) + pick(PIECES) + ' ' + essay.slice(at);
  }
  let s = '';
  for (let n = Math.floor(random() * 150); n > 0; n--) s += pick(PIECES) + (random() < 0.6 ? ' ' : '');
  return s;
}
const TEXTS = [...REAL, ...REAL.map((t) => t.replace(/\n/g, '\r\n').toUpperCase()), ...Array.from({ length: 400 }, randomText)];

const hits = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => [m.index, m[0], ...m.slice(1)]);

describe('scans that stand in for whole-text regexes', () => {
  const CASES: Array<[RegExp, string]> = [
    [/\([^()\n]{0,100}?(?:\b(?:1[5-9]\d{2}|20\d{2})[a-z]?\b|n\.d\.)[^()\n]{0,30}\)/g, '('],
    [/\((?:[A-Z][A-Za-z'’-]+)(?:\s+(?:and|&)\s+[A-Z][A-Za-z'’-]+|\s+et al\.)?\s+(\d{1,4}(?:[-–]\d{1,4})?)\)/g, '('],
    [/\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]/g, '['],
    [/["“]([^"”\n]{12,400})["”]/g, '"“'],
    [/[.!?]+["”')\]]?(?=\s+\S|\s*$)/g, '.!?'],
  ];

  it('matchesAt finds what matchAll finds, and blankOut blanks what replace blanks', () => {
    for (const text of TEXTS) {
      for (const [re, leads] of CASES) {
        expect(hits(matchesAt(re, text, leads))).toEqual(hits(text.matchAll(re)));
        expect(blankOut(text, re, leads)).toBe(text.replace(re, (m) => ' '.repeat(m.length)));
      }
    }
  });

  it('the figures, quotations, lone i and repeated words of analyseText are the regexes’ matches', () => {
    for (const text of TEXTS) {
      const f = analyseText(text);
      const body = f.text.slice(0, f.bodyEnd);
      const blanked = body
        .replace(/\([^()\n]{0,100}\)/g, (m) => ' '.repeat(m.length))
        .replace(/\[\d[^\]]*\]/g, (m) => ' '.repeat(m.length));
      const figures = [...blanked.matchAll(/(?<![\w.])\d+(?:[.,]\d+)*(?:\s?%|\s?percent\b)?/g)];
      expect(f.numbers.hits).toEqual(figures.map((m) => ({ start: m.index, end: m.index! + m[0].length, text: m[0].trim() })));
      const quotes = [...body.matchAll(/["“]([^"”\n]{12,400})["”]/g)].filter((m) => countWords(m[1]) >= 3);
      expect(f.quotations.hits).toEqual(quotes.map((m) => ({ start: m.index, end: m.index! + m[0].length, text: m[1] })));
      const lowercase = [...body.matchAll(/(?<![\w.])i(?![\w.])/g)].map((m) => ({ start: m.index, end: m.index! + 1, text: 'i' }));
      const repeated = [...body.matchAll(/\b([A-Za-z]+)\s+\1\b/gi)]
        .filter((m) => !/^(had|that)$/i.test(m[1]))
        .map((m) => ({ start: m.index, end: m.index! + m[0].length, text: m[0] }));
      const lowerStarts = f.sentences
        .filter((x) => !/^["“'([]?[A-Z0-9]/.test(x.text))
        .map((x) => ({ start: x.start, end: x.end, text: x.text }));
      expect([f.mechanics.lowercaseI, f.mechanics.repeatedWords]).toEqual([lowercase.length, repeated.length]);
      expect(f.mechanics.hits).toEqual([...lowercase, ...repeated, ...lowerStarts].sort((x, y) => x.start - y.start));
    }
  });

  it('sentences, word counts, word starts, tokens and stems are what the per-character and regex versions give', () => {
    const regexSentences = (text: string) => {
      const out: Array<{ start: number; end: number; text: string; words: number }> = [];
      let from = 0;
      const push = (to: number) => {
        const raw = text.slice(from, to);
        const lead = raw.length - raw.trimStart().length;
        const t = raw.trim();
        if (t) out.push({ start: from + lead, end: from + lead + t.length, text: t.replace(/\s+/g, ' '), words: wordsOf(t).length });
      };
      for (const m of text.matchAll(/[.!?]+["”')\]]?(?=\s+\S|\s*$)/g)) {
        const at = m.index!;
        const before = text.slice(Math.max(from, at - 12), at);
        if (m[0] === '.' && /(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|p|pp|Dr|Mr|Mrs|Ms|St|n\.d|no|vol|ed|eds|fig)|\b[A-Z])$/i.test(before))
          continue;
        push(at + m[0].length);
        from = at + m[0].length;
      }
      push(text.length);
      return out;
    };
    for (const text of TEXTS) {
      expect(segmentSentences(text)).toEqual(regexSentences(text));
      const f = analyseText(text);
      const body = f.text.slice(0, f.bodyEnd);
      const words = [...body.matchAll(/\S+/g)].map((m) => m.index);
      expect(f.words).toBe(wordsOf(f.text).length);
      for (const n of [0, 1, 2, words.length, words.length + 1, Math.ceil(words.length / 2)])
        expect(wordStart(f, n)).toBe(words[n - 1] ?? -1);
      const { distinct, ids } = vocabularyOf(f);
      const expected = buildVocabulary([...tokensOf(body), ...tokensOf(f.text.slice(f.bodyEnd))]);
      expect({ distinct, ids: [...ids] }).toEqual({ distinct: expected.distinct, ids: [...expected.ids] });
      const wanted = new Set(['the', 'method', 'knowle', 'i', 'don’t', 'counte', 'a'].map(stem));
      const spans = f.paragraphs.slice(-2);
      const stems = tokensOf(spans.map((p) => f.text.slice(p.start, p.end)).join(' ')).map(stem);
      expect([...stemsUsedIn(f, spans, wanted)].sort()).toEqual([...new Set(stems.filter((s) => wanted.has(s)))].sort());
    }
  });

  it('fmt writes numbers as toLocaleString("en-US") does', () => {
    const values = [
      0,
      -0,
      1,
      9,
      10,
      999,
      1000,
      1001,
      99_999,
      123_456_789,
      2 ** 53 - 1,
      2 ** 53,
      1e21,
      -5,
      -1234,
      0.5,
      1234.5678,
      NaN,
      Infinity,
    ];
    for (let i = 0; i < 2000; i++) values.push(Math.floor(random() * 10 ** (1 + (i % 15))));
    expect(values.filter((v) => fmt(v) !== v.toLocaleString('en-US'))).toEqual([]);
  });
});
