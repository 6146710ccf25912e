import type { Criterion, EssayType, Results, RubricCriterion } from '@corestone/contracts';
import { analyseText, clip, keyTerms, sentenceFit, stem, type TextFeatures } from './text';
import { boundaryFor, round1 } from './grades';
import { checkJob, type GradingJob } from './job';

/**
 * The built-in grader: deterministic and offline. It analyses the essay's real text against each
 * rubric criterion and cites what it found. The spec's local fallback (length threshold,
 * 'introduction'/'conclusion', parentheses) is its floor: those signals are all here, with many more.
 */

/** What an essay of each type is expected to look like at full marks. */
const EXPECT: Record<EssayType, {
  label: string; minWords: number; maxWords: number; paragraphs: number; headings: number; citations: number;
  bibliography: number; quotations: number; numbers: number; counter: number; evaluative: number; connectives: number;
  hedging: number; reflection: number; method: number; knowledgeQuestion: number;
}> = {
  ee: { label: 'Extended Essay', minWords: 3000, maxWords: 4000, paragraphs: 14, headings: 4, citations: 15, bibliography: 8, quotations: 4, numbers: 12, counter: 8, evaluative: 15, connectives: 20, hedging: 10, reflection: 5, method: 8, knowledgeQuestion: 4 },
  tok: { label: 'TOK essay', minWords: 1200, maxWords: 1600, paragraphs: 8, headings: 0, citations: 5, bibliography: 4, quotations: 2, numbers: 3, counter: 6, evaluative: 8, connectives: 12, hedging: 6, reflection: 3, method: 3, knowledgeQuestion: 10 },
};

/** The largest share of a criterion's marks the built-in grader awards (see README). */
export const CEILING = 0.85;

const sat = (value: number, target: number): number => (target <= 0 ? 1 : Math.max(0, Math.min(1, value / target)));
const fmt = (n: number): string => n.toLocaleString('en-US');
const quoteList = (items: readonly string[], n = 3): string => items.slice(0, n).map((s) => `'${s}'`).join(', ');
const plural = (n: number, one: string, many = `${one}s`): string => `${fmt(n)} ${n === 1 ? one : many}`;

/** One measured aspect of the essay: a value 0..1, what was found, and advice when it is weak. */
interface Signal {
  key: string;
  value: number;
  evidence: string;
  strength: string;
  tip: string;
}

type Dimension = 'focus' | 'knowledge' | 'critical' | 'presentation' | 'engagement' | 'general';

/** Which aspects each kind of criterion is judged on, and how much each counts. */
const WEIGHTS: Record<Dimension, Record<EssayType, Array<[string, number]>>> = {
  focus: {
    ee: [['researchQuestion', 0.3], ['method', 0.2], ['titleFocus', 0.15], ['frame', 0.15], ['subjectTerms', 0.1], ['length', 0.1]],
    tok: [['knowledgeQuestions', 0.3], ['titleFocus', 0.25], ['areas', 0.2], ['frame', 0.15], ['subjectTerms', 0.1]],
  },
  knowledge: {
    ee: [['subjectTerms', 0.2], ['vocabulary', 0.15], ['diversity', 0.15], ['citations', 0.2], ['data', 0.15], ['length', 0.15]],
    tok: [['subjectTerms', 0.2], ['vocabulary', 0.15], ['diversity', 0.15], ['citations', 0.1], ['quotations', 0.1], ['areas', 0.15], ['length', 0.15]],
  },
  critical: {
    ee: [['counter', 0.22], ['evaluative', 0.18], ['connectives', 0.18], ['hedging', 0.1], ['citations', 0.1], ['data', 0.1], ['frame', 0.12]],
    tok: [['counter', 0.25], ['evaluative', 0.18], ['connectives', 0.17], ['hedging', 0.1], ['quotations', 0.1], ['knowledgeQuestions', 0.1], ['frame', 0.1]],
  },
  presentation: {
    ee: [['paragraphs', 0.15], ['headings', 0.1], ['frame', 0.15], ['bibliography', 0.2], ['citations', 0.1], ['sentences', 0.15], ['mechanics', 0.15]],
    tok: [['paragraphs', 0.25], ['frame', 0.15], ['bibliography', 0.15], ['citations', 0.1], ['sentences', 0.15], ['mechanics', 0.2]],
  },
  engagement: {
    ee: [['reflection', 0.4], ['voice', 0.15], ['hedging', 0.1], ['evaluative', 0.15], ['method', 0.1], ['diversity', 0.1]],
    tok: [['reflection', 0.3], ['voice', 0.25], ['hedging', 0.1], ['evaluative', 0.15], ['knowledgeQuestions', 0.1], ['diversity', 0.1]],
  },
  general: {
    ee: [['length', 0.15], ['frame', 0.1], ['paragraphs', 0.1], ['citations', 0.15], ['counter', 0.15], ['evaluative', 0.1], ['diversity', 0.1], ['mechanics', 0.15]],
    tok: [['length', 0.15], ['frame', 0.1], ['paragraphs', 0.1], ['citations', 0.1], ['counter', 0.2], ['evaluative', 0.1], ['diversity', 0.1], ['mechanics', 0.15]],
  },
};

