import type { Criterion, EssayLanguage, Remark, Results, RubricCriterion, TextMetrics } from '@corestone/contracts';
import { analyseText, clip, type TextFeatures } from './text';
import { passagesOf, sameLengthNormalise } from './spans';
import { detectLanguage } from './language';
import { FRAME_TEXTS, localiseSignals, numberIn } from './feedback-language';
import type { GradedLanguage } from './languages';
import { wordUseMeasured } from './measure';
import { EXPECT, fmt, plural, type Signal } from './signals';
import { measure } from './measure';
import { WEIGHTS, dimensionOf } from './criteria';
import { MAX_BAND_LABEL, bandOf, levelOf, totalsOf } from './totals';
import { UnsupportedLanguageError, checkJob, type GradingJob } from './job';

export { dimensionOf };

/**
 * The built-in grader: deterministic and offline. It analyses the essay's real text against each
 * rubric criterion and cites what it found, pointing at the passages it means. The spec's local
 * fallback (length threshold, 'introduction'/'conclusion', parentheses) is its floor: those
 * signals are all here, with many more.
 */

/** The largest share of a criterion's marks the built-in grader awards (see README). */
export const CEILING = 0.85;

/**
 * How much of every criterion depends on the essay's length (the `length` signal, logarithmic below
 * the expected range): length is the strongest single correlate of human marks, and a short text
 * cannot show any criterion in depth.
 */
export const LENGTH_SHARE = 0.6;

interface Scored {
  criterion: Criterion;
  fraction: number;
  strengths: Remark[];
  improvements: Remark[];
}

function scoreCriterion(job: GradingJob, f: TextFeatures, signals: Map<string, Signal>, rc: RubricCriterion, lang: GradedLanguage): Scored {
  const parts = WEIGHTS[dimensionOf(rc)][job.essay_type].map(([key, weight]) => ({ sig: signals.get(key)!, weight }));
  const q = parts.reduce((sum, p) => sum + p.sig.value * p.weight, 0) / parts.reduce((sum, p) => sum + p.weight, 0);
  // An essay far below the expected length cannot show any criterion in depth; and text analysis
  // cannot verify the insight a top-band answer needs, so the built-in grader stops at CEILING.
  const fraction = CEILING * q * (1 - LENGTH_SHARE + LENGTH_SHARE * signals.get('length')!.value);
  const score = Math.max(0, Math.min(Math.floor(rc.maxScore), Math.round(fraction * rc.maxScore)));
  const band = bandOf(rc, score, job.rubric.scoring_structure.grade_boundaries);

  const byContribution = [...parts].sort((a, b) => b.sig.value * b.weight - a.sig.value * a.weight || a.sig.key.localeCompare(b.sig.key));
  const strong = byContribution.filter((p) => p.sig.value >= 0.75 && p.sig.strength).slice(0, 3);
  const weak = [...parts]
    .filter((p) => p.sig.value < 0.6)
    .sort((a, b) => (1 - b.sig.value) * b.weight - (1 - a.sig.value) * a.weight || a.sig.key.localeCompare(b.sig.key))
    .slice(0, 3);
  // The advice to give first: the weakest aspect, or, below full marks, the least developed one —
  // never an aspect strong enough to be praised (here or in another criterion's strengths).
  const next =
    weak[0] ??
    (score < rc.maxScore
      ? [...parts].filter((p) => p.sig.value < 0.75).sort((a, b) => a.sig.value - b.sig.value || a.sig.key.localeCompare(b.sig.key))[0]
      : undefined);
  // What was found and what is weaker are told apart: an aspect named as weaker is not also "found".
  const found = byContribution
    .filter((p) => p.sig.value > 0 && !weak.includes(p))
    .slice(0, 3)
    .map((p) => p.sig.evidence);
  const missing = weak.map((p) => p.sig.evidence);

  const strengths: Remark[] = strong.map((p) => ({ text: p.sig.strength, passages: passagesOf(job.text, p.sig.shows) }));
  const improvements: Remark[] = (weak.length ? weak : next ? [next] : []).map((p) => ({
    text: p.sig.tip,
    passages: passagesOf(job.text, p.sig.applies),
  }));
  const level = levelOf(rc, score);
  const w = lang === 'en' ? null : FRAME_TEXTS[lang];
  const feedback = [
    `${rc.name}: ${score}/${rc.maxScore} (${band}).`,
    // A long mark-band descriptor is not the band label: quote it, so the student reads what the band means.
    level && level.descriptor.trim().length > MAX_BAND_LABEL
      ? `${w?.band ?? 'Mark band'} ${level.min === level.max ? level.min : `${level.min}–${level.max}`}: ${level.descriptor.trim()}`
      : '',
    found.length
      ? `${w?.found ?? 'Found'}: ${found.join('; ')}.`
      : (w?.little ?? 'Little evidence of this criterion was found in the text.'),
    missing.length ? `${w?.weaker ?? 'Weaker'}: ${missing.join('; ')}.` : '',
    next ? `${w?.next ?? 'Next'}: ${next.sig.tip}.` : (w?.allGood ?? 'Every aspect checked for this criterion is well developed.'),
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
      strengths: strengths.map((r) => r.text),
      improvements: improvements.map((r) => r.text),
      strengthDetails: strengths,
      improvementDetails: improvements,
    },
    fraction: score / rc.maxScore,
    strengths,
    improvements,
  };
}

