import { useMemo, useState } from 'react';
import { isApiError, type Rubric } from '@corestone/sdk';
import { useIntl } from 'react-intl';
import {
  changedTranslations,
  refusalProblems,
  tooLong,
  translatedCount,
  translationGroups,
  valuesOf,
  TRANSLATED_LOCALES,
  type EnglishTexts,
  type TranslatedLocale,
  type TranslationsByLocale,
} from '../lib/rubricTranslations';

type FieldErrors = Record<TranslatedLocale, Record<string, string>>;
const NO_ERRORS: FieldErrors = { fr: {}, es: {} };
const NO_GENERAL: Record<TranslatedLocale, string[]> = { fr: [], es: [] };

/**
 * The Translations view of the rubric dialog (issue 36): the French and Spanish texts of an existing
 * rubric beside the draft's English, the language shown, each language's translated/total count,
 * `changed()` — the languages to send with the PUT (only those edited) —, `check()` before saving
 * (lengths, said at the field) and `refused(e)`: the service's 400 RUBRIC_TRANSLATION_INVALID
 * put at the fields it names (true when it was one).
 */
export function useRubricTranslations(rubric: Rubric | null, english: EnglishTexts) {
  const intl = useIntl();
  const stored = useMemo<TranslationsByLocale>(
    () => ({ fr: valuesOf(rubric?.translations?.fr), es: valuesOf(rubric?.translations?.es) }),
    [rubric],
  );
  const [values, setValues] = useState<TranslationsByLocale>(stored);
  const [locale, setLocale] = useState<TranslatedLocale>('fr');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  // problems of a refusal that name no field shown (a language, or an entry the editor does not offer)
  const [general, setGeneral] = useState<Record<TranslatedLocale, string[]>>(NO_GENERAL);
  const [other, setOther] = useState<string[]>([]);
  const { title, description, scoring } = english;
  const groups = useMemo(() => translationGroups({ title, description, scoring }, stored), [title, description, scoring, stored]);

  const set = (l: TranslatedLocale, key: string, text: string) => {
    setValues((v) => ({ ...v, [l]: { ...v[l], [key]: text } }));
    if (errors[l][key]) setErrors((e) => ({ ...e, [l]: Object.fromEntries(Object.entries(e[l]).filter(([k]) => k !== key)) }));
  };
  const counts = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, translatedCount(values[l], groups)])) as Record<
    TranslatedLocale,
    { done: number; total: number }
  >;
  const clearProblems = () => {
    setErrors(NO_ERRORS);
    setGeneral(NO_GENERAL);
    setOther([]);
  };
  /** Shows `next` and, when the language shown has none, the first language with a problem. */
  const showProblems = (next: FieldErrors, nextGeneral: Record<TranslatedLocale, string[]>) => {
    setErrors(next);
    setGeneral(nextGeneral);
    const has = (l: TranslatedLocale) => Object.keys(next[l]).length > 0 || nextGeneral[l].length > 0;
    if (!has(locale)) {
      const first = TRANSLATED_LOCALES.find(has);
      if (first) setLocale(first);
    }
  };

  /** Texts over the service's limits, said at their fields; true when every text fits. */
  const check = (): boolean => {
    clearProblems();
    const next: FieldErrors = { fr: {}, es: {} };
    for (const l of TRANSLATED_LOCALES)
      for (const { key, max } of tooLong(values[l], groups))
        next[l][key] = intl.formatMessage(
          { id: 'rubricTranslations.tooLong', defaultMessage: 'At most {max} characters.' },
          { max: intl.formatNumber(max) },
        );
    if (TRANSLATED_LOCALES.every((l) => Object.keys(next[l]).length === 0)) return true;
    showProblems(next, NO_GENERAL);
    return false;
  };

  /** A refusal of the translations, put at the fields it names; false for any other error. */
  const refused = (e: unknown): boolean => {
    if (!isApiError(e) || e.status !== 400 || e.code !== 'RUBRIC_TRANSLATION_INVALID') return false;
    const next: FieldErrors = { fr: {}, es: {} };
    const nextGeneral: Record<TranslatedLocale, string[]> = { fr: [], es: [] };
    const rest: string[] = [];
    for (const p of refusalProblems(e.detail, groups)) {
      if (p.locale && p.key) next[p.locale][p.key] = next[p.locale][p.key] ? `${next[p.locale][p.key]}; ${p.text}` : p.text;
      else if (p.locale) nextGeneral[p.locale].push(p.text);
      else rest.push(p.text);
    }
    showProblems(next, nextGeneral);
    setOther(rest);
    return true;
  };

  return {
    groups,
    values,
    stored,
    set,
    locale,
    setLocale,
    counts,
    errors,
    general,
    other,
    check,
    refused,
    clearProblems,
    changed: () => changedTranslations(stored, values, groups),
  };
}

export type RubricTranslationsDraft = ReturnType<typeof useRubricTranslations>;
