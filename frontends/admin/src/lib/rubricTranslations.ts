/**
 * Issue 36: the rules of the rubric editor's Translations view — which of a rubric's English texts
 * may be translated (each with the key it is edited under), a language's texts as the rubric
 * service stores them (`RubricTranslation`: a criterion named by its code, a band by its range, a
 * grade boundary by its grade; blank texts left out, as the service drops them), which languages an
 * edit changed, and the service's 400 RUBRIC_TRANSLATION_INVALID read back into the field it names.
 */
import type { RubricTranslation, RubricTranslationsInput, ScoringStructure } from '@corestone/sdk';

/** The languages a rubric is translated into (English is the rubric's own text). */
export const TRANSLATED_LOCALES = ['fr', 'es'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/** One language's texts in the editor, by field key (see `TranslationField.key`). */
export type TranslationValues = Record<string, string>;
export type TranslationsByLocale = Record<TranslatedLocale, TranslationValues>;

/** The service's limits (contracts' `RubricTranslation`), said at the field before saving. */
export const TRANSLATION_LIMITS = { title: 200, description: 5000, name: 300, criterionDescription: 5000, band: 5000, grade: 200 } as const;

export type TranslationFieldKind = keyof typeof TRANSLATION_LIMITS;

/** A translatable text: `key` is `title`, `description`, `name:<code>`, `description:<code>`, `band:<code>:<min>–<max>` or `grade:<grade>`. */
export interface TranslationField {
  key: string;
  kind: TranslationFieldKind;
  english: string;
  /** the criterion's code (name, criterionDescription, band) */
  code?: string;
  /** the band's range, `min–max` (band) */
  range?: string;
  /** the grade (grade) */
  grade?: string;
}

/** The fields under one heading: the rubric's own texts, one criterion's, or the grades'. */
export interface TranslationGroup {
  key: string;
  kind: 'rubric' | 'criterion' | 'grades';
  /** the criterion's code and English name (criterion) */
  code?: string;
  name?: string;
  fields: TranslationField[];
}

/** The English texts the translations are of: the editor's draft (what will be saved). */
export interface EnglishTexts {
  title: string;
  description: string;
  scoring: ScoringStructure | null;
}

const range = (l: { min: number; max: number }) => `${l.min}–${l.max}`;
const nameKey = (code: string) => `name:${code}`;
const descriptionKey = (code: string) => `description:${code}`;
const bandKey = (code: string, r: string) => `band:${code}:${r}`;
const gradeKey = (grade: string) => `grade:${grade}`;

/** A language's stored translation as the editor's values (every text by its field key). */
export function valuesOf(t: RubricTranslation | undefined): TranslationValues {
  const v: TranslationValues = {};
  if (!t) return v;
  if (t.title) v.title = t.title;
  if (t.description) v.description = t.description;
  for (const c of t.criteria ?? []) {
    if (c.name) v[nameKey(c.code)] = c.name;
    if (c.description) v[descriptionKey(c.code)] = c.description;
    for (const l of c.scoring_levels ?? []) if (l.descriptor) v[bandKey(c.code, range(l))] = l.descriptor;
  }
  for (const g of t.grade_boundaries ?? []) if (g.description) v[gradeKey(g.grade)] = g.description;
  return v;
}

/**
 * The translatable texts of the rubric, grouped as the editor shows them. A text whose English is
 * blank is offered only when a translation of it is stored (so saving never drops it unseen).
 */
export function translationGroups(english: EnglishTexts, stored: TranslationsByLocale): TranslationGroup[] {
  const kept = (key: string, text: string | undefined) =>
    Boolean(text?.trim()) || TRANSLATED_LOCALES.some((l) => Boolean(stored[l][key]?.trim()));
  const rubric: TranslationField[] = [{ key: 'title', kind: 'title', english: english.title }];
  if (kept('description', english.description)) rubric.push({ key: 'description', kind: 'description', english: english.description });
  const groups: TranslationGroup[] = [{ key: 'rubric', kind: 'rubric', fields: rubric }];
  const codes = new Set<string>();
  for (const c of english.scoring?.criteria ?? []) {
    // a code given twice (an unsaved edit the scoring editor refuses) is offered once
    if (!c.code.trim() || codes.has(c.code)) continue;
    codes.add(c.code);
    const fields: TranslationField[] = [{ key: nameKey(c.code), kind: 'name', english: c.name, code: c.code }];
    if (kept(descriptionKey(c.code), c.description))
      fields.push({ key: descriptionKey(c.code), kind: 'criterionDescription', english: c.description ?? '', code: c.code });
    const ranges = new Set<string>();
    for (const l of c.scoring_levels ?? []) {
      const r = range(l);
      if (ranges.has(r) || !kept(bandKey(c.code, r), l.descriptor)) continue;
      ranges.add(r);
      fields.push({ key: bandKey(c.code, r), kind: 'band', english: l.descriptor, code: c.code, range: r });
    }
    groups.push({ key: `criterion:${c.code}`, kind: 'criterion', code: c.code, name: c.name, fields });
  }
  const grades = (english.scoring?.grade_boundaries ?? [])
    .filter((g, i, all) => g.grade.trim() && all.findIndex((x) => x.grade === g.grade) === i)
    .filter((g) => kept(gradeKey(g.grade), g.description))
    .map((g): TranslationField => ({ key: gradeKey(g.grade), kind: 'grade', english: g.description, grade: g.grade }));
  if (grades.length) groups.push({ key: 'grades', kind: 'grades', fields: grades });
  return groups;
}

const fieldsOf = (groups: TranslationGroup[]) => groups.flatMap((g) => g.fields);

/** Drops undefined fields, so a translation holds only what was given. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * One language's texts as the service stores them, for the fields shown: trimmed, blank ones left
 * out (they show in English), in the rubric's order. `{}` when nothing is translated.
 */
export function translationOf(values: TranslationValues, groups: TranslationGroup[]): RubricTranslation {
  const text = (key: string) => values[key]?.trim() || undefined;
  const rubric = groups.find((g) => g.kind === 'rubric')?.fields ?? [];
  const criteria = groups
    .filter((g) => g.kind === 'criterion')
    .flatMap((g) => {
      const code = g.code!;
      const levels = g.fields
        .filter((f) => f.kind === 'band' && text(f.key))
        .map((f) => {
          const [min, max] = f.range!.split('–').map(Number) as [number, number];
          return { min, max, descriptor: text(f.key)! };
        });
      const has = (k: string) => g.fields.some((f) => f.key === k);
      const entry = compact({
        code,
        name: text(nameKey(code)),
        description: has(descriptionKey(code)) ? text(descriptionKey(code)) : undefined,
        scoring_levels: levels.length ? levels : undefined,
      });
      return Object.keys(entry).length > 1 ? [entry] : [];
    });
  const grades = (groups.find((g) => g.kind === 'grades')?.fields ?? [])
    .filter((f) => text(f.key))
    .map((f) => ({ grade: f.grade!, description: text(f.key)! }));
  return compact({
    title: rubric.some((f) => f.key === 'title') ? text('title') : undefined,
    description: rubric.some((f) => f.key === 'description') ? text('description') : undefined,
    criteria: criteria.length ? criteria : undefined,
    grade_boundaries: grades.length ? grades : undefined,
  });
}

/**
 * What a save sends as `translations`: only the languages whose texts differ from the stored ones,
 * each whole (a language sent replaces the stored one; `{}` removes it). Undefined when none changed.
 */
export function changedTranslations(
  stored: TranslationsByLocale,
  values: TranslationsByLocale,
  groups: TranslationGroup[],
): RubricTranslationsInput | undefined {
  const out: RubricTranslationsInput = {};
  for (const locale of TRANSLATED_LOCALES) {
    const now = translationOf(values[locale], groups);
    if (JSON.stringify(now) !== JSON.stringify(translationOf(stored[locale], groups))) out[locale] = now;
  }
  return Object.keys(out).length ? out : undefined;
}

/** How many of the texts shown are translated in one language. */
export function translatedCount(values: TranslationValues, groups: TranslationGroup[]): { done: number; total: number } {
  const fields = fieldsOf(groups);
  return { done: fields.filter((f) => values[f.key]?.trim()).length, total: fields.length };
}

/** The fields of one language over the service's limits, with their limit. */
export function tooLong(values: TranslationValues, groups: TranslationGroup[]): Array<{ key: string; max: number }> {
  return fieldsOf(groups)
    .filter((f) => (values[f.key]?.trim().length ?? 0) > TRANSLATION_LIMITS[f.kind])
    .map((f) => ({ key: f.key, max: TRANSLATION_LIMITS[f.kind] }));
}

/** One problem of a refusal: the language and field it names (when it names one the editor shows), in the service's words. */
export interface TranslationProblem {
  locale?: TranslatedLocale;
  key?: string;
  text: string;
}

/**
 * The service's 400 RUBRIC_TRANSLATION_INVALID detail ("The translation does not fit the rubric:
 * fr: criterion F is not in the rubric (A, B); es: criterion C has no mark band 1–2 (…)") as one
 * problem per entry it names: a band at its band, a criterion at its name, a grade at its grade.
 * Only keys of fields in `groups` are kept; the rest stay problems of the language (or of none).
 */
export function refusalProblems(detail: string, groups: TranslationGroup[]): TranslationProblem[] {
  const known = new Set(fieldsOf(groups).map((f) => f.key));
  const body = detail.replace(/^[^:]*does not fit the rubric:\s*/, '');
  return body
    .split(/;\s+/)
    .filter((p) => p.trim())
    .map((raw): TranslationProblem => {
      const m = /^(fr|es):\s+(.*)$/s.exec(raw.trim());
      if (!m) return { text: raw.trim() };
      const locale = m[1] as TranslatedLocale;
      const text = m[2]!;
      let key: string | undefined;
      let found: RegExpExecArray | null;
      if ((found = /^criterion (\S+) has no mark band (\S+?–\S+?)(?:\s|$)/.exec(text))) key = bandKey(found[1]!, found[2]!);
      else if ((found = /^criterion (\S+): band (\S+?–\S+?) is translated twice/.exec(text))) key = bandKey(found[1]!, found[2]!);
      else if ((found = /^criterion (\S+) (?:is not in the rubric|is translated twice)/.exec(text))) key = nameKey(found[1]!);
      else if ((found = /^grade (\S+) (?:is not in the rubric|is translated twice)/.exec(text))) key = gradeKey(found[1]!);
      return key && known.has(key) ? { locale, key, text } : { locale, text };
    });
}
