import type { Passage } from '@corestone/contracts';

/** A stretch of the essay text: [start, end) character offsets into the text as received. */
export interface Span {
  start: number;
  end: number;
}

/** A match found in the text: where it is and what it says. */
export interface Hit extends Span {
  text: string;
}

/**
 * Normalises the text without moving any character, so offsets found in the result are offsets
 * into the original: CR before LF becomes a space, a lone CR a line break, curly single quotes
 * straight ones.
 */
export function sameLengthNormalise(raw: string): string {
  const lines = raw.includes('\r') ? raw.replace(/\r(?=\n)/g, ' ').replace(/\r/g, '\n') : raw;
  return /[\u2018\u2019]/.test(lines) ? lines.replace(/[\u2018\u2019]/g, "'") : lines;
}

/** Longest quote a passage carries; longer spans are cut at a word boundary. */
const MAX_QUOTE_CHARS = 200;

/** A passage of the original text for a span: trimmed, cut to MAX_QUOTE_CHARS at a word end. */
export function passageOf(raw: string, span: Span): Passage | null {
  let { start, end } = span;
  while (start < end && /\s/.test(raw[start])) start++;
  while (end > start && /\s/.test(raw[end - 1])) end--;
  if (end <= start) return null;
  if (end - start > MAX_QUOTE_CHARS) {
    const cut = raw.slice(start, start + MAX_QUOTE_CHARS).search(/\s\S*$/);
    end = start + (cut > 40 ? cut : MAX_QUOTE_CHARS);
  }
  return { start, end, quote: raw.slice(start, end) };
}

/** Passages for spans: distinct, in text order, at most `limit`. */
export function passagesOf(raw: string, spans: readonly Span[], limit = 3): Passage[] {
  const seen = new Set<string>();
  const out: Passage[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const p = passageOf(raw, s);
    if (!p || seen.has(`${p.start}:${p.end}`)) continue;
    if (out.some((o) => p.start < o.end && o.start < p.end)) continue; // overlapping: keep the first
    seen.add(`${p.start}:${p.end}`);
    out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}

/** The span among `containers` that holds `at`, or null. */
export function containing<T extends Span>(containers: readonly T[], at: number): T | null {
  let lo = 0;
  let hi = containers.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = containers[mid];
    if (at < c.start) hi = mid - 1;
    else if (at >= c.end) lo = mid + 1;
    else return c;
  }
  return null;
}

/**
 * Finds a quote a model copied from the essay: exactly, then ignoring differences of whitespace
 * and case. Null when the words are not in the text (a quote that cannot be located is dropped,
 * never pointed at the wrong place).
 */
export function locateQuote(raw: string, quote: string): Span | null {
  const q = quote
    .trim()
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .trim();
  if (q.length < 3) return null;
  const exact = raw.indexOf(q);
  if (exact >= 0) return { start: exact, end: exact + q.length };
  const words = q
    .split(/\s+/)
    .filter(Boolean)
    .map((w) =>
      w
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/['’‘]/g, "['’‘]")
        .replace(/["“”]/g, '["“”]'),
    );
  if (words.length === 0) return null;
  const m = new RegExp(words.join('\\s+'), 'i').exec(raw);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}
