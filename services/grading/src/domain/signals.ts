import { DEFAULT_SUBMISSION_TITLES, ESSAY_WORD_LIMITS, type EssayType } from '@corestone/contracts';
import { clip, keyTerms, sentenceFit, stem, STOPWORDS, tokensOf, vocabularyOf, wordStart, type Segment, type TextFeatures } from './text';
import { containing, type Span } from './spans';
import { subjectGlossary } from './subject-terms';
import type { GradingJob } from './job';

/** The stems of an essay's tokens, made once per analysed text (several signals ask for them). */
const stemSets = new WeakMap<TextFeatures, Set<string>>();
function stemsOf(f: TextFeatures): Set<string> {
  let stems = stemSets.get(f);
  if (!stems) stemSets.set(f, (stems = new Set(vocabularyOf(f).distinct.map(stem))));
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
export const fmt = (n: number): string => n.toLocaleString('en-US');
export const quoteList = (items: readonly string[], n = 3): string =>
  items
    .slice(0, n)
    .map((s) => `'${s}'`)
    .join(', ');
export const plural = (n: number, one: string, many = `${one}s`): string => `${fmt(n)} ${n === 1 ? one : many}`;

function lengthFit(words: number, e: (typeof EXPECT)[EssayType]): number {
  if (words < e.minWords) return words / e.minWords;
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
function sentencesAt(f: TextFeatures, spans: Iterable<Span>, n = 3): Span[] {
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
function sentencesWithTerms(f: TextFeatures, terms: string[], within: readonly Segment[] = f.sentences, n = 2): Span[] {
  const stems = new Set(terms.map(stem));
  const out: Span[] = [];
  if (stems.size === 0) return out;
  for (const s of within) {
    if (out.length >= n) break;
    if (stemsIn(s).some((t) => stems.has(t))) out.push(s);
  }
  return out;
}

const firstSentenceOf = (f: TextFeatures, p: Segment | undefined): Span[] => (p ? [containing(f.sentences, p.start) ?? p] : []);

/** The longest paragraphs with none of the spans inside: where missing material would go. */
function paragraphsWithout(f: TextFeatures, spans: readonly Span[], n = 1): Span[] {
  return f.paragraphs
    .filter((p) => !spans.some((s) => s.start >= p.start && s.start < p.end))
    .sort((a, b) => b.words - a.words || a.start - b.start)
    .slice(0, n)
    .flatMap((p) => firstSentenceOf(f, p));
}

/** The word where the body passes `limit` words, and a dozen words from there. */
function beyondLimit(f: TextFeatures, limit: number): Span[] {
  const at = wordStart(f, limit + 1);
  return at < 0 ? [] : [{ start: at, end: Math.min(f.bodyEnd, at + 80) }];
}

/** The most repeated content word of the body and where it occurs. */
function mostRepeated(f: TextFeatures): { word: string; spans: Span[] } | null {
  const { distinct, ids } = vocabularyOf(f);
  const counts = new Int32Array(distinct.length);
  for (let i = 0; i < ids.length; i++) counts[ids[i]]++;
  // The first of the most frequent in alphabetical order, as sorting the words by that and taking [0] would give.
  let top = -1;
  for (let id = 0; id < distinct.length; id++) {
    const t = distinct[id];
    if (t.length < 4 || STOPWORDS.has(t)) continue;
    if (top < 0 || counts[id] > counts[top] || (counts[id] === counts[top] && t.localeCompare(distinct[top]) < 0)) top = id;
  }
  if (top < 0 || counts[top] < 5) return null;
  const re = new RegExp(`\\b${distinct[top]}\\b`, 'gi');
  const body = f.text.slice(0, f.bodyEnd);
  const spans: Span[] = [];
  for (let m; spans.length < 3 && (m = re.exec(body));) spans.push({ start: m.index, end: m.index + m[0].length });
  return { word: distinct[top], spans };
}

/** Where regex matches are, lazily: a caller that needs the first few stops the scan there. */
function* spansOf(matches: Iterable<RegExpMatchArray>): Iterable<Span> {
  for (const m of matches) yield { start: m.index!, end: m.index! + m[0].length };
}

/** Every aspect the grader measures, with the evidence it cites and where it is in the text. */
export function measure(job: GradingJob, f: TextFeatures): Map<string, Signal> {
  const type = job.essay_type;
  const e = EXPECT[type];
  const s = new Map<string, Signal>();
  const add = (sig: Omit<Signal, 'shows' | 'applies'> & Partial<Pick<Signal, 'shows' | 'applies'>>) =>
    s.set(sig.key, { shows: [], applies: [], ...sig, value: Math.max(0, Math.min(1, sig.value)) });
  const ph = f.phrases;
  const opening = firstSentenceOf(f, f.paragraphs[0]);
  const lastParagraphs = f.paragraphs.slice(-2);
  const closing = firstSentenceOf(f, f.paragraphs[f.paragraphs.length - 1]);

  add({
    key: 'length',
    value: lengthFit(f.bodyWords, e),
    evidence: `${fmt(f.bodyWords)} words before the bibliography against the expected ${fmt(e.minWords)}–${fmt(e.maxWords)} for an ${e.label}`,
    strength: `Well-judged length (${fmt(f.bodyWords)} words, within the ${fmt(e.maxWords)}-word limit)`,
    tip:
      f.bodyWords > e.maxWords
        ? `Cut the essay to the ${fmt(e.maxWords)}-word limit: at ${fmt(f.bodyWords)} words, material beyond the limit is not credited`
        : `Develop the essay towards ${fmt(e.minWords)}–${fmt(e.maxWords)} words: at ${fmt(f.bodyWords)} words the argument cannot be developed in depth`,
    applies: f.bodyWords > e.maxWords ? beyondLimit(f, e.maxWords) : [],
  });

  const rq = f.researchQuestion;
  const focus = focusOf(job);
  const focusFound =
    focus && type === 'ee' && job.research_question ? sentencesWithTerms(f, keyTerms(focus.text), f.sentences.slice(0, 10), 1) : [];
  add({
    key: 'researchQuestion',
    value: rq ? (rq.explicit ? 1 : 0.7) : focusFound.length ? 0.5 : ph.signposting.count > 0 ? 0.2 : 0,
    evidence: rq
      ? `research question ${rq.explicit ? 'stated' : 'implied by an opening question'}: "${rq.text}"`
      : focusFound.length
        ? 'the research question you entered is touched on in the opening but never stated as a question'
        : 'no research question was found',
    strength: rq ? `A clear research question: "${clip(rq.text, 90)}"` : '',
    tip: 'State a sharply focused research question in the introduction (for example "To what extent …?") and answer it in the conclusion',
    shows: rq ? [rq.span] : [],
    applies: rq ? [] : opening,
  });

  // The conclusion answers the question: the question's (or title's) key words come back at the end.
  const focusTerms = keyTerms(rq?.text ?? focus?.text ?? '');
  const answeredIn = sentencesWithTerms(
    f,
    focusTerms,
    f.sentences.filter((x) => lastParagraphs.some((p) => x.start >= p.start && x.start < p.end)),
    2,
  );
  const closingStems = new Set(tokensOf(lastParagraphs.map((p) => f.text.slice(p.start, p.end)).join(' ')).map(stem));
  const answeredTerms = focusTerms.filter((t) => closingStems.has(stem(t)));
  add({
    key: 'answered',
    value: focusTerms.length ? sat(answeredTerms.length / focusTerms.length, 0.5) * (f.hasConclusion ? 1 : 0.7) : f.hasConclusion ? 0.5 : 0,
    evidence: focusTerms.length
      ? `the closing paragraphs use ${answeredTerms.length} of the ${focusTerms.length} key words of the ${rq ? 'research question' : (focus?.kind ?? 'question')}`
      : 'there is no question for the conclusion to answer',
    strength: `The conclusion returns to the ${rq ? 'research question' : (focus?.kind ?? 'question')} and answers it`,
    tip: `End with a conclusion that answers the ${rq ? 'research question' : (focus?.kind ?? 'question')} directly, in its own terms, and states what remains unresolved`,
    shows: answeredIn,
    applies: closing,
  });

  // Subject vocabulary: the catalogue's terms for the subject (TOK's for a TOK essay), else the
  // distinctive words of the subject's name and the essay's question.
  const subject = job.essay_type === 'tok' ? 'theory of knowledge' : job.subject_area;
  const glossary = subjectGlossary(subject);
  const terms = glossary.length ? glossary : keyTerms(`${job.subject_area} ${focus?.text ?? ''}`);
  const vocab = glossaryCoverage(f, terms);
  const subjectName = job.essay_type === 'tok' ? 'TOK' : job.subject_area.trim() || 'subject';
  const termRe = vocab.hits.length
    ? new RegExp(`\\b(${vocab.hits.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi')
    : null;
  add({
    key: 'subjectTerms',
    value: terms.length ? sat(vocab.hits.length / terms.length, 0.5) : 0.5,
    evidence: terms.length
      ? `${vocab.hits.length} of ${terms.length} ${subjectName} terms used${vocab.hits.length ? ` (${quoteList(vocab.hits, 4)})` : ''}`
      : 'no subject was given to check the vocabulary against',
    strength: `Uses the ${subjectName} vocabulary (${quoteList(vocab.hits, 3)})`,
    tip: `Use ${subjectName} concepts precisely${vocab.missing.length ? ` where they apply (e.g. ${quoteList(vocab.missing, 3)})` : ''}`,
    shows: termRe ? sentencesAt(f, spansOf(f.text.slice(0, f.bodyEnd).matchAll(termRe)), 2) : [],
  });

  const kq = ph.knowledgeQuestion;
  // An explicit knowledge question: named as such, or a question sentence in knowledge-question form.
  const kqSentences = f.sentences.filter(
    (x) =>
      /\bknowledge questions?\b/i.test(x.text) ||
      (/\?$/.test(x.text) && /\b(how (do|can|should) we know|to what extent|what counts as|how far)\b/i.test(x.text)),
  );
  add({
    key: 'knowledgeQuestions',
    value: 0.6 * sat(kq.count, e.knowledgeQuestion) + (kqSentences.length ? 0.4 : 0),
    evidence: kq.count
      ? `knowledge-question language used ${plural(kq.count, 'time')} (${quoteList(kq.found)})`
      : 'no knowledge-question language was found',
    strength: `Engages with knowledge questions (${quoteList(kq.found, 2)})`,
    tip: 'Frame the discussion around explicit knowledge questions ("How do we know …?", "To what extent is … justified?")',
    shows: kqSentences.length ? kqSentences.slice(0, 2) : sentencesAt(f, kq.hits, 2),
    applies: opening,
  });

  const areas = ph.areasOfKnowledge;
  add({
    key: 'areas',
    value: sat(areas.found.length, 2),
    evidence: areas.found.length ? `areas of knowledge or themes discussed: ${quoteList(areas.found, 4)}` : 'no area of knowledge is named',
    strength: `Draws on ${plural(areas.found.length, 'area')} of knowledge (${quoteList(areas.found, 3)})`,
    tip: 'Develop the discussion through at least two areas of knowledge (e.g. the natural sciences and history) and compare them',
    shows: sentencesAt(f, areas.found.map((a) => areas.hits.find((h) => h.text.toLowerCase() === a)!).filter(Boolean), 3),
    applies: paragraphsWithout(f, areas.hits),
  });

  const titleTerms = keyTerms(focus?.text ?? '');
  const title = termCoverage(f, titleTerms);
  const titleKind = focus?.kind ?? (type === 'tok' ? 'prescribed title' : 'title');
  add({
    key: 'titleFocus',
    value: titleTerms.length ? title.value : 0.5,
    evidence: titleTerms.length
      ? `${title.hits.length} of ${titleTerms.length} key words of the ${titleKind} appear in the essay`
      : `no ${titleKind} was given to check the focus against`,
    strength: `Stays focused on the ${titleKind}`,
    tip: title.missing.length
      ? `Keep returning to the ${titleKind}'s key terms (not used: ${quoteList(title.missing)})`
      : `Tie each section back to the ${titleKind}`,
    shows: sentencesWithTerms(f, title.hits),
    applies: title.missing.length ? opening : paragraphsWithout(f, sentencesWithTerms(f, title.hits, f.sentences, 1000)),
  });

  add({
    key: 'method',
    value: sat(ph.method.count, e.method),
    evidence: ph.method.count
      ? `${plural(ph.method.count, 'reference')} to method and sources (${quoteList(ph.method.found)})`
      : 'the method is not described',
    strength: `Explains the method (${quoteList(ph.method.found, 2)})`,
    tip: 'Explain how the research was carried out: sources chosen, data collected and why the approach suits the question',
    shows: sentencesAt(f, ph.method.hits, 2),
    applies: f.paragraphs.length > 1 ? firstSentenceOf(f, f.paragraphs[1]) : opening,
  });

  const frameParts = [f.hasIntroduction ? 'an introduction' : '', f.hasConclusion ? 'a conclusion' : ''].filter(Boolean);
  add({
    key: 'frame',
    value: (f.hasIntroduction ? 0.5 : 0) + (f.hasConclusion ? 0.5 : 0),
    evidence: frameParts.length
      ? `${frameParts.join(' and ')} ${frameParts.length > 1 ? 'are' : 'is'} signposted`
      : 'neither an introduction nor a conclusion is signposted',
    strength: 'Clear introduction and conclusion frame the essay',
    tip: f.hasIntroduction
      ? 'Finish with a conclusion that answers the question and states what remains unresolved'
      : 'Open with an introduction that sets out the question, its context and the line of argument',
    shows: [f.frameHits.introduction, f.frameHits.conclusion].filter((h): h is NonNullable<typeof h> => h !== null),
    applies: f.hasIntroduction ? closing : opening,
  });

  const longest = [...f.paragraphs].sort((a, b) => b.words - a.words || a.start - b.start)[0];
  add({
    key: 'paragraphs',
    value: sat(f.paragraphs.length, e.paragraphs),
    evidence: `${plural(f.paragraphs.length, 'paragraph')}${longest ? `, the longest ${fmt(longest.words)} words` : ''}`,
    strength: `Well-paragraphed (${f.paragraphs.length} paragraphs)`,
    tip: `Organise the text into focused paragraphs (about ${e.paragraphs} for an essay of this kind), one idea each`,
    applies: longest && longest.words > 180 ? firstSentenceOf(f, longest) : [],
  });

  add({
    key: 'headings',
    value: sat(f.headings.length, e.headings),
    evidence: f.headings.length
      ? `${plural(f.headings.length, 'heading')} (${quoteList(f.headings.map((h) => clip(h, 30)))})`
      : 'no section headings',
    strength: `Sections with headings (${quoteList(
      f.headings.map((h) => clip(h, 30)),
      3,
    )})`,
    tip: 'Use section headings (Introduction, Method, Analysis, Evaluation, Conclusion, Bibliography) to guide the reader',
    shows: f.headingSpans.slice(0, 3),
  });

  // Claims with figures or quotations but no citation in the same sentence: where a citation is missing.
  const cited = (x: Span) => f.citations.hits.some((c) => c.start >= x.start && c.start < x.end);
  const claims = [...f.numbers.hits, ...f.quotations.hits];
  const unsupported: Segment[] = [];
  for (const x of f.sentences) {
    if (unsupported.length >= 2) break;
    if (!cited(x) && claims.some((h) => h.start >= x.start && h.start < x.end)) unsupported.push(x);
  }
  add({
    key: 'citations',
    value: sat(f.citations.total, e.citations),
    evidence: f.citations.total
      ? `${plural(f.citations.total, 'in-text citation')} (e.g. ${f.citations.examples.slice(0, 2).join(', ')})`
      : 'no in-text citations',
    strength: `Sources cited in the text (${plural(f.citations.total, 'citation')})`,
    tip: 'Support claims with in-text citations, e.g. (Author, 2020) or [1], for every source used',
    shows: f.citations.hits.slice(0, 3),
    applies: unsupported.length ? unsupported : opening,
  });

  const style = f.citations.style;
  const styleName = style === 'numeric' ? 'numbered' : style;
  const minority = style === 'mixed' ? f.citations.hits.filter((h, i, all) => all.findIndex((x) => x.form === h.form) === i) : [];
  add({
    key: 'citationStyle',
    value: style === 'none' ? 0 : style === 'mixed' ? 0.4 : f.citations.consistency,
    evidence:
      style === 'none'
        ? 'no referencing style can be recognised'
        : style === 'mixed'
          ? `citations mix forms (${[...new Set(f.citations.hits.map((h) => h.form))].join(', ')})`
          : `referencing follows ${styleName} conventions${f.citations.hits.length ? ` in ${Math.round(f.citations.consistency * 100)}% of the in-text citations` : ''}`,
    strength: `Consistent ${styleName} referencing`,
    tip:
      style === 'mixed'
        ? 'Use one referencing style (APA, MLA, Chicago or Harvard) consistently for every citation'
        : 'Choose one referencing style (APA, MLA, Chicago or Harvard) and apply it to every citation and bibliography entry',
    shows: f.citations.hits.slice(0, 2),
    applies: minority,
  });

  const bib = f.bibliography;
  const bibSpans = f.bibliographySpans;
  add({
    key: 'bibliography',
    value: (bib.heading ? 0.5 : bib.mentioned ? 0.25 : 0) + 0.5 * sat(bib.entries, e.bibliography),
    evidence: bib.heading
      ? `a '${bib.heading}' section with ${plural(bib.entries, 'entry', 'entries')}`
      : bib.mentioned
        ? 'a bibliography is mentioned but no bibliography section was found'
        : 'no bibliography or works-cited section',
    strength: `A '${bib.heading ?? 'Bibliography'}' section with ${plural(bib.entries, 'entry', 'entries')}`,
    tip: 'End with a complete bibliography (works cited) listing every source with author, title, year and publisher or URL',
    shows: bibSpans.heading ? [bibSpans.heading, ...bibSpans.entries.slice(0, 1)] : [],
    applies: bibSpans.heading ? [bibSpans.heading] : closing,
  });

  add({
    key: 'quotations',
    value: sat(f.quotations.count, e.quotations),
    evidence: f.quotations.count ? `${plural(f.quotations.count, 'quotation')} (e.g. "${f.quotations.examples[0]}")` : 'no quotations',
    strength: `Uses quotations as evidence (${f.quotations.count})`,
    tip: 'Quote sources or examples directly where the exact words matter, and comment on them',
    shows: f.quotations.hits.slice(0, 2),
    applies: paragraphsWithout(f, [...f.quotations.hits, ...f.citations.hits]),
  });

  add({
    key: 'data',
    value: sat(f.numbers.count, e.numbers),
    evidence: f.numbers.count
      ? `${plural(f.numbers.count, 'figure or data point', 'figures or data points')} (e.g. ${f.numbers.examples.slice(0, 3).join(', ')})`
      : 'no figures or data',
    strength: `Evidence backed by data (${plural(f.numbers.count, 'figure')}${f.numbers.percentages ? `, ${f.numbers.percentages} percentages` : ''})`,
    tip: 'Back claims with concrete evidence: figures, dates, measurements or statistics from your sources',
    shows: sentencesAt(f, f.numbers.hits, 2),
    applies: paragraphsWithout(f, [...f.numbers.hits, ...f.citations.hits]),
  });

  const group = (
    key: 'counter' | 'evaluative' | 'connectives' | 'hedging' | 'reflection' | 'voice' | 'examples',
    target: number,
    what: string,
    strength: string,
    tip: string,
  ) =>
    add({
      key,
      value: sat(ph[key].count, target),
      evidence: ph[key].count ? `${what} used ${plural(ph[key].count, 'time')} (${quoteList(ph[key].found)})` : `no ${what}`,
      strength: `${strength} (${quoteList(ph[key].found, 2)})`,
      tip,
      shows: sentencesAt(f, ph[key].hits, 2),
      applies: paragraphsWithout(f, ph[key].hits),
    });
  group(
    'counter',
    e.counter,
    'counter-claim language',
    'Considers counter-claims',
    'Consider counter-claims and alternative interpretations ("However, …", "On the other hand, …") and weigh them',
  );
  group(
    'evaluative',
    e.evaluative,
    'evaluative vocabulary',
    'Evaluates rather than describes',
    'Evaluate as well as describe: judge the significance, reliability and limitations of the evidence',
  );
  group(
    'connectives',
    e.connectives,
    'reasoning connectives',
    'Reasoning is linked explicitly',
    'Make the reasoning explicit with links such as "therefore", "this suggests", "as a result"',
  );
  group(
    'hedging',
    e.hedging,
    'hedged, tentative claims',
    'Claims are appropriately tentative',
    'Qualify claims where the evidence is limited ("this suggests", "it may be")',
  );
  group(
    'reflection',
    e.reflection,
    'reflection on the research process',
    'Reflects on the research process',
    'Reflect on your own process: what you found, what surprised you, which decisions you made and why',
  );
  group(
    'voice',
    3,
    'personal analytical voice',
    'A personal, analytical voice',
    'Let your own position come through ("I argue that …", "In my view …") and justify it',
  );
  group(
    'examples',
    e.examples,
    'worked examples',
    'Grounds claims in specific examples',
    'Ground each claim in a specific, well-chosen example ("For example, …") and explain what it shows',
  );

  add({
    key: 'vocabulary',
    value: sat(f.longWordRatio, 0.12),
    evidence: `${Math.round(f.longWordRatio * 100)}% of words are long, subject-level words`,
    strength: 'An academic register with precise vocabulary',
    tip: 'Use precise subject-specific terminology rather than everyday words',
  });

  const repeated = mostRepeated(f);
  add({
    key: 'diversity',
    value: (f.lexicalDiversity - 0.6) / 0.2,
    evidence: `lexical diversity ${f.lexicalDiversity.toFixed(2)} (moving type-token ratio)${repeated ? `; the most repeated word is '${repeated.word}'` : ''}`,
    strength: 'Varied vocabulary with little repetition',
    tip: repeated
      ? `Vary the vocabulary: '${repeated.word}' and other words recur often`
      : 'Vary the vocabulary: the same words recur often',
    applies: repeated?.spans ?? [],
  });

  const byLength = [...f.sentences].sort((a, b) => b.words - a.words || a.start - b.start);
  add({
    key: 'sentences',
    value: sentenceFit(f.avgSentenceLength),
    evidence: `${plural(f.sentences.length, 'sentence')}, ${f.avgSentenceLength.toFixed(1)} words on average${f.longSentences ? `, ${f.longSentences} over 40 words` : ''}`,
    strength: 'Sentences of a readable length',
    tip:
      f.avgSentenceLength > 28
        ? 'Split long sentences so each makes one point'
        : 'Develop ideas in fuller sentences that connect evidence and explanation',
    applies: f.avgSentenceLength > 28 ? byLength.slice(0, 2) : byLength.slice(-2),
  });

  // Runs of sentences opening with the same word, the most visible sign of monotony.
  const openers = f.sentences.map((x) => (x.text.match(/[A-Za-z']+/)?.[0] ?? '').toLowerCase());
  const sameOpeners = f.sentences.filter((_, i) => i > 0 && openers[i] === openers[i - 1]);
  add({
    key: 'variety',
    value: 0.5 * sat(f.sentenceVariation, 0.4) + 0.5 * sat(f.openerVariety, 0.85),
    evidence: `sentence lengths vary by ${Math.round(f.sentenceVariation * 100)}% around the average; ${Math.round(f.openerVariety * 100)}% of sentences open differently from the three before`,
    strength: 'Varied sentences: lengths and openings change with the argument',
    tip: 'Vary sentence length and openings: combine short, emphatic sentences with longer explanatory ones',
    applies: sameOpeners.slice(0, 2),
  });

  const grade = f.readabilityGrade;
  add({
    key: 'readability',
    value: grade <= 0 ? 0 : grade < 10 ? (grade - 4) / 6 : grade <= 16 ? 1 : 1 - (grade - 16) / 6,
    evidence: `readability at school grade ${grade.toFixed(1)} (Flesch-Kincaid; 10–16 suits an academic essay)`,
    strength: 'Readable academic prose (Flesch-Kincaid grade 10–16)',
    tip:
      grade > 16
        ? 'Make dense passages easier to follow: shorter sentences, fewer stacked clauses'
        : 'Write in a more developed academic register: explain ideas with precise terms and connected sentences',
    applies: grade > 16 ? byLength.slice(0, 1) : byLength.slice(-1),
  });

  const m = f.mechanics;
  add({
    key: 'mechanics',
    value: m.score,
    evidence: `${Math.round(m.capitalisedStarts * 100)}% of sentences start with a capital${m.lowercaseI ? `, lower-case 'i' ${plural(m.lowercaseI, 'time')}` : ''}${m.repeatedWords ? `, ${plural(m.repeatedWords, 'repeated word')}` : ''}`,
    strength: 'Clean mechanics: capitalisation and sentence boundaries are consistent',
    tip: 'Proofread: capitalise sentence starts and the pronoun "I", and remove repeated words',
    applies: m.hits.slice(0, 3),
  });
  return s;
}
