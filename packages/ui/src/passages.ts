/**
 * The essay view's logic, with no React in it: which passages of the essay the feedback quotes,
 * where each one is in the text, and how the text splits into plain and highlighted pieces.
 *
 * Passages come from the grader's criterion remarks (`results.criteria[].strengthDetails` and
 * `improvementDetails`, each `{text, passages: [{start, end, quote}]}`; contracts `Remark`). The
 * offsets point into the text that was graded (`GET /evaluation/{id}/text`). They are used when
 * the text there still says the quote; otherwise the quote is searched for by its words, tolerant
 * of differences of whitespace, quotation marks, dashes and case (an edited result, an older
 * text). A quote that cannot be found is listed as such, never pointed at the wrong place.
 */
import type { Evaluation } from '@corestone/sdk';

export type RemarkKind = 'strength' | 'improvement';

/** One passage the feedback quotes, with the remark that quotes it. */
export interface FeedbackNote {
  /** stable within one result: `c<criterion index>-<s|i><remark index>-<passage index>` */
  id: string;
  criterionCode: string;
  criterionName: string;
  kind: RemarkKind;
  /** the remark's text (the grader's comment on this passage) */
  comment: string;
  quote: string;
  /** the grader's offsets into the graded text, when it gave them */
  start?: number;
  end?: number;
}

export interface Span {
  start: number;
  end: number;
}

export interface PlacedNote extends Span {
  note: FeedbackNote;
}

/** A stretch of the essay: plain (`notes` empty) or highlighted by every note covering it. */
export interface Segment extends Span {
  text: string;
  notes: FeedbackNote[];
  /** the notes whose passage begins here (where "show in essay" scrolls to) */
  starts: FeedbackNote[];
}

export const KIND_LABELS: Record<RemarkKind, string> = { strength: 'Strength', improvement: 'To improve' };

/** The id of the `passage`-th passage of the `remark`-th strength or improvement of the `criterion`-th criterion. */
export const noteId = (criterion: number, kind: RemarkKind, remark: number, passage: number) =>
  `c${criterion}-${kind === 'strength' ? 's' : 'i'}${remark}-${passage}`;

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => !!v && typeof v === 'object' && !Array.isArray(v);
const offset = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** Every quoted passage of the result's criterion remarks, in criterion order (strengths, then improvements). */
export function notesOf(ev: Evaluation): FeedbackNote[] {
  const criteria = (ev.results as unknown as Loose | null)?.criteria;
  if (!Array.isArray(criteria)) return [];
  const notes: FeedbackNote[] = [];
  criteria.forEach((c: unknown, ci) => {
    if (!isObject(c)) return;
    const code = typeof c.code === 'string' && c.code ? c.code : String.fromCharCode(65 + ci);
    const name = typeof c.name === 'string' && c.name ? c.name : `Criterion ${code}`;
    for (const [kind, field] of [
      ['strength', 'strengthDetails'],
      ['improvement', 'improvementDetails'],
    ] as const) {
      const remarks = Array.isArray(c[field]) ? (c[field] as unknown[]) : [];
      remarks.forEach((r, ri) => {
        if (!isObject(r) || typeof r.text !== 'string' || !Array.isArray(r.passages)) return;
        r.passages.forEach((p: unknown, pi) => {
          if (!isObject(p) || typeof p.quote !== 'string' || !p.quote.trim()) return;
          notes.push({
            id: noteId(ci, kind, ri, pi),
            criterionCode: code,
            criterionName: name,
            kind,
            comment: r.text as string,
            quote: p.quote,
            start: offset(p.start),
            end: offset(p.end),
          });
        });
      });
    }
  });
  return notes;
}

const FOLD: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u00ad': '', // soft hyphen: invisible in the text
};

/**
 * The text folded for matching, with, for each folded character, the offset of the original
 * character it came from: a run of whitespace becomes one space, typographic quotes and dashes
 * plain ones, soft hyphens vanish; `lower` also folds case (only where that keeps one character).
 */
export function fold(text: string, lower = false): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (!space) {
        folded += ' ';
        origin.push(i);
        space = true;
      }
      continue;
    }
    space = false;
    let out = FOLD[ch] ?? ch;
    if (lower) {
      const l = out.toLowerCase();
      if (l.length === out.length) out = l;
    }
    for (let k = 0; k < out.length; k++) {
      folded += out[k];
      origin.push(i);
    }
  }
  return { folded, origin };
}

