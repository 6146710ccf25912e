import type { Criterion, Passage, Results, SubmissionGrowth } from '@corestone/contracts';

/**
 * Drafts that show growth (issue 31), pure and deterministic: how each criterion moved between a
 * student's previous result and the new one, and which of the previous result's improvement points
 * now appear addressed, re-located in the new text where possible.
 *
 * A point's status, first rule that applies:
 *  1. the new result raises the same point again for the criterion (its words overlap enough) → open;
 *  2. the criterion's mark rose → addressed;
 *  3. a passage the point referred to was rewritten or removed → addressed;
 *  4. otherwise (the passage is still there word for word, or the point names no passage and the
 *     mark did not rise) → open.
 * Location: the new result's passage for a repeated point; else where the old passage (or its
 * rewritten version) stands in the new text; null when it cannot be found.
 */

export type CriterionMovement = SubmissionGrowth['criteria'][number];
export type ImprovementProgress = SubmissionGrowth['improvements'][number];
type Location = { start: number; end: number };

const sameScore = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** Criteria of both results matched by code (then by name): previous, current and the change. */
export function criterionMovement(previous: Results | null, current: Results): CriterionMovement[] {
  const rows: CriterionMovement[] = current.criteria.map((c) => {
    const before = previous ? counterpart(c, previous.criteria) : undefined;
    return {
      criterion_id: c.code,
      name: c.name,
      previous: before ? before.score : null,
      current: c.score,
      max_score: c.maxScore,
      change: before ? c.score - before.score : null,
    };
  });
  for (const before of previous?.criteria ?? []) {
    if (!counterpart(before, current.criteria)) {
      rows.push({
        criterion_id: before.code,
        name: before.name,
        previous: before.score,
        current: null,
        max_score: before.maxScore,
        change: null,
      });
    }
  }
  return rows;
}

function counterpart(c: Criterion, others: readonly Criterion[]): Criterion | undefined {
  return others.find((o) => o.code === c.code) ?? others.find((o) => normalise(o.name) === normalise(c.name));
}

/** Words as compared: lower case, letters and digits, common function words left out. */
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have in into is it its of on or so that the their them then there these this to was were which with your you more'.split(
    ' ',
  ),
);
const normalise = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP_WORDS.has(w));
}

/** Sørensen–Dice overlap of two word sets, 0–1 (0 when either is empty). */
export function wordOverlap(a: string, b: string): number {
  const { shared, x, y } = shareWords(a, b);
  return x === 0 || y === 0 ? 0 : (2 * shared) / (x + y);
}

/** Share of the words of `quote` that `text` also has, 0–1. */
export function wordCoverage(quote: string, text: string): number {
  const { shared, x } = shareWords(quote, text);
  return x === 0 ? 0 : shared / x;
}

function shareWords(a: string, b: string): { shared: number; x: number; y: number } {
  const x = new Set(words(a));
  const y = new Set(words(b));
  let shared = 0;
  for (const w of x) if (y.has(w)) shared += 1;
  return { shared, x: x.size, y: y.size };
}

/** A point counts as raised again when its words overlap a new point's by at least this much. */
export const SAME_POINT = 0.5;
/** A passage counts as rewritten (rather than removed) when a stretch of the new text keeps this share of its words. */
export const REWRITTEN_PASSAGE = 0.5;

/** Sentences of a text with their offsets (ends at . ! ? or a line break). */
export function sentences(text: string): Location[] {
  const out: Location[] = [];
  const re = /[^.!?\n]+(?:[.!?]+|\n|$)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex += 1;
      continue;
    }
    const lead = m[0].length - m[0].trimStart().length;
    const body = m[0].trim();
    if (body) out.push({ start: m.index + lead, end: m.index + lead + body.length });
  }
  return out;
}

/**
 * Where a passage of the old text stands in the new one: `same` when its words appear unchanged
 * (white space may differ; of several occurrences the one nearest its old relative position),
 * `rewritten` at the run of sentences that keeps most of its words (at least REWRITTEN_PASSAGE; of
 * equal ones the tightest, by word overlap, then the first), else `removed`.
 */
export function relocate(
  passage: Passage,
  newText: string,
  oldLength?: number,
): { kind: 'same'; location: Location } | { kind: 'rewritten'; location: Location; overlap: number } | { kind: 'removed' } {
  const exact = findVerbatim(passage.quote, newText, oldLength ? passage.start / Math.max(oldLength, 1) : undefined);
  if (exact) return { kind: 'same', location: exact };
  const spans = sentences(newText);
  const span = Math.max(1, sentences(passage.quote).length) + 1;
  let best: { location: Location; overlap: number; tightness: number } | null = null;
  for (let i = 0; i < spans.length; i++) {
    for (let len = 1; len <= span && i + len <= spans.length; len++) {
      const location = { start: spans[i].start, end: spans[i + len - 1].end };
      const candidate = newText.slice(location.start, location.end);
      const overlap = wordCoverage(passage.quote, candidate);
      const tightness = wordOverlap(passage.quote, candidate);
      const better =
        !best || overlap > best.overlap + 1e-12 || (Math.abs(overlap - best.overlap) <= 1e-12 && tightness > best.tightness + 1e-12);
      if (better) best = { location, overlap, tightness };
    }
  }
  return best && best.overlap >= REWRITTEN_PASSAGE
    ? { kind: 'rewritten', location: best.location, overlap: best.overlap }
    : { kind: 'removed' };
}