type InsightKey = keyof Results['insight_feedback'];

function insight(signals: Map<string, Signal>, keys: string[], lead: string, lang: GradedLanguage, which: InsightKey): string {
  const list = keys.map((k) => signals.get(k)!);
  const avg = list.reduce((s, x) => s + x.value, 0) / list.length;
  const rank = avg >= 0.75 ? 0 : avg >= 0.5 ? 1 : 2;
  const weakest = [...list].sort((a, b) => a.value - b.value || a.key.localeCompare(b.key))[0];
  const evidence = list.map((x) => x.evidence).join('; ');
  const tip = weakest.value < 0.6 ? ` ${weakest.tip}.` : '';
  if (lang !== 'en') {
    const w = FRAME_TEXTS[lang];
    return `${w.is(w.leads[which], w.verdicts[rank])} — ${evidence}.${tip}`;
  }
  return `${lead} is ${(['strong', 'developing', 'limited'] as const)[rank]}: ${evidence}.${tip}`;
}

function textMetricsOf(f: TextFeatures, essayType: GradingJob['essay_type']): TextMetrics {
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return {
    words: f.words,
    bodyWords: f.bodyWords,
    wordLimit: EXPECT[essayType].maxWords,
    paragraphs: f.paragraphs.length,
    sentences: f.sentences.length,
    averageSentenceLength: r2(f.avgSentenceLength),
    sentenceLengthVariation: r2(f.sentenceVariation),
    lexicalDiversity: r2(f.lexicalDiversity),
    readabilityGrade: r2(f.readabilityGrade),
    citations: f.citations.total,
    bibliographyEntries: f.bibliography.entries,
    citationStyle: f.citations.style,
  };
}

/** Advice with the place it applies: "… (see: "the words there")". The report shows the first four. */
function suggestionsFrom(ranked: Remark[]): string[] {
  return ranked.map((r) => (r.passages[0] ? `${r.text} (see: "${clip(r.passages[0].quote, 70)}")` : r.text));
}

export interface BuiltinOptions {
  /** the essay's language when already known (detected from the text otherwise) */
  language?: EssayLanguage;
  /**
   * Analyse an essay in a language the grader cannot judge as if it were English instead of
   * refusing it: the model grader's text metrics and its fill-ins for a reply's missing texts.
   */
  anyLanguage?: boolean;
}

/**
 * Grades one job with the built-in rules, in the essay's language (English, French or Spanish).
 * Pure: the same job always gives the same results. An essay in another language is refused
 * (UnsupportedLanguageError) unless `anyLanguage`.
 */
