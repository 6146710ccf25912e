import type { RubricExemplar, ScoringStructure } from '@corestone/contracts';
import { CHARS_PER_TOKEN } from './rate-limits';
import { STOPWORDS, stem, tokensOf } from './text';
import type { GradingJob } from './job';

/**
 * Exemplar-anchored prompts (issue 33 §3), the pure half: which of a rubric's marked exemplars the
 * model is shown, and how. Relevance is deterministic: exemplars of the essay's own rubric first,
 * then lexical similarity to the essay (cosine of crude-stem counts of content words), then the
 * exemplar's id. They are taken in that order while their prompt blocks fit the token allowance
 * (one that does not fit is skipped, a smaller one after it may still fit).
 */

/** Where the model grader gets a rubric's exemplars (the rubric service, with a short cache). */
export type ExemplarSource = (rubricId: string) => Promise<RubricExemplar[]>;

/** Content-word stems and their counts (words of 4+ letters, not stopwords). */
function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokensOf(text)) {
    if (t.length < 4 || STOPWORDS.has(t)) continue;
    const s = stem(t);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((n, c) => n + c * c, 0));

/** Cosine similarity of two texts' content-word stems, 0..1. */
export function lexicalSimilarity(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, c] of small) dot += c * (large.get(t) ?? 0);
  const d = norm(a) * norm(b);
  return d === 0 ? 0 : dot / d;
}

/** Block tags the model reads; removed from exemplar text so it cannot open or close a block. */
const stripTags = (s: string) => s.replace(/<\/?(essay|exemplar|student_context)\b[^>]*>/gi, '');

/** One exemplar as the prompt shows it: its text, then its mark and comment per criterion of the job's rubric. */
export function exemplarBlock(e: RubricExemplar, structure: ScoringStructure): string {
  const criteria = new Map(structure.criteria.map((c) => [c.code.trim().toUpperCase(), c]));
  const marks = e.marks.flatMap((m) => {
    const c = criteria.get(m.code.trim().toUpperCase());
    if (!c) return []; // a criterion the rubric no longer has
    return [
      `- ${c.code} ${c.name}: ${m.score}/${c.maxScore}${m.comment.trim() ? ` — ${stripTags(m.comment).replace(/\s+/g, ' ').trim()}` : ''}`,
    ];
  });
  const title = stripTags(e.title)
    .replace(/["\s]+/g, ' ')
    .trim();
  return [`<exemplar title="${title}">`, stripTags(e.text).trim(), '</exemplar>', 'Examiner marks for this exemplar:', ...marks].join('\n');
}

export interface ChosenExemplar {
  exemplar: RubricExemplar;
  block: string;
  similarity: number;
}

/** Tokens a block costs in the prompt (the budget's estimate: characters / 4, plus its line break). */
export const blockTokens = (block: string) => Math.ceil((block.length + 1) / CHARS_PER_TOKEN);

/**
 * The exemplars the model is shown for `job`, most relevant first, whose blocks together fit
 * `allowanceTokens`. Exemplars with no mark on any of the rubric's criteria are never shown.
 */
export function chooseExemplars(exemplars: readonly RubricExemplar[], job: GradingJob, allowanceTokens: number): ChosenExemplar[] {
  if (allowanceTokens <= 0 || exemplars.length === 0) return [];
  const essay = termCounts(job.text);
  const ranked = exemplars
    .map((exemplar) => ({
      exemplar,
      sameRubric: exemplar.rubric_id === job.rubric.id,
      similarity: lexicalSimilarity(essay, termCounts(exemplar.text)),
      block: exemplarBlock(exemplar, job.rubric.scoring_structure),
    }))
    .filter((r) => r.block.includes('\n- '))
    .sort(
      (a, b) =>
        Number(b.sameRubric) - Number(a.sameRubric) ||
        b.similarity - a.similarity ||
        (a.exemplar.id < b.exemplar.id ? -1 : a.exemplar.id > b.exemplar.id ? 1 : 0),
    );
  const chosen: ChosenExemplar[] = [];
  let left = allowanceTokens;
  for (const r of ranked) {
    const cost = blockTokens(r.block);
    if (cost > left) continue;
    left -= cost;
    chosen.push({ exemplar: r.exemplar, block: r.block, similarity: r.similarity });
  }
  return chosen;
}