/** The quote's occurrence in the text, white space compared loosely; nearest `relative` (0–1) of several. */
function findVerbatim(quote: string, text: string, relative?: number): Location | null {
  const tokens = quote.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return null;
  const escaped = tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(escaped.join('\\s+'), 'g');
  const found: Location[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) found.push({ start: m.index, end: m.index + m[0].length });
  if (found.length === 0) return null;
  if (relative === undefined) return found[0];
  const target = relative * text.length;
  return found.reduce((best, f) => (Math.abs(f.start - target) < Math.abs(best.start - target) ? f : best));
}

function remarks(c: Criterion): Array<{ text: string; passages: Passage[] }> {
  return c.improvements.map((text, i) => ({ text, passages: c.improvementDetails?.[i]?.passages ?? [] }));
}

const quoted = (s: string, max = 60) => `“${s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s}”`;

/**
 * The previous result's improvement points, each addressed or open with the reason in plain words
 * and where it stands in the new text. `previousText` (the old essay) only sharpens which of
 * several identical passages is meant.
 */
export function improvementProgress(
  previous: Results,
  current: Results,
  currentText: string,
  previousText?: string,
): ImprovementProgress[] {
  const out: ImprovementProgress[] = [];
  for (const before of previous.criteria) {
    const now = counterpart(before, current.criteria);
    const rose = now !== undefined && now.score > before.score && !sameScore(now.score, before.score);
    const markWords = now ? `${before.score} → ${now.score}/${now.maxScore}` : '';
    for (const point of remarks(before)) {
      const base = { criterion: before.name, point: point.text };
      const again = now ? mostSimilar(point.text, remarks(now)) : null;
      if (again && again.overlap >= SAME_POINT) {
        const location = again.remark.passages[0]
          ? { start: again.remark.passages[0].start, end: again.remark.passages[0].end }
          : firstLocation(point.passages, currentText, previousText);
        out.push({ ...base, status: 'open', evidence: `The new feedback raises it again: ${quoted(again.remark.text)}.`, location });
        continue;
      }
      const placed = point.passages.map((p) => ({ passage: p, where: relocate(p, currentText, previousText?.length) }));
      const changed = placed.find((p) => p.where.kind !== 'same');
      const location = locationOf(placed);
      if (rose) {
        out.push({
          ...base,
          status: 'addressed',
          evidence: `The mark for ${before.name} rose (${markWords}) and the new feedback no longer raises it.`,
          location,
        });
      } else if (changed) {
        const evidence =
          changed.where.kind === 'rewritten'
            ? `The passage it referred to (${quoted(changed.passage.quote)}) was rewritten and the new feedback no longer raises it.`
            : `The passage it referred to (${quoted(changed.passage.quote)}) was removed and the new feedback no longer raises it.`;
        out.push({ ...base, status: 'addressed', evidence, location });
      } else if (placed.length > 0) {
        out.push({
          ...base,
          status: 'open',
          evidence: `The passage it referred to (${quoted(placed[0].passage.quote)}) is unchanged.`,
          location,
        });
      } else {
        const mark = now ? `the mark for ${before.name} did not rise (${markWords})` : `${before.name} is not marked in the new result`;
        out.push({ ...base, status: 'open', evidence: `It points at no passage in particular and ${mark}.`, location: null });
      }
    }
  }
  return out;
}

function mostSimilar(text: string, candidates: Array<{ text: string; passages: Passage[] }>) {
  let best: { remark: { text: string; passages: Passage[] }; overlap: number } | null = null;
  for (const remark of candidates) {
    const overlap = wordOverlap(text, remark.text);
    if (!best || overlap > best.overlap) best = { remark, overlap };
  }
  return best;
}

function locationOf(placed: Array<{ where: ReturnType<typeof relocate> }>): Location | null {
  for (const p of placed) if (p.where.kind !== 'removed') return p.where.location;
  return null;
}

function firstLocation(passages: Passage[], text: string, previousText?: string): Location | null {
  return locationOf(passages.map((p) => ({ where: relocate(p, text, previousText?.length) })));
}

/** Criterion movement and improvement progress of a submission against the previous one (null: the first). */
export function growthBetween(
  previous: Results | null,
  current: Results,
  currentText: string,
  previousText?: string,
): Pick<SubmissionGrowth, 'criteria' | 'improvements'> {
  return {
    criteria: criterionMovement(previous, current),
    improvements: previous ? improvementProgress(previous, current, currentText, previousText) : [],
  };
}
