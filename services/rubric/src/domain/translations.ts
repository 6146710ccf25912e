import {
  Codes,
  type Locale,
  type Rubric,
  type RubricCriterion,
  type RubricTranslation,
  type RubricTranslations,
  type RubricTranslationsInput,
  type ScoringStructure,
} from '@corestone/contracts';
import { badRequest } from '@corestone/service-kit';

/** The languages a rubric may be translated into (English is its own text). */
export const TRANSLATED_LOCALES = ['fr', 'es'] as const satisfies readonly Locale[];

type CriterionText = NonNullable<RubricTranslation['criteria']>[number];
type LevelText = NonNullable<CriterionText['scoring_levels']>[number];

const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const range = (l: { min: number; max: number }) => `${l.min}–${l.max}`;
const text = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** Drops undefined fields, so a stored translation holds only what was given. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * One language's translation as stored: texts trimmed (blank ones dropped: they show in English),
 * each criterion named by one of the rubric's codes (any case, stored in the rubric's spelling and
 * order) at most once, each band by one of that criterion's ranges at most once, each grade boundary
 * by one of the rubric's grades at most once. `problems` collects what does not fit.
 */
function checkedTranslation(t: RubricTranslation, structure: ScoringStructure, problems: string[]): RubricTranslation {
  const criteria: CriterionText[] = [];
  const seen = new Set<string>();
  for (const given of t.criteria ?? []) {
    const criterion = structure.criteria.find((c) => sameCode(c.code, given.code));
    if (!criterion) {
      problems.push(`criterion ${given.code} is not in the rubric (${structure.criteria.map((c) => c.code).join(', ')})`);
      continue;
    }
    if (seen.has(criterion.code)) problems.push(`criterion ${criterion.code} is translated twice`);
    seen.add(criterion.code);
    const levels = checkedLevels(criterion, given.scoring_levels ?? [], problems);
    const entry = compact({ code: criterion.code, name: text(given.name), description: text(given.description), scoring_levels: levels });
    if (Object.keys(entry).length > 1) criteria.push(entry);
  }
  criteria.sort((a, b) => codeIndex(structure, a.code) - codeIndex(structure, b.code));

  const boundaries: { grade: string; description: string }[] = [];
  for (const given of t.grade_boundaries ?? []) {
    const boundary = structure.grade_boundaries.find((g) => sameCode(g.grade, given.grade));
    if (!boundary) {
      problems.push(`grade ${given.grade} is not in the rubric (${structure.grade_boundaries.map((g) => g.grade).join(', ')})`);
      continue;
    }
    if (boundaries.some((b) => b.grade === boundary.grade)) problems.push(`grade ${boundary.grade} is translated twice`);
    const description = text(given.description);
    if (description) boundaries.push({ grade: boundary.grade, description });
  }

  return compact({
    title: text(t.title),
    description: text(t.description),
    criteria: criteria.length ? criteria : undefined,
    grade_boundaries: boundaries.length ? boundaries : undefined,
  });
}

function checkedLevels(criterion: RubricCriterion, given: LevelText[], problems: string[]): LevelText[] | undefined {
  const bands = criterion.scoring_levels ?? [];
  const out: LevelText[] = [];
  for (const level of given) {
    const band = bands.find((b) => b.min === level.min && b.max === level.max);
    if (!band) {
      const known = bands.map(range).join(', ') || 'none';
      problems.push(`criterion ${criterion.code} has no mark band ${range(level)} (its bands: ${known})`);
      continue;
    }
    if (out.some((l) => l.min === band.min && l.max === band.max))
      problems.push(`criterion ${criterion.code}: band ${range(band)} is translated twice`);
    const descriptor = text(level.descriptor);
    if (descriptor) out.push({ min: band.min, max: band.max, descriptor });
  }
  out.sort((a, b) => a.min - b.min);
  return out.length ? out : undefined;
}

const codeIndex = (structure: ScoringStructure, code: string) => structure.criteria.findIndex((c) => c.code === code);

/** The translations sent for a rubric with this structure, as stored, or a 400 naming every misfit. */
export function checkedTranslations(input: RubricTranslationsInput, structure: ScoringStructure): RubricTranslations {
  const problems: string[] = [];
  for (const key of Object.keys(input)) {
    if (!(TRANSLATED_LOCALES as readonly string[]).includes(key))
      problems.push(`${key} is not a language rubrics are translated into (${TRANSLATED_LOCALES.join(', ')})`);
  }
  const out: RubricTranslations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const t = input[locale];
    if (!t) continue;
    const localProblems: string[] = [];
    out[locale] = checkedTranslation(t, structure, localProblems);
    problems.push(...localProblems.map((p) => `${locale}: ${p}`));
  }
  if (problems.length)
    throw badRequest(`The translation does not fit the rubric: ${problems.join('; ')}`, Codes.RUBRIC_TRANSLATION_INVALID);
  return out;
}

