import { DEFAULT_SUBMISSION_TITLES, ESSAY_WORD_LIMITS, type EssayType } from '@corestone/contracts';
import { stem, stemsOfVocabulary, stopwordsFor, vocabularyOf, wordStart, type Segment, type TextFeatures } from './text';
import { containing, type Span } from './spans';
import type { GradingJob } from './job';

/** The stems of an essay's tokens, made once per analysed text (several signals ask for them). */
const stemSets = new WeakMap<TextFeatures, Set<string>>();
function stemsOf(f: TextFeatures): Set<string> {
  let stems = stemSets.get(f);
  if (!stems) stemSets.set(f, (stems = new Set(stemsOfVocabulary(f))));
  return stems;
}

/** What an essay of each type is expected to look like at full marks. */
export const EXPECT: Record<
  EssayType,
  {
    label: string;
    minWords: number;
    maxWords: number;
    paragraphs: number;
    headings: number;
    citations: number;
    bibliography: number;
    quotations: number;
    numbers: number;
    counter: number;
    evaluative: number;
    connectives: number;
    hedging: number;
    reflection: number;
    method: number;
    knowledgeQuestion: number;
    examples: number;
  }
> = {
  ee: {
    label: 'Extended Essay',
    minWords: 3000,
    maxWords: ESSAY_WORD_LIMITS.ee,
    paragraphs: 14,
    headings: 4,
    citations: 15,
    bibliography: 8,
    quotations: 4,
    numbers: 12,
    counter: 8,
    evaluative: 15,
    connectives: 20,
    hedging: 10,
    reflection: 5,
    method: 8,
    knowledgeQuestion: 4,
    examples: 4,
  },
  tok: {
    label: 'TOK essay',
    minWords: 1200,
    maxWords: ESSAY_WORD_LIMITS.tok,
    paragraphs: 8,
    headings: 0,
    citations: 5,
    bibliography: 4,
    quotations: 2,
    numbers: 3,
    counter: 6,
    evaluative: 8,
    connectives: 12,
    hedging: 6,
    reflection: 3,
    method: 3,
    knowledgeQuestion: 10,
    examples: 5,
  },
};

/** One measured aspect of the essay: a value 0..1, what was found, and advice when it is weak. */
export interface Signal {
  key: string;
  value: number;
  evidence: string;
  strength: string;
  tip: string;
  /** where the strength shows in the text */
  shows: Span[];
  /** where the advice applies in the text */
  applies: Span[];
}

export const sat = (value: number, target: number): number => (target <= 0 ? 1 : Math.max(0, Math.min(1, value / target)));
/**
 * What a count target (set for an essay of the expected length) asks of a shorter one: the target
 * scaled by the square root of the share of the expected length, at least 0.4 of it — a 400-word
 * argument needs fewer counter-claims than a 4,000-word one, but not ten times fewer.
 */
export const scaledTarget = (target: number, words: number, e: (typeof EXPECT)[EssayType]): number =>
  target * Math.max(0.4, Math.min(1, Math.sqrt(words / e.minWords)));
/** A number as en-US writes it (1,234.5); whole numbers without asking the locale data, which is slow. */
export const fmt = (n: number): string =>
  Number.isSafeInteger(n) && n >= 0 && !Object.is(n, -0) ? groupThousands(n) : n.toLocaleString('en-US');
function groupThousands(n: number): string {
  const digits = String(n);
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
export const quoteList = (items: readonly string[], n = 3): string =>
  items
    .slice(0, n)
    .map((s) => `'${s}'`)
    .join(', ');
export const plural = (n: number, one: string, many = `${one}s`): string => `${fmt(n)} ${n === 1 ? one : many}`;

/**
 * How far the length develops the essay, 0..1: 1 within the expected range; below it the logarithm
 * of the length, from 0 at a twentieth of the minimum to 1 at the minimum (each doubling of a short
 * essay adds the same — length matters most where there is little of it, as in the readability and
 * automated-scoring literature, which uses log or root length); over the limit, less again.
 */
export function lengthFit(words: number, e: (typeof EXPECT)[EssayType]): number {
  if (words < e.minWords) return Math.max(0, Math.log((20 * words) / e.minWords) / Math.log(20));
  if (words <= e.maxWords) return 1;
  return Math.max(0.5, 1 - ((words - e.maxWords) / e.maxWords) * 2);
}

export function termCoverage(features: TextFeatures, terms: string[]): { hits: string[]; missing: string[]; value: number } {
  const stems = stemsOf(features);
  const hits = terms.filter((t) => stems.has(stem(t)));
  const missing = terms.filter((t) => !stems.has(stem(t)));
  return { hits, missing, value: terms.length ? hits.length / terms.length : 0.5 };
}

/** Which of the subject's terms the text uses: phrases as phrases, single words by their stem. */
export function glossaryCoverage(f: TextFeatures, terms: readonly string[]): { hits: string[]; missing: string[] } {
  const stems = stemsOf(f);
  const lower = f.text.toLowerCase();
  // A word of letters only is in the lower-cased text exactly when it is in one of its tokens (each
  // run of letters lies within one token), so it is looked for in the distinct tokens, a fraction of the text.
  let tokens: string | undefined;
  const inText = (t: string) => (/^[a-z]+$/.test(t) ? (tokens ??= vocabularyOf(f).distinct.join(' ')) : lower).includes(t);
  const used = terms.map((t) => (/[\s-]/.test(t) ? lower.includes(t) : stems.has(stem(t)) || inText(t)));
  return { hits: terms.filter((_, i) => used[i]), missing: terms.filter((_, i) => !used[i]) };
}

/** The question the essay must answer: the one the student entered, else the title unless it is a default. */
export function focusOf(job: GradingJob): { kind: 'research question' | 'prescribed title' | 'title'; text: string } | null {
  const given = job.essay_type === 'ee' ? job.research_question : job.prescribed_title;
  if (given?.trim()) return { kind: job.essay_type === 'ee' ? 'research question' : 'prescribed title', text: given.trim() };
  const title = job.title.trim();
  if (!title || title === DEFAULT_SUBMISSION_TITLES[job.essay_type]) return null;
  return { kind: job.essay_type === 'tok' ? 'prescribed title' : 'title', text: title };
}

/** Sentences containing the spans (a citation, a phrase): what a remark about them should point at. */
export function sentencesAt(f: TextFeatures, spans: Iterable<Span>, n = 3): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    const sentence = containing(f.sentences, s.start) ?? s;
    if (!out.some((o) => o.start === sentence.start)) out.push(sentence);
    if (out.length >= n) break;
  }
  return out;
}

