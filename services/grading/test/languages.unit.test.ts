import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { Codes, Results } from '@corestone/contracts';
import { gradeBuiltin } from '../src/domain/builtin';
import { detectLanguage } from '../src/domain/language';
import { UnsupportedLanguageError } from '../src/domain/job';
import { userPrompt } from '../src/domain/ai-reply';
import { EE_2027_RUBRIC, EE_RUBRIC, job } from './rubrics';
import { separations } from './figures';

/**
 * Issue 36: essays in French and Spanish are graded in their language, an essay in another
 * language is refused honestly. The four essays (fixtures/ee-{fr,es}-{good,weak}.txt) were written
 * for these tests.
 */
const read = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const FR_GOOD = read('ee-fr-good.txt');
const FR_WEAK = read('ee-fr-weak.txt');
const ES_GOOD = read('ee-es-good.txt');
const ES_WEAK = read('ee-es-weak.txt');
const GERMAN = `Forschungsfrage: Inwieweit veränderte die Einführung der Eisenbahn die Landwirtschaft in Westfalen zwischen 1850 und 1900?

Die Eisenbahn veränderte die Wirtschaft des neunzehnten Jahrhunderts grundlegend. In diesem Aufsatz wird untersucht, wie die neuen Verbindungen die Preise für Getreide und die Anbauflächen der Bauern beeinflussten. Zunächst werden die Quellen vorgestellt, danach die Ergebnisse der Untersuchung und schließlich ihre Grenzen. Die Statistiken des preußischen Staates zeigen, dass die Transportkosten nach dem Bau der Strecken deutlich sanken, während die Erträge der Betriebe stiegen.`;

const texts = (r: Results) =>
  [r.overallSummary.holisticCommentary, ...r.criteria.map((c) => c.feedback), ...Object.values(r.insight_feedback)].join(' ');

describe('the essay language (franc-min)', () => {
  it.each([
    ['ee-fr-good', 'fr', FR_GOOD],
    ['ee-fr-weak', 'fr', FR_WEAK],
    ['ee-es-good', 'es', ES_GOOD],
    ['ee-es-weak', 'es', ES_WEAK],
    ['ee-good', 'en', read('ee-good.txt')],
    ['weak', 'en', read('weak.txt')],
    ['German', 'other', GERMAN],
    ['too short to tell', 'en', 'Sugar tax.'],
  ])('%s → %s', (_name, lang, text) => {
    expect(detectLanguage(text)).toBe(lang);
  });
});

