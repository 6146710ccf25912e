import type { Evaluation, Locale, SubmissionGrowth } from '@corestone/contracts';
import { evaluationIn, growthIn, rubricLanguage, type RubricLanguage } from '../domain/rubric-language';
import type { Lookups } from '../peers/lookups';

/** Where a reader's language comes from: the rubric's current texts (peers/lookups.ts, kept until `rubric.changed.v1`). */
export type RubricTextsSource = Pick<Lookups, 'rubricTextsOf'>;

/**
 * Issue 36, the one place a stored result is put in its reader's language (README "Languages"):
 * every answer that shows a result's criteria — GET /evaluation/{id}, retry, the admin's and the
 * teacher's review answers, growth, the PDF — goes through here with the request's locale. English
 * asks nothing; another language asks rubric once per rubric (kept per process until the rubric
 * changes), never per criterion or per row.
 */
export async function languageOf(source: RubricTextsSource, rubricId: string, locale: Locale): Promise<RubricLanguage> {
  if (locale === 'en') return rubricLanguage(null, 'en');
  return rubricLanguage(await source.rubricTextsOf(rubricId), locale);
}

/** The evaluation with its rubric texts (criterion names, bands, grade text, snapshot) in `locale` where translated. */
export async function inReaderLanguage(source: RubricTextsSource, ev: Evaluation, locale: Locale): Promise<Evaluation> {
  return evaluationIn(ev, await languageOf(source, ev.rubric_id, locale));
}

/** A growth answer with criterion names in `locale` where translated (the current submission's rubric). */
export async function growthInReaderLanguage(
  source: RubricTextsSource,
  rubricId: string,
  growth: SubmissionGrowth,
  locale: Locale,
): Promise<SubmissionGrowth> {
  return growthIn(growth, await languageOf(source, rubricId, locale));
}
