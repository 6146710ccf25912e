import { clip, keyTerms, sentenceFit, stem, stemsUsedIn, type Segment, type TextFeatures } from './text';
import { sameLengthNormalise, type Span } from './spans';
import { subjectGlossary } from './subject-terms';
import { cohesionOf } from './cohesion';
import { COMMON_WORDS, wordUseOf, type WordUse } from './lexicon';
import type { GradingJob } from './job';
import {
  EXPECT,
  beyondLimit,
  firstInOrder,
  firstSentenceOf,
  fmt,
  focusOf,
  glossaryCoverage,
  lengthFit,
  mostRepeated,
  paragraphsWithout,
  plural,
  quoteList,
  sat,
  scaledTarget,
  sentencesAt,
  sentencesWithTerms,
  spansOf,
  termCoverage,
  type Signal,
} from './signals';

/**
 * Every aspect the grader measures (signals.ts), each by a function of its own: small functions are
 * optimised by V8 quickly and on their own, where one function of all of them took it longer to
 * compile than many essays take to grade.
 */

/** What the signals are read from: the job, its text's features, and what several signals share. */
interface Essay {
  job: GradingJob;
  f: TextFeatures;
  e: (typeof EXPECT)[GradingJob['essay_type']];
  ph: TextFeatures['phrases'];
  opening: Span[];
  lastParagraphs: Segment[];
  closing: Span[];
  rq: TextFeatures['researchQuestion'];
  focus: ReturnType<typeof focusOf>;
  /** a count target for an essay of the expected length, as asked of this one (scaledTarget) */
  t: (target: number) => number;
  /** spelling and word frequency of the body's words (lexicon.ts) */
  words: WordUse;
}

/** A signal as measured: its value is clamped to 0..1, and missing spans are none. */
type Measured = Omit<Signal, 'shows' | 'applies'> & Partial<Pick<Signal, 'shows' | 'applies'>>;

/** The spelling and word use measured for each analysed text (the French and Spanish feedback cites them). */
const wordUses = new WeakMap<TextFeatures, WordUse>();
export const wordUseMeasured = (f: TextFeatures): WordUse | undefined => wordUses.get(f);

/** Every aspect the grader measures, with the evidence it cites and where it is in the text. */
export function measure(job: GradingJob, f: TextFeatures): Map<string, Signal> {
  const x: Essay = {
    job,
    f,
    e: EXPECT[job.essay_type],
    ph: f.phrases,
    opening: firstSentenceOf(f, f.paragraphs[0]),
    lastParagraphs: f.paragraphs.slice(-2),
    closing: firstSentenceOf(f, f.paragraphs[f.paragraphs.length - 1]),
    rq: f.researchQuestion,
    focus: focusOf(job),
    t: (target) => scaledTarget(target, f.bodyWords, EXPECT[job.essay_type]),
    // (French and Spanish are spelled as written: the features' text has its diacritics folded.)
    words: wordUseOf(f.language === 'en' ? f.text : sameLengthNormalise(job.text), f.bodyEnd, f.quotations.hits, f.language),
  };
  wordUses.set(f, x.words);
  const s = new Map<string, Signal>();
  for (const measured of MEASURES) {
    const signals = measured(x);
    for (const sig of Array.isArray(signals) ? signals : [signals])
      s.set(sig.key, { shows: [], applies: [], ...sig, value: Math.max(0, Math.min(1, sig.value)) });
  }
  return s;
}

function length({ f, e }: Essay): Measured {
  return {
    key: 'length',
    value: lengthFit(f.bodyWords, e),
    evidence: `${fmt(f.bodyWords)} words before the bibliography against the expected ${fmt(e.minWords)}–${fmt(e.maxWords)} for an ${e.label}`,
    strength: `Well-judged length (${fmt(f.bodyWords)} words, within the ${fmt(e.maxWords)}-word limit)`,
    tip:
      f.bodyWords > e.maxWords
        ? `Cut the essay to the ${fmt(e.maxWords)}-word limit: at ${fmt(f.bodyWords)} words, material beyond the limit is not credited`
        : `Develop the essay towards ${fmt(e.minWords)}–${fmt(e.maxWords)} words: at ${fmt(f.bodyWords)} words the argument cannot be developed in depth`,
    applies: f.bodyWords > e.maxWords ? beyondLimit(f, e.maxWords) : [],
  };
}