describe('the built-in grader in French and Spanish', () => {
  it.each([
    ['fr', FR_GOOD, FR_WEAK, /Constaté|Plus faible/, /Évalué en français/],
    ['es', ES_GOOD, ES_WEAK, /Se observa|Más débil/, /Evaluado en español/],
  ] as const)('%s: the strong essay scores clearly above the weak one, with feedback in the language', (lang, good, weak, frame, by) => {
    for (const rubric of [EE_RUBRIC, EE_2027_RUBRIC]) {
      const g = gradeBuiltin(
        job(good, { rubric, subject_area: lang === 'fr' ? 'Economics' : 'History', title: 'Extended Essay Submission' }),
      );
      const w = gradeBuiltin(
        job(weak, { rubric, subject_area: lang === 'fr' ? 'Economics' : 'History', title: 'Extended Essay Submission' }),
      );
      expect(Value.Check(Results, g)).toBe(true);
      expect(g.language).toBe(lang);
      expect(w.language).toBe(lang);
      expect(g.percentage - w.percentage).toBeGreaterThanOrEqual(15);
      for (const r of [g, w]) {
        expect(texts(r)).toMatch(by);
        expect(r.criteria.some((c) => frame.test(c.feedback))).toBe(true);
        // none of the English frame is left
        expect(texts(r)).not.toMatch(
          /\b(Found|Weaker|Next|is (strong|developing|limited)|words before the bibliography|Scored by the built-in grader)\b/,
        );
      }
    }
  });

  it('reads the French essay with its language: research question, connectives, bibliography, spelling', () => {
    const r = gradeBuiltin(job(FR_GOOD));
    const all = texts(r);
    expect(all).toContain('Dans quelle mesure la taxe française');
    expect(all).toMatch(/« (cependant|néanmoins|toutefois|en revanche|pourtant) »/); // counter-arguments quoted as written
    expect(all).toContain('« Bibliographie »');
    expect(r.textMetrics!.bibliographyEntries).toBe(4);
    expect(r.textMetrics!.citations).toBeGreaterThanOrEqual(4);
    // the weak essay has no bibliography, and reads more simply
    const weak = gradeBuiltin(job(FR_WEAK));
    expect(weak.textMetrics!.bibliographyEntries).toBe(0);
    expect(r.textMetrics!.readabilityGrade).toBeGreaterThan(weak.textMetrics!.readabilityGrade);
  });

  it('names Spanish misspellings (missing accents) and quotes them as written', () => {
    const weak = gradeBuiltin(job(ES_WEAK));
    const spelling = weak.criteria.flatMap((c) => c.improvements).find((t) => t.startsWith('Revisa la ortografía'));
    expect(spelling).toBeDefined();
    expect(spelling).toMatch(/«(rapido|mas|podian|habia|pais|estan|vivia|estacion|conclusion)»/);
    const good = gradeBuiltin(job(ES_GOOD));
    expect(good.textMetrics!.bibliographyEntries).toBe(4);
    expect(good.overallSummary.holisticCommentary).toContain('«Bibliografía»');
  });

  it('writes its scores and percentages with the decimal comma of the language (74,5 %, not 74.5 %)', () => {
    const fractional: string[] = [];
    for (const [lang, essay] of [
      ['fr', FR_GOOD],
      ['fr', FR_WEAK],
      ['es', ES_GOOD],
      ['es', ES_WEAK],
    ] as const)
      for (const rubric of [EE_RUBRIC, EE_2027_RUBRIC]) {
        const r = gradeBuiltin(job(essay, { rubric, subject_area: 'History', title: 'Extended Essay Submission' }));
        const holistic = r.overallSummary.holisticCommentary;
        expect(r.language).toBe(lang);
        expect(holistic).toContain(`(${String(r.percentage).replace('.', ',')} %)`);
        expect(holistic).not.toMatch(/\d\.\d/);
        if (!Number.isInteger(r.percentage)) fractional.push(holistic);
      }
    // the fixtures give fractional percentages, so the comma is really seen
    expect(fractional.length).toBeGreaterThan(0);
  });

  it('is deterministic', () => {
    expect(gradeBuiltin(job(FR_GOOD))).toEqual(gradeBuiltin(job(FR_GOOD)));
    expect(gradeBuiltin(job(ES_WEAK))).toEqual(gradeBuiltin(job(ES_WEAK)));
  });

  it('keeps the English strong/weak separation (the existing fixtures are detected as English)', () => {
    for (const s of separations()) expect(s.gap).toBeGreaterThan(20);
    expect(gradeBuiltin(job(read('ee-good.txt'))).language).toBe('en');
  });
});

describe('an essay in a language the built-in grader cannot judge', () => {
  it('is refused with UNSUPPORTED_LANGUAGE, not marked down', () => {
    let error: unknown;
    try {
      gradeBuiltin(job(GERMAN));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UnsupportedLanguageError);
    expect((error as UnsupportedLanguageError).code).toBe(Codes.UNSUPPORTED_LANGUAGE);
    expect((error as Error).message).toMatch(/English, French or Spanish/);
  });

  it('is still analysed for a model grader (anyLanguage), recorded as other', () => {
    expect(gradeBuiltin(job(GERMAN), { anyLanguage: true }).language).toBe('other');
  });
});

describe('the model prompt names the language', () => {
  it.each([
    [FR_GOOD, 'fr', 'Essay language: French. Write your answer in French.'],
    [ES_GOOD, 'es', 'Essay language: Spanish. Write your answer in Spanish.'],
    [GERMAN, 'other', 'Essay language: not English, French or Spanish. Assess it as written, and write your answer in English.'],
  ] as const)('%#', (text, lang, line) => {
    expect(userPrompt(job(text), [], lang).split('\n')).toContain(line);
  });
});
