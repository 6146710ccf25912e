import type {
  AdminCriterionEdit,
  Evaluation,
  Locale,
  Results,
  RubricCriterion,
  RubricSnapshot,
  RubricTexts,
  RubricTranslation,
  SubmissionGrowth,
} from '@corestone/contracts';
import { REPORT_TEXTS } from './report-texts';

/**
 * Issue 36: a stored result in its reader's language. A result keeps the English rubric texts it
 * was graded against (criterion names, the band each score fell in, the grade's text) and the
 * rubric snapshot; graders only ever see English. A reader sees each of these texts translated when
 * the rubric (as it is now: `rpc.rubric.texts`) has a translation of it in their language **and**
 * its current English text for that criterion code, mark band or grade is exactly the stored one —
 * so a rubric edited since grading translates what it still shares with the stored result, and a
 * reworded criterion, a deleted rubric or a rubric without translations shows the stored English.
 * Codes, scores, ranges and grades never change. Band names of the default grade boundaries
 * (Excellent, Good, …) are translated even without a rubric translation, as the PDF always did.
 * The graders' own words (feedback, strengths, summary) stay as written.
 */
export interface RubricLanguage {
  title(english: string): string;
  criterionName(code: string, english: string): string;
  criterionDescription(code: string, english: string): string;
  levelDescriptor(code: string, level: { min: number; max: number }, english: string): string;
  /** A grade boundary's text ("Excellent"), by its grade. */
  gradeText(grade: string, english: string): string;
  /** A criterion's band as the graders write it: a mark band's descriptor or its first sentence, else a grade boundary's text. */
  band(code: string, english: string): string;
}

/** English (or nothing to translate with): every text as stored. */
const AS_STORED: RubricLanguage = {
  title: (s) => s,
  criterionName: (_c, s) => s,
  criterionDescription: (_c, s) => s,
  levelDescriptor: (_c, _l, s) => s,
  gradeText: (_g, s) => s,
  band: (_c, s) => s,
};

/** The first sentence of a descriptor when it is a short label ("Good. The essay …" → "Good"), as the graders take band labels. */
const LABEL = /^([^.!?]{1,40})[.!?](\s|$)/;
const labelOf = (descriptor: string): string | undefined => {
  const first = LABEL.exec(descriptor.trim())?.[1];
  return first && first.split(/\s+/).length <= 4 ? first : undefined;
};

/**
 * The reader's view of stored English texts in `locale`, from the rubric's current texts (null: the
 * rubric is deleted, unknown or could not be asked — only the default band names are translated).
 */
export function rubricLanguage(texts: RubricTexts | null, locale: Locale): RubricLanguage {
  if (locale === 'en') return AS_STORED;
  const defaultBands = REPORT_TEXTS[locale].bands;
  const t: RubricTranslation = texts?.translations?.[locale] ?? {};
  const structure = texts?.scoring_structure;
  const current = (code: string): RubricCriterion | undefined => structure?.criteria.find((c) => c.code === code);
  const translated = (code: string) => t.criteria?.find((c) => c.code === code);
  const same = (a: string | undefined, b: string) => a !== undefined && a.trim() === b.trim();

  const gradeText = (grade: string, english: string): string => {
    const tr = (g: string) => t.grade_boundaries?.find((x) => x.grade === g)?.description;
    const boundary = structure?.grade_boundaries.find((g) => g.grade === grade && same(g.description, english) && tr(g.grade));
    // an admin may have set another grade beside the stored text: the boundary that has that text
    const other = boundary ?? structure?.grade_boundaries.find((g) => same(g.description, english) && tr(g.grade));
    if (other) return tr(other.grade)!;
    return defaultBands[english.trim()] ?? english;
  };
  const levelDescriptor = (code: string, level: { min: number; max: number }, english: string): string => {
    const band = current(code)?.scoring_levels?.find((l) => l.min === level.min && l.max === level.max);
    const tr = translated(code)?.scoring_levels?.find((l) => l.min === level.min && l.max === level.max)?.descriptor;
    return band && tr && same(band.descriptor, english) ? tr : english;
  };

  return {
    title: (english) => (texts && t.title && same(texts.title, english) ? t.title : english),
    criterionName: (code, english) => {
      const tr = translated(code)?.name;
      return tr && same(current(code)?.name, english) ? tr : english;
    },
    criterionDescription: (code, english) => {
      const tr = translated(code)?.description;
      return tr && same(current(code)?.description, english) ? tr : english;
    },
    levelDescriptor,
    gradeText,
    band: (code, english) => {
      const stored = english.trim();
      // any of the criterion's bands: an admin's score edit keeps the band the grader gave
      for (const level of current(code)?.scoring_levels ?? []) {
        if (same(level.descriptor, stored)) return levelDescriptor(code, level, english);
        if (labelOf(level.descriptor) === stored) {
          const whole = levelDescriptor(code, level, level.descriptor);
          return whole === level.descriptor ? english : (labelOf(whole) ?? english);
        }
      }
      const boundary = structure?.grade_boundaries.find((g) => same(g.description, stored));
      return gradeText(boundary?.grade ?? '', english);
    },
  };
}

