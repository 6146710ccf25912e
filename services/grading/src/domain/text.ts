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
}

export interface TextFeatures {
  words: number;
  tokens: string[];
  paragraphs: string[];
  sentences: string[];
  avgSentenceLength: number;
  longSentences: number;
  lexicalDiversity: number;
  longWordRatio: number;
  headings: string[];
  hasIntroduction: boolean;
  hasConclusion: boolean;
  bibliography: { heading: string | null; mentioned: boolean; entries: number };
  citations: { parenthetical: number; bracketed: number; total: number; examples: string[] };
  quotations: { count: number; examples: string[] };
  numbers: { count: number; percentages: number; examples: string[] };
  researchQuestion: { text: string; explicit: boolean } | null;
  phrases: Record<PhraseGroup, PhraseHits>;
  mechanics: { capitalisedStarts: number; lowercaseI: number; repeatedWords: number; score: number };
}

/** Phrase lists the grader looks for (lower case; matched on word boundaries). */
export const PHRASES = {
  counter: [
    'however', 'on the other hand', 'although', 'nevertheless', 'nonetheless', 'conversely', 'whereas', 'despite',
    'in contrast', 'critics', 'counterclaim', 'counter-claim', 'counterargument', 'counter-argument', 'alternatively',
    'it could be argued', 'some argue', 'others argue', 'some people', 'others say', 'one might object', 'yet it', 'even though', 'on the contrary',
  ],
  reflection: [
    'i found', 'my research', 'i realised', 'i realized', 'i learned', 'i learnt', 'i decided', 'i chose', 'in retrospect',
    'on reflection', 'reflecting', 'my initial', 'i was surprised', 'i discovered', 'if i were to', 'my understanding',
    'i initially', 'i had to', 'my investigation', 'i noticed', 'i struggled', 'this process', 'i would',
  ],
  hedging: [
    'may', 'might', 'could', 'suggests', 'suggest', 'appears', 'appear to', 'likely', 'unlikely', 'possibly', 'perhaps',
    'arguably', 'tends to', 'tend to', 'indicates', 'indicate', 'seems', 'to some extent', 'probably', 'partly',
  ],
  evaluative: [
    'significant', 'significantly', 'limitation', 'limitations', 'reliable', 'reliability', 'unreliable', 'validity', 'valid',
    'bias', 'biased', 'strength', 'strengths', 'weakness', 'weaknesses', 'effective', 'ineffective', 'convincing',
    'implies', 'implication', 'implications', 'evaluate', 'evaluation', 'assess', 'assessment', 'crucial', 'limited',
    'persuasive', 'flawed', 'robust', 'questionable', 'justified', 'insufficient', 'important',
  ],
  connectives: [
    'because', 'therefore', 'thus', 'consequently', 'as a result', 'this shows', 'this suggests', 'this means',
    'which demonstrates', 'this demonstrates', 'hence', 'it follows', 'due to', 'this indicates', 'leads to', 'since',
    'for example', 'for instance', 'furthermore', 'moreover', 'in addition', 'similarly', 'in particular',
  ],
  method: [
    'method', 'methodology', 'methods', 'experiment', 'experimental', 'survey', 'interview', 'questionnaire', 'primary source',
    'primary sources', 'secondary source', 'secondary sources', 'data', 'dataset', 'variable', 'variables', 'sample',
    'procedure', 'approach', 'case study', 'analysis of', 'measured', 'collected', 'compared', 'investigation', 'trial',
  ],
  knowledgeQuestion: [
    'knowledge question', 'knowledge questions', 'how do we know', 'how can we know', 'to what extent', 'what counts as',
    'justification', 'justified', 'certainty', 'knower', 'knowers', 'areas of knowledge', 'area of knowledge',
    'ways of knowing', 'knowledge claim', 'knowledge claims', 'belief', 'truth', 'perspective', 'perspectives',
    'interpretation', 'evidence', 'shared knowledge', 'personal knowledge', 'objectivity', 'subjectivity',
  ],
  areasOfKnowledge: [
    'natural sciences', 'natural science', 'human sciences', 'human science', 'history', 'the arts', 'mathematics',
    'ethics', 'religious knowledge', 'indigenous knowledge', 'politics', 'technology', 'language',
  ],
  voice: [
    'i argue', 'i would argue', 'in my view', 'in my opinion', 'i believe', 'i think', 'i will', 'i contend', 'i suggest',
    'my own', 'personally', 'i propose', 'my argument', 'i consider',
  ],
  signposting: [
    'this essay will', 'in this essay', 'this investigation will', 'this paper', 'this essay argues', 'in conclusion',
    'to conclude', 'in summary', 'to summarise', 'to summarize', 'overall,', 'firstly', 'secondly', 'finally',
  ],
} as const;
export type PhraseGroup = keyof typeof PHRASES;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phraseRegex = new Map<string, RegExp>();
function countPhrase(lower: string, phrase: string): number {
  let re = phraseRegex.get(phrase);
  if (!re) {
    const tail = /\w$/.test(phrase) ? '\\b' : '';
    re = new RegExp(`\\b${escape(phrase)}${tail}`, 'g');
    phraseRegex.set(phrase, re);
  }
  re.lastIndex = 0;
  return lower.match(re)?.length ?? 0;
}