function researchQuestion({ job, f, ph, opening, rq, focus }: Essay): Measured {
  const focusFound =
    focus && job.essay_type === 'ee' && job.research_question
      ? sentencesWithTerms(f, keyTerms(focus.text, f.language), f.sentences.slice(0, 10), 1)
      : [];
  // The student entered a research question: an essay that states and pursues another one does not answer it.
  const entered = job.essay_type === 'ee' ? job.research_question?.trim() : undefined;
  const enteredTerms = entered ? keyTerms(entered, f.language) : [];
  const enteredUse = termCoverage(f, enteredTerms);
  // …judged loosely against the question the essay states (word starts, case and compatibility forms folded)
  const ownQuestion = rq ? rq.text.normalize('NFKC').toLowerCase() : '';
  const inOwnQuestion = enteredTerms.filter((t) => ownQuestion.includes(t.normalize('NFKC').toLowerCase().slice(0, 5)));
  const elsewhere = Boolean(rq && enteredTerms.length >= 2 && enteredUse.value < 0.5 && inOwnQuestion.length < enteredTerms.length / 2);
  const found = rq ? (rq.explicit ? 1 : 0.7) : focusFound.length ? 0.5 : ph.signposting.count > 0 ? 0.2 : 0;
  return {
    key: 'researchQuestion',
    value: elsewhere ? found * (0.3 + 0.7 * enteredUse.value) : found,
    evidence: elsewhere
      ? `the essay states "${clip(rq!.text, 90)}", not the research question you entered ("${clip(entered!, 90)}"): ${enteredUse.hits.length} of its ${enteredTerms.length} key words appear in the essay`
      : rq
        ? `research question ${rq.explicit ? 'stated' : 'implied by an opening question'}: "${rq.text}"`
        : focusFound.length
          ? 'the research question you entered is touched on in the opening but never stated as a question'
          : 'no research question was found',
    strength: rq && !elsewhere ? `A clear research question: "${clip(rq.text, 90)}"` : '',
    tip: elsewhere
      ? `Answer the research question you entered ("${clip(entered!, 90)}") throughout the essay, or enter the question the essay actually answers`
      : rq
        ? // found, but only implied: made explicit, not stated as if there were none
          'State the research question explicitly ("Research question: …?") rather than leaving it implied by an opening question, and answer it in the conclusion'
        : 'State a sharply focused research question in the introduction (for example "To what extent …?") and answer it in the conclusion',
    shows: rq && !elsewhere ? [rq.span] : [],
    applies: elsewhere ? [rq!.span] : rq ? [] : opening,
  };
}

/** The conclusion answers the question: the question's (or title's) key words come back at the end. */
function answered({ f, lastParagraphs, closing, rq, focus }: Essay): Measured {
  const focusTerms = keyTerms(rq?.text ?? focus?.text ?? '', f.language);
  const answeredIn = sentencesWithTerms(
    f,
    focusTerms,
    f.sentences.filter((x) => lastParagraphs.some((p) => x.start >= p.start && x.start < p.end)),
    2,
  );
  const closingStems = stemsUsedIn(f, lastParagraphs, new Set(focusTerms.map(stem)));
  const answeredTerms = focusTerms.filter((t) => closingStems.has(stem(t)));
  return {
    key: 'answered',
    value: focusTerms.length ? sat(answeredTerms.length / focusTerms.length, 0.5) * (f.hasConclusion ? 1 : 0.7) : f.hasConclusion ? 0.5 : 0,
    evidence: focusTerms.length
      ? `the closing paragraphs use ${answeredTerms.length} of the ${focusTerms.length} key words of the ${rq ? 'research question' : (focus?.kind ?? 'question')}`
      : 'there is no question for the conclusion to answer',
    strength: `The conclusion returns to the ${rq ? 'research question' : (focus?.kind ?? 'question')} and answers it`,
    // An essay with a conclusion is told to make it answer the question, not to add one.
    tip: f.hasConclusion
      ? `Make the conclusion answer the ${rq ? 'research question' : (focus?.kind ?? 'question')} directly, in its own terms, and state what remains unresolved`
      : `End with a conclusion that answers the ${rq ? 'research question' : (focus?.kind ?? 'question')} directly, in its own terms, and states what remains unresolved`,
    shows: answeredIn,
    applies: closing,
  };
}