/** A stored result's texts in the reader's language (criterion names and bands, the overall band). */
export function resultsIn(results: Results, lang: RubricLanguage): Results {
  return {
    ...results,
    overallBand: lang.gradeText(results.overallGrade, results.overallBand),
    criteria: results.criteria.map((c) => ({
      ...c,
      name: lang.criterionName(c.code, c.name),
      band: c.band ? lang.band(c.code, c.band) : c.band,
    })),
  };
}

/** The rubric snapshot a result was graded against, its texts in the reader's language. */
export function snapshotIn(rubric: RubricSnapshot, lang: RubricLanguage): RubricSnapshot {
  const s = rubric.scoring_structure;
  return {
    ...rubric,
    title: lang.title(rubric.title),
    scoring_structure: {
      ...s,
      criteria: s.criteria.map((c) => ({
        ...c,
        name: lang.criterionName(c.code, c.name),
        ...(c.description === undefined ? {} : { description: lang.criterionDescription(c.code, c.description) }),
        ...(c.scoring_levels
          ? { scoring_levels: c.scoring_levels.map((l) => ({ ...l, descriptor: lang.levelDescriptor(c.code, l, l.descriptor) })) }
          : {}),
      })),
      grade_boundaries: s.grade_boundaries.map((g) => ({ ...g, description: lang.gradeText(g.grade, g.description) })),
    },
  };
}

/** An evaluation as its reader sees it in their language: results, snapshot and the teacher's review criteria. */
export function evaluationIn(ev: Evaluation, lang: RubricLanguage): Evaluation {
  if (lang === AS_STORED) return ev;
  const review = ev.assignment?.teacher_review;
  return {
    ...ev,
    rubric: snapshotIn(ev.rubric, lang),
    results: ev.results ? resultsIn(ev.results, lang) : ev.results,
    ...(ev.assignment && review
      ? {
          assignment: {
            ...ev.assignment,
            teacher_review: {
              ...review,
              criteria: review.criteria.map((c) => ({ ...c, name: lang.criterionName(c.criterion_id, c.name) })),
            },
          },
        }
      : {}),
  };
}

/** Growth between two results: criterion names in the reader's language (improvement points name their criterion too). */
export function growthIn(growth: SubmissionGrowth, lang: RubricLanguage): SubmissionGrowth {
  if (lang === AS_STORED) return growth;
  const names = new Map<string, string>();
  const criteria = growth.criteria.map((c) => {
    const name = lang.criterionName(c.criterion_id, c.name);
    names.set(c.name, name);
    return { ...c, name };
  });
  return {
    ...growth,
    criteria,
    improvements: growth.improvements.map((i) => ({ ...i, criterion: names.get(i.criterion) ?? i.criterion })),
  };
}

/**
 * An admin's results edit as stored: the back office sends every criterion's name back as it showed
 * it, so a name equal to the stored name's translation is the stored (English) name — results keep
 * the rubric's own names (a name the admin really changed is kept as sent).
 */
export function editInEnglish<E extends Pick<AdminCriterionEdit, 'code' | 'name'>>(edits: E[], stored: Results, lang: RubricLanguage): E[] {
  return edits.map((e) => {
    const was = stored.criteria.find((c) => c.code === e.code);
    return was && was.name !== e.name && lang.criterionName(was.code, was.name) === e.name ? { ...e, name: was.name } : e;
  });
}

export const inEnglish = (lang: RubricLanguage): boolean => lang === AS_STORED;
