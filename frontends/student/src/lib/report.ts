/** The Deep Analysis Report's rules (spec user-app §2 "Deep Analysis Report", §9 report colours). */
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';
import type { Evaluation } from '@corestone/sdk';
import { criteriaOf, type ViewCriterion } from './evaluation';

export type Priority = 'high' | 'medium' | 'maintain';

/** Recommendations group by criterion score: under 3 high, 3 to under 5 medium, 5 and over maintain. */
export function priorityOf(score: number): Priority {
  if (score < 3) return 'high';
  if (score < 5) return 'medium';
  return 'maintain';
}

export const PRIORITY_LABELS: Record<Priority, MessageDescriptor> = {
  high: { id: 'report.priority.high', defaultMessage: 'High Priority' },
  medium: { id: 'report.priority.medium', defaultMessage: 'Medium Priority' },
  maintain: { id: 'report.priority.maintain', defaultMessage: 'Maintain Strengths' },
};
export const PRIORITY_COLORS: Record<Priority, string> = { high: 'red', medium: 'orange', maintain: 'green' };

export function groupByPriority(criteria: ViewCriterion[]): Record<Priority, ViewCriterion[]> {
  const groups: Record<Priority, ViewCriterion[]> = { high: [], medium: [], maintain: [] };
  for (const c of criteria) groups[priorityOf(c.score)].push(c);
  return groups;
}

/** Suggested timeline: high-priority criteria in weeks 1-2, medium in 3-4, the rest from week 5. */
const TIMELINE: Record<string, MessageDescriptor> = {
  weeks12: { id: 'report.timeline.weeks12', defaultMessage: 'Weeks 1-2' },
  focus12: { id: 'report.timeline.focus12', defaultMessage: 'Address the high-priority criteria first' },
  weeks34: { id: 'report.timeline.weeks34', defaultMessage: 'Weeks 3-4' },
  focus34: { id: 'report.timeline.focus34', defaultMessage: 'Strengthen the medium-priority criteria' },
  weeks5: { id: 'report.timeline.weeks5', defaultMessage: 'Week 5+' },
  focus5: { id: 'report.timeline.focus5', defaultMessage: 'Polish and maintain your strongest criteria' },
};

export function timelineOf(
  criteria: ViewCriterion[],
  intl: IntlShape = ENGLISH,
): { weeks: string; focus: string; criteria: ViewCriterion[] }[] {
  const g = groupByPriority(criteria);
  const t = (m: MessageDescriptor) => intl.formatMessage(m);
  return [
    { weeks: t(TIMELINE.weeks12), focus: t(TIMELINE.focus12), criteria: g.high },
    { weeks: t(TIMELINE.weeks34), focus: t(TIMELINE.focus34), criteria: g.medium },
    { weeks: t(TIMELINE.weeks5), focus: t(TIMELINE.focus5), criteria: g.maintain },
  ];
}

/** The suggestions list shows the first 4 items (the result's own list, else the evaluation's). */
export function topSuggestions(ev: Evaluation): string[] {
  const fromResults = ev.results?.suggestions;
  const list = Array.isArray(fromResults) && fromResults.length ? fromResults : Array.isArray(ev.suggestions) ? ev.suggestions : [];
  return list.filter((s) => typeof s === 'string' && s.trim()).slice(0, 4);
}

/** Report colour (spec §9): ≥83 green, ≥67 blue, ≥50 yellow, else red. */
export function reportColor(percent: number): string {
  if (percent >= 83) return '#16a34a';
  if (percent >= 67) return '#2563eb';
  if (percent >= 50) return '#ca8a04';
  return '#dc2626';
}

export type InsightKey =
  'clarity_and_cohesion' | 'argument_and_evidence' | 'grammar_and_mechanics' | 'critical_thinking' | 'originality_and_insight';
export const INSIGHT_LABELS: Record<InsightKey, MessageDescriptor> = {
  clarity_and_cohesion: { id: 'insight.clarity', defaultMessage: 'Clarity and Cohesion' },
  argument_and_evidence: { id: 'insight.argument', defaultMessage: 'Argument and Evidence' },
  grammar_and_mechanics: { id: 'insight.grammar', defaultMessage: 'Grammar and Mechanics' },
  critical_thinking: { id: 'insight.critical', defaultMessage: 'Critical Thinking' },
  originality_and_insight: { id: 'insight.originality', defaultMessage: 'Originality and Insight' },
};

/** The grader's writing insights that have text; empty when there are none. */
export function insightsOf(ev: Evaluation): { key: InsightKey; label: MessageDescriptor; text: string }[] {
  const raw = (ev.results?.insight_feedback ?? {}) as Record<string, unknown>;
  return (Object.keys(INSIGHT_LABELS) as InsightKey[])
    .map((key) => ({ key, label: INSIGHT_LABELS[key], text: typeof raw[key] === 'string' ? (raw[key] as string).trim() : '' }))
    .filter((i) => i.text);
}

/** Tab titles with their EE / TOK variants. */
const TABS: Record<string, MessageDescriptor> = {
  deep: { id: 'report.tab.deep', defaultMessage: 'Deep Analysis' },
  epistemological: { id: 'report.tab.epistemological', defaultMessage: 'Epistemological Analysis' },
  research: { id: 'report.tab.research', defaultMessage: 'Research Analysis' },
  examples: { id: 'report.tab.examples', defaultMessage: 'Example Analysis' },
  evidence: { id: 'report.tab.evidence', defaultMessage: 'Evidence Review' },
  insights: { id: 'report.tab.insights', defaultMessage: 'Writing Insights' },
  recommendations: { id: 'report.tab.recommendations', defaultMessage: 'Expert Recommendations' },
  essay: { id: 'report.tab.essay', defaultMessage: 'Your Essay' },
};

/** Tab titles with their EE / TOK variants (`withEssay`: the sixth, 'Your Essay'). */
export function reportTabs(type: string, intl: IntlShape = ENGLISH, withEssay = false): { key: string; label: string }[] {
  const tok = type === 'tok';
  const t = (m: MessageDescriptor) => intl.formatMessage(m);
  return [
    { key: 'deep', label: t(TABS.deep) },
    { key: 'research', label: t(tok ? TABS.epistemological : TABS.research) },
    { key: 'evidence', label: t(tok ? TABS.examples : TABS.evidence) },
    { key: 'insights', label: t(TABS.insights) },
    { key: 'recommendations', label: t(TABS.recommendations) },
    ...(withEssay ? [{ key: 'essay', label: t(TABS.essay) }] : []),
  ];
}

/**
 * The criteria the rubric expects, each with its result when there is one. A rubric criterion the
 * result lacks comes back with `missing` (the screen says 'Criterion data is not available').
 */
export function expectedCriteria(ev: Evaluation): { code: string; name: string; criterion: ViewCriterion | null }[] {
  const got = criteriaOf(ev);
  const rubric = ev.rubric?.scoring_structure?.criteria ?? [];
  if (!rubric.length) return got.map((c) => ({ code: c.code, name: c.name, criterion: c }));
  const out = rubric.map((r) => {
    const c = got.find((g) => g.code === r.code) ?? null;
    return { code: r.code, name: c?.name || r.name, criterion: c };
  });
  for (const c of got) if (!out.some((o) => o.code === c.code)) out.push({ code: c.code, name: c.name, criterion: c });
  return out;
}