/** The stems of a sentence's words (runs of [a-z'-] from a letter in its lower-cased text), made once per sentence. */
const sentenceStems = new WeakMap<Segment, string[]>();
function stemsIn(sentence: Segment): string[] {
  let out = sentenceStems.get(sentence);
  if (out) return out;
  out = [];
  const s = sentence.text.toLowerCase();
  let i = 0;
  while (i < s.length) {
    let c = s.charCodeAt(i);
    if (c < 97 || c > 122) {
      i++;
      continue;
    }
    const start = i;
    while (++i < s.length && (((c = s.charCodeAt(i)) >= 97 && c <= 122) || c === 39 || c === 45));
    out.push(s.slice(start, Math.min(i, start + 6))); // stem(): the word is lower case already
  }
  sentenceStems.set(sentence, out);
  return out;
}

/** Sentences that mention any of the terms (stemmed), in text order. */
export function sentencesWithTerms(f: TextFeatures, terms: string[], within: readonly Segment[] = f.sentences, n = 2): Span[] {
  const stems = new Set(terms.map(stem));
  const out: Span[] = [];
  if (stems.size === 0) return out;
  for (const s of within) {
    if (out.length >= n) break;
    if (stemsIn(s).some((t) => stems.has(t))) out.push(s);
  }
  return out;
}

export const firstSentenceOf = (f: TextFeatures, p: Segment | undefined): Span[] => (p ? [containing(f.sentences, p.start) ?? p] : []);

/** The longest paragraphs with none of the spans inside: where missing material would go. */
export function paragraphsWithout(f: TextFeatures, spans: readonly Span[], n = 1): Span[] {
  return f.paragraphs
    .filter((p) => !spans.some((s) => s.start >= p.start && s.start < p.end))
    .sort((a, b) => b.words - a.words || a.start - b.start)
    .slice(0, n)
    .flatMap((p) => firstSentenceOf(f, p));
}

/** The word where the body passes `limit` words, and a dozen words from there. */
export function beyondLimit(f: TextFeatures, limit: number): Span[] {
  const at = wordStart(f, limit + 1);
  return at < 0 ? [] : [{ start: at, end: Math.min(f.bodyEnd, at + 80) }];
}

/** The most repeated content word of the body and where it occurs. */
export function mostRepeated(f: TextFeatures): { word: string; spans: Span[] } | null {
  const { distinct, ids } = vocabularyOf(f);
  const counts = new Int32Array(distinct.length);
  for (let i = 0; i < ids.length; i++) counts[ids[i]]++;
  // The first of the most frequent in alphabetical order, as sorting the words by that and taking [0] would give.
  let top = -1;
  const stop = stopwordsFor(f.language);
  for (let id = 0; id < distinct.length; id++) {
    const t = distinct[id];
    if (t.length < 4 || stop.has(t)) continue;
    if (top < 0 || counts[id] > counts[top] || (counts[id] === counts[top] && t.localeCompare(distinct[top]) < 0)) top = id;
  }
  if (top < 0 || counts[top] < 5) return null;
  const re = new RegExp(`\\b${distinct[top]}\\b`, 'gi');
  const body = f.text.slice(0, f.bodyEnd);
  const spans: Span[] = [];
  for (let m; spans.length < 3 && (m = re.exec(body));) spans.push({ start: m.index, end: m.index + m[0].length });
  return { word: distinct[top], spans };
}

/** The first `n` items in the strict order `compare` defines, as sorting them all and slicing would give. */
export function firstInOrder<T>(items: readonly T[], n: number, compare: (a: T, b: T) => number): T[] {
  const out: T[] = [];
  for (const x of items) {
    if (out.length === n) {
      if (compare(x, out[n - 1]) >= 0) continue;
      out[n - 1] = x;
    } else out.push(x);
    for (let k = out.length - 1; k > 0 && compare(out[k], out[k - 1]) < 0; k--) [out[k - 1], out[k]] = [out[k], out[k - 1]];
  }
  return out;
}

/** Where regex matches are, lazily: a caller that needs the first few stops the scan there. */
export function* spansOf(matches: Iterable<RegExpMatchArray>): Iterable<Span> {
  for (const m of matches) yield { start: m.index!, end: m.index! + m[0].length };
}
