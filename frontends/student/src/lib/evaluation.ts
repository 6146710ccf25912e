import type { Evaluation, EvaluationListItem } from '@corestone/sdk';
import { defineMessages, type IntlShape } from 'react-intl';
import { noteId, type RemarkKind } from '@corestone/ui/passages';
import { ENGLISH } from '@corestone/ui/i18n';

export const IN_PROGRESS = ['pending', 'processing', 'in_progress'];

export function isInProgress(status: string): boolean {
  return IN_PROGRESS.includes(status);
}

const STATUS = defineMessages({
  in_progress: { id: 'status.inProgress', defaultMessage: 'In Progress' },
  pending: { id: 'status.pending', defaultMessage: 'Pending' },
  processing: { id: 'status.processing', defaultMessage: 'Processing' },
  completed: { id: 'status.completed', defaultMessage: 'Completed' },
  failed: { id: 'status.failed', defaultMessage: 'Failed' },
});

/** Status dot colours (spec §4): in progress yellow, completed green, anything else red. */
export function statusInfo(status: string, intl: IntlShape = ENGLISH): { color: string; label: string } {
  if (isInProgress(status))
    return {
      color: '#eab308',
      label: intl.formatMessage(status === 'in_progress' ? STATUS.in_progress : status === 'pending' ? STATUS.pending : STATUS.processing),
    };
  if (status === 'completed') return { color: '#22c55e', label: intl.formatMessage(STATUS.completed) };
  return { color: '#ef4444', label: status === 'failed' ? intl.formatMessage(STATUS.failed) : capitalise(status || 'unknown') };
}

