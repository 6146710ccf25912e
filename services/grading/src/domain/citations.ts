import { matchesAt } from './scan';
import type { Hit } from './spans';

/**
 * In-text citations and the referencing style they (and the bibliography entries) follow.
 * Heuristics on the conventions that tell the styles apart:
 *   APA       (Author, 2019) · entry "Author, A. (2019). Title."
 *   Harvard   (Author 2019)  · entry "Author, A. (2019) Title" or "Author, A. 2019. Title"
 *   MLA       (Author 45)    · entry "Last, First. Title. Publisher, 2019." under "Works Cited"
 *   Chicago   notes ("Ibid.") · entry "Last, First. Title. Place: Publisher, 2019."
 *   numeric   [1], [2, 3]
 */
export type CitationStyle = 'APA' | 'Harvard' | 'MLA' | 'Chicago' | 'numeric';
const CITATION_STYLES: readonly CitationStyle[] = ['APA', 'Harvard', 'MLA', 'Chicago', 'numeric'];

/** How one in-text citation is written: (Author, 2019) / (Author 2019), (Author 45), [1]. */
export type CitationForm = 'author-date' | 'author-page' | 'numeric';

export interface CitationHit extends Hit {
  form: CitationForm;
  /** author-date with a comma before the year (APA always; Harvard often) */
  comma: boolean;
}

export interface CitationAnalysis {
  hits: CitationHit[];
  parenthetical: number;
  bracketed: number;
  /** the style of in-text citations and bibliography together, 'mixed' when forms are mixed, 'none' when unrecognisable */
  style: CitationStyle | 'mixed' | 'none';
  /** evidence per style: bibliography entries (and notes) that follow it */
  votes: Record<CitationStyle, number>;
  /** share of the in-text citations written in the dominant form, 0..1 (1 when there are none) */
  consistency: number;
}

const YEAR = '(?:1[5-9]\\d{2}|20\\d{2})[a-z]?';
const AUTHOR_DATE = new RegExp(`\\([^()\\n]{0,100}?(?:\\b${YEAR}\\b|n\\.d\\.)[^()\\n]{0,30}\\)`, 'g');
const COMMA_BEFORE_YEAR = new RegExp(`^\\(\\D*?,\\s*(?:${YEAR}|n\\.d\\.)`);
const AUTHOR_PAGE = /\((?:[A-Z][A-Za-z'’-]+)(?:\s+(?:and|&)\s+[A-Z][A-Za-z'’-]+|\s+et al\.)?\s+(\d{1,4}(?:[-–]\d{1,4})?)\)/g;
const BRACKETED = /\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]/g;
const IS_YEAR = new RegExp(`^${YEAR}$`);

/** Every match of `re`, each of which starts with the character `lead`. */
function matches(re: RegExp, text: string, lead: string): Array<{ index: number; text: string; groups: string[] }> {
  return matchesAt(re, text, lead).map((m) => ({ index: m.index, text: m[0], groups: m.slice(1) }));
}

/** How many times 'Ibid' stands as a word (`/\bIbid\b/g`). */
function ibids(text: string): number {
  const word = (at: number) => /\w/.test(text[at] ?? '');
  let n = 0;
  for (let at = text.indexOf('Ibid'); at >= 0; at = text.indexOf('Ibid', at + 1)) if (!word(at - 1) && !word(at + 4)) n++;
  return n;
}

/** Classifies one bibliography entry line, or null when it fits no style's pattern. */
export function entryStyle(entry: string): CitationStyle | null {
  const e = entry.trim();
  if (/^\[?\d{1,3}[\].]\s/.test(e)) return 'numeric';
  if (new RegExp(`\\((?:${YEAR}|n\\.d\\.)[^)]*\\)\\.\\s`).test(e)) return 'APA';
  if (new RegExp(`\\((?:${YEAR}|n\\.d\\.)\\)\\s+[A-Za-z'‘“"]`).test(e)) return 'Harvard';
  if (new RegExp(`^[^.]+,(?:\\s*[A-Z]\\.)+\\s*${YEAR}\\.`).test(e)) return 'Harvard';
  if (/[A-Z][a-z]+(?:[ ,]+[A-Z][A-Za-z]+)*:\s*[A-Z][^,.]*,\s*(?:1[5-9]\d{2}|20\d{2})/.test(e)) return 'Chicago';
  if (/^[A-Z][\w'’-]+,\s+[A-Z][a-z]+/.test(e) && !/\((?:1[5-9]\d{2}|20\d{2})/.test(e)) return 'MLA';
  return null;
}

const FAMILY_STYLES: Record<CitationForm, readonly CitationStyle[]> = {
  'author-date': ['APA', 'Harvard', 'Chicago'],
  'author-page': ['MLA'],
  numeric: ['numeric'],
};

/** Citations in the body text and the referencing style of the body and the bibliography together. */
export function analyseCitations(body: string, bibliographyEntries: readonly string[], worksCitedHeading: boolean): CitationAnalysis {
  const hits: CitationHit[] = [];
  for (const m of matches(AUTHOR_DATE, body, '(')) {
    if (!/[A-Z]/.test(m.text)) continue;
    hits.push({ start: m.index, end: m.index + m.text.length, text: m.text, form: 'author-date', comma: COMMA_BEFORE_YEAR.test(m.text) });
  }
  const parenthetical = hits.length;
  for (const m of matches(AUTHOR_PAGE, body, '(')) {
    if (IS_YEAR.test(m.groups[0]) || hits.some((h) => h.start === m.index)) continue;
    hits.push({ start: m.index, end: m.index + m.text.length, text: m.text, form: 'author-page', comma: false });
  }
  const bracketed = matches(BRACKETED, body, '[');
  for (const m of bracketed) hits.push({ start: m.index, end: m.index + m.text.length, text: m.text, form: 'numeric', comma: false });
  hits.sort((a, b) => a.start - b.start);

  const votes: Record<CitationStyle, number> = { APA: 0, Harvard: 0, MLA: 0, Chicago: 0, numeric: 0 };
  for (const e of bibliographyEntries) {
    const s = entryStyle(e);
    if (s) votes[s] += 1;
  }
  if (worksCitedHeading) votes.MLA += 2;
  votes.Chicago += ibids(body);
  const byVotes = (styles: readonly CitationStyle[]) =>
    [...styles].sort((a, b) => votes[b] - votes[a] || CITATION_STYLES.indexOf(a) - CITATION_STYLES.indexOf(b))[0];

  if (hits.length === 0) {
    const top = byVotes(CITATION_STYLES);
    return { hits, parenthetical, bracketed: 0, style: votes[top] > 0 ? top : 'none', votes, consistency: 1 };
  }
  const forms = (Object.keys(FAMILY_STYLES) as CitationForm[]).map((form) => ({ form, n: hits.filter((h) => h.form === form).length }));
  const dominant = forms.sort((a, b) => b.n - a.n)[0];
  const consistency = dominant.n / hits.length;
  let style: CitationAnalysis['style'];
  if (hits.length >= 4 && consistency < 0.7) style = 'mixed';
  else if (dominant.form !== 'author-date') style = FAMILY_STYLES[dominant.form][0];
  else {
    const fromEntries = byVotes(FAMILY_STYLES['author-date']);
    const commas = hits.filter((h) => h.form === 'author-date' && h.comma).length;
    style = votes[fromEntries] > 0 ? fromEntries : commas * 2 >= dominant.n ? 'APA' : 'Harvard';
  }
  return { hits, parenthetical, bracketed: bracketed.length, style, votes, consistency };
}
