import type { GradeBoundary } from '@corestone/contracts';
import type { CriterionInput } from './scoring';

/**
 * Reads a rubric from the text of a document (or from criteria text typed by an admin): criterion
 * headings with their maximum marks, the mark bands under each with their descriptors, guidance
 * sections, grade boundaries, and the questions the document asks. Only what the text says is
 * returned; what it does not say is reported in `warnings`.
 */
export interface ParsedRubric {
  title: string | null;
  description: string;
  criteria: CriterionInput[];
  detailed_guidance: string[];
  prompts: string[];
  /** As percentages; null when the document states none. */
  grade_boundaries: GradeBoundary[] | null;
  pass_threshold: number | null;
  warnings: string[];
}

interface Draft {
  code: string | null;
  name: string;
  /** Stated in the heading or a "Maximum: N marks" line. */
  statedMax: number | null;
  description: string[];
  levels: Array<{ min: number; max: number; descriptor: string[] }>;
  /** A heading without a name ("Criterion A") takes the next line as its name. */
  awaitingName: boolean;
}

type Mode = 'preamble' | 'criterion' | 'guidance' | 'grades';

const DASH = '(?:-|–|—|to)';
const UNIT = '(?:marks?|points?|pts)';
const MAX_MARK = 60;

const CRITERION_WORD = /^(?:criterion|criteria)\s+([A-Za-z]|\d{1,2})\b\s*(?:[:.)\-–—]\s*)?(.*)$/i;
const LETTER_HEADING = /^([A-H])\s*[:.)\-–—]\s+(.+)$/;
const NUMBERED_HEADING = /^(\d{1,2})[.)]\s+(.+)$/;
const MARKS_IN_HEADING: RegExp[] = [
  new RegExp(`\\(\\s*(?:maximum|max\\.?|up to|total|out of)?\\s*:?\\s*(\\d{1,3})\\s*${UNIT}?\\s*\\)`, 'i'),
  new RegExp(`[-–—:,]?\\s*(?:maximum|max\\.?|up to|total|out of)?\\s*:?\\s*(\\d{1,3})\\s*${UNIT}\\b\\.?`, 'i'),
  /\s*\/\s*(\d{1,3})\s*$/,
  /[-–—:,]?\s*(?:maximum|max\.?|out of)\s*:?\s*(\d{1,3})\s*$/i,
];
const MARKS_LINE = new RegExp(
  `^(?:maximum|max\\.?|total|marks available|available marks|maximum marks|total marks)\\s*${UNIT}?\\s*[:=]?\\s*(\\d{1,3})\\s*${UNIT}?\\.?$`,
  'i',
);
const BAND = new RegExp(
  `^(?:level\\s+\\d+\\s*[:.(]?\\s*)?(?:${UNIT}\\s*:?\\s*)?(\\d{1,2})(?:\\s*${DASH}\\s*(\\d{1,2}))?\\s*${UNIT}?\\s*\\)?(\\s*[:.|)\\-–—]\\s*|\\s+|$)(.*)$`,
  'i',
);
const TABLE_HEADER =
  /^(?:marks?|level|levels|level descriptors?|descriptors?|achievement levels?|mark ?bands?|markband|band|points?|score)(?:\s*[|/]?\s*(?:marks?|level|levels|descriptors?|level descriptors?|band))*\s*$/i;
