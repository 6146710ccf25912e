import { stem, stopwordsFor, tokensOf, type Segment, type TextFeatures } from './text';

/**
 * Cohesion as lexical overlap (the Coh-Metrix measures of argument and content-word overlap,
 * McNamara, Graesser et al.): a reader follows a text whose next sentence takes up something of
 * the one before, and whose paragraphs continue each other's subject.
 */
export interface Cohesion {
  /** share of adjacent sentence pairs, within a paragraph, that share a content word (by stem) */
  sentenceOverlap: number;
  /** pairs of adjacent sentences counted */
  sentencePairs: number;
  /** share of adjacent paragraph pairs that share at least two content words */
  paragraphOverlap: number;
  /** pairs of adjacent paragraphs counted */
  paragraphPairs: number;
  /** the first sentences that share nothing with the sentence before them (where the thread breaks) */
  breaks: Segment[];
  /** the first sentences that take up a word of the sentence before */
  links: Segment[];
}

/** The content-word stems of a text: tokens of four letters or more outside the stop words. */
function contentStems(text: string, stop: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const t of tokensOf(text)) if (t.length >= 4 && !stop.has(t)) out.add(stem(t));
  return out;
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

export function cohesionOf(f: TextFeatures): Cohesion {
  const stop = stopwordsFor(f.language);
  const stems = f.sentences.map((s) => contentStems(s.text, stop));
  let pairs = 0;
  let linked = 0;
  const breaks: Segment[] = [];
  const links: Segment[] = [];
  let p = 0;
  for (let i = 1; i < f.sentences.length; i++) {
    const s = f.sentences[i];
    while (p < f.paragraphs.length && f.paragraphs[p].end <= s.start) p++;
    const para = f.paragraphs[p];
    if (!para || f.sentences[i - 1].start < para.start) continue; // the first sentence of a paragraph
    pairs++;
    if (overlap(stems[i - 1], stems[i]) > 0) {
      linked++;
      if (links.length < 2) links.push(s);
    } else if (breaks.length < 2) breaks.push(s);
  }
  const paragraphStems = f.paragraphs.map((x) => contentStems(x.text, stop));
  let paragraphLinked = 0;
  for (let i = 1; i < paragraphStems.length; i++) if (overlap(paragraphStems[i - 1], paragraphStems[i]) >= 2) paragraphLinked++;
  const paragraphPairs = Math.max(0, paragraphStems.length - 1);
  return {
    sentenceOverlap: pairs ? linked / pairs : 0,
    sentencePairs: pairs,
    paragraphOverlap: paragraphPairs ? paragraphLinked / paragraphPairs : 0,
    paragraphPairs,
    breaks,
    links,
  };
}