const DIMENSION_WORDS: Array<[Dimension, RegExp]> = [
  ['engagement', /engag|reflect|personal/],
  ['presentation', /presentation|structure|layout|format|organi[sz]|communicat|referenc|style|mechanic/],
  ['critical', /critical|analys|argument|evaluat|discuss|reasoning|counter/],
  ['focus', /focus|method|research question|knowledge question|prescribed title|\btopic\b/],
  ['knowledge', /knowledge|understanding|terminolog|concept|content|context/],
];

/** Classifies a criterion by its name first, then by its description. */
export function dimensionOf(criterion: Pick<RubricCriterion, 'name' | 'description'>): Dimension {
  for (const source of [criterion.name, criterion.description ?? '']) {
    const text = source.toLowerCase();
    const hit = DIMENSION_WORDS.find(([, re]) => re.test(text));
    if (hit) return hit[0];
  }
  return 'general';
}

function lengthFit(words: number, e: (typeof EXPECT)[EssayType]): number {
  if (words < e.minWords) return words / e.minWords;
  if (words <= e.maxWords) return 1;
  return Math.max(0.5, 1 - ((words - e.maxWords) / e.maxWords) * 2);
}

function termCoverage(features: TextFeatures, terms: string[]): { hits: string[]; missing: string[]; value: number } {
  const stems = new Set(features.tokens.map(stem));
  const hits = terms.filter((t) => stems.has(stem(t)));
  const missing = terms.filter((t) => !stems.has(stem(t)));
  return { hits, missing, value: terms.length ? hits.length / terms.length : 0.5 };
}

