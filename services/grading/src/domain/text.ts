import { analyseCitations, type CitationAnalysis, type CitationHit } from './citations';
import { phraseGroupsOf, type PhraseGroup, type PhraseHits } from './phrases';
import { blankOut, matchesAt, stickyOf } from './scan';
import { sameLengthNormalise, type Hit, type Span } from './spans';
import { FRAME, PHRASES_BY_LANGUAGE, foldDiacritics, readabilityGradeOf, stopwordsOf, syllablesIn, type GradedLanguage } from './languages';
import {
  countBelow,
  countWords,
  hasIrregularSpace,
  isSpace,
  mattrOf,
  syllables,
  tokensOf,
  stem,
  vocabularyOfIndex,
  vocabularyOfTexts,
  wordIndexOf,
  wordsIn,
  type Vocabulary,
  type WordIndex,
} from './words';

export { PHRASES, findPhrases, type PhraseGroup, type PhraseHits } from './phrases';
export { countWords, isSpace, mattr, stem, syllables, tokensOf, wordsOf, type Vocabulary } from './words';

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

/** The stop words of a graded language: the list above for English, stopwords-iso's (folded) for French and Spanish. */
export const stopwordsFor = (lang: GradedLanguage): ReadonlySet<string> => (lang === 'en' ? STOPWORDS : stopwordsOf(lang));

/** A paragraph or sentence with its place in the text. */
export interface Segment extends Span {
  text: string;
  words: number;
}

