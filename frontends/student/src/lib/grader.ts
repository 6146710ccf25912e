import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { Evaluation, Results } from '@corestone/sdk';
import { ENGLISH } from '@corestone/ui/i18n';

/** Who produced a result, in the student's words: the grader's name and what it means for the marks. */
export interface GraderInfo {
  label: string;
  note: string;
}

const TEXTS: Record<string, MessageDescriptor> = {
  builtinNote: {
    id: 'grader.builtinNote',
    defaultMessage:
      'Marks come from an analysis of the essay’s text against the rubric; the top band is left to a teacher or the AI model.',
  },
  ai: { id: 'grader.ai', defaultMessage: 'AI model' },
  aiWithModel: { id: 'grader.aiWithModel', defaultMessage: 'AI model ({model})' },
  aiNote: { id: 'grader.aiNote', defaultMessage: 'Graded by a language model against each rubric criterion.' },
  specLocal: { id: 'grader.specLocal', defaultMessage: 'Basic rule-based scoring' },
  builtin: { id: 'grader.builtin', defaultMessage: 'Built-in text analysis' },
  fallback: { id: 'grader.fallback', defaultMessage: '{name} (the AI model could not grade this essay)' },
};

/** The result's grader (`results.grader`: builtin, openai, spec-local, or '<grader>-fallback'). */
export function graderInfo(results: Pick<Results, 'grader' | 'model' | 'fallbackReason'>, intl: IntlShape = ENGLISH): GraderInfo {
  const g = results.grader;
  const t = (m: MessageDescriptor, values?: Record<string, string>) => intl.formatMessage(m, values);
  if (g === 'openai') {
    return { label: results.model ? t(TEXTS.aiWithModel, { model: results.model }) : t(TEXTS.ai), note: t(TEXTS.aiNote) };
  }
  const base = g.replace(/-fallback$/, '');
  const name = base === 'spec-local' ? t(TEXTS.specLocal) : base === 'builtin' ? t(TEXTS.builtin) : base;
  const builtinNote = base === 'builtin' ? t(TEXTS.builtinNote) : '';
  if (g.endsWith('-fallback')) {
    return {
      label: t(TEXTS.fallback, { name }),
      // the reason is the server's words
      note: `${results.fallbackReason ? `${results.fallbackReason}. ` : ''}${builtinNote}`.trim(),
    };
  }
  return { label: name, note: builtinNote };
}

/**
 * The rubric's reflection criterion (EE criterion E: Engagement, or Reflection from 2027), when it
 * has one. Its name comes in the reader's language where the rubric is translated (issue 36).
 */
export function reflectionCriterion(ev: Pick<Evaluation, 'rubric'>): { code: string; name: string } | null {
  const c = ev.rubric?.scoring_structure?.criteria?.find((x) => /\b(engagement|reflection|réflexion|compromiso|reflexión)\b/i.test(x.name));
  return c ? { code: c.code, name: c.name } : null;
}