/**
 * Subject vocabulary: the catalogue's terms for the subject (TOK's for a TOK essay), else the
 * distinctive words of the subject's name and the essay's question.
 */
function subjectTerms({ job, f, focus }: Essay): Measured {
  const subject = job.essay_type === 'tok' ? 'theory of knowledge' : job.subject_area;
  // The catalogue's glossaries are English: a French or Spanish essay is read against its question's words.
  const glossary = f.language === 'en' ? subjectGlossary(subject) : [];
  const terms = glossary.length ? glossary : keyTerms(`${job.subject_area} ${focus?.text ?? ''}`, f.language);
  const vocab = glossaryCoverage(f, terms);
  const subjectName = job.essay_type === 'tok' ? 'TOK' : job.subject_area.trim() || 'subject';
  const termRe = vocab.hits.length
    ? new RegExp(`\\b(${vocab.hits.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi')
    : null;
  return {
    key: 'subjectTerms',
    value: terms.length ? sat(vocab.hits.length / terms.length, 0.5) : 0.5,
    evidence: terms.length
      ? `${vocab.hits.length} of ${terms.length} ${subjectName} terms used${vocab.hits.length ? ` (${quoteList(vocab.hits, 4)})` : ''}`
      : 'no subject was given to check the vocabulary against',
    strength: `Uses the ${subjectName} vocabulary (${quoteList(vocab.hits, 3)})`,
    tip: `Use ${subjectName} concepts precisely${vocab.missing.length ? ` where they apply (e.g. ${quoteList(vocab.missing, 3)})` : ''}`,
    shows: termRe ? sentencesAt(f, spansOf(f.text.slice(0, f.bodyEnd).matchAll(termRe)), 2) : [],
  };
}

function knowledgeQuestions({ f, e, t, ph, opening }: Essay): Measured {
  const kq = ph.knowledgeQuestion;
  // An explicit knowledge question: named as such, or a question sentence in knowledge-question form.
  const kqSentences = f.sentences.filter(
    (x) =>
      /\bknowledge questions?\b/i.test(x.text) ||
      (/\?$/.test(x.text) && /\b(how (do|can|should) we know|to what extent|what counts as|how far)\b/i.test(x.text)),
  );
  return {
    key: 'knowledgeQuestions',
    value: 0.6 * sat(kq.count, t(e.knowledgeQuestion)) + (kqSentences.length ? 0.4 : 0),
    evidence: kq.count
      ? `knowledge-question language used ${plural(kq.count, 'time')} (${quoteList(kq.found)})`
      : 'no knowledge-question language was found',
    strength: `Engages with knowledge questions (${quoteList(kq.found, 2)})`,
    tip: 'Frame the discussion around explicit knowledge questions ("How do we know …?", "To what extent is … justified?")',
    shows: kqSentences.length ? kqSentences.slice(0, 2) : sentencesAt(f, kq.hits, 2),
    applies: opening,
  };
}

function areas({ f, ph }: Essay): Measured {
  const areas = ph.areasOfKnowledge;
  return {
    key: 'areas',
    value: sat(areas.found.length, 2),
    evidence: areas.found.length ? `areas of knowledge or themes discussed: ${quoteList(areas.found, 4)}` : 'no area of knowledge is named',
    strength: `Draws on ${plural(areas.found.length, 'area')} of knowledge (${quoteList(areas.found, 3)})`,
    tip: 'Develop the discussion through at least two areas of knowledge (e.g. the natural sciences and history) and compare them',
    shows: sentencesAt(f, areas.found.map((a) => areas.hits.find((h) => h.text.toLowerCase() === a)!).filter(Boolean), 3),
    applies: paragraphsWithout(f, areas.hits),
  };
}

function titleFocus({ job, f, opening, focus }: Essay): Measured {
  const titleTerms = keyTerms(focus?.text ?? '', f.language);
  const title = termCoverage(f, titleTerms);
  const titleKind = focus?.kind ?? (job.essay_type === 'tok' ? 'prescribed title' : 'title');
  return {
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
    // (no paragraph, no paragraph without them: the sentences need not be looked for)
    applies: title.missing.length
      ? opening
      : paragraphsWithout(f, f.paragraphs.length ? sentencesWithTerms(f, title.hits, f.sentences, 1000) : []),
  };
}

function method({ f, e, t, ph, opening }: Essay): Measured {
  return {
    key: 'method',
    value: sat(ph.method.count, t(e.method)),
    evidence: ph.method.count
      ? `${plural(ph.method.count, 'reference')} to method and sources (${quoteList(ph.method.found)})`
      : 'the method is not described',
    strength: `Explains the method (${quoteList(ph.method.found, 2)})`,
    tip: 'Explain how the research was carried out: sources chosen, data collected and why the approach suits the question',
    shows: sentencesAt(f, ph.method.hits, 2),
    applies: f.paragraphs.length > 1 ? firstSentenceOf(f, f.paragraphs[1]) : opening,
  };
}

function frame({ f, opening, closing }: Essay): Measured {
  const frameParts = [f.hasIntroduction ? 'an introduction' : '', f.hasConclusion ? 'a conclusion' : ''].filter(Boolean);
  return {
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
  };
}

function paragraphs({ f, e, t }: Essay): Measured {
  const longest = [...f.paragraphs].sort((a, b) => b.words - a.words || a.start - b.start)[0];
  return {
    key: 'paragraphs',
    value: sat(f.paragraphs.length, t(e.paragraphs)),
    evidence: `${plural(f.paragraphs.length, 'paragraph')}${longest ? `, the longest ${fmt(longest.words)} words` : ''}`,
    strength: `Well-paragraphed (${f.paragraphs.length} paragraphs)`,
    tip: `Organise the text into focused paragraphs (about ${Math.round(t(e.paragraphs))} for an essay of this length), one idea each`,
    applies: longest && longest.words > 180 ? firstSentenceOf(f, longest) : [],
  };
}

function headings({ f, e }: Essay): Measured {
  return {
    key: 'headings',
    value: sat(f.headings.length, e.headings),
    evidence: f.headings.length
      ? `${plural(f.headings.length, 'heading')} (${quoteList(f.headings.map((h) => clip(h, 30)))})`
      : 'no section headings',
    strength: `Sections with headings (${quoteList(
      f.headings.map((h) => clip(h, 30)),
      3,
    )})`,
    tip: f.headings.length
      ? 'Give every main section its heading (Introduction, Method, Analysis, Evaluation, Conclusion, Bibliography), not only some'
      : 'Use section headings (Introduction, Method, Analysis, Evaluation, Conclusion, Bibliography) to guide the reader',
    shows: f.headingSpans.slice(0, 3),
  };
}

/** Claims with figures or quotations but no citation in the same sentence: where a citation is missing. */
function citations({ f, e, t, opening }: Essay): Measured {
  const cited = (x: Span) => f.citations.hits.some((c) => c.start >= x.start && c.start < x.end);
  const claims = [...f.numbers.hits, ...f.quotations.hits];
  const unsupported: Segment[] = [];
  for (const x of f.sentences) {
    if (unsupported.length >= 2) break;
    if (!cited(x) && claims.some((h) => h.start >= x.start && h.start < x.end)) unsupported.push(x);
  }
  return {
    key: 'citations',
    value: sat(f.citations.total, t(e.citations)),
    evidence: f.citations.total
      ? `${plural(f.citations.total, 'in-text citation')} (e.g. ${f.citations.examples.slice(0, 2).join(', ')})`
      : 'no in-text citations',
    strength: `Sources cited in the text (${plural(f.citations.total, 'citation')})`,
    // An essay that cites is told to cite more where claims rest on sources, not to start citing.
    tip: f.citations.total
      ? `Cite the source of every claim, figure and quotation that rests on one (${plural(f.citations.total, 'in-text citation')} so far)`
      : 'Support claims with in-text citations, e.g. (Author, 2020) or [1], for every source used',
    shows: f.citations.hits.slice(0, 3),
    applies: unsupported.length ? unsupported : opening,
  };
}

/** The named style the student stated (APA, MLA, Chicago, Harvard), matched case-insensitively; null for none or 'Other'. */
function statedStyle(job: GradingJob): string | null {
  const given = job.citation_style?.trim().toLowerCase();
  return ['APA', 'MLA', 'Chicago', 'Harvard'].find((s) => s.toLowerCase() === given) ?? null;
}

function citationStyle({ job, f }: Essay): Measured {
  const style = f.citations.style;
  const styleName = style === 'numeric' ? 'numbered' : style;
  const minority = style === 'mixed' ? f.citations.hits.filter((h, i, all) => all.findIndex((x) => x.form === h.form) === i) : [];
  const stated = statedStyle(job);
  // The student named a style in the wizard: recognised conventions of another named style fall short of it.
  const otherThanStated = stated !== null && style !== 'none' && style !== 'mixed' && style !== stated;
  const found =
    style === 'none'
      ? 'no referencing style can be recognised'
      : style === 'mixed'
        ? `citations mix forms (${[...new Set(f.citations.hits.map((h) => h.form))].join(', ')})`
        : `referencing follows ${styleName} conventions${f.citations.hits.length ? ` in ${Math.round(f.citations.consistency * 100)}% of the in-text citations` : ''}`;
  return {
    key: 'citationStyle',
    value: (style === 'none' ? 0 : style === 'mixed' ? 0.4 : f.citations.consistency) * (otherThanStated ? 0.6 : 1),
    evidence: !stated
      ? found
      : otherThanStated
        ? `${found}, not the ${stated} style you stated`
        : style === stated
          ? `${found}, the ${stated} style you stated`
          : `${found} (you stated ${stated})`,
    strength: stated && style === stated ? `Consistent ${stated} referencing, as stated` : `Consistent ${styleName} referencing`,
    tip: stated
      ? `Apply the ${stated} style you chose to every in-text citation and bibliography entry${otherThanStated ? ` (the citations now follow ${styleName} conventions)` : ''}`
      : style === 'mixed'
        ? 'Use one referencing style (APA, MLA, Chicago or Harvard) consistently for every citation'
        : 'Choose one referencing style (APA, MLA, Chicago or Harvard) and apply it to every citation and bibliography entry',
    shows: f.citations.hits.slice(0, 2),
    applies: otherThanStated ? f.citations.hits.slice(0, 2) : minority,
  };
}

function bibliography({ f, e, closing }: Essay): Measured {
  const bib = f.bibliography;
  const bibSpans = f.bibliographySpans;
  return {
    key: 'bibliography',
    value: (bib.heading ? 0.5 : bib.mentioned ? 0.25 : 0) + 0.5 * sat(bib.entries, e.bibliography),
    evidence: bib.heading
      ? `a '${bib.heading}' section with ${plural(bib.entries, 'entry', 'entries')}`
      : bib.mentioned
        ? 'a bibliography is mentioned but no bibliography section was found'
        : 'no bibliography or works-cited section',
    strength: `A '${bib.heading ?? 'Bibliography'}' section with ${plural(bib.entries, 'entry', 'entries')}`,
    // A section that is there is completed, not added: the advice never asks for what was found.
    tip: bib.heading
      ? `Complete the '${bib.heading}' section: ${bib.entries ? `${plural(bib.entries, 'entry', 'entries')} found; list` : 'list'} every source cited, each with author, title, year and publisher or URL`
      : 'End with a complete bibliography (works cited) listing every source with author, title, year and publisher or URL',
    shows: bibSpans.heading ? [bibSpans.heading, ...bibSpans.entries.slice(0, 1)] : [],
    applies: bibSpans.heading ? [bibSpans.heading] : closing,
  };
}

function quotations({ f, e, t }: Essay): Measured {
  return {
    key: 'quotations',
    value: sat(f.quotations.count, t(e.quotations)),
    evidence: f.quotations.count ? `${plural(f.quotations.count, 'quotation')} (e.g. "${f.quotations.examples[0]}")` : 'no quotations',
    strength: `Uses quotations as evidence (${f.quotations.count})`,
    tip: 'Quote sources or examples directly where the exact words matter, and comment on them',
    shows: f.quotations.hits.slice(0, 2),
    applies: paragraphsWithout(f, [...f.quotations.hits, ...f.citations.hits]),
  };
}

function data({ f, e, t }: Essay): Measured {
  return {
    key: 'data',
    value: sat(f.numbers.count, t(e.numbers)),
    evidence: f.numbers.count
      ? `${plural(f.numbers.count, 'figure or data point', 'figures or data points')} (e.g. ${f.numbers.examples.slice(0, 3).join(', ')})`
      : 'no figures or data',
    strength: `Evidence backed by data (${plural(f.numbers.count, 'figure')}${f.numbers.percentages ? `, ${f.numbers.percentages} percentages` : ''})`,
    tip: 'Back claims with concrete evidence: figures, dates, measurements or statistics from your sources',
    shows: sentencesAt(f, f.numbers.hits, 2),
    applies: paragraphsWithout(f, [...f.numbers.hits, ...f.citations.hits]),
  };
}

/** The phrase groups scored as signals of their own: what is counted, and what the grader says about it. */
const PHRASE_SIGNALS: Array<{
  key: 'counter' | 'evaluative' | 'connectives' | 'hedging' | 'reflection' | 'voice' | 'examples';
  target: (e: Essay['e']) => number;
  what: string;
  strength: string;
  tip: string;
}> = [
  {
    key: 'counter',
    target: (e) => e.counter,
    what: 'counter-claim language',
    strength: 'Considers counter-claims',
    tip: 'Consider counter-claims and alternative interpretations ("However, …", "On the other hand, …") and weigh them',
  },
  {
    key: 'evaluative',
    target: (e) => e.evaluative,
    what: 'evaluative vocabulary',
    strength: 'Evaluates rather than describes',
    tip: 'Evaluate as well as describe: judge the significance, reliability and limitations of the evidence',
  },
  {
    key: 'connectives',
    target: (e) => e.connectives,
    what: 'reasoning connectives',
    strength: 'Reasoning is linked explicitly',
    tip: 'Make the reasoning explicit with links such as "therefore", "this suggests", "as a result"',
  },
  {
    key: 'hedging',
    target: (e) => e.hedging,
    what: 'hedged, tentative claims',
    strength: 'Claims are appropriately tentative',
    tip: 'Qualify claims where the evidence is limited ("this suggests", "it may be")',
  },
  {
    key: 'reflection',
    target: (e) => e.reflection,
    what: 'reflection on the research process',
    strength: 'Reflects on the research process',
    tip: 'Reflect on your own process: what you found, what surprised you, which decisions you made and why',
  },
  {
    key: 'voice',
    target: () => 3,
    what: 'personal analytical voice',
    strength: 'A personal, analytical voice',
    tip: 'Let your own position come through ("I argue that …", "In my view …") and justify it',
  },
  {
    key: 'examples',
    target: (e) => e.examples,
    what: 'worked examples',
    strength: 'Grounds claims in specific examples',
    tip: 'Ground each claim in a specific, well-chosen example ("For example, …") and explain what it shows',
  },
];

function phraseSignals({ f, e, t, ph }: Essay): Measured[] {
  return PHRASE_SIGNALS.map(({ key, target, what, strength, tip }) => ({
    key,
    value: sat(ph[key].count, t(target(e))),
    evidence: ph[key].count ? `${what} used ${plural(ph[key].count, 'time')} (${quoteList(ph[key].found)})` : `no ${what}`,
    strength: `${strength} (${quoteList(ph[key].found, 2)})`,
    tip,
    shows: sentencesAt(f, ph[key].hits, 2),
    applies: paragraphsWithout(f, ph[key].hits),
  }));
}

/** How many words the spelling and vocabulary signals need before they count in full (a few words show neither). */
const JUDGED_WORDS = 100;

/**
 * Lexical sophistication: the share of the (correctly spelled, lower-case) words beyond the 3,000
 * most frequent of everyday English (SUBTLEX-US), a lexical frequency profile (Laufer & Nation):
 * about 5 % in a plain, conversational text, 25 % and more in precise academic prose.
 */
/** The vocabulary signal's floor and span for the share of long words (French and Spanish). */
const VOCABULARY_BY_LENGTH = [0.06, 0.14] as const;

function vocabulary(x: Essay): Measured {
  const { words } = x;
  const known = words.checked - words.misspelled;
  const share = known ? words.advanced / known : 0;
  // French and Spanish: words of LONG_WORD letters or more (lexicon.ts), calibrated on the fixtures (see README).
  const [floor, span] = x.f.language === 'en' ? [0.05, 0.2] : VOCABULARY_BY_LENGTH;
  return {
    key: 'vocabulary',
    // (a share of a handful of words says little: full weight from 100 words checked)
    value: ((share - floor) / span) * sat(known, JUDGED_WORDS),
    evidence: known
      ? `${Math.round(share * 100)}% of the words are beyond the ${fmt(COMMON_WORDS)} most common in everyday English${words.advancedExamples.length ? ` (e.g. ${quoteList(words.advancedExamples, 4)})` : ''}`
      : 'too few words to judge the vocabulary',
    strength: `Precise, academic vocabulary (${quoteList(words.advancedExamples, 3)})`,
    tip: 'Use precise subject-specific terms rather than everyday words where they say more exactly what you mean',
  };
}

/**
 * Spelling: the share of the lower-case words that neither the American nor the British Hunspell
 * dictionary knows. Up to 0.8 % costs nothing (technical terms and names a dictionary lacks); 4 %
 * and more is a text that was not proofread.
 */
function spelling({ f, words }: Essay): Measured {
  const rate = words.checked ? words.misspelled / words.checked : 0;
  return {
    key: 'spelling',
    value: Math.min(1, 1 - (rate - 0.008) / 0.032) * sat(words.checked, JUDGED_WORDS),
    evidence: words.misspelled
      ? `${plural(words.misspelled, 'word')} of ${fmt(words.checked)} not in the English dictionaries (${(rate * 100).toFixed(1)}%: ${quoteList(words.misspellings, 4)})`
      : words.checked
        ? `no spelling errors found in ${plural(words.checked, 'word')} checked against the English dictionaries`
        : 'no words to check the spelling of',
    strength: 'Accurate spelling',
    tip: words.misspelled
      ? `Correct the spelling (${quoteList(words.misspellings, 4)}): a spell checker finds these`
      : 'Write enough connected prose for the spelling to show',
    shows: [],
    applies: sentencesAt(f, words.misspelledHits, 3),
  };
}

/**
 * Cohesion (cohesion.ts): adjacent sentences that take up each other's words, and paragraphs that
 * continue each other's subject. A single block of text has no paragraph links to show.
 */
function cohesion({ f }: Essay): Measured {
  const c = cohesionOf(f);
  const sentencesPart = sat(c.sentenceOverlap, 0.5);
  const paragraphsPart = c.paragraphPairs ? sat(c.paragraphOverlap, 0.8) : 0;
  return {
    key: 'cohesion',
    value: c.sentencePairs ? 0.6 * sentencesPart + 0.4 * paragraphsPart : 0,
    evidence: c.sentencePairs
      ? `${Math.round(c.sentenceOverlap * 100)}% of adjacent sentences share a key word${c.paragraphPairs ? `, ${Math.round(c.paragraphOverlap * 100)}% of adjacent paragraphs continue each other's subject` : ''}`
      : 'too few sentences in a paragraph to judge how they connect',
    strength: 'Cohesive: each sentence takes up the one before, and paragraphs follow on',
    tip:
      sentencesPart < 0.75
        ? 'Link each sentence to the one before: take up its key word or idea before adding a new one'
        : 'Link the paragraphs: open each by taking up the subject of the one before',
    shows: c.links,
    applies: sentencesPart < 0.75 ? c.breaks : [],
  };
}

function diversity({ f }: Essay): Measured {
  const repeated = mostRepeated(f);
  return {
    key: 'diversity',
    value: (f.lexicalDiversity - 0.6) / 0.2,
    evidence: `lexical diversity ${f.lexicalDiversity.toFixed(2)} (moving type-token ratio)${repeated ? `; the most repeated word is '${repeated.word}'` : ''}`,
    strength: 'Varied vocabulary with little repetition',
    tip: repeated
      ? `Vary the vocabulary: '${repeated.word}' and other words recur often`
      : 'Vary the vocabulary: the same words recur often',
    applies: repeated?.spans ?? [],
  };
}

/** Sentence length, variety and readability, which point at the longest or shortest sentences. */
function sentenceSignals({ f }: Essay): Measured[] {
  // The longest two and the shortest two sentences (longer first, then earlier first), as sorting them all would give.
  const byLength = (a: Segment, b: Segment) => b.words - a.words || a.start - b.start;
  const longSentences = firstInOrder(f.sentences, 2, byLength);
  const shortSentences = firstInOrder(f.sentences, 2, (a, b) => byLength(b, a)).reverse();
  // Runs of sentences opening with the same word, the most visible sign of monotony.
  const sameOpeners = f.sentences.filter((_, i) => i > 0 && f.openers[i] === f.openers[i - 1]);
  const grade = f.readabilityGrade;
  return [
    {
      key: 'sentences',
      value: sentenceFit(f.avgSentenceLength),
      evidence: `${plural(f.sentences.length, 'sentence')}, ${f.avgSentenceLength.toFixed(1)} words on average${f.longSentences ? `, ${f.longSentences} over 40 words` : ''}`,
      strength: 'Sentences of a readable length',
      tip:
        f.avgSentenceLength > 28
          ? 'Split long sentences so each makes one point'
          : 'Develop ideas in fuller sentences that connect evidence and explanation',
      applies: f.avgSentenceLength > 28 ? longSentences : shortSentences,
    },
    {
      key: 'variety',
      value: 0.5 * sat(f.sentenceVariation, 0.4) + 0.5 * sat(f.openerVariety, 0.85),
      evidence: `sentence lengths vary by ${Math.round(f.sentenceVariation * 100)}% around the average; ${Math.round(f.openerVariety * 100)}% of sentences open differently from the three before`,
      strength: 'Varied sentences: lengths and openings change with the argument',
      tip: 'Vary sentence length and openings: combine short, emphatic sentences with longer explanatory ones',
      applies: sameOpeners.slice(0, 2),
    },
    {
      key: 'readability',
      value: grade <= 0 ? 0 : grade < 10 ? (grade - 4) / 6 : grade <= 16 ? 1 : 1 - (grade - 16) / 6,
      evidence: `readability at school grade ${grade.toFixed(1)} (Flesch-Kincaid; 10–16 suits an academic essay)`,
      strength: 'Readable academic prose (Flesch-Kincaid grade 10–16)',
      tip:
        grade > 16
          ? 'Make dense passages easier to follow: shorter sentences, fewer stacked clauses'
          : 'Write in a more developed academic register: explain ideas with precise terms and connected sentences',
      applies: grade > 16 ? longSentences.slice(0, 1) : shortSentences.slice(-1),
    },
  ];
}

function mechanics({ f }: Essay): Measured {
  const m = f.mechanics;
  return {
    key: 'mechanics',
    value: m.score,
    evidence: `${Math.round(m.capitalisedStarts * 100)}% of sentences start with a capital${m.lowercaseI ? `, lower-case 'i' ${plural(m.lowercaseI, 'time')}` : ''}${m.repeatedWords ? `, ${plural(m.repeatedWords, 'repeated word')}` : ''}`,
    strength: 'Clean mechanics: capitalisation and sentence boundaries are consistent',
    // Only what was found: a text with capitalised sentences is not told to capitalise them.
    tip: mechanicsTip(m),
    applies: m.hits.slice(0, 3),
  };
}

function mechanicsTip(m: Essay['f']['mechanics']): string {
  const fixes = [
    m.capitalisedStarts < 1 ? 'capitalise every sentence start' : '',
    m.lowercaseI ? 'write the pronoun "I" as a capital' : '',
    m.repeatedWords ? 'remove words written twice' : '',
  ].filter(Boolean);
  return fixes.length
    ? `Proofread: ${fixes.join(', ')}`
    : 'Keep sentences to a readable length (12–28 words on average) so their boundaries stay clear';
}

/** In the order the signals are reported. */
const MEASURES: Array<(x: Essay) => Measured | Measured[]> = [
  length,
  researchQuestion,
  answered,
  subjectTerms,
  knowledgeQuestions,
  areas,
  titleFocus,
  method,
  frame,
  paragraphs,
  headings,
  citations,
  citationStyle,
  bibliography,
  quotations,
  data,
  phraseSignals,
  vocabulary,
  spelling,
  cohesion,
  diversity,
  sentenceSignals,
  mechanics,
];