export interface TextFeatures {
  /** the text with offsets unchanged (sameLengthNormalise; French and Spanish also foldDiacritics) */
  text: string;
  /** the language the text was analysed in (issue 36) */
  language: GradedLanguage;
  words: number;
  /** words before the bibliography: what a word limit counts */
  bodyWords: number;
  /** where the body (everything before the bibliography) ends */
  bodyEnd: number;
  paragraphs: Segment[];
  sentences: Segment[];
  /** each sentence's first word (its first run of [A-Za-z']), lower case */
  openers: string[];
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

/** The vocabulary of the features' tokens, made once per analysed text (signals ask for it too). */
const vocabularies = new WeakMap<TextFeatures, Vocabulary>();
export function vocabularyOf(f: TextFeatures): Vocabulary {
  let v = vocabularies.get(f);
  if (!v) vocabularies.set(f, (v = vocabularyOfTexts([f.text.slice(0, f.bodyEnd), f.text.slice(f.bodyEnd)])));
  return v;
}

/** A full stop after these does not end a sentence. */
const ABBREVIATION_BEFORE = /(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|p|pp|Dr|Mr|Mrs|Ms|St|n\.d|no|vol|ed|eds|fig)|\b[A-Z])$/i;
const BOUNDARY = /[.!?]+["”')\]]?(?=\s+\S|\s*$)/g;

/** Sentences of text[start, end), with their offsets. */
export function segmentSentences(text: string, start = 0, end = text.length): Segment[] {
  return sentencesIn(text, wordIndexOf(text), start, end);
}

/** segmentSentences, with the text's word index: words and whitespace are looked up rather than scanned. */
function sentencesIn(text: string, index: WordIndex, start: number, end: number): Segment[] {
  const out: Segment[] = [];
  const part = text.slice(start, end);
  let from = 0;
  const push = (to: number) => {
    let a = start + from; // part.slice(from, to), trimmed
    let b = start + to;
    while (a < b && isSpace(text.charCodeAt(a))) a++;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    if (a === b) return; // no words
    const t = text.slice(a, b);
    out.push({ start: a, end: b, text: hasIrregularSpace(index, a, b) ? t.replace(/\s+/g, ' ') : t, words: wordsIn(index, text, a, b) });
  };
  for (const m of matchesAt(BOUNDARY, part, '.!?')) {
    const at = m.index;
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
function linesOf(text: string, index: WordIndex): Line[] {
  const out: Line[] = [];
  for (let at = 0; ;) {
    const nl = text.indexOf('\n', at);
    const eol = nl < 0 ? text.length : nl;
    let a = at;
    let b = eol;
    while (a < b && isSpace(text.charCodeAt(a))) a++;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    out.push({ start: a, end: b, text: text.slice(a, b), words: wordsIn(index, text, a, b) });
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
  // A heading on the line above its paragraph ("Introduction\nThis essay …") stands alone, as in a longer block.
  if (block.length === 2 && isHeading(block[0])) return [[block[0]], [block[1]]];
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

export function analyseText(raw: string, language: GradedLanguage = 'en'): TextFeatures {
  const text = language === 'en' ? sameLengthNormalise(raw) : foldDiacritics(sameLengthNormalise(raw));
  const frame = language === 'en' ? null : FRAME[language];
  const index = wordIndexOf(text);
  const lines = linesOf(text, index);
  let words = 0;
  for (const l of lines) words += l.words;

  let bibIndex = lines.length - 1; // the last one: it closes the essay
  while (bibIndex >= 0 && !BIBLIOGRAPHY_HEADING.test(lines[bibIndex].text) && !frame?.bibliography.test(lines[bibIndex].text)) bibIndex--;
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
    mentioned:
      /\b(bibliography|works cited|reference list|references|bibliographie|bibliografia|referencias|ouvrages cites|obras citadas)\b/i.test(
        text,
      ),
    entries: entryLines.length,
  };

  const headingLines = lines.length > 1 ? lines.filter(isHeading) : [];
  const headingStarts = new Set(headingLines.map((h) => h.start));
  const paragraphs = blocksOf(bodyLines).filter((b) => !headingStarts.has(b.start) && b.words >= 3);
  const sentences = paragraphs.length
    ? paragraphs.flatMap((p) => sentencesIn(text, index, p.start, p.end))
    : sentencesIn(text, index, 0, bodyEnd);
  const lengths = sentences.map((s) => s.words);
  const avgSentenceLength = lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0;
  const sd = lengths.length ? Math.sqrt(lengths.reduce((a, n) => a + (n - avgSentenceLength) ** 2, 0) / lengths.length) : 0;
  const openers = sentences.map((s) => openerOf(s.text));
  const varied = variedOpeners(openers);

  // The body ends where a line's text starts, after a line break and indent: no token, and no case
  // mapping (toLowerCase), spans the cut, so the text's tokens are the body's and then the rest's.
  const vocabulary = vocabularyOfIndex(text, index, bodyEnd);
  const bodyTokens = vocabulary.counts[0]; // ids[0, bodyTokens)
  const { syllableCount, longWords } = wordStatsOf(vocabulary, bodyTokens);
  const readabilityGrade =
    language !== 'en'
      ? readabilityGradeOf(language, bodyTokens, sentences.length, syllablesOfBody(vocabulary, bodyTokens, language))
      : bodyTokens && sentences.length
        ? 0.39 * (bodyTokens / sentences.length) + 11.8 * (syllableCount / bodyTokens) - 15.59
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

  const quotations = quotationsOf(body);
  const numbers = numbersOf(body, index);

  const phrases = language === 'en' ? phraseGroupsOf(body, index) : phraseGroupsOf(body, index, PHRASES_BY_LANGUAGE[language]);

  const introduction =
    (frame && firstHit(text, frame.introduction)) ??
    firstHit(text, /\bintroduction\b/i) ??
    firstHit(
      text,
      /\b(this essay (will|is about|argues|explores|examines|investigates|discusses)|in this essay|this investigation (will|is about)|this paper (will|is about))\b/i,
    );
  const conclusion =
    (frame && firstHit(text, frame.conclusion)) ??
    firstHit(
      text,
      /\b(conclusion|in conclusion|to conclude|in summary|to summarise|to summarize|to sum up|overall,|so overall)\b|(^|[.!?]\s+)overall\b/i,
    );

  const features: TextFeatures = {
    text,
    language,
    words,
    bodyWords,
    bodyEnd,
    paragraphs,
    sentences,
    openers,
    avgSentenceLength,
    sentenceVariation: avgSentenceLength ? sd / avgSentenceLength : 0,
    openerVariety: sentences.length ? varied / sentences.length : 0,
    longSentences: countOf(lengths, (n) => n > 40),
    lexicalDiversity: mattrOf(vocabulary),
    longWordRatio: bodyTokens ? longWords / bodyTokens : 0,
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
    researchQuestion: findResearchQuestion(text, sentences, language),
    phrases,
    mechanics: mechanicsOf(body, index, sentences, avgSentenceLength),
  };
  vocabularies.set(features, vocabulary);
  wordIndexes.set(features, index);
  if (vocabulary.tokens) placedTokens.set(features, { ...vocabulary.tokens, ids: vocabulary.ids });
  return features;
}

/** Where the analysed text's tokens are, with their vocabulary ids, when its vocabulary came from its index. */
const placedTokens = new WeakMap<TextFeatures, { starts: Int32Array; ends: Int32Array; ids: Int32Array }>();

/** The stem of each distinct token (by vocabulary id), made once per analysed text. */
const vocabularyStems = new WeakMap<TextFeatures, string[]>();
export function stemsOfVocabulary(f: TextFeatures): string[] {
  let stems = vocabularyStems.get(f);
  if (!stems) vocabularyStems.set(f, (stems = vocabularyOf(f).distinct.map(stem)));
  return stems;
}

/**
 * Which of the stems the tokens of the spans have: what stemming tokensOf(the spans' texts joined by
 * spaces) and keeping the wanted stems gives, from the analysed tokens rather than made again.
 */
export function stemsUsedIn(f: TextFeatures, spans: readonly Span[], wanted: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  if (wanted.size === 0) return found;
  const placed = placedTokens.get(f);
  let isWanted: Uint8Array | undefined; // by vocabulary id
  for (const span of spans) {
    const first = placed ? countBelow(placed.starts, span.start) : 0;
    const last = placed ? countBelow(placed.starts, span.end) : 0;
    // A token cut by the span's edges is not one of its tokens: read them from its text instead.
    const cut = !placed || (first > 0 && placed.ends[first - 1] > span.start) || (last > 0 && placed.ends[last - 1] > span.end);
    if (cut) {
      for (const t of tokensOf(f.text.slice(span.start, span.end))) if (wanted.has(stem(t))) found.add(stem(t));
      continue;
    }
    const stems = stemsOfVocabulary(f);
    isWanted ??= Uint8Array.from(stems, (s) => (wanted.has(s) ? 1 : 0));
    for (let k = first; k < last; k++) if (isWanted[placed.ids[k]]) found.add(stems[placed.ids[k]]);
  }
  return found;
}

/** The word index of an analysed text, kept for wordStart(). */
const wordIndexes = new WeakMap<TextFeatures, WordIndex>();

/** Where the body's n-th word (from 1; runs of non-space, as `/\S+/g` finds them) starts, or -1. */
export function wordStart(f: TextFeatures, n: number): number {
  const index = wordIndexes.get(f) ?? wordIndexOf(f.text);
  const at = index.starts[n - 1] as number | undefined;
  return at !== undefined && at < f.bodyEnd ? at : -1;
}

/**
 * Syllables and long words (9 letters or more) of the first `count` tokens. (Loops of their own, here
 * and in variedOpeners: a hot loop in analyseText had V8 optimise it mid-call, without type feedback
 * for the code after the loop, and deoptimise it there at every call.)
 */
/** Syllables of the body's tokens in French or Spanish (each distinct word counted once). */
function syllablesOfBody({ distinct, ids }: Vocabulary, count: number, language: 'fr' | 'es'): number {
  const of = new Int32Array(distinct.length).fill(-1);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const id = ids[i];
    if (of[id] < 0) of[id] = syllablesIn(distinct[id], language);
    n += of[id];
  }
  return n;
}

function wordStatsOf({ distinct, ids }: Vocabulary, count: number): { syllableCount: number; longWords: number } {
  const syllablesOf = new Int32Array(distinct.length).fill(-1); // an essay repeats its words: count each once
  let syllableCount = 0;
  let longWords = 0;
  for (let i = 0; i < count; i++) {
    const id = ids[i];
    let k = syllablesOf[id];
    if (k < 0) syllablesOf[id] = k = syllables(distinct[id]);
    syllableCount += k;
    if (distinct[id].length >= 9) longWords++;
  }
  return { syllableCount, longWords };
}

/** How many sentences open with a word none of the three before opens with. */
function variedOpeners(openers: readonly string[]): number {
  let varied = 0;
  for (let i = 0; i < openers.length; i++) {
    const o = openers[i];
    if (!(o === openers[i - 1] || o === openers[i - 2] || o === openers[i - 3])) varied++;
  }
  return varied;
}

/** The first run of [A-Za-z'] in a sentence, lower case (`/[A-Za-z']+/`), or ''. */
function openerOf(sentence: string): string {
  const inWord = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 39;
  for (let i = 0; i < sentence.length; i++) {
    if (!inWord(sentence.charCodeAt(i))) continue;
    let j = i + 1;
    while (j < sentence.length && inWord(sentence.charCodeAt(j))) j++;
    return sentence.slice(i, j).toLowerCase();
  }
  return '';
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

function findResearchQuestion(text: string, sentences: Segment[], language: GradedLanguage): TextFeatures['researchQuestion'] {
  const frame = language === 'en' ? null : FRAME[language];
  const explicit = (frame?.researchQuestion ?? /research question\s*(?:is|was|:|-|–)?\s*[:\-–]?\s*["“]?([^?\n]{10,300}\?)/di).exec(text);
  if (explicit) {
    const [start, end] = explicit.indices![1];
    const lead = explicit[1].length - explicit[1].trimStart().length;
    return { text: clip(explicit[1].trim(), 140), explicit: true, span: { start: start + lead, end } };
  }
  const opening = sentences.slice(0, Math.max(5, Math.ceil(sentences.length * 0.3)));
  const q = opening.find(
    (s) =>
      /\?$/.test(s.text) &&
      (frame?.openingQuestion ?? /^(to what extent|how|what|why|in what ways?|which|does|do|is|can)\b/i).test(
        s.text.replace(/^["“(]/, ''),
      ) &&
      s.words >= 6,
  );
  return q ? { text: clip(q.text, 140), explicit: false, span: { start: q.start, end: q.end } } : null;
}

function mechanicsOf(body: string, index: WordIndex, sentences: Segment[], avg: number) {
  const lowercase = lowercaseIs(body, index);
  const repeated = repeatedWords(body, index);
  const hits = [...lowercase, ...repeated];
  let lowerStarts = 0;
  for (const s of sentences) {
    if (/^["“'([]?[A-Z0-9]/.test(s.text)) continue;
    lowerStarts++;
    hits.push({ start: s.start, end: s.end, text: s.text });
  }
  hits.sort((a, b) => a.start - b.start);
  const capitalisedStarts = sentences.length ? 1 - lowerStarts / sentences.length : 0;
  const score =
    0.4 * capitalisedStarts +
    0.2 * (1 - Math.min(1, lowercase.length / 3)) +
    0.2 * (1 - Math.min(1, repeated.length / 5)) +
    0.2 * sentenceFit(avg);
  return { capitalisedStarts, lowercaseI: lowercase.length, repeatedWords: repeated.length, score: sentences.length ? score : 0, hits };
}

const QUOTATION = /["“]([^"”\n]{12,400})["”]/g;

/** Quotations of three words or more. (Loops, not filter and map: see countOf.) */
function quotationsOf(body: string): TextFeatures['quotations'] {
  const hits: Hit[] = [];
  for (const m of matchesAt(QUOTATION, body, '"“'))
    if (countWords(m[1]) >= 3) hits.push({ start: m.index, end: m.index + m[0].length, text: m[1] });
  const examples: string[] = [];
  for (let i = 0; i < hits.length && i < 2; i++) examples.push(clip(hits[i].text, 60));
  return { count: hits.length, examples, hits };
}

const NUMBER = /(?<![\w.])\d+(?:[.,]\d+)*(?:\s?%|\s?percent\b)?/g;

/**
 * Figures outside citations: the citations are blanked out first, without moving anything. A figure
 * starts a run of word characters (nothing of [\w.] before it), and blanking never splits a run (it
 * covers brackets and what they hold): the figure regex is tried where the body's index has a run.
 */
function numbersOf(body: string, index: WordIndex): TextFeatures['numbers'] {
  const blanked = blankOut(blankOut(body, /\([^()\n]{0,100}\)/g, '('), /\[\d[^\]]*\]/g, '[');
  const number = stickyOf(NUMBER);
  const hits: Hit[] = [];
  const { runStarts } = index;
  for (let r = 0, from = 0; r < runStarts.length && runStarts[r] < blanked.length; r++) {
    const at = runStarts[r];
    const c = blanked.charCodeAt(at);
    if (at < from || c < 48 || c > 57) continue; // inside the last figure, or not a digit (blanked: a space)
    number.lastIndex = at;
    const m = number.exec(blanked);
    if (!m) continue;
    hits.push({ start: at, end: at + m[0].length, text: m[0].trim() });
    from = at + m[0].length;
  }
  const examples = new Set<string>();
  for (const n of hits) examples.add(n.text);
  return { count: hits.length, percentages: countOf(hits, (n) => /%|percent/.test(n.text)), examples: [...examples].slice(0, 4), hits };
}

/**
 * Where a lone lower-case 'i' stands (`/(?<![\w.])i(?![\w.])/g`): a run of word characters that is
 * just 'i', with no full stop either side. `index`: the text's, or a longer one's that starts with it.
 */
function lowercaseIs(text: string, index: WordIndex): Hit[] {
  const out: Hit[] = [];
  const { runStarts, runEnds } = index;
  for (let r = 0; r < runStarts.length && runStarts[r] < text.length; r++) {
    const at = runStarts[r];
    if (Math.min(runEnds[r], text.length) !== at + 1 || text.charCodeAt(at) !== 105) continue;
    if (text.charCodeAt(at - 1) !== 46 && text.charCodeAt(at + 1) !== 46) out.push({ start: at, end: at + 1, text: 'i' }); // (NaN outside the text)
  }
  return out;
}

/**
 * A word said twice (`/\b([A-Za-z]+)\s+\1\b/gi`, whose [A-Za-z] and back reference fold ASCII letters
 * only): a run of word characters that is all letters, whitespace only, then a run the same up to
 * case. A match ends the second run, and the search goes on after it. 'had had' and 'that that' are
 * English, not slips.
 */
function repeatedWords(text: string, index: WordIndex): Hit[] {
  const out: Hit[] = [];
  const { runStarts, runEnds } = index;
  const letter = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;
  for (let r = 0; r + 1 < runStarts.length && runStarts[r + 1] < text.length; r++) {
    const start = runStarts[r];
    const wordEnd = runEnds[r];
    const next = runStarts[r + 1];
    const length = wordEnd - start;
    if (Math.min(runEnds[r + 1], text.length) - next !== length) continue;
    let i = wordEnd;
    while (i < next && isSpace(text.charCodeAt(i))) i++;
    if (i !== next || i === wordEnd) continue; // something other than whitespace between, or nothing
    let k = 0;
    for (; k < length; k++) {
      const a = text.charCodeAt(start + k);
      if (!letter(a) || (a | 32) !== (text.charCodeAt(next + k) | 32)) break;
    }
    if (k < length) continue;
    if (!/^(had|that)$/i.test(text.slice(start, wordEnd))) out.push({ start, end: next + length, text: text.slice(start, next + length) });
    r++; // the search resumes after the match: the second word starts nothing
  }
  return out;
}

/**
 * How many items pass the test: items.filter(test).length without the array, whose map, when empty,
 * differs between optimised and unoptimised code (V8 deoptimised analyseText at every call on it).
 */
function countOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  let n = 0;
  for (const item of items) if (test(item)) n++;
  return n;
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

/** Distinctive words of a phrase (criterion names, descriptions, titles), stemmed; in French and Spanish folded as the essay is. */
export function keyTerms(text: string, language: GradedLanguage = 'en'): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const stop = stopwordsFor(language);
  for (const t of tokensOf(language === 'en' ? text : foldDiacritics(text))) {
    if (t.length < 5 || STOPWORDS.has(t) || stop.has(t)) continue;
    const s = stem(t);
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(t);
  }
  return out;
}
