import { analyseCitations, type CitationAnalysis, type CitationHit } from './citations';
import { sameLengthNormalise, type Hit, type Span } from './spans';

/**
 * Pure text analysis of an essay: counts and examples the built-in grader scores and cites.
 * Deterministic: the same text always gives the same features.
 */

export const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers him his how i if in
  into is it its itself just me more most my myself no nor not now of off on once only or other our ours out over own same she
  should so some such than that the their theirs them then there these they this those through to too under until up very was
  we were what when where which while who whom why will with would you your yours well essay using used use made make within
  between upon whether`.split(/\s+/),
);

export interface PhraseHits {
  count: number;
  /** distinct phrases found, most frequent first */
  found: string[];
  /** every occurrence, in text order */
  hits: Hit[];
}

/** A paragraph or sentence with its place in the text. */
export interface Segment extends Span {
  text: string;
  words: number;
}

export interface TextFeatures {
  /** the text with offsets unchanged (sameLengthNormalise) */
  text: string;
  words: number;
  /** words before the bibliography: what a word limit counts */
  bodyWords: number;
  /** where the body (everything before the bibliography) ends */
  bodyEnd: number;
  tokens: string[];
  paragraphs: Segment[];
  sentences: Segment[];
  avgSentenceLength: number;
  /** coefficient of variation of sentence lengths: 0 = every sentence the same length */
  sentenceVariation: number;
  /** share of sentences whose first word no other sentence within three before it starts with */
  openerVariety: number;
  longSentences: number;
  lexicalDiversity: number;
  longWordRatio: number;
  /** Flesch-Kincaid grade level of the body */
  readabilityGrade: number;
  headings: string[];
  headingSpans: Hit[];
  hasIntroduction: boolean;
  hasConclusion: boolean;
  frameHits: { introduction: Hit | null; conclusion: Hit | null };
  bibliography: { heading: string | null; mentioned: boolean; entries: number };
  bibliographySpans: { heading: Hit | null; entries: Hit[] };
  citations: {
    parenthetical: number;
    bracketed: number;
    total: number;
    examples: string[];
    hits: CitationHit[];
    style: CitationAnalysis['style'];
    consistency: number;
    votes: CitationAnalysis['votes'];
  };
  quotations: { count: number; examples: string[]; hits: Hit[] };
  numbers: { count: number; percentages: number; examples: string[]; hits: Hit[] };
  researchQuestion: { text: string; explicit: boolean; span: Span } | null;
  phrases: Record<PhraseGroup, PhraseHits>;
  mechanics: { capitalisedStarts: number; lowercaseI: number; repeatedWords: number; score: number; hits: Hit[] };
}

/** Phrase lists the grader looks for (lower case; matched on word boundaries). */
export const PHRASES = {
  counter: [
    'however',
    'on the other hand',
    'although',
    'nevertheless',
    'nonetheless',
    'conversely',
    'whereas',
    'despite',
    'in contrast',
    'critics',
    'counterclaim',
    'counter-claim',
    'counterargument',
    'counter-argument',
    'alternatively',
    'it could be argued',
    'some argue',
    'others argue',
    'some people',
    'others say',
    'one might object',
    'yet it',
    'even though',
    'on the contrary',
  ],
  reflection: [
    'i found',
    'my research',
    'i realised',
    'i realized',
    'i learned',
    'i learnt',
    'i decided',
    'i chose',
    'in retrospect',
    'on reflection',
    'reflecting',
    'my initial',
    'i was surprised',
    'i discovered',
    'if i were to',
    'my understanding',
    'i initially',
    'i had to',
    'my investigation',
    'i noticed',
    'i struggled',
    'this process',
    'i would',
  ],
  hedging: [
    'may',
    'might',
    'could',
    'suggests',
    'suggest',
    'appears',
    'appear to',
    'likely',
    'unlikely',
    'possibly',
    'perhaps',
    'arguably',
    'tends to',
    'tend to',
    'indicates',
    'indicate',
    'seems',
    'to some extent',
    'probably',
    'partly',
  ],
  evaluative: [
    'significant',
    'significantly',
    'limitation',
    'limitations',
    'reliable',
    'reliability',
    'unreliable',
    'validity',
    'valid',
    'bias',
    'biased',
    'strength',
    'strengths',
    'weakness',
    'weaknesses',
    'effective',
    'ineffective',
    'convincing',
    'implies',
    'implication',
    'implications',
    'evaluate',
    'evaluation',
    'assess',
    'assessment',
    'crucial',
    'limited',
    'persuasive',
    'flawed',
    'robust',
    'questionable',
    'justified',
    'insufficient',
    'important',
  ],
  connectives: [
    'because',
    'therefore',
    'thus',
    'consequently',
    'as a result',
    'this shows',
    'this suggests',
    'this means',
    'which demonstrates',
    'this demonstrates',
    'hence',
    'it follows',
    'due to',
    'this indicates',
    'leads to',
    'since',
    'for example',
    'for instance',
    'furthermore',
    'moreover',
    'in addition',
    'similarly',
    'in particular',
  ],
  method: [
    'method',
    'methodology',
    'methods',
    'experiment',
    'experimental',
    'survey',
    'interview',
    'questionnaire',
    'primary source',
    'primary sources',
    'secondary source',
    'secondary sources',
    'data',
    'dataset',
    'variable',
    'variables',
    'sample',
    'procedure',
    'approach',
    'case study',
    'analysis of',
    'measured',
    'collected',
    'compared',
    'investigation',
    'trial',
  ],
  knowledgeQuestion: [
    'knowledge question',
    'knowledge questions',
    'how do we know',
    'how can we know',
    'to what extent',
    'what counts as',
    'justification',
    'justified',
    'certainty',
    'knower',
    'knowers',
    'areas of knowledge',
    'area of knowledge',
    'ways of knowing',
    'knowledge claim',
    'knowledge claims',
    'belief',
    'truth',
    'perspective',
    'perspectives',
    'interpretation',
    'evidence',
    'shared knowledge',
    'personal knowledge',
    'objectivity',
    'subjectivity',
  ],
  areasOfKnowledge: [
    'natural sciences',
    'natural science',
    'human sciences',
    'human science',
    'history',
    'the arts',
    'mathematics',
    'ethics',
    'religious knowledge',
    'indigenous knowledge',
    'politics',
    'technology',
    'language',
  ],
  voice: [
    'i argue',
    'i would argue',
    'in my view',
    'in my opinion',
    'i believe',
    'i think',
    'i will',
    'i contend',
    'i suggest',
    'my own',
    'personally',
    'i propose',
    'my argument',
    'i consider',
  ],
  examples: [
    'for example',
    'for instance',
    'such as',
    'consider the',
    'the case of',
    'an example',
    'e.g.',
    'to illustrate',
    'a case study',
  ],
  signposting: [
    'this essay will',
    'in this essay',
    'this investigation will',
    'this paper',
    'this essay argues',
    'in conclusion',
    'to conclude',
    'in summary',
    'to summarise',
    'to summarize',
    'overall,',
    'firstly',
    'secondly',
    'finally',
  ],
} as const;
export type PhraseGroup = keyof typeof PHRASES;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phraseRegex = new Map<string, RegExp>();
function phraseHits(text: string, phrase: string): Hit[] {
  let re = phraseRegex.get(phrase);
  if (!re) {
    const tail = /\w$/.test(phrase) ? '\\b' : '';
    re = new RegExp(`\\b${escape(phrase)}${tail}`, 'gi');
    phraseRegex.set(phrase, re);
  }
  return [...text.matchAll(re)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] }));
}

/**
 * Classes of UTF-16 code units (what charCodeAt gives), looked up rather than tested in the loops
 * over every character: WORD is `\w` without the u flag ([A-Za-z0-9_]); SPACE is `\s`, WhiteSpace
 * and LineTerminator (no such character is outside the BMP), which is also what trim() strips.
 */
const WORD = 1;
const SPACE = 2;
const CLASSES = new Uint8Array(0x10000);
for (let c = 0; c < 0x10000; c++) {
  const word = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
  const space =
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff;
  CLASSES[c] = (word ? WORD : 0) | (space ? SPACE : 0);
}
const isWordChar = (c: number) => (CLASSES[c] & WORD) !== 0;
/** Whether the code unit is whitespace (`\s`). */
export const isSpace = (c: number): boolean => (CLASSES[c] & SPACE) !== 0;

/**
 * Phrases that one pass over the text finds exactly as their regex (`\bphrase\b`, flags gi) would:
 * printable ASCII starting with a word character. Without the u flag, `i` folds no other character
 * onto ASCII (e.g. 'İ', 'ſ' and the Kelvin sign match nothing here), so a match is the phrase with
 * ASCII letters in either case; it starts where a run of word characters starts, and that run is the
 * phrase's first word. Phrases are looked up by that word; any other phrase keeps its regex.
 */
interface PhraseTable {
  /** first words (lower case) with their phrases, by the first word's first character and length (31: 31 or more) */
  byLead: Array<Array<{ lead: string; phrases: Array<{ phrase: string; lower: string; wordEnd: boolean }> }> | undefined>;
  byRegex: string[];
}
const lowerAscii = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
const leadSlot = (first: number, length: number) => lowerAscii(first) * 32 + Math.min(length, 31);
const phraseTables = new WeakMap<readonly string[], PhraseTable>();
function phraseTable(phrases: readonly string[]): PhraseTable {
  let table = phraseTables.get(phrases);
  if (table) return table;
  table = { byLead: [], byRegex: [] };
  for (const phrase of new Set(phrases)) {
    const first = /^\w+/.exec(phrase)?.[0];
    if (!first || !/^[\x20-\x7e]+$/.test(phrase)) {
      table.byRegex.push(phrase);
      continue;
    }
    const lead = first.toLowerCase();
    const leads = (table.byLead[leadSlot(lead.charCodeAt(0), lead.length)] ??= []);
    let entry = leads.find((l) => l.lead === lead);
    if (!entry) leads.push((entry = { lead, phrases: [] }));
    entry.phrases.push({ phrase, lower: phrase.toLowerCase(), wordEnd: isWordChar(phrase.charCodeAt(phrase.length - 1)) });
  }
  phraseTables.set(phrases, table);
  return table;
}

/** Every occurrence of each phrase, as `phraseHits` finds them, in one pass over the text. */
function allPhraseHits(text: string, phrases: readonly string[]): Map<string, Hit[]> {
  const table = phraseTable(phrases);
  const out = new Map<string, Hit[]>();
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isWordChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isWordChar(text.charCodeAt(i))) i++;
    const leads = table.byLead[leadSlot(text.charCodeAt(start), i - start)];
    if (!leads) continue;
    for (const { lead, phrases: candidates } of leads) {
      if (lead.length !== i - start) continue;
      let k = 1; // the first character matched the slot
      while (k < lead.length && lowerAscii(text.charCodeAt(start + k)) === lead.charCodeAt(k)) k++;
      if (k < lead.length) continue;
      for (const { phrase, lower, wordEnd } of candidates) {
        const end = start + lower.length;
        if (end > n) continue;
        let j = k;
        while (j < lower.length && lowerAscii(text.charCodeAt(start + j)) === lower.charCodeAt(j)) j++;
        if (j < lower.length || (wordEnd && end < n && isWordChar(text.charCodeAt(end)))) continue;
        const hits = out.get(phrase);
        if (hits && start < hits[hits.length - 1].end) continue; // a regex resumes after its last match: no overlaps
        const hit = { start, end, text: text.slice(start, end) };
        if (hits) hits.push(hit);
        else out.set(phrase, [hit]);
      }
    }
  }
  for (const phrase of table.byRegex) {
    const hits = phraseHits(text, phrase);
    if (hits.length) out.set(phrase, hits);
  }
  return out;
}

function phraseHitsOf(phrases: readonly string[], hitsOf: Map<string, Hit[]>): PhraseHits {
  const per = phrases.map((p) => ({ p, hits: hitsOf.get(p) ?? [] })).filter((h) => h.hits.length > 0);
  const found = [...per].sort((a, b) => b.hits.length - a.hits.length || a.p.localeCompare(b.p)).map((h) => h.p);
  const hits = per.flatMap((h) => h.hits).sort((a, b) => a.start - b.start);
  return { count: hits.length, found, hits };
}

/** Occurrences of the phrases (case-insensitive, on word boundaries) in the text. */
export function findPhrases(text: string, phrases: readonly string[]): PhraseHits {
  return phraseHitsOf(phrases, allPhraseHits(text, phrases));
}

const ALL_PHRASES: readonly string[] = Object.values(PHRASES).flat();

/** wordsOf(text.slice(start, end)).length without building the words; stops counting at `atMost`. */
export function countWords(text: string, start = 0, end = text.length, atMost = Infinity): number {
  let n = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord && ++n >= atMost) return n;
    inWord = !space;
  }
  return n;
}

export const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/**
 * Lower-case words: runs of [a-z'’-] starting with a letter in the lower-cased text, without their
 * trailing apostrophes and hyphens (as matching the regex [a-z][a-z'’-]* and stripping ['’-]+$ gives).
 */
export function tokensOf(text: string): string[] {
  const s = text.toLowerCase();
  const out: string[] = [];
  const n = s.length;
  let i = 0;
  while (i < n) {
    let c = s.charCodeAt(i);
    if (c < 97 || c > 122) {
      i++;
      continue;
    }
    const start = i;
    let end = ++i; // after the last letter
    while (i < n) {
      c = s.charCodeAt(i);
      if (c >= 97 && c <= 122) end = ++i;
      else if (c === 39 || c === 0x2019 || c === 45) i++;
      else break;
    }
    out.push(s.slice(start, end));
  }
  return out;
}
/** A crude stem: enough to match 'methodology' with 'method', 'justified' with 'justify'. */
export const stem = (word: string): string => word.toLowerCase().slice(0, 6);

/** The distinct tokens (in order of first use) and, for each token, its index among them. */
export interface Vocabulary {
  distinct: string[];
  ids: Int32Array;
}

function buildVocabulary(tokens: readonly string[]): Vocabulary {
  const index = new Map<string, number>();
  const distinct: string[] = [];
  const ids = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    let id = index.get(tokens[i]);
    if (id === undefined) index.set(tokens[i], (id = distinct.push(tokens[i]) - 1));
    ids[i] = id;
  }
  return { distinct, ids };
}

/** The vocabulary of the features' tokens, made once per analysed text (signals ask for it too). */
const vocabularies = new WeakMap<TextFeatures, Vocabulary>();
export function vocabularyOf(f: TextFeatures): Vocabulary {
  let v = vocabularies.get(f);
  if (!v) vocabularies.set(f, (v = buildVocabulary(f.tokens)));
  return v;
}

/** Moving-average type-token ratio (window 50): lexical diversity that does not fall with length. */
export function mattr(tokens: string[], window = 50): number {
  return mattrOf(buildVocabulary(tokens), window);
}

function mattrOf({ distinct, ids }: Vocabulary, window = 50): number {
  if (ids.length === 0) return 0;
  if (ids.length <= window) return distinct.length / ids.length;
  const counts = new Int32Array(distinct.length);
  let distinctInWindow = 0;
  for (let i = 0; i < window; i++) if (++counts[ids[i]] === 1) distinctInWindow++;
  let sum = distinctInWindow;
  for (let i = window; i < ids.length; i++) {
    if (--counts[ids[i - window]] === 0) distinctInWindow--;
    if (++counts[ids[i]] === 1) distinctInWindow++;
    sum += distinctInWindow;
  }
  return sum / (ids.length - window + 1) / window;
}

/** A full stop after these does not end a sentence. */
const ABBREVIATION_BEFORE = /(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|p|pp|Dr|Mr|Mrs|Ms|St|n\.d|no|vol|ed|eds|fig)|\b[A-Z])$/i;
const BOUNDARY = /[.!?]+["”')\]]?(?=\s+\S|\s*$)/g;

/** Sentences of text[start, end), with their offsets. */
export function segmentSentences(text: string, start = 0, end = text.length): Segment[] {
  const out: Segment[] = [];
  const part = text.slice(start, end);
  let from = 0;
  const push = (to: number) => {
    let a = from; // part.slice(from, to), trimmed
    let b = to;
    while (a < b && isSpace(part.charCodeAt(a))) a++;
    while (b > a && isSpace(part.charCodeAt(b - 1))) b--;
    if (a === b) return; // no words
    let words = 0;
    let collapse = false; // any whitespace but single spaces
    let space = true;
    for (let i = a; i < b; i++) {
      const c = part.charCodeAt(i);
      if (!isSpace(c)) {
        if (space) words++;
        space = false;
      } else {
        if (space || c !== 32) collapse = true;
        space = true;
      }
    }
    const t = part.slice(a, b);
    out.push({ start: start + a, end: start + b, text: collapse ? t.replace(/\s+/g, ' ') : t, words });
  };
  for (const m of part.matchAll(BOUNDARY)) {
    const at = m.index!;
    if (m[0].startsWith('.') && m[0].length === 1 && ABBREVIATION_BEFORE.test(part.slice(Math.max(from, at - 12), at))) continue;
    push(at + m[0].length);
    from = at + m[0].length;
  }
  push(part.length);
  return out;
}

export function splitSentences(text: string): string[] {
  return segmentSentences(text).map((s) => s.text);
}

const HEADING_WORDS =
  /^(introduction|conclusion|bibliography|works cited|references|reference list|sources|works consulted|methodology|method|background|analysis|evaluation|discussion|results|findings|appendix|appendices|abstract|contents|table of contents|limitations|reflection)\b/i;
const BIBLIOGRAPHY_HEADING = /^(bibliography|works cited|references|reference list|sources|works consulted)\s*:?$/i;
const YEAR = /\b(1[5-9]\d{2}|20\d{2})\b|n\.d\./;

interface Line extends Span {
  text: string;
  words: number;
}

/** The lines of the text (split at \n), trimmed, with their offsets. */
function linesOf(text: string): Line[] {
  const out: Line[] = [];
  for (let at = 0; ;) {
    const nl = text.indexOf('\n', at);
    const eol = nl < 0 ? text.length : nl;
    let a = at;
    let b = eol;
    while (a < b && isSpace(text.charCodeAt(a))) a++;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    out.push({ start: a, end: b, text: text.slice(a, b), words: countWords(text, a, b) });
    if (eol === text.length) return out;
    at = eol + 1;
  }
}

const ENDS_SENTENCE = /[.!?:]["”')\]]?$/;

/**
 * Paragraphs of a block of consecutive lines. Lines that mostly end a sentence are paragraphs of
 * their own (one line per paragraph, as many extractors write them). Otherwise the lines are hard
 * wrapped (PDF text, e-mail style): a paragraph ends at a line that ends a sentence and falls short
 * of the usual line width, and a heading line stands alone.
 */
function splitBlock(block: Line[]): Line[][] {
  if (block.length < 3) return [block];
  const ending = block.slice(0, -1).filter((l) => ENDS_SENTENCE.test(l.text)).length / (block.length - 1);
  if (ending >= 0.6) return block.map((l) => [l]);
  const widths = block.map((l) => l.text.length).sort((a, b) => a - b);
  const usual = widths[Math.floor(widths.length / 2)];
  const out: Line[][] = [];
  let current: Line[] = [];
  for (const l of block) {
    if (isHeading(l)) {
      if (current.length) out.push(current);
      out.push([l]);
      current = [];
      continue;
    }
    current.push(l);
    if (ENDS_SENTENCE.test(l.text) && l.text.length < 0.85 * usual) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

/** Paragraph candidates: blocks between blank lines, each split further when it holds several paragraphs. */
function blocksOf(lines: Line[]): Segment[] {
  const blocks: Line[][] = [];
  let current: Line[] = [];
  for (const l of lines) {
    if (l.text) current.push(l);
    else if (current.length) {
      blocks.push(current);
      current = [];
    }
  }
  if (current.length) blocks.push(current);
  return blocks.flatMap(splitBlock).map((g) => ({
    start: g[0].start,
    end: g[g.length - 1].end,
    text: g.map((l) => l.text).join(' '),
    words: g.reduce((n, l) => n + l.words, 0),
  }));
}

/** Syllables of an English word, by vowel groups (the usual readability heuristic). */
export function syllables(word: string): number {
  let w = word.toLowerCase();
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 97 || c > 122) {
      w = w.replace(/[^a-z]/g, '');
      break;
    }
  }
  const n = w.length;
  if (n === 0) return 0;
  if (n <= 3) return 1;
  // Without a final -es, -ed or -e after a consonant other than l (/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/),
  // and a leading y; then vowel groups, two vowels at most each (/[aeiouy]{1,2}/g).
  const last = w[n - 1];
  let end = n;
  if ((last === 's' || last === 'd') && w[n - 2] === 'e' && !'laeiouy'.includes(w[n - 3])) end = n - 3;
  else if (last === 'e' && !'laeiouy'.includes(w[n - 2])) end = n - 2;
  let i = w[0] === 'y' ? 1 : 0;
  let groups = 0;
  while (i < end) {
    if (!'aeiouy'.includes(w[i])) i++;
    else {
      groups++;
      i += i + 1 < end && 'aeiouy'.includes(w[i + 1]) ? 2 : 1;
    }
  }
  return Math.max(1, groups);
}

export function analyseText(raw: string): TextFeatures {
  const text = sameLengthNormalise(raw);
  const lines = linesOf(text);
  let words = 0;
  for (const l of lines) words += l.words;

  let bibIndex = lines.length - 1; // the last one: it closes the essay
  while (bibIndex >= 0 && !BIBLIOGRAPHY_HEADING.test(lines[bibIndex].text)) bibIndex--;
  const bibLine = bibIndex >= 0 ? lines[bibIndex] : null;
  const bodyEnd = bibLine ? bibLine.start : text.length;
  let bodyWords = 0; // the lines before the bibliography's: the body up to its heading's indent
  for (let i = 0; i < (bibLine ? bibIndex : lines.length); i++) bodyWords += lines[i].words;
  const body = text.slice(0, bodyEnd);
  const bodyLines = lines.filter((l) => l.end <= bodyEnd);
  const entryLines = bibLine
    ? lines.filter((l) => l.start > bibLine.start && l.text.length > 10 && (YEAR.test(l.text) || /https?:\/\//.test(l.text)))
    : [];
  const bibliography = {
    heading: bibLine ? bibLine.text.replace(/:$/, '') : null,
    mentioned: /\b(bibliography|works cited|reference list|references)\b/i.test(text),
    entries: entryLines.length,
  };

  const headingLines = lines.length > 1 ? lines.filter(isHeading) : [];
  const headingStarts = new Set(headingLines.map((h) => h.start));
  const paragraphs = blocksOf(bodyLines).filter((b) => !headingStarts.has(b.start) && b.words >= 3);
  const sentences = paragraphs.length
    ? paragraphs.flatMap((p) => segmentSentences(text, p.start, p.end))
    : segmentSentences(text, 0, bodyEnd);
  const lengths = sentences.map((s) => s.words);
  const avgSentenceLength = lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0;
  const sd = lengths.length ? Math.sqrt(lengths.reduce((a, n) => a + (n - avgSentenceLength) ** 2, 0) / lengths.length) : 0;
  const openers = sentences.map((s) => (s.text.match(/[A-Za-z']+/)?.[0] ?? '').toLowerCase());
  const varied = openers.filter((o, i) => !openers.slice(Math.max(0, i - 3), i).includes(o)).length;

  const bodyTokens = tokensOf(body);
  // The body ends where a line's text starts, after a line break and indent: no token, and no case
  // mapping (toLowerCase), spans the cut, so the text's tokens are the body's and then the rest's.
  const tokens = bibLine ? bodyTokens.concat(tokensOf(text.slice(bodyEnd))) : bodyTokens;
  const vocabulary = buildVocabulary(tokens); // body tokens first: ids[0, bodyTokens.length)
  const syllablesOf = new Int32Array(vocabulary.distinct.length).fill(-1); // an essay repeats its words: count each once
  let syllableCount = 0;
  let longWords = 0;
  for (let i = 0; i < bodyTokens.length; i++) {
    const id = vocabulary.ids[i];
    let k = syllablesOf[id];
    if (k < 0) syllablesOf[id] = k = syllables(vocabulary.distinct[id]);
    syllableCount += k;
    if (bodyTokens[i].length >= 9) longWords++;
  }
  const readabilityGrade =
    bodyTokens.length && sentences.length
      ? 0.39 * (bodyTokens.length / sentences.length) + 11.8 * (syllableCount / bodyTokens.length) - 15.59
      : 0;

  const cites = analyseCitations(
    body,
    entryLines.map((l) => l.text),
    /^works cited/i.test(bibLine?.text ?? ''),
  );
  const citations = {
    parenthetical: cites.parenthetical,
    bracketed: cites.bracketed,
    total: cites.hits.length,
    examples: [...new Set(cites.hits.map((h) => h.text))].slice(0, 3),
    hits: cites.hits,
    style: cites.style,
    consistency: cites.consistency,
    votes: cites.votes,
  };

  const quoteHits = [...body.matchAll(/["“]([^"”\n]{12,400})["”]/g)]
    .filter((m) => countWords(m[1]) >= 3)
    .map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[1] }));
  const quotations = { count: quoteHits.length, examples: quoteHits.slice(0, 2).map((q) => clip(q.text, 60)), hits: quoteHits };

  // Figures outside citations: blank the citations out without moving anything.
  const blanked = body.replace(/\([^()\n]{0,100}\)/g, (m) => ' '.repeat(m.length)).replace(/\[\d[^\]]*\]/g, (m) => ' '.repeat(m.length));
  const numberHits = [...blanked.matchAll(/(?<![\w.])\d+(?:[.,]\d+)*(?:\s?%|\s?percent\b)?/g)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
    text: m[0].trim(),
  }));
  const numbers = {
    count: numberHits.length,
    percentages: numberHits.filter((n) => /%|percent/.test(n.text)).length,
    examples: [...new Set(numberHits.map((n) => n.text))].slice(0, 4),
    hits: numberHits,
  };

  const phraseHitsIn = allPhraseHits(body, ALL_PHRASES);
  const phrases = Object.fromEntries(
    (Object.keys(PHRASES) as PhraseGroup[]).map((g) => [g, phraseHitsOf(PHRASES[g], phraseHitsIn)]),
  ) as Record<PhraseGroup, PhraseHits>;

  const introduction =
    firstHit(text, /\bintroduction\b/i) ??
    firstHit(
      text,
      /\b(this essay (will|is about|argues|explores|examines|investigates|discusses)|in this essay|this investigation (will|is about)|this paper (will|is about))\b/i,
    );
  const conclusion = firstHit(
    text,
    /\b(conclusion|in conclusion|to conclude|in summary|to summarise|to summarize|to sum up|overall,|so overall)\b|(^|[.!?]\s+)overall\b/i,
  );

  const features: TextFeatures = {
    text,
    words,
    bodyWords,
    bodyEnd,
    tokens,
    paragraphs,
    sentences,
    avgSentenceLength,
    sentenceVariation: avgSentenceLength ? sd / avgSentenceLength : 0,
    openerVariety: sentences.length ? varied / sentences.length : 0,
    longSentences: lengths.filter((n) => n > 40).length,
    lexicalDiversity: mattrOf(vocabulary),
    longWordRatio: bodyTokens.length ? longWords / bodyTokens.length : 0,
    readabilityGrade,
    headings: headingLines.map((h) => h.text),
    headingSpans: headingLines.map((h) => ({ start: h.start, end: h.end, text: h.text })),
    hasIntroduction: introduction !== null,
    hasConclusion: conclusion !== null,
    frameHits: { introduction, conclusion },
    bibliography,
    bibliographySpans: {
      heading: bibLine ? { start: bibLine.start, end: bibLine.end, text: bibLine.text } : null,
      entries: entryLines.map((l) => ({ start: l.start, end: l.end, text: l.text })),
    },
    citations,
    quotations,
    numbers,
    researchQuestion: findResearchQuestion(text, sentences),
    phrases,
    mechanics: mechanicsOf(body, sentences, avgSentenceLength),
  };
  vocabularies.set(features, vocabulary);
  linesOfFeatures.set(features, lines);
  return features;
}

/** The lines of an analysed text, kept for wordStart(). */
const linesOfFeatures = new WeakMap<TextFeatures, Line[]>();

/** Where the body's n-th word (from 1; runs of non-space, as `/\S+/g` finds them) starts, or -1. */
export function wordStart(f: TextFeatures, n: number): number {
  // Lines with their word counts let the scan start at the line holding the word; without them, one scan of the body.
  const lines = linesOfFeatures.get(f) ?? [{ start: 0, end: f.bodyEnd, text: '', words: n }];
  let before = 0; // words in the lines before
  for (const l of lines) {
    if (l.start >= f.bodyEnd) break; // the bibliography's heading and what follows
    if (before + l.words < n) {
      before += l.words;
      continue;
    }
    const { text } = f;
    const end = Math.min(l.end, f.bodyEnd);
    let space = true;
    for (let i = l.start; i < end; i++) {
      const was = space;
      space = isSpace(text.charCodeAt(i));
      if (was && !space && ++before === n) return i;
    }
    return -1;
  }
  return -1;
}

function firstHit(text: string, re: RegExp): Hit | null {
  const m = re.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length, text: m[0] } : null;
}

function isHeading({ text: line, words: n }: Line): boolean {
  if (n === 0 || n > 8 || line.length > 80) return false;
  if (/[.!?,;]$/.test(line) || !/^[A-Z0-9]/.test(line)) return false;
  return HEADING_WORDS.test(line) || !/[.!?]/.test(line);
}

function findResearchQuestion(text: string, sentences: Segment[]): TextFeatures['researchQuestion'] {
  const explicit = /research question\s*(?:is|was|:|-|–)?\s*[:\-–]?\s*["“]?([^?\n]{10,300}\?)/di.exec(text);
  if (explicit) {
    const [start, end] = explicit.indices![1];
    const lead = explicit[1].length - explicit[1].trimStart().length;
    return { text: clip(explicit[1].trim(), 140), explicit: true, span: { start: start + lead, end } };
  }
  const opening = sentences.slice(0, Math.max(5, Math.ceil(sentences.length * 0.3)));
  const q = opening.find(
    (s) =>
      /\?$/.test(s.text) &&
      /^(to what extent|how|what|why|in what ways?|which|does|do|is|can)\b/i.test(s.text.replace(/^["“(]/, '')) &&
      s.words >= 6,
  );
  return q ? { text: clip(q.text, 140), explicit: false, span: { start: q.start, end: q.end } } : null;
}

function mechanicsOf(body: string, sentences: Segment[], avg: number) {
  const lowerStarts = sentences.filter((s) => !/^["“'([]?[A-Z0-9]/.test(s.text));
  const capitalisedStarts = sentences.length ? 1 - lowerStarts.length / sentences.length : 0;
  const lowercaseHits = [...body.matchAll(/(?<![\w.])i(?![\w.])/g)].map((m) => ({ start: m.index!, end: m.index! + 1, text: 'i' }));
  const repeatedHits = [...body.matchAll(/\b([A-Za-z]+)\s+\1\b/gi)]
    .filter((m) => !/^(had|that)$/i.test(m[1]))
    .map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] }));
  const score =
    0.4 * capitalisedStarts +
    0.2 * (1 - Math.min(1, lowercaseHits.length / 3)) +
    0.2 * (1 - Math.min(1, repeatedHits.length / 5)) +
    0.2 * sentenceFit(avg);
  const hits = [...lowercaseHits, ...repeatedHits, ...lowerStarts.map((s) => ({ start: s.start, end: s.end, text: s.text }))].sort(
    (a, b) => a.start - b.start,
  );
  return {
    capitalisedStarts,
    lowercaseI: lowercaseHits.length,
    repeatedWords: repeatedHits.length,
    score: sentences.length ? score : 0,
    hits,
  };
}

/** 1 for an average sentence length of 12–28 words, less outside that range. */
export function sentenceFit(avg: number): number {
  if (avg <= 0) return 0;
  if (avg < 12) return avg / 12;
  if (avg <= 28) return 1;
  return Math.max(0, 1 - (avg - 28) / 25);
}

export function clip(s: string, n: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= n ? flat : `${flat.slice(0, n - 1).trimEnd()}…`;
}

/** Distinctive words of a phrase (criterion names, descriptions, titles), stemmed. */
export function keyTerms(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tokensOf(text)) {
    if (t.length < 5 || STOPWORDS.has(t)) continue;
    const s = stem(t);
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(t);
  }
  return out;
}