/** A quote as the grader wrote it, cut to its words: surrounding quotation marks and a trailing "…" (a cut quote) dropped. */
export function quoteWords(quote: string): string {
  const marks = (t: string) => t.replace(/^["'\u2018\u2019\u201c\u201d\u00ab]+|["'\u2018\u2019\u201c\u201d\u00bb]+$/g, '').trim();
  return marks(marks(quote.trim()).replace(/(\s*(\u2026|\.\.\.))+$/, ''));
}

/** Shorter folded quotes than this are not searched for (a word of two letters is everywhere). */
const MIN_QUOTE_CHARS = 3;

/**
 * Where `quote` is in `text`: at the grader's offsets when the text there says it (whitespace
 * etc. aside), else the occurrence nearest to them (repeated words), else the first — matching
 * exactly first, then ignoring case. Null when the words are not in the text.
 */
export function locateQuote(text: string, quote: string, hint?: Partial<Span>): Span | null {
  const words = quoteWords(quote);
  if (fold(words).folded.trim().length < MIN_QUOTE_CHARS) return null;
  const hinted =
    hint?.start !== undefined && hint.end !== undefined && hint.start < hint.end && hint.end <= text.length
      ? { start: hint.start, end: hint.end }
      : null;
  if (hinted) {
    const here = text.slice(hinted.start, hinted.end);
    // the grader's stretch says the quote (maybe with a little more around it): narrow it to the words
    for (const lower of [false, true]) {
      const found = findAll(here, fold(words, lower).folded, lower)[0];
      if (found) return { start: hinted.start + found.start, end: hinted.start + found.end };
    }
  }
  for (const lower of [false, true]) {
    const hits = findAll(text, fold(words, lower).folded, lower);
    if (!hits.length) continue;
    if (!hinted) return hits[0]!;
    return hits.reduce((best, h) => (Math.abs(h.start - hinted.start) < Math.abs(best.start - hinted.start) ? h : best));
  }
  return null;
}

/** Every occurrence of the folded `q` in `text`, as spans of the original text (trimmed to non-space ends). */
function findAll(text: string, q: string, lower: boolean): Span[] {
  if (!q) return [];
  const { folded, origin } = fold(text, lower);
  const hits: Span[] = [];
  for (let at = folded.indexOf(q); at >= 0; at = folded.indexOf(q, at + 1)) {
    hits.push({ start: origin[at]!, end: origin[at + q.length - 1]! + 1 });
  }
  return hits;
}

/** Each note placed in the text, or listed as not found. */
export function placeNotes(text: string, notes: readonly FeedbackNote[]): { placed: PlacedNote[]; missing: FeedbackNote[] } {
  const placed: PlacedNote[] = [];
  const missing: FeedbackNote[] = [];
  for (const note of notes) {
    const span = locateQuote(text, note.quote, { start: note.start, end: note.end });
    if (span) placed.push({ ...span, note });
    else missing.push(note);
  }
  return { placed, missing };
}

/**
 * The text cut at every passage boundary: plain stretches and highlighted ones, each highlighted
 * stretch carrying every note that covers it (overlapping passages share the stretch they have
 * in common). Joined, the segments' texts are the text.
 */
export function segmentsOf(text: string, placed: readonly PlacedNote[]): Segment[] {
  const cuts = new Set<number>([0, text.length]);
  for (const p of placed) {
    cuts.add(p.start);
    cuts.add(p.end);
  }
  const points = [...cuts].filter((n) => n >= 0 && n <= text.length).sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const start = points[k]!;
    const end = points[k + 1]!;
    const covering = placed.filter((p) => p.start <= start && p.end >= end);
    const notes = covering.map((p) => p.note);
    const starts = covering.filter((p) => p.start === start).map((p) => p.note);
    const last = segments[segments.length - 1];
    if (!notes.length && last && !last.notes.length) {
      last.end = end;
      last.text += text.slice(start, end);
    } else {
      segments.push({ start, end, text: text.slice(start, end), notes, starts });
    }
  }
  return segments;
}

/** One place in the essay with every remark quoting exactly that stretch. */
export interface PassageGroup extends Span {
  /** the words of the essay there */
  quote: string;
  notes: FeedbackNote[];
}

/** Placed notes grouped by the stretch they quote, in the order of the text (the essay view's list). */
export function groupPlaced(text: string, placed: readonly PlacedNote[]): PassageGroup[] {
  const groups = new Map<string, PassageGroup>();
  for (const p of [...placed].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const key = `${p.start}:${p.end}`;
    const group = groups.get(key) ?? { start: p.start, end: p.end, quote: text.slice(p.start, p.end), notes: [] };
    group.notes.push(p.note);
    groups.set(key, group);
  }
  return [...groups.values()];
}
