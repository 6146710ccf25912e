/** The Deep Analysis Report's rules (spec user-app §2 "Deep Analysis Report", §9 report colours). */
import type { Evaluation } from '@corestone/sdk';
import { criteriaOf, type ViewCriterion } from './evaluation';

export type Priority = 'high' | 'medium' | 'maintain';

/** Recommendations group by criterion score: under 3 high, 3 to under 5 medium, 5 and over maintain. */
export function priorityOf(score: number): Priority {
  if (score < 3) return 'high';
  if (score < 5) return 'medium';
  return 'maintain';
}

export const PRIORITY_LABELS: Record<Priority, string> = {
  high: 'High Priority',
  medium: 'Medium Priority',
  maintain: 'Maintain Strengths',
};
export const PRIORITY_COLORS: Record<Priority, string> = { high: 'red', medium: 'orange', maintain: 'green' };

export function groupByPriority(criteria: ViewCriterion[]): Record<Priority, ViewCriterion[]> {
  const groups: Record<Priority, ViewCriterion[]> = { high: [], medium: [], maintain: [] };
  for (const c of criteria) groups[priorityOf(c.score)].push(c);
  return groups;
}

/** Suggested timeline: high-priority criteria in weeks 1-2, medium in 3-4, the rest from week 5. */
export function timelineOf(criteria: ViewCriterion[]): { weeks: string; focus: string; criteria: ViewCriterion[] }[] {
  const g = groupByPriority(criteria);
  return [
    { weeks: 'Weeks 1-2', focus: 'Address the high-priority criteria first', criteria: g.high },
    { weeks: 'Weeks 3-4', focus: 'Strengthen the medium-priority criteria', criteria: g.medium },
    { weeks: 'Week 5+', focus: 'Polish and maintain your strongest criteria', criteria: g.maintain },
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

export const INSIGHT_LABELS = {
  clarity_and_cohesion: 'Clarity and Cohesion',
  argument_and_evidence: 'Argument and Evidence',
  grammar_and_mechanics: 'Grammar and Mechanics',
  critical_thinking: 'Critical Thinking',
  originality_and_insight: 'Originality and Insight',
} as const;
export type InsightKey = keyof typeof INSIGHT_LABELS;

/** The grader's writing insights that have text; empty when there are none. */
export function insightsOf(ev: Evaluation): { key: InsightKey; label: string; text: string }[] {
  const raw = (ev.results?.insight_feedback ?? {}) as Record<string, unknown>;
  return (Object.keys(INSIGHT_LABELS) as InsightKey[])
    .map((key) => ({ key, label: INSIGHT_LABELS[key], text: typeof raw[key] === 'string' ? (raw[key] as string).trim() : '' }))
    .filter((i) => i.text);
}

/** Tab titles with their EE / TOK variants. */
export function reportTabs(type: string): { key: string; label: string }[] {
  const tok = type === 'tok';
  return [
    { key: 'deep', label: 'Deep Analysis' },
    { key: 'research', label: tok ? 'Epistemological Analysis' : 'Research Analysis' },
    { key: 'evidence', label: tok ? 'Example Analysis' : 'Evidence Review' },
    { key: 'insights', label: 'Writing Insights' },
    { key: 'recommendations', label: 'Expert Recommendations' },
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