const GUIDANCE_HEADING =
  /^(?:examiner(?:'s|s)?\s+)?(?:guidance|notes?|clarifications?|general guidance|additional guidance|guidance for examiners|instructions(?: for examiners)?|indicative content|how to (?:use|apply) (?:this|the) (?:rubric|criteria))(?:\s+(?:for|on)\s+.+)?\s*:?\s*$/i;
const GUIDANCE_INLINE = /^(?:guidance|note|notes|clarification)\s*:\s*(.+)$/i;
const GRADES_HEADING = /^(?:grade boundaries|grade bands|grading scale|grades|overall grades?|grade descriptors)\s*:?\s*$/i;
const GRADE_LINE = new RegExp(
  `^([A-F][+-]?)\\s*[:.)\\-–—]?\\s*(\\d{1,3})\\s*(%|${UNIT})?\\s*${DASH}\\s*(\\d{1,3})\\s*(%|${UNIT})?\\s*[:.,)\\-–—]?\\s*(.*)$`,
  'i',
);
const PASS_LINE = new RegExp(`^pass(?:ing)?\\s*(?:threshold|mark|grade)?\\s*[:=]?\\s*(\\d{1,3})\\s*(%|${UNIT})?`, 'i');
const TITLE_LINE = /^(?:title|rubric|rubric title)\s*:\s*(.+)$/i;
const DESCRIPTION_LINE = /^(?:description|purpose|about)\s*:\s*(.+)$/i;
const PROMPT_LINE = /^(?:prompt|question|guiding question|knowledge question)s?\s*:\s*(.+)$/i;
const BULLET = /^(?:[•·▪◦●*]|-(?=\s)|\d{1,2}[.)](?=\s+[a-z]))\s*/;
const HEADING_MARKUP = /^#{1,6}\s+/;

const ONLY_RANGE = new RegExp(`^(\\d{1,2})(?:\\s*${DASH}\\s*(\\d{1,2}))?\\s*${UNIT}?$`, 'i');

/** A table row `| 3–4 | Good | descriptor |` (or tab-separated) as `3–4: Good. descriptor`. */
function flattenTableRow(line: string): string {
  const cells = (line.includes('|') ? line.split('|') : line.split('\t')).map((c) => c.trim()).filter(Boolean);
  if (cells.length < 2) return cells[0] ?? '';
  const at = cells.findIndex((c) => ONLY_RANGE.test(c));
  if (at < 0) return cells.join(' ');
  const rest = cells.filter((_, i) => i !== at).map((c) => c.replace(/[.:]$/, ''));
  return `${cells[at]}: ${rest.join('. ')}${rest.length ? '.' : ''}`.replace(/\.\.$/, '.');
}

function clean(line: string): string {
  let l = line.replace(/\u00a0/g, ' ').trim();
  if (l.includes('|') || (l.includes('\t') && l.split('\t').length > 1)) l = flattenTableRow(l);
  return l.replace(HEADING_MARKUP, '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

/** Splits "Focus and method (6 marks)" into the name and the maximum. */
function nameAndMarks(rest: string): { name: string; max: number | null } {
  for (const re of MARKS_IN_HEADING) {
    const m = re.exec(rest);
    if (m && Number(m[1]) > 0 && Number(m[1]) <= MAX_MARK * 2) {
      const name = (rest.slice(0, m.index) + rest.slice(m.index + m[0].length)).trim();
      return { name: tidyName(name), max: Number(m[1]) };
    }
  }
  return { name: tidyName(rest), max: null };
}

const tidyName = (s: string) => s.replace(/^[\s:.\-–—]+|[\s:,\-–—(]+$/g, '').trim();

function isHeadingName(name: string): boolean {
  return name.length > 0 && name.length <= 120 && /^[\p{Lu}"'“‘]/u.test(name) && /\p{L}/u.test(name);
}

/** A criterion heading, or null. Letter and numbered headings need the look of a title (or stated marks). */
function criterionHeading(line: string): { code: string | null; name: string; max: number | null } | null {
  const word = CRITERION_WORD.exec(line);
  if (word) {
    const { name, max } = nameAndMarks(word[2]);
    if (word[2] && !name && max === null) return null;
    return { code: /^\d+$/.test(word[1]) ? null : word[1].toUpperCase(), name, max };
  }
  const letter = LETTER_HEADING.exec(line);
  if (letter && !/^\d/.test(letter[2])) {
    const { name, max } = nameAndMarks(letter[2]);
    const titleLike = isHeadingName(name) && (max !== null || !/[.;]$/.test(name)) && name.split(' ').length <= 14;
    if (titleLike) return { code: letter[1], name, max };
  }
  const numbered = NUMBERED_HEADING.exec(line);
  if (numbered) {
    const { name, max } = nameAndMarks(numbered[2]);
    if (max !== null && isHeadingName(name)) return { code: null, name, max };
  }
  return null;
}

type Band = { min: number; max: number; text: string };

/** A mark band line ("1–2: descriptor", "0 The work…", "Level 3 (5–6 marks)", a lone "3–4"), or null. */
function band(line: string, limit: number): Band | null {
  const m = BAND.exec(line);
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] !== undefined ? Number(m[2]) : min;
  const separator = m[3] ?? '';
  const text = (m[4] ?? '').trim();
  if (min > max || max > limit) return null;
  // "3 sources were used" or "1. state the question" is prose: a band's text starts a sentence,
  // or follows a colon, bar or dash after a range.
  const startsSentence = /^[\p{Lu}"'“‘(]/u.test(text);
  if (text && !startsSentence && !(min < max && /[:|\-–—]/.test(separator))) return null;
  return { min, max, text };
}

const overlaps = (levels: Draft['levels'], b: Band) => levels.some((l) => b.min <= l.max && b.max >= l.min);

function questionsIn(line: string): string[] {
  const inline = PROMPT_LINE.exec(line);
  if (inline) return [inline[1].trim()];
  if (!line.includes('?')) return [];
  return (line.match(/[^.?!]*\?/g) ?? [])
    .map((q) =>
      q
        .replace(BULLET, '')
        .replace(/^[\s"“'‘]+/, '')
        .trim(),
    )
    .filter((q) => q.split(/\s+/).length >= 3);
}

const endsSentence = (s: string) => /[.!?:;)"”]$/.test(s);

/** Appends a wrapped line to the last entry when it continues it, else starts a new entry. */
function pushJoined(list: string[], line: string): void {
  const last = list[list.length - 1];
  if (last !== undefined && !endsSentence(last) && /^[\p{Ll}(,]/u.test(line)) list[list.length - 1] = `${last} ${line}`;
  else list.push(line);
}

function gradesFrom(
  lines: Array<{ grade: string; lo: number; hi: number; unit: string; description: string }>,
  totalPoints: number,
): GradeBoundary[] {
  const inMarks =
    lines.some((l) => /mark|point|pt/i.test(l.unit)) ||
    (!lines.some((l) => l.unit === '%') && totalPoints > 0 && Math.max(...lines.map((l) => l.hi)) <= totalPoints && totalPoints < 100);
  const toPct = (n: number) => (inMarks ? Math.ceil((n / totalPoints) * 100) : n);
  const desc = [...lines].sort((a, b) => b.lo - a.lo);
  return desc.map((l, i) => ({
    grade: l.grade.toUpperCase(),
    min_percentage: i === desc.length - 1 ? 0 : Math.min(100, toPct(l.lo)),
    max_percentage: i === 0 ? 100 : Math.min(100, toPct(desc[i - 1].lo) - 1),
    description: l.description.replace(/^[\s:.\-–—(]+|[\s)]+$/g, '') || l.grade.toUpperCase(),
  }));
}

export function parseRubricText(text: string): ParsedRubric {
  const warnings: string[] = [];
  const drafts: Draft[] = [];
  const guidance: string[] = [];
  const prompts: string[] = [];
  const preamble: string[] = [];
  const gradeLines: Array<{ grade: string; lo: number; hi: number; unit: string; description: string }> = [];
  let title: string | null = null;
  let passLine: { value: number; unit: string } | null = null;
  let mode: Mode = 'preamble';
  let current: Draft | null = null;

  const startCriterion = (code: string | null, name: string, max: number | null): Draft => {
    const draft: Draft = { code, name, statedMax: max, description: [], levels: [], awaitingName: !name };
    drafts.push(draft);
    mode = 'criterion';
    return draft;
  };

  for (const raw of text.split(/\r?\n/)) {
    const line = clean(raw);
    if (!line) continue;
    for (const q of questionsIn(line)) if (!prompts.includes(q)) prompts.push(q);

    const heading = criterionHeading(line);
    if (heading) {
      current = startCriterion(heading.code, heading.name, heading.max);
      continue;
    }
    if (GUIDANCE_HEADING.test(line)) {
      mode = 'guidance';
      continue;
    }
    if (GRADES_HEADING.test(line)) {
      mode = 'grades';
      continue;
    }
    const pass = PASS_LINE.exec(line);
    if (pass) {
      passLine = { value: Number(pass[1]), unit: pass[2] ?? '%' };
      continue;
    }
    const inlineGuidance = GUIDANCE_INLINE.exec(line);
    if (inlineGuidance) {
      guidance.push(inlineGuidance[1].trim());
      continue;
    }
    if (mode === 'grades') {
      const g = GRADE_LINE.exec(line);
      if (g) {
        gradeLines.push({ grade: g[1], lo: Number(g[2]), hi: Number(g[4]), unit: g[3] ?? g[5] ?? '', description: g[6] ?? '' });
        continue;
      }
      mode = current ? 'criterion' : 'preamble';
    }
    if (mode === 'guidance') {
      pushJoined(guidance, line.replace(BULLET, ''));
      continue;
    }
    if (TABLE_HEADER.test(line)) continue;

    if (mode === 'preamble') {
      const b = band(line, MAX_MARK);
      const firstQuestion = prompts[0];
      // Only a range or a zero reads as a band here: "1. Read the essay" is a numbered list.
      if (b && (b.max > b.min || b.min === 0)) {
        // Mark bands with no criterion heading: one holistic criterion (as the TOK essay is marked).
        current = startCriterion('A', firstQuestion ?? title ?? 'Overall judgement', null);
        current.awaitingName = false;
      } else {
        const t = TITLE_LINE.exec(line);
        const d = DESCRIPTION_LINE.exec(line);
        if (t) title = t[1].trim();
        else if (d) preamble.push(d[1].trim());
        else if (title === null && line.length <= 150 && !line.endsWith('?')) title = line.replace(/[.:]$/, '');
        else pushJoined(preamble, line);
        continue;
      }
    }
    if (!current) continue;

    const marks = MARKS_LINE.exec(line);
    if (marks && !current.levels.length) {
      current.statedMax = Number(marks[1]);
      continue;
    }
    const b = band(line, current.statedMax ?? MAX_MARK);
    // A band overlapping one already read (a page number, a repeated table header) is text.
    if (b && !overlaps(current.levels, b)) {
      current.levels.push({ min: b.min, max: b.max, descriptor: b.text ? [b.text] : [] });
      continue;
    }
    const level = current.levels[current.levels.length - 1];
    if (level) level.descriptor.push(line);
    else if (current.awaitingName) {
      const { name, max } = nameAndMarks(line);
      current.name = name;
      current.statedMax ??= max;
      current.awaitingName = false;
    } else current.description.push(line);
  }

  const usedCodes = new Set(drafts.map((d) => d.code).filter((c): c is string => c !== null));
  let nextLetter = 0;
  const freeCode = () => {
    while (usedCodes.has(String.fromCharCode(65 + nextLetter))) nextLetter++;
    const code = String.fromCharCode(65 + nextLetter);
    usedCodes.add(code);
    return code;
  };
  const criteria: CriterionInput[] = drafts.map((d) => {
    const code = d.code ?? freeCode();
    const bandTop = d.levels.reduce((m, l) => Math.max(m, l.max), 0);
    const maxScore = d.statedMax ?? bandTop;
    if (!d.name) warnings.push(`Criterion ${code}: no name found`);
    if (d.statedMax === null && d.levels.length)
      warnings.push(`Criterion ${code}: no maximum stated; ${bandTop}, the top of its mark bands, was used`);
    if (!maxScore) warnings.push(`Criterion ${code}: no marks found`);
    if (!d.levels.length) warnings.push(`Criterion ${code}: no mark bands found`);
    const criterion: CriterionInput = { code, name: d.name || `Criterion ${code}`, maxScore };
    const description = d.description.join(' ').trim();
    if (description) criterion.description = description;
    if (d.levels.length) {
      criterion.scoring_levels = d.levels.map((l) => ({ min: l.min, max: l.max, descriptor: l.descriptor.join(' ').trim() }));
    }
    return criterion;
  });

  const total = criteria.reduce((s, c) => s + c.maxScore, 0);
  const grade_boundaries = gradeLines.length ? gradesFrom(gradeLines, total) : null;
  const pass = passLine as { value: number; unit: string } | null; // assigned inside the loop
  const pass_threshold =
    pass && /mark|point|pt/i.test(pass.unit) && total > 0 ? Math.ceil((pass.value / total) * 100) : (pass?.value ?? null);

  return {
    title,
    description: preamble.join(' ').slice(0, 2000),
    criteria,
    detailed_guidance: guidance,
    prompts,
    grade_boundaries,
    pass_threshold,
    warnings,
  };
}