/** Every aspect the grader measures, with the evidence it cites. */
export function measure(job: GradingJob, f: TextFeatures): Map<string, Signal> {
  const type = job.essay_type;
  const e = EXPECT[type];
  const s = new Map<string, Signal>();
  const add = (sig: Signal) => s.set(sig.key, { ...sig, value: Math.max(0, Math.min(1, sig.value)) });
  const ph = f.phrases;

  const fit = lengthFit(f.words, e);
  add({
    key: 'length',
    value: fit,
    evidence: `${fmt(f.words)} words against the expected ${fmt(e.minWords)}–${fmt(e.maxWords)} for an ${e.label}`,
    strength: `Well-judged length (${fmt(f.words)} words, within the ${fmt(e.maxWords)}-word limit)`,
    tip:
      f.words > e.maxWords
        ? `Cut the essay to the ${fmt(e.maxWords)}-word limit: at ${fmt(f.words)} words, material beyond the limit is not credited`
        : `Develop the essay towards ${fmt(e.minWords)}–${fmt(e.maxWords)} words: at ${fmt(f.words)} words the argument cannot be developed in depth`,
  });

  const rq = f.researchQuestion;
  add({
    key: 'researchQuestion',
    value: rq ? (rq.explicit ? 1 : 0.7) : ph.signposting.count > 0 ? 0.2 : 0,
    evidence: rq ? `research question ${rq.explicit ? 'stated' : 'implied by an opening question'}: "${rq.text}"` : 'no research question was found',
    strength: rq ? `A clear research question: "${clip(rq.text, 90)}"` : '',
    tip: 'State a sharply focused research question in the introduction (for example "To what extent …?") and answer it in the conclusion',
  });

  const kq = ph.knowledgeQuestion;
  // An explicit knowledge question: named as such, or a question sentence in knowledge-question form.
  const explicitKq =
    /\bknowledge questions?\b/.test(job.text.toLowerCase()) ||
    f.sentences.some((x) => /\?$/.test(x) && /\b(how (do|can|should) we know|to what extent|what counts as|how far)\b/i.test(x));
  add({
    key: 'knowledgeQuestions',
    value: 0.6 * sat(kq.count, e.knowledgeQuestion) + (explicitKq ? 0.4 : 0),
    evidence: kq.count ? `knowledge-question language used ${plural(kq.count, 'time')} (${quoteList(kq.found)})` : 'no knowledge-question language was found',
    strength: `Engages with knowledge questions (${quoteList(kq.found, 2)})`,
    tip: 'Frame the discussion around explicit knowledge questions ("How do we know …?", "To what extent is … justified?")',
  });

  const areas = ph.areasOfKnowledge;
  add({
    key: 'areas',
    value: sat(areas.found.length, 2),
    evidence: areas.found.length ? `areas of knowledge or themes discussed: ${quoteList(areas.found, 4)}` : 'no area of knowledge is named',
    strength: `Draws on ${plural(areas.found.length, 'area')} of knowledge (${quoteList(areas.found, 3)})`,
    tip: 'Develop the discussion through at least two areas of knowledge (e.g. the natural sciences and history) and compare them',
  });

  const titleTerms = keyTerms(job.title);
  const title = termCoverage(f, titleTerms);
  add({
    key: 'titleFocus',
    value: titleTerms.length ? title.value : 0.5,
    evidence: titleTerms.length
      ? `${title.hits.length} of ${titleTerms.length} key words of the ${type === 'tok' ? 'prescribed ' : ''}title appear in the essay`
      : 'the title has no distinctive words to check the focus against',
    strength: `Stays focused on the ${type === 'tok' ? 'prescribed title' : 'title'}`,
    tip: title.missing.length
      ? `Keep returning to the ${type === 'tok' ? 'prescribed title' : 'title'}'s key terms (not used: ${quoteList(title.missing)})`
      : `Tie each section back to the ${type === 'tok' ? 'prescribed title' : 'title'}`,
  });

  add({
    key: 'method',
    value: sat(ph.method.count, e.method),
    evidence: ph.method.count ? `${plural(ph.method.count, 'reference')} to method and sources (${quoteList(ph.method.found)})` : 'the method is not described',
    strength: `Explains the method (${quoteList(ph.method.found, 2)})`,
    tip: 'Explain how the research was carried out: sources chosen, data collected and why the approach suits the question',
  });

  const frameParts = [f.hasIntroduction ? 'an introduction' : '', f.hasConclusion ? 'a conclusion' : ''].filter(Boolean);
  add({
    key: 'frame',
    value: (f.hasIntroduction ? 0.5 : 0) + (f.hasConclusion ? 0.5 : 0),
    evidence: frameParts.length ? `${frameParts.join(' and ')} ${frameParts.length > 1 ? 'are' : 'is'} signposted` : 'neither an introduction nor a conclusion is signposted',
    strength: 'Clear introduction and conclusion frame the essay',
    tip: f.hasIntroduction
      ? 'Finish with a conclusion that answers the question and states what remains unresolved'
      : 'Open with an introduction that sets out the question, its context and the line of argument',
  });

  add({
    key: 'paragraphs',
    value: sat(f.paragraphs.length, e.paragraphs),
    evidence: `${plural(f.paragraphs.length, 'paragraph')}`,
    strength: `Well-paragraphed (${f.paragraphs.length} paragraphs)`,
    tip: `Organise the text into focused paragraphs (about ${e.paragraphs} for an essay of this kind), one idea each`,
  });

  add({
    key: 'headings',
    value: sat(f.headings.length, e.headings),
    evidence: f.headings.length ? `${plural(f.headings.length, 'heading')} (${quoteList(f.headings.map((h) => clip(h, 30)))})` : 'no section headings',
    strength: `Sections with headings (${quoteList(f.headings.map((h) => clip(h, 30)), 3)})`,
    tip: 'Use section headings (Introduction, Method, Analysis, Evaluation, Conclusion, Bibliography) to guide the reader',
  });

  add({
    key: 'citations',
    value: sat(f.citations.total, e.citations),
    evidence: f.citations.total
      ? `${plural(f.citations.total, 'in-text citation')} (e.g. ${f.citations.examples.slice(0, 2).join(', ')})`
      : 'no in-text citations',
    strength: `Sources cited in the text (${plural(f.citations.total, 'citation')})`,
    tip: 'Support claims with in-text citations, e.g. (Author, 2020) or [1], for every source used',
  });

  const bib = f.bibliography;
  add({
    key: 'bibliography',
    value: (bib.heading ? 0.5 : bib.mentioned ? 0.25 : 0) + 0.5 * sat(bib.entries, e.bibliography),
    evidence: bib.heading
      ? `a '${bib.heading}' section with ${plural(bib.entries, 'entry', 'entries')}`
      : bib.mentioned ? 'a bibliography is mentioned but no bibliography section was found' : 'no bibliography or works-cited section',
    strength: `A '${bib.heading ?? 'Bibliography'}' section with ${plural(bib.entries, 'entry', 'entries')}`,
    tip: 'End with a complete bibliography (works cited) listing every source with author, title, year and publisher or URL',
  });

  add({
    key: 'quotations',
    value: sat(f.quotations.count, e.quotations),
    evidence: f.quotations.count ? `${plural(f.quotations.count, 'quotation')} (e.g. "${f.quotations.examples[0]}")` : 'no quotations',
    strength: `Uses quotations as evidence (${f.quotations.count})`,
    tip: 'Quote sources or examples directly where the exact words matter, and comment on them',
  });

  add({
    key: 'data',
    value: sat(f.numbers.count, e.numbers),
    evidence: f.numbers.count ? `${plural(f.numbers.count, 'figure or data point', 'figures or data points')} (e.g. ${f.numbers.examples.slice(0, 3).join(', ')})` : 'no figures or data',
    strength: `Evidence backed by data (${plural(f.numbers.count, 'figure')}${f.numbers.percentages ? `, ${f.numbers.percentages} percentages` : ''})`,
    tip: 'Back claims with concrete evidence: figures, dates, measurements or statistics from your sources',
  });

  const group = (key: 'counter' | 'evaluative' | 'connectives' | 'hedging' | 'reflection' | 'voice', target: number, what: string, strength: string, tip: string) =>
    add({
      key,
      value: sat(ph[key].count, target),
      evidence: ph[key].count ? `${what} used ${plural(ph[key].count, 'time')} (${quoteList(ph[key].found)})` : `no ${what}`,
      strength: `${strength} (${quoteList(ph[key].found, 2)})`,
      tip,
    });
  group('counter', e.counter, 'counter-claim language', 'Considers counter-claims', 'Consider counter-claims and alternative interpretations ("However, …", "On the other hand, …") and weigh them');
  group('evaluative', e.evaluative, 'evaluative vocabulary', 'Evaluates rather than describes', 'Evaluate as well as describe: judge the significance, reliability and limitations of the evidence');
  group('connectives', e.connectives, 'reasoning connectives', 'Reasoning is linked explicitly', 'Make the reasoning explicit with links such as "therefore", "this suggests", "as a result"');
  group('hedging', e.hedging, 'hedged, tentative claims', 'Claims are appropriately tentative', 'Qualify claims where the evidence is limited ("this suggests", "it may be")');
  group('reflection', e.reflection, 'reflection on the research process', 'Reflects on the research process', 'Reflect on your own process: what you found, what surprised you, which decisions you made and why');
  group('voice', 3, 'personal analytical voice', 'A personal, analytical voice', 'Let your own position come through ("I argue that …", "In my view …") and justify it');

  const vocab = f.longWordRatio;
  add({
    key: 'vocabulary',
    value: sat(vocab, 0.12),
    evidence: `${Math.round(vocab * 100)}% of words are long, subject-level words`,
    strength: 'An academic register with precise vocabulary',
    tip: 'Use precise subject-specific terminology rather than everyday words',
  });

  add({
    key: 'diversity',
    value: (f.lexicalDiversity - 0.6) / 0.2,
    evidence: `lexical diversity ${f.lexicalDiversity.toFixed(2)} (moving type-token ratio)`,
    strength: 'Varied vocabulary with little repetition',
    tip: 'Vary the vocabulary: the same words recur often',
  });

  add({
    key: 'sentences',
    value: sentenceFit(f.avgSentenceLength),
    evidence: `${plural(f.sentences.length, 'sentence')}, ${f.avgSentenceLength.toFixed(1)} words on average${f.longSentences ? `, ${f.longSentences} over 40 words` : ''}`,
    strength: 'Sentences of a readable length',
    tip: f.avgSentenceLength > 28 ? 'Split long sentences so each makes one point' : 'Develop ideas in fuller sentences that connect evidence and explanation',
  });

  const m = f.mechanics;
  add({
    key: 'mechanics',
    value: m.score,
    evidence: `${Math.round(m.capitalisedStarts * 100)}% of sentences start with a capital${m.lowercaseI ? `, lower-case 'i' ${plural(m.lowercaseI, 'time')}` : ''}${m.repeatedWords ? `, ${plural(m.repeatedWords, 'repeated word')}` : ''}`,
    strength: 'Clean mechanics: capitalisation and sentence boundaries are consistent',
    tip: 'Proofread: capitalise sentence starts and the pronoun "I", and remove repeated words',
  });
  return s;
}

