/**
 * What a grading is measured against and what it produces, shared by rubric, evaluation, grading,
 * the events and the frontends: the essay type, a rubric's scoring structure and the snapshot an
 * evaluation keeps of it, and the results (criteria, remarks with passages, consistency, text
 * metrics). One field name wherever the spec says "score or grade" / "maxScore or maxGrade":
 * `score`, `maxScore`.
 */
import { Type, type Static } from '@sinclair/typebox';

export const EssayType = Type.Union([Type.Literal('ee'), Type.Literal('tok')]);
export type EssayType = Static<typeof EssayType>;

export const GradeBoundary = Type.Object({
  grade: Type.String(),
  min_percentage: Type.Number(),
  max_percentage: Type.Number(),
  description: Type.String(),
});
export type GradeBoundary = Static<typeof GradeBoundary>;

export const RubricCriterion = Type.Object({
  code: Type.String(),
  name: Type.String(),
  maxScore: Type.Number(),
  weight: Type.Number(),
  description: Type.Optional(Type.String()),
  scoring_levels: Type.Optional(Type.Array(Type.Object({ min: Type.Number(), max: Type.Number(), descriptor: Type.String() }))),
});
export type RubricCriterion = Static<typeof RubricCriterion>;

export const ScoringStructure = Type.Object({
  total_points: Type.Number(),
  criteria: Type.Array(RubricCriterion),
  grade_boundaries: Type.Array(GradeBoundary),
  scoring_method: Type.Literal('weighted_sum'),
  pass_threshold: Type.Number(),
});
export type ScoringStructure = Static<typeof ScoringStructure>;

export const RubricSnapshot = Type.Object({
  id: Type.String(),
  title: Type.String(),
  rubric_type: EssayType,
  scoring_structure: ScoringStructure,
  /** The rubric's version when the snapshot was taken (an edit increments it; absent in older snapshots). */
  version: Type.Optional(Type.Integer()),
});
export type RubricSnapshot = Static<typeof RubricSnapshot>;

/** A stretch of the essay's extracted text: `text.slice(start, end) === quote`. */
export const Passage = Type.Object({
  start: Type.Integer({ minimum: 0, description: 'character offset into the extracted text' }),
  end: Type.Integer({ minimum: 0, description: 'offset just past the passage' }),
  quote: Type.String({ description: 'the words at [start, end)' }),
});
export type Passage = Static<typeof Passage>;

/** A strength or improvement with the passages of the essay it refers to (empty when it points at nothing in particular). */
export const Remark = Type.Object({ text: Type.String(), passages: Type.Array(Passage) });
export type Remark = Static<typeof Remark>;

export const Criterion = Type.Object({
  code: Type.String(),
  name: Type.String(),
  score: Type.Number(),
  maxScore: Type.Number(),
  band: Type.String(),
  feedback: Type.String(),
  weight: Type.Number(),
  strengths: Type.Array(Type.String()),
  improvements: Type.Array(Type.String()),
  /** `strengths` in the same order, each with the passages it refers to. */
  strengthDetails: Type.Optional(Type.Array(Remark)),
  /** `improvements` in the same order, each with the passages it refers to. */
  improvementDetails: Type.Optional(Type.Array(Remark)),
});
export type Criterion = Static<typeof Criterion>;

const InsightFeedback = Type.Object({
  clarity_and_cohesion: Type.String(),
  argument_and_evidence: Type.String(),
  grammar_and_mechanics: Type.String(),
  critical_thinking: Type.String(),
  originality_and_insight: Type.String(),
});

export const Consistency = Type.Object({
  samples: Type.Integer({ minimum: 1 }),
  /** Share of (sample, criterion) scores within one mark of that criterion's median, 0..1. */
  agreement: Type.Number({ minimum: 0, maximum: 1 }),
  criteria: Type.Array(Type.Object({ code: Type.String(), scores: Type.Array(Type.Number()), median: Type.Number() })),
});
export type Consistency = Static<typeof Consistency>;

export const TextMetrics = Type.Object({
  words: Type.Integer({ description: 'whitespace-split words of the whole text' }),
  bodyWords: Type.Integer({ description: 'words before the bibliography (what the word limit counts)' }),
  wordLimit: Type.Integer(),
  paragraphs: Type.Integer(),
  sentences: Type.Integer(),
  averageSentenceLength: Type.Number(),
  sentenceLengthVariation: Type.Number({ description: 'coefficient of variation of sentence lengths' }),
  lexicalDiversity: Type.Number({ description: 'moving-average type-token ratio, window 50' }),
  readabilityGrade: Type.Number({ description: 'Flesch-Kincaid grade level' }),
  citations: Type.Integer(),
  bibliographyEntries: Type.Integer(),
  citationStyle: Type.String({ description: 'APA, MLA, Chicago, Harvard, numeric, mixed or none' }),
});
export type TextMetrics = Static<typeof TextMetrics>;

/**
 * The language an essay is written in (issue 36), as detected from its text: one of the IB's three
 * working languages, or `other` (the built-in grader cannot judge it; a model grader answers in English).
 */
export const EssayLanguage = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('es'), Type.Literal('other')]);
export type EssayLanguage = Static<typeof EssayLanguage>;

export const Results = Type.Object({
  overallGrade: Type.String(),
  overallBand: Type.String(),
  totalPoints: Type.Number(),
  maxPoints: Type.Number(),
  percentage: Type.Number(),
  criteria: Type.Array(Criterion),
  overallSummary: Type.Object({
    holisticCommentary: Type.String(),
    nextSteps: Type.Array(Type.String()),
    strengths: Type.Array(Type.String()),
    improvements: Type.Array(Type.String()),
  }),
  insight_feedback: InsightFeedback,
  grader: Type.String({
    description: 'which grader produced the result: builtin, openai, builtin-fallback, spec-local, spec-local-fallback',
  }),
  /** Concrete suggestions, most useful first (the report shows the first 4). */
  suggestions: Type.Optional(Type.Array(Type.String())),
  /** Why the requested grader's result was replaced by a fallback (grader ends in '-fallback'). */
  fallbackReason: Type.Optional(Type.String()),
  /** The model that graded (model graders only). */
  model: Type.Optional(Type.String()),
  /** Consistency mode of a model grader: several samples, median score per criterion. */
  consistency: Type.Optional(Consistency),
  /** Figures measured in the text, for the writing-insights screens. */
  textMetrics: Type.Optional(TextMetrics),
  /** Issue 33 §3: the rubric's marked exemplars the model was shown, most relevant first (model graders only). */
  exemplars: Type.Optional(Type.Array(Type.Object({ id: Type.String(), title: Type.String() }))),
  /** Issue 36: the essay's language as detected; its feedback is written in it (English for `other`). Absent on results graded before. */
  language: Type.Optional(EssayLanguage),
});
export type Results = Static<typeof Results>;