export function capitalise(s: string): string {
  return s.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

export interface ViewCriterion {
  code: string;
  name: string;
  score: number;
  maxScore: number;
  band: string;
  feedback: string;
  strengths: string[];
  improvements: string[];
  /** strengths / improvements with the essay passages each refers to (quotes; empty when none) */
  strengthDetails: ViewRemark[];
  improvementDetails: ViewRemark[];
}

export interface ViewRemark {
  text: string;
  quotes: ViewQuote[];
}

/** A passage shown under a remark; `noteId` names it in the essay view (lib/passages). */
export interface ViewQuote {
  text: string;
  noteId: string;
}

const QUOTE_MAX_CHARS = 160;

/**
 * Remarks with the passages worth showing: at most one per remark, at least three words, each
 * passage only once per criterion (`seen`), long ones cut at a word boundary. Falls back to the
 * plain texts (no passages) when the grader gave none.
 */
export function remarksOf(
  details: unknown,
  texts: string[],
  seen: Set<string> = new Set(),
  ids: { criterion: number; kind: RemarkKind } = { criterion: 0, kind: 'strength' },
): ViewRemark[] {
  const worth = (q: string) => {
    const key = q.toLowerCase();
    if (q.split(/\s+/).length < 3 || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const cut = (q: string) => (q.length <= QUOTE_MAX_CHARS ? q : `${q.slice(0, q.lastIndexOf(' ', QUOTE_MAX_CHARS))}…`);
  if (!Array.isArray(details) || !details.length) return texts.map((text) => ({ text, quotes: [] }));
  return details
    .map((d: unknown, remark) => ({ d, remark }))
    .filter((x): x is { d: Loose; remark: number } => !!x.d && typeof x.d === 'object' && typeof (x.d as Loose).text === 'string')
    .map(({ d, remark }) => {
      const text = d.text as string;
      const quotes = (Array.isArray(d.passages) ? d.passages : [])
        .map((p: Loose, passage) => ({
          text: p && typeof p.quote === 'string' ? p.quote.trim() : '',
          noteId: noteId(ids.criterion, ids.kind, remark, passage),
        }))
        // the remark may already quote it ("A clear research question: \"To what extent…\"")
        .filter((q) => q.text.length > 0 && !text.toLowerCase().includes(q.text.slice(0, 30).toLowerCase()) && worth(q.text))
        .slice(0, 1)
        .map((q) => ({ ...q, text: cut(q.text) }));
      return { text, quotes };
    });
}

type Loose = Record<string, unknown>;
/** A full evaluation or a list row (whose result is the summary only: no criteria or feedback). */
type Graded = Pick<Evaluation | EvaluationListItem, 'essay_type' | 'status' | 'results'>;
const n = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && !isNaN(Number(v)) ? Number(v) : undefined;
const s = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Criterion fields: score or grade, maxScore or maxGrade, feedback or comment (spec §3). */
export function criteriaOf(ev: Pick<Graded, 'essay_type' | 'results'>): ViewCriterion[] {
  const crit = (ev.results as unknown as Loose | null)?.criteria;
  if (!Array.isArray(crit)) return [];
  const defaultMax = ev.essay_type === 'tok' ? 5 : 6;
  return crit.map((c: Loose, i) => {
    const seen = new Set<string>(); // a passage is shown once per criterion
    return {
      code: s(c.code) || String.fromCharCode(65 + i),
      name: s(c.name) || `Criterion ${s(c.code) || String.fromCharCode(65 + i)}`,
      score: n(c.score) ?? n(c.grade) ?? 0,
      maxScore: n(c.maxScore) ?? n(c.maxGrade) ?? n(c.max_score) ?? defaultMax,
      band: s(c.band),
      feedback: s(c.feedback) || s(c.comment),
      strengths: list(c.strengths),
      improvements: list(c.improvements),
      strengthDetails: remarksOf(c.strengthDetails, list(c.strengths), seen, { criterion: i, kind: 'strength' }),
      improvementDetails: remarksOf(c.improvementDetails, list(c.improvements), seen, { criterion: i, kind: 'improvement' }),
    };
  });
}

/** Fallback grade bands on the percentage (spec §9): A ≥80, B ≥70, C ≥60, D ≥50, else E. */
export function gradeFor(percent: number): string {
  if (percent >= 80) return 'A';
  if (percent >= 70) return 'B';
  if (percent >= 60) return 'C';
  if (percent >= 50) return 'D';
  return 'E';
}

export function scoreColor(percent: number): string {
  if (percent >= 80) return '#16a34a';
  if (percent >= 70) return '#2563eb';
  if (percent >= 60) return '#ca8a04';
  if (percent >= 50) return '#ea580c';
  return '#dc2626';
}

export function summaryOf(ev: Pick<Graded, 'essay_type' | 'results'>) {
  const r = (ev.results ?? {}) as unknown as Loose;
  const criteria = criteriaOf(ev);
  const total = n(r.totalPoints) ?? criteria.reduce((a, c) => a + c.score, 0);
  const max = n(r.maxPoints) ?? (criteria.length ? criteria.reduce((a, c) => a + c.maxScore, 0) : 30);
  const percent = n(r.percentage) ?? (max > 0 ? Math.round((total / max) * 100) : 0);
  const os = (r.overallSummary ?? {}) as Loose;
  return {
    grade: s(r.overallGrade) || gradeFor(percent),
    band: s(r.overallBand),
    total,
    max,
    percent,
    criteria,
    holistic: s(os.holisticCommentary),
    nextSteps: list(os.nextSteps),
    strengths: list(os.strengths),
    improvements: list(os.improvements),
    insights: (r.insight_feedback ?? null) as Record<string, string> | null,
  };
}

/** Average Grade card: the mean percentage of the completed results as a grade and percent ('B · 74%'), else '—'. */
export function averageGradeOf(completed: Graded[], intl: IntlShape = ENGLISH): string {
  const percents = completed.filter((e) => e.results).map((e) => summaryOf(e).percent);
  if (!percents.length) return '—';
  const mean = Math.round(percents.reduce((a, b) => a + b, 0) / percents.length);
  return `${gradeFor(mean)} · ${intl.formatNumber(mean / 100, { style: 'percent' })}`;
}

/** Grade shown in lists: results.overallGrade, else '—'. */
export function gradeOf(ev: Graded): string {
  if (ev.status !== 'completed' || !ev.results) return '—';
  return summaryOf(ev).grade;
}

/** A date in the page's language ('Nov 29, 2026', '29 nov. 2026', '29 nov 2026'); '—' when there is none. */
export function formatDate(iso: string | null | undefined, intl: IntlShape = ENGLISH): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return isNaN(d.getTime()) ? '—' : intl.formatDate(d, { year: 'numeric', month: 'short', day: 'numeric' });
}

export const typeLabel = (t: string) => (t === 'tok' ? 'TOK' : 'EE');
export const typeColor = (t: string) => (t === 'tok' ? 'purple' : 'blue');
