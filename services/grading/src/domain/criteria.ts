import type { EssayType, RubricCriterion } from '@corestone/contracts';

/** What a rubric criterion assesses, recognised from its name (then its description). */
export type Dimension =
  'holistic' | 'focus' | 'knowledge' | 'analysis' | 'evaluation' | 'critical' | 'presentation' | 'engagement' | 'general';

/**
 * Which measured aspects (signals.ts) each kind of criterion is judged on, and how much each
 * counts. The defaults (EE 34: Focus and Method … Engagement; TOK 10), the IB criteria from 2027
 * (Framework for the essay, Knowledge and understanding, Analysis and line of argument, Discussion
 * and evaluation, Reflection), the TOK holistic criterion and generic ones (Content, Structure) map here.
 */
export const WEIGHTS: Record<Dimension, Record<EssayType, Array<[string, number]>>> = {
  focus: {
    ee: [
      ['researchQuestion', 0.28],
      ['method', 0.18],
      ['titleFocus', 0.12],
      ['frame', 0.12],
      ['answered', 0.1],
      ['subjectTerms', 0.1],
      ['length', 0.1],
    ],
    tok: [
      ['knowledgeQuestions', 0.3],
      ['titleFocus', 0.22],
      ['areas', 0.18],
      ['frame', 0.1],
      ['answered', 0.1],
      ['subjectTerms', 0.1],
    ],
  },
  knowledge: {
    ee: [
      ['subjectTerms', 0.2],
      ['vocabulary', 0.2],
      ['diversity', 0.1],
      ['citations', 0.2],
      ['data', 0.15],
      ['bibliography', 0.05],
      ['length', 0.15],
    ],
    tok: [
      ['subjectTerms', 0.2],
      ['vocabulary', 0.2],
      ['diversity', 0.1],
      ['examples', 0.15],
      ['quotations', 0.05],
      ['areas', 0.2],
      ['length', 0.15],
    ],
  },
  analysis: {
    ee: [
      ['connectives', 0.22],
      ['data', 0.15],
      ['citations', 0.1],
      ['answered', 0.15],
      ['frame', 0.1],
      ['paragraphs', 0.1],
      ['titleFocus', 0.08],
      ['counter', 0.1],
      ['cohesion', 0.12],
      ['vocabulary', 0.06],
    ],
    tok: [
      ['connectives', 0.2],
      ['examples', 0.2],
      ['answered', 0.15],
      ['counter', 0.15],
      ['knowledgeQuestions', 0.1],
      ['frame', 0.1],
      ['paragraphs', 0.1],
      ['cohesion', 0.12],
      ['vocabulary', 0.06],
    ],
  },
  evaluation: {
    ee: [
      ['counter', 0.25],
      ['evaluative', 0.25],
      ['hedging', 0.15],
      ['answered', 0.15],
      ['data', 0.1],
      ['quotations', 0.1],
    ],
    tok: [
      ['counter', 0.3],
      ['evaluative', 0.2],
      ['hedging', 0.15],
      ['answered', 0.15],
      ['examples', 0.1],
      ['areas', 0.1],
    ],
  },
  critical: {
    ee: [
      ['counter', 0.2],
      ['evaluative', 0.16],
      ['connectives', 0.16],
      ['hedging', 0.1],
      ['citations', 0.1],
      ['data', 0.1],
      ['frame', 0.08],
      ['answered', 0.1],
      ['cohesion', 0.08],
      ['vocabulary', 0.1],
    ],
    tok: [
      ['counter', 0.22],
      ['evaluative', 0.16],
      ['connectives', 0.14],
      ['hedging', 0.1],
      ['examples', 0.12],
      ['knowledgeQuestions', 0.1],
      ['frame', 0.06],
      ['answered', 0.1],
      ['cohesion', 0.08],
      ['vocabulary', 0.1],
    ],
  },
  presentation: {
    ee: [
      ['paragraphs', 0.12],
      ['headings', 0.1],
      ['frame', 0.1],
      ['bibliography', 0.15],
      ['citationStyle', 0.13],
      ['sentences', 0.1],
      ['variety', 0.1],
      ['readability', 0.08],
      ['mechanics', 0.15],
      ['spelling', 0.12],
      ['cohesion', 0.06],
    ],
    tok: [
      ['paragraphs', 0.2],
      ['frame', 0.12],
      ['bibliography', 0.12],
      ['citationStyle', 0.08],
      ['sentences', 0.12],
      ['variety', 0.1],
      ['readability', 0.08],
      ['mechanics', 0.18],
      ['spelling', 0.12],
      ['cohesion', 0.06],
    ],
  },
  engagement: {
    ee: [
      ['reflection', 0.4],
      ['voice', 0.15],
      ['hedging', 0.1],
      ['evaluative', 0.15],
      ['method', 0.1],
      ['diversity', 0.1],
    ],
    tok: [
      ['reflection', 0.3],
      ['voice', 0.25],
      ['hedging', 0.1],
      ['evaluative', 0.15],
      ['knowledgeQuestions', 0.1],
      ['diversity', 0.1],
    ],
  },
  holistic: {
    ee: [
      ['researchQuestion', 0.12],
      ['answered', 0.1],
      ['citations', 0.1],
      ['data', 0.08],
      ['connectives', 0.1],
      ['counter', 0.12],
      ['evaluative', 0.1],
      ['reflection', 0.08],
      ['bibliography', 0.08],
      ['mechanics', 0.06],
      ['length', 0.06],
      ['spelling', 0.06],
      ['cohesion', 0.06],
      ['vocabulary', 0.06],
    ],
    tok: [
      ['knowledgeQuestions', 0.15],
      ['titleFocus', 0.1],
      ['areas', 0.1],
      ['counter', 0.15],
      ['evaluative', 0.1],
      ['examples', 0.12],
      ['connectives', 0.08],
      ['answered', 0.1],
      ['voice', 0.05],
      ['frame', 0.05],
      ['spelling', 0.06],
      ['cohesion', 0.06],
      ['vocabulary', 0.06],
    ],
  },
  general: {
    ee: [
      ['length', 0.12],
      ['frame', 0.1],
      ['paragraphs', 0.1],
      ['citations', 0.14],
      ['counter', 0.14],
      ['evaluative', 0.1],
      ['diversity', 0.08],
      ['variety', 0.07],
      ['mechanics', 0.15],
      ['spelling', 0.12],
      ['cohesion', 0.08],
      ['vocabulary', 0.08],
    ],
    tok: [
      ['length', 0.12],
      ['frame', 0.1],
      ['paragraphs', 0.1],
      ['citations', 0.1],
      ['counter', 0.18],
      ['evaluative', 0.1],
      ['diversity', 0.08],
      ['variety', 0.07],
      ['mechanics', 0.15],
      ['spelling', 0.12],
      ['cohesion', 0.08],
      ['vocabulary', 0.08],
    ],
  },
};

/** First match wins, name before description. Order matters: 'Discussion and evaluation' is not 'critical'. */
const DIMENSION_WORDS: Array<[Dimension, RegExp]> = [
  ['holistic', /holistic|overall (impression|quality)|exploration of the (essay|prescribed) title/],
  ['engagement', /engag|reflect|personal/],
  ['presentation', /presentation|structure|layout|format|organi[sz]|communicat|referenc|style|mechanic/],
  ['evaluation', /discussion|evaluat/],
  ['analysis', /line of argument|\bargument/],
  ['critical', /critical|analys|reasoning|counter/],
  ['focus', /focus|framework|method|research question|knowledge question|prescribed title|\btopic\b/],
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