/**
 * Stored translations kept through a change of the scoring structure: the criteria, bands and grades
 * that no longer exist are dropped (their texts have nothing left to translate); the others stay.
 */
export function fittedTranslations(stored: RubricTranslations, structure: ScoringStructure): RubricTranslations {
  const out: RubricTranslations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const t = stored[locale];
    if (!t) continue;
    const criteria = (t.criteria ?? []).flatMap((c) => {
      const criterion = structure.criteria.find((k) => k.code === c.code);
      if (!criterion) return [];
      const bands = criterion.scoring_levels ?? [];
      const levels = c.scoring_levels?.filter((l) => bands.some((b) => b.min === l.min && b.max === l.max));
      return [compact({ ...c, scoring_levels: levels?.length ? levels : undefined })];
    });
    const boundaries = t.grade_boundaries?.filter((g) => structure.grade_boundaries.some((b) => b.grade === g.grade));
    out[locale] = compact({
      ...t,
      criteria: criteria.length ? criteria : undefined,
      grade_boundaries: boundaries?.length ? boundaries : undefined,
    });
  }
  return out;
}

/**
 * The rubric as a reader in `locale` sees it: every text that has a translation in that language
 * in it, the others in English (field by field); scores, codes and numbers unchanged. `language`
 * says whether any translated text was used; the stored translations are not part of the answer.
 */
export function localizedRubric(rubric: Rubric, locale: Locale): Rubric {
  const { translations, ...english } = rubric;
  const t = locale === 'en' ? undefined : translations?.[locale];
  if (!t) return { ...english, language: 'en' };
  let used = false;
  const pick = (translated: string | undefined, original: string) => {
    if (translated === undefined) return original;
    used = true;
    return translated;
  };
  const structure = english.scoring_structure;
  const criteria = structure.criteria.map((c) => {
    const tc = t.criteria?.find((x) => x.code === c.code);
    if (!tc) return c;
    return compact({
      ...c,
      name: pick(tc.name, c.name),
      description: c.description === undefined ? undefined : pick(tc.description, c.description),
      scoring_levels: c.scoring_levels?.map((l) => ({
        ...l,
        descriptor: pick(tc.scoring_levels?.find((x) => x.min === l.min && x.max === l.max)?.descriptor, l.descriptor),
      })),
    });
  });
  const grade_boundaries = structure.grade_boundaries.map((g) => ({
    ...g,
    description: pick(t.grade_boundaries?.find((x) => x.grade === g.grade)?.description, g.description),
  }));
  const title = pick(t.title, english.title);
  const description = pick(t.description, english.description);
  return {
    ...english,
    title,
    description,
    scoring_structure: { ...structure, criteria, grade_boundaries },
    language: used ? locale : 'en',
  };
}

/** The English texts a seeded translation was written for. */
export interface EnglishTexts {
  title: string;
  description: string;
  scoring_structure: ScoringStructure;
}

/**
 * The part of a seed's translation that still fits a row: each text only where the row's English
 * is still exactly the seed's English (an admin's edited text is not given a translation of the
 * text it replaced). Empty when nothing fits.
 */
export function seedTranslationFor(row: EnglishTexts, seed: EnglishTexts, t: RubricTranslation): RubricTranslation {
  const same = (a: string | undefined, b: string | undefined) => a !== undefined && a === b;
  const criteria = (t.criteria ?? []).flatMap((tc) => {
    const rowC = row.scoring_structure.criteria.find((c) => c.code === tc.code);
    const seedC = seed.scoring_structure.criteria.find((c) => c.code === tc.code);
    if (!rowC || !seedC) return [];
    const levels = (tc.scoring_levels ?? []).filter((l) => {
      const at = (c: RubricCriterion) => c.scoring_levels?.find((b) => b.min === l.min && b.max === l.max)?.descriptor;
      return same(at(rowC), at(seedC));
    });
    const entry = compact({
      code: tc.code,
      name: same(rowC.name, seedC.name) ? tc.name : undefined,
      description: same(rowC.description, seedC.description) ? tc.description : undefined,
      scoring_levels: levels.length ? levels : undefined,
    });
    return Object.keys(entry).length > 1 ? [entry] : [];
  });
  const grade_boundaries = (t.grade_boundaries ?? []).filter((tg) => {
    const at = (s: ScoringStructure) => s.grade_boundaries.find((g) => g.grade === tg.grade)?.description;
    return same(at(row.scoring_structure), at(seed.scoring_structure));
  });
  return compact({
    title: same(row.title, seed.title) ? t.title : undefined,
    description: same(row.description, seed.description) ? t.description : undefined,
    criteria: criteria.length ? criteria : undefined,
    grade_boundaries: grade_boundaries.length ? grade_boundaries : undefined,
  });
}