interface Scored {
  criterion: Criterion;
  fraction: number;
  strengths: string[];
  improvements: string[];
}

function bandOf(rc: RubricCriterion, score: number, percentage: number, boundaries: GradingJob['rubric']['scoring_structure']['grade_boundaries']): string {
  const level = rc.scoring_levels?.find((l) => score >= l.min && score <= l.max);
  if (level) return level.descriptor;
  if (score === 0) return 'Not demonstrated';
  return boundaryFor(percentage, boundaries).description;
}

function scoreCriterion(job: GradingJob, f: TextFeatures, signals: Map<string, Signal>, rc: RubricCriterion): Scored {
  const type = job.essay_type;
  const dim = dimensionOf(rc);
  const terms = keyTerms(`${rc.name} ${rc.description ?? ''} ${job.subject_area}`);
  const cov = termCoverage(f, terms);
  const local = new Map(signals);
  local.set('subjectTerms', {
    key: 'subjectTerms',
    value: sat(cov.value, 0.6),
    evidence: `${cov.hits.length} of ${terms.length} criterion and subject terms used${cov.hits.length ? ` (${quoteList(cov.hits)})` : ''}`,
    strength: `Uses the language of the criterion and subject (${quoteList(cov.hits, 3)})`,
    tip: `Use the subject's own concepts and terms${cov.missing.length ? ` (e.g. ${quoteList(cov.missing, 3)})` : ''}`,
  });

  const parts = WEIGHTS[dim][type].map(([key, weight]) => ({ sig: local.get(key)!, weight }));
  const q = parts.reduce((sum, p) => sum + p.sig.value * p.weight, 0) / parts.reduce((sum, p) => sum + p.weight, 0);
  // An essay far below the expected length cannot show any criterion in depth; and text analysis
  // cannot verify the insight a top-band answer needs, so the built-in grader stops at CEILING.
  const fraction = CEILING * q * (0.5 + 0.5 * local.get('length')!.value);
  const score = Math.max(0, Math.min(Math.floor(rc.maxScore), Math.round(fraction * rc.maxScore)));
  const percentage = (score / rc.maxScore) * 100;
  const band = bandOf(rc, score, percentage, job.rubric.scoring_structure.grade_boundaries);

  const byContribution = [...parts].sort((a, b) => b.sig.value * b.weight - a.sig.value * a.weight || a.sig.key.localeCompare(b.sig.key));
  const strong = byContribution.filter((p) => p.sig.value >= 0.75 && p.sig.strength).slice(0, 3);
  const weak = [...parts]
    .filter((p) => p.sig.value < 0.6)
    .sort((a, b) => (1 - b.sig.value) * b.weight - (1 - a.sig.value) * a.weight || a.sig.key.localeCompare(b.sig.key))
    .slice(0, 3);
  // The advice to give first: the weakest aspect, or, below full marks, the least developed one.
  const next = weak[0] ?? (score < rc.maxScore ? [...parts].sort((a, b) => a.sig.value - b.sig.value || a.sig.key.localeCompare(b.sig.key))[0] : undefined);
  const found = byContribution.filter((p) => p.sig.value > 0).slice(0, 3).map((p) => p.sig.evidence);
  const missing = weak.map((p) => p.sig.evidence);

  const improvements = (weak.length ? weak : next ? [next] : []).map((p) => p.sig.tip);
  const feedback = [
    `${rc.name}: ${score}/${rc.maxScore} (${band}).`,
    found.length ? `Found: ${found.join('; ')}.` : 'Little evidence of this criterion was found in the text.',
    missing.length ? `Weaker: ${missing.join('; ')}.` : '',
    next ? `Next: ${next.sig.tip}.` : 'Every aspect checked for this criterion is well developed.',
  ]
    .filter(Boolean)
    .join(' ');

  return {
    criterion: {
      code: rc.code,
      name: rc.name,
      score,
      maxScore: rc.maxScore,
      band,
      feedback,
      weight: rc.weight,
      strengths: strong.map((p) => p.sig.strength),
      improvements,
    },
    fraction: score / rc.maxScore,
    strengths: strong.map((p) => p.sig.strength),
    improvements,
  };
}

