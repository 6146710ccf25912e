import type { Evaluation, Results } from '@corestone/sdk';

/** Who produced a result, in the student's words: the grader's name and what it means for the marks. */
export interface GraderInfo {
  label: string;
  note: string;
}

const BUILTIN_NOTE =
  'Marks come from an analysis of the essay’s text against the rubric; the top band is left to a teacher or the AI model.';

/** The result's grader (`results.grader`: builtin, openai, spec-local, or '<grader>-fallback'). */
export function graderInfo(results: Pick<Results, 'grader' | 'model' | 'fallbackReason'>): GraderInfo {
  const g = results.grader;
  if (g === 'openai') {
    return {
      label: `AI model${results.model ? ` (${results.model})` : ''}`,
      note: 'Graded by a language model against each rubric criterion.',
    };
  }
  const base = g.replace(/-fallback$/, '');
  const name = base === 'spec-local' ? 'Basic rule-based scoring' : base === 'builtin' ? 'Built-in text analysis' : base;
  if (g.endsWith('-fallback')) {
    return {
      label: `${name} (the AI model could not grade this essay)`,
      note: `${results.fallbackReason ? `${results.fallbackReason}. ` : ''}${base === 'builtin' ? BUILTIN_NOTE : ''}`.trim(),
    };
  }
  return { label: name, note: base === 'builtin' ? BUILTIN_NOTE : '' };
}

/** The rubric's reflection criterion (EE criterion E: Engagement, or Reflection from 2027), when it has one. */
export function reflectionCriterion(ev: Pick<Evaluation, 'rubric'>): { code: string; name: string } | null {
  const c = ev.rubric?.scoring_structure?.criteria?.find((x) => /\b(engagement|reflection)\b/i.test(x.name));
  return c ? { code: c.code, name: c.name } : null;
}