export function gradeBuiltin(job: GradingJob, opts: BuiltinOptions = {}): Results {
  checkJob(job);
  const language = opts.language ?? detectLanguage(job.text);
  if (language === 'other' && !opts.anyLanguage) throw new UnsupportedLanguageError();
  const lang: GradedLanguage = language === 'other' ? 'en' : language;
  const f = analyseText(job.text, lang);
  const signals = measure(job, f);
  if (lang !== 'en') localiseSignals(signals, f, sameLengthNormalise(job.text), wordUseMeasured(f)!, lang);
  const structure = job.rubric.scoring_structure;
  const scored = structure.criteria.map((rc) => scoreCriterion(job, f, signals, rc, lang));
  const totals = totalsOf(
    structure,
    scored.map((s) => s.criterion),
  );

  const ranked = [...scored].sort((a, b) => b.fraction - a.fraction || a.criterion.code.localeCompare(b.criterion.code));
  const best = ranked[0].criterion;
  const worst = ranked[ranked.length - 1].criterion;
  const strengths = [...new Set(ranked.flatMap((s) => s.strengths.map((r) => r.text)))].slice(0, 5);
  // Advice that would lift the most marks first: summed over the criteria it applies to, by their size.
  const lift = new Map<string, { remark: Remark; weight: number }>();
  [...ranked].reverse().forEach((sc) =>
    sc.improvements.forEach((remark, i) => {
      const entry = lift.get(remark.text) ?? { remark, weight: 0 };
      entry.weight += (sc.criterion.maxScore * (1 - sc.fraction)) / (i + 1);
      lift.set(remark.text, entry);
    }),
  );
  const rankedAdvice = [...lift.values()]
    .sort((a, b) => b.weight - a.weight || a.remark.text.localeCompare(b.remark.text))
    .map((x) => x.remark);
  const improvements = rankedAdvice.slice(0, 5).map((r) => r.text);
  const label = EXPECT[job.essay_type].label;
  const style = f.citations.style;

  const w = lang === 'en' ? null : FRAME_TEXTS[lang];
  // French and Spanish sentences write their numbers with the language's decimal comma ('74,5 %')
  const num = (x: number) => (lang === 'en' ? fmt(x) : numberIn(lang, x));
  const holistic = w
    ? [
        `${w.essay[job.essay_type]} ${w.scores(num(f.bodyWords), num(totals.totalPoints), num(totals.maxPoints), num(totals.percentage), totals.overallGrade, totals.overallBand)}`,
        ranked.length > 1 && best.code !== worst.code
          ? w.bestWorst(
              `${best.code} ${best.name} (${num(best.score)}/${num(best.maxScore)})`,
              `${worst.code} ${worst.name} (${num(worst.score)}/${num(worst.maxScore)})`,
            )
          : `${best.code} ${best.name}: ${num(best.score)}/${num(best.maxScore)}.`,
        w.shape(
          f.paragraphs.length,
          f.citations.total,
          f.bibliographySpans.heading
            ? sameLengthNormalise(job.text).slice(f.bibliographySpans.heading.start, f.bibliographySpans.heading.end).replace(/:$/, '')
            : null,
        ),
        w.by,
      ].join(' ')
    : [
        `This ${label} of ${fmt(f.bodyWords)} words scores ${fmt(totals.totalPoints)}/${fmt(totals.maxPoints)} (${totals.percentage}%), grade ${totals.overallGrade} (${totals.overallBand}).`,
        ranked.length > 1 && best.code !== worst.code
          ? `Its strongest criterion is ${best.code} ${best.name} (${best.score}/${best.maxScore}); the weakest is ${worst.code} ${worst.name} (${worst.score}/${worst.maxScore}).`
          : `${best.code} ${best.name}: ${best.score}/${best.maxScore}.`,
        `The text has ${plural(f.paragraphs.length, 'paragraph')}, ${plural(f.citations.total, 'in-text citation')}${style === 'none' ? '' : style === 'mixed' ? ' in mixed styles' : ` (${style === 'numeric' ? 'numbered' : style} style)`}${f.bibliography.heading ? ` and a '${f.bibliography.heading}' section` : ' and no bibliography section'}.`,
        'Scored by the built-in grader from the text itself; the same text always receives the same result.',
      ].join(' ');

  return {
    ...totals,
    criteria: scored.map((s) => s.criterion),
    overallSummary: {
      holisticCommentary: holistic,
      nextSteps: improvements.slice(0, 3).length
        ? improvements.slice(0, 3)
        : [w?.keep ?? 'Keep this standard: check each criterion once more against the rubric before submitting'],
      strengths,
      improvements,
    },
    insight_feedback: {
      clarity_and_cohesion: insight(
        signals,
        ['frame', 'paragraphs', 'cohesion', 'connectives', 'variety'],
        'Clarity and cohesion',
        lang,
        'clarity_and_cohesion',
      ),
      argument_and_evidence: insight(
        signals,
        ['citations', 'quotations', 'data', 'bibliography', 'citationStyle'],
        'Use of evidence',
        lang,
        'argument_and_evidence',
      ),
      grammar_and_mechanics: insight(
        signals,
        ['spelling', 'mechanics', 'sentences', 'readability'],
        'Grammar and mechanics',
        lang,
        'grammar_and_mechanics',
      ),
      critical_thinking: insight(signals, ['counter', 'evaluative', 'hedging', 'answered'], 'Critical thinking', lang, 'critical_thinking'),
      originality_and_insight: insight(
        signals,
        ['vocabulary', 'diversity', 'voice', 'reflection'],
        'Originality and insight',
        lang,
        'originality_and_insight',
      ),
    },
    suggestions: suggestionsFrom(rankedAdvice).slice(0, 8),
    textMetrics: textMetricsOf(f, job.essay_type),
    grader: 'builtin',
    language,
  };
}