function insight(signals: Map<string, Signal>, keys: string[], lead: string): string {
  const list = keys.map((k) => signals.get(k)!);
  const avg = list.reduce((s, x) => s + x.value, 0) / list.length;
  const verdict = avg >= 0.75 ? 'strong' : avg >= 0.5 ? 'developing' : 'limited';
  const weakest = [...list].sort((a, b) => a.value - b.value || a.key.localeCompare(b.key))[0];
  const evidence = list.map((x) => x.evidence).join('; ');
  return `${lead} is ${verdict}: ${evidence}.${weakest.value < 0.6 ? ` ${weakest.tip}.` : ''}`;
}

/** Grades one job with the built-in rules. Pure: the same job always gives the same results. */
export function gradeBuiltin(job: GradingJob): Results {
  checkJob(job);
  const f = analyseText(job.text);
  const signals = measure(job, f);
  const structure = job.rubric.scoring_structure;
  const scored = structure.criteria.map((rc) => scoreCriterion(job, f, signals, rc));

  const maxPoints = structure.total_points;
  const sumMax = structure.criteria.reduce((s, c) => s + c.maxScore, 0);
  const sumScore = scored.reduce((s, c) => s + c.criterion.score, 0);
  let totalPoints: number;
  if (Math.abs(sumMax - maxPoints) < 1e-9) {
    totalPoints = sumScore;
  } else {
    // weighted_sum on a rubric whose criteria do not add up to its total: scale by the weights.
    const weights = structure.criteria.map((c) => (c.weight > 0 ? c.weight : c.maxScore));
    const wsum = weights.reduce((a, b) => a + b, 0);
    totalPoints = round1((scored.reduce((s, c, i) => s + c.fraction * weights[i], 0) / wsum) * maxPoints);
  }
  const percentage = round1((totalPoints / maxPoints) * 100);
  const boundary = boundaryFor(percentage, structure.grade_boundaries);

  const ranked = [...scored].sort((a, b) => b.fraction - a.fraction || a.criterion.code.localeCompare(b.criterion.code));
  const best = ranked[0].criterion;
  const worst = ranked[ranked.length - 1].criterion;
  const unique = (xs: string[], n: number) => [...new Set(xs)].slice(0, n);
  const strengths = unique(ranked.flatMap((s) => s.strengths), 5);
  // Advice that would lift the most marks first: summed over the criteria it applies to, by their size.
  const lift = new Map<string, number>();
  [...ranked].reverse().forEach((sc) =>
    sc.improvements.forEach((tip, i) => lift.set(tip, (lift.get(tip) ?? 0) + sc.criterion.maxScore * (1 - sc.fraction) / (i + 1))),
  );
  const improvements = [...lift.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5).map(([tip]) => tip);
  const label = EXPECT[job.essay_type].label;

  const holistic = [
    `This ${label} of ${fmt(f.words)} words scores ${fmt(totalPoints)}/${fmt(maxPoints)} (${percentage}%), grade ${boundary.grade} (${boundary.description}).`,
    ranked.length > 1 && best.code !== worst.code
      ? `Its strongest criterion is ${best.code} ${best.name} (${best.score}/${best.maxScore}); the weakest is ${worst.code} ${worst.name} (${worst.score}/${worst.maxScore}).`
      : `${best.code} ${best.name}: ${best.score}/${best.maxScore}.`,
    `The text has ${plural(f.paragraphs.length, 'paragraph')}, ${plural(f.citations.total, 'in-text citation')}${f.bibliography.heading ? ` and a '${f.bibliography.heading}' section` : ' and no bibliography section'}.`,
    'Scored by the built-in grader from the text itself; the same text always receives the same result.',
  ].join(' ');

  return {
    overallGrade: boundary.grade,
    overallBand: boundary.description,
    totalPoints,
    maxPoints,
    percentage,
    criteria: scored.map((s) => s.criterion),
    overallSummary: {
      holisticCommentary: holistic,
      nextSteps: improvements.slice(0, 3).length ? improvements.slice(0, 3) : ['Keep this standard: check each criterion once more against the rubric before submitting'],
      strengths,
      improvements,
    },
    insight_feedback: {
      clarity_and_cohesion: insight(signals, ['frame', 'paragraphs', 'sentences', 'connectives'], 'Clarity and cohesion'),
      argument_and_evidence: insight(signals, ['citations', 'quotations', 'data', 'bibliography'], 'Use of evidence'),
      grammar_and_mechanics: insight(signals, ['mechanics', 'sentences'], 'Grammar and mechanics'),
      critical_thinking: insight(signals, ['counter', 'evaluative', 'hedging'], 'Critical thinking'),
      originality_and_insight: insight(signals, ['diversity', 'voice', 'reflection'], 'Originality and insight'),
    },
    grader: 'builtin',
  };
}
