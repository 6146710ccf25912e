import type { Hit } from './spans';
import { isWordChar, wordIndexOf, type WordIndex } from './words';

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
export interface PhraseHits {
  count: number;
  /** distinct phrases found, most frequent first */
  found: string[];
  /** every occurrence, in text order */
  hits: Hit[];
}

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
  // Every slot exists (a word character is ASCII, so a slot is below 128 * 32): a sparse array would be a slow dictionary.
  table = { byLead: new Array(128 * 32).fill(undefined), byRegex: [] };
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

/**
 * Every occurrence of each phrase, as `phraseHits` finds them, in one pass over the text's runs of
 * word characters (`runs`: the text's or a longer one's whose text starts with this one).
 */
function allPhraseHits(text: string, phrases: readonly string[], runs: WordIndex = wordIndexOf(text)): Map<string, Hit[]> {
  const { byLead, byRegex } = phraseTable(phrases);
  const out = new Map<string, Hit[]>();
  // (Before the scan, whose loop is optimised on its own: code after it would run without type feedback.)
  for (const phrase of byRegex) {
    const hits = phraseHits(text, phrase);
    if (hits.length) out.set(phrase, hits);
  }
  const n = text.length;
  const { runStarts, runEnds } = runs;
  for (let r = 0; r < runStarts.length; r++) {
    const start = runStarts[r];
    if (start >= n) break;
    const length = Math.min(runEnds[r], n) - start;
    const leads = byLead[leadSlot(text.charCodeAt(start), length)];
    if (!leads) continue;
    for (const { lead, phrases: candidates } of leads) {
      if (lead.length !== length) continue;
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
  return out;
}

const byLocale = (a: string, b: string) => a.localeCompare(b);

/** `found` lists the phrases by count, then in `order` (localeCompare's). */
function phraseHitsOf(phrases: readonly string[], hitsOf: Map<string, Hit[]>, order = byLocale): PhraseHits {
  const per = phrases.map((p) => ({ p, hits: hitsOf.get(p) ?? [] })).filter((h) => h.hits.length > 0);
  const found = [...per].sort((a, b) => b.hits.length - a.hits.length || order(a.p, b.p)).map((h) => h.p);
  return { count: per.reduce((n, h) => n + h.hits.length, 0), found, hits: merged(per.map((h) => h.hits)) };
}

/**
 * The hits of all the lists by start, a list's before a later list's at the same start: what a
 * stable sort of their concatenation by start gives, as each list is in text order already.
 */
function merged(lists: Hit[][]): Hit[] {
  if (lists.length === 1) return lists[0].slice();
  const next = new Array<number>(lists.length).fill(0);
  const out: Hit[] = [];
  for (;;) {
    let first = -1;
    for (let k = 0; k < lists.length; k++) {
      if (next[k] < lists[k].length && (first < 0 || lists[k][next[k]].start < lists[first][next[first]].start)) first = k;
    }
    if (first < 0) return out;
    out.push(lists[first][next[first]++]);
  }
}

/** Occurrences of the phrases (case-insensitive, on word boundaries) in the text. */
export function findPhrases(text: string, phrases: readonly string[]): PhraseHits {
  return phraseHitsOf(phrases, allPhraseHits(text, phrases));
}

const ALL_PHRASES: readonly string[] = Object.values(PHRASES).flat();

/**
 * localeCompare's order of the grader's phrases as ranks, worked out once: comparing ranks sorts as
 * localeCompare does (each call of it is a collation) — equal ranks where it finds two equal.
 */
let rankOfPhrase: Map<string, number> | undefined;
function byPhraseRank(a: string, b: string): number {
  if (!rankOfPhrase) {
    const sorted = [...new Set(ALL_PHRASES)].sort(byLocale);
    rankOfPhrase = new Map();
    sorted.forEach((p, i) => rankOfPhrase!.set(p, i > 0 && byLocale(sorted[i - 1], p) === 0 ? rankOfPhrase!.get(sorted[i - 1])! : i));
  }
  return rankOfPhrase.get(a)! - rankOfPhrase.get(b)!;
}

/** Every phrase of a language's lists, made once per lists object. */
const allOf = new WeakMap<object, readonly string[]>();

/**
 * findPhrases for every group of PHRASES, in one pass over the text (`runs`: see allPhraseHits);
 * `lists`: another language's groups (issue 36; a group it lacks finds nothing).
 */
export function phraseGroupsOf(
  text: string,
  runs?: WordIndex,
  lists?: Partial<Record<PhraseGroup, readonly string[]>>,
): Record<PhraseGroup, PhraseHits> {
  const out = {} as Record<PhraseGroup, PhraseHits>;
  if (lists) {
    let all = allOf.get(lists);
    if (!all) allOf.set(lists, (all = Object.values(lists).flat() as string[]));
    const hitsOf = allPhraseHits(text, all, runs);
    for (const group of Object.keys(PHRASES) as PhraseGroup[]) out[group] = phraseHitsOf(lists[group] ?? [], hitsOf);
    return out;
  }
  const hitsOf = allPhraseHits(text, ALL_PHRASES, runs);
  for (const group of Object.keys(PHRASES) as PhraseGroup[]) out[group] = phraseHitsOf(PHRASES[group], hitsOf, byPhraseRank);
  return out;
}