export function findPhrases(lower: string, phrases: readonly string[]): PhraseHits {
  const hits = phrases
    .map((p) => ({ p, n: countPhrase(lower, p) }))
    .filter((h) => h.n > 0)
    .sort((a, b) => b.n - a.n || a.p.localeCompare(b.p));
  return { count: hits.reduce((s, h) => s + h.n, 0), found: hits.map((h) => h.p) };
}

export const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);
export const tokensOf = (text: string): string[] => (text.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? []).map((t) => t.replace(/['’-]+$/, ''));
/** A crude stem: enough to match 'methodology' with 'method', 'justified' with 'justify'. */
export const stem = (word: string): string => word.toLowerCase().slice(0, 6);

/** Moving-average type-token ratio (window 50): lexical diversity that does not fall with length. */
export function mattr(tokens: string[], window = 50): number {
  if (tokens.length === 0) return 0;
  if (tokens.length <= window) return new Set(tokens).size / tokens.length;
  const counts = new Map<string, number>();
  let distinct = 0;
  for (let i = 0; i < window; i++) {
    const n = (counts.get(tokens[i]) ?? 0) + 1;
    counts.set(tokens[i], n);
    if (n === 1) distinct++;
  }
  let sum = distinct;
  for (let i = window; i < tokens.length; i++) {
    const out = tokens[i - window];
    const o = counts.get(out)! - 1;
    counts.set(out, o);
    if (o === 0) distinct--;
    const n = (counts.get(tokens[i]) ?? 0) + 1;
    counts.set(tokens[i], n);
    if (n === 1) distinct++;
    sum += distinct;
  }
  return sum / (tokens.length - window + 1) / window;
}

export function splitSentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  // Do not split inside common abbreviations.
  const protectedText = flat.replace(/\b(e\.g|i\.e|et al|etc|vs|cf|p|pp|Dr|Mr|Mrs|Ms|St|n\.d|[A-Z])\./g, (m) => m.replace(/\./g, '\u0000'));
  return protectedText
    .split(/(?<=[.!?]["”')\]]?)\s+(?=\S)/)
    .map((s) => s.replace(/\u0000/g, '.').trim())
    .filter((s) => wordsOf(s).length > 0);
}

const HEADING_WORDS = /^(introduction|conclusion|bibliography|works cited|references|reference list|sources|works consulted|methodology|method|background|analysis|evaluation|discussion|results|findings|appendix|appendices|abstract|contents|table of contents|limitations|reflection)\b/i;
const BIBLIOGRAPHY_HEADING = /^(bibliography|works cited|references|reference list|sources|works consulted)\s*:?$/i;
const YEAR = /\b(1[5-9]\d{2}|20\d{2})\b|n\.d\./;

export function analyseText(raw: string): TextFeatures {
  const text = raw.replace(/\r\n?/g, '\n').replace(/[\u2018\u2019]/g, "'");
  const lower = text.toLowerCase();
  const lines = text.split('\n').map((l) => l.trim());
  const words = wordsOf(text).length;
  const tokens = tokensOf(text);

  // Paragraphs: blocks between blank lines; extracted text often has one line per paragraph instead.
  let blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  if (blocks.length <= 1 && lines.filter(Boolean).length > 1) blocks = lines.filter(Boolean);
  const headings = lines.length > 1 ? lines.filter(isHeading) : [];
  const headingSet = new Set(headings);
  const paragraphs = blocks.filter((b) => !headingSet.has(b) && wordsOf(b).length >= 3);

  const sentences = splitSentences(paragraphs.join('\n\n') || text);
  const lengths = sentences.map((s) => wordsOf(s).length);
  const avgSentenceLength = lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0;

  // Bibliography: a heading line, then the entries after it (lines carrying a year, n.d. or a link).
  const bibIndex = lines.findIndex((l) => BIBLIOGRAPHY_HEADING.test(l));
  const entries = bibIndex >= 0 ? lines.slice(bibIndex + 1).filter((l) => l.length > 10 && (YEAR.test(l) || /https?:\/\//.test(l))).length : 0;
  const bibliography = {
    heading: bibIndex >= 0 ? lines[bibIndex].replace(/:$/, '') : null,
    mentioned: /\b(bibliography|works cited|reference list|references)\b/.test(lower),
    entries,
  };
  const body = bibIndex >= 0 ? lines.slice(0, bibIndex).join('\n') : text;

  const parenthetical = (body.match(/\([^()\n]{0,100}?(?:\b(?:1[5-9]\d{2}|20\d{2})[a-z]?\b|n\.d\.)[^()\n]{0,30}\)/g) ?? []).filter((c) => /[A-Z]/.test(c));
  const bracketed = body.match(/\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]/g) ?? [];
  const citations = {
    parenthetical: parenthetical.length,
    bracketed: bracketed.length,
    total: parenthetical.length + bracketed.length,
    examples: [...new Set([...parenthetical, ...bracketed])].slice(0, 3),
  };

  const quotes = [...body.matchAll(/["“]([^"”\n]{12,400})["”]/g)].map((m) => m[1]).filter((q) => wordsOf(q).length >= 3);
  const quotations = { count: quotes.length, examples: quotes.slice(0, 2).map((q) => clip(q, 60)) };

  const withoutCitations = body.replace(/\([^()\n]{0,100}\)/g, ' ').replace(/\[\d[^\]]*\]/g, ' ');
  const numberMatches = withoutCitations.match(/(?<![\w.])\d+(?:[.,]\d+)*(?:\s?%|\s?percent\b)?/g) ?? [];
  const numbers = {
    count: numberMatches.length,
    percentages: numberMatches.filter((n) => /%|percent/.test(n)).length,
    examples: [...new Set(numberMatches.map((n) => n.trim()))].slice(0, 4),
  };

  const phrases = Object.fromEntries(
    (Object.keys(PHRASES) as PhraseGroup[]).map((g) => [g, findPhrases(body.toLowerCase(), PHRASES[g])]),
  ) as Record<PhraseGroup, PhraseHits>;

  const introWords =
    /\bintroduction\b/.test(lower) ||
    /\b(this essay (will|is about|argues|explores|examines|investigates|discusses)|in this essay|this investigation (will|is about)|this paper (will|is about))\b/.test(lower);
  const conclusionWords = /\b(conclusion|in conclusion|to conclude|in summary|to summarise|to summarize|to sum up|overall,|so overall)\b|(^|[.!?]\s+)overall\b/.test(lower);

  return {
    words,
    tokens,
    paragraphs,
    sentences,
    avgSentenceLength,
    longSentences: lengths.filter((n) => n > 40).length,
    lexicalDiversity: mattr(tokens),
    longWordRatio: tokens.length ? tokens.filter((t) => t.length >= 9).length / tokens.length : 0,
    headings,
    hasIntroduction: introWords,
    hasConclusion: conclusionWords,
    bibliography,
    citations,
    quotations,
    numbers,
    researchQuestion: findResearchQuestion(text, sentences),
    phrases,
    mechanics: mechanicsOf(text, sentences, avgSentenceLength),
  };
}

function isHeading(line: string): boolean {
  const n = wordsOf(line).length;
  if (n === 0 || n > 8 || line.length > 80) return false;
  if (/[.!?,;]$/.test(line) || !/^[A-Z0-9]/.test(line)) return false;
  return HEADING_WORDS.test(line) || !/[.!?]/.test(line);
}

function findResearchQuestion(text: string, sentences: string[]): TextFeatures['researchQuestion'] {
  const explicit = /research question\s*(?:is|was|:|-|–)?\s*[:\-–]?\s*["“]?([^?\n]{10,300}\?)/i.exec(text);
  if (explicit) return { text: clip(explicit[1].trim(), 140), explicit: true };
  const opening = sentences.slice(0, Math.max(5, Math.ceil(sentences.length * 0.3)));
  const q = opening.find((s) => /\?$/.test(s) && /^(to what extent|how|what|why|in what ways?|which|does|do|is|can)\b/i.test(s.replace(/^["“(]/, '')) && wordsOf(s).length >= 6);
  return q ? { text: clip(q, 140), explicit: false } : null;
}

function mechanicsOf(text: string, sentences: string[], avg: number) {
  const capitalisedStarts = sentences.length ? sentences.filter((s) => /^["“'(\[]?[A-Z0-9]/.test(s)).length / sentences.length : 0;
  const lowercaseI = (text.match(/(?<![\w.])i(?![\w.])/g) ?? []).length;
  const repeatedWords = [...text.matchAll(/\b([A-Za-z]+)\s+\1\b/gi)].filter((m) => !/^(had|that)$/i.test(m[1])).length;
  const score =
    0.4 * capitalisedStarts +
    0.2 * (1 - Math.min(1, lowercaseI / 3)) +
    0.2 * (1 - Math.min(1, repeatedWords / 5)) +
    0.2 * sentenceFit(avg);
  return { capitalisedStarts, lowercaseI, repeatedWords, score: sentences.length ? score : 0 };
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
