/**
 * Issue 36: the PDF report in the requester's language (Accept-Language, as the browser sends the
 * user's choice): headings, labels, the default band names, dates and numbers; the essay's title
 * and the graders' feedback as written. Texts read with pdftotext (poppler-utils).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Evaluation } from '@corestone/contracts';
import { ESSAY } from './fixtures';
import { results, startHarness, type Harness } from './harness';

let h: Harness;
let student: Record<string, string>;
let evaluation: Evaluation;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-report-locale-'));
beforeAll(async () => {
  h = await startHarness('evpdfl');
  student = (await h.user('student', 5, 'Élodie Martín')).headers;
  const res = await h.submitEssay(
    student,
    { title: 'La mémoire collective', essay_type: 'ee', rubric_id: h.rubrics.ee.id },
    { name: 'essay.txt', data: `${Array.from({ length: 30 }, () => ESSAY).join('\n\n')}\n${Math.random()}` },
  );
  evaluation = res.json() as Evaluation;
  await h.completeGrading(evaluation.id, { ...results(24, 34), totalPoints: 24.5 }, 3456);
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const FR_MONTHS = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
const ES_MONTHS = 'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';

/** The report as `lang` asks for it, as text (pdftotext keeps the layout's line order). */
async function report(lang: string | undefined): Promise<string> {
  const res = await h.app.inject({
    url: `/evaluation/${evaluation.id}/download-pdf`,
    headers: { ...student, ...(lang ? { 'accept-language': lang } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const file = path.join(dir, `report-${lang ?? 'none'}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  if (process.env.REPORT_PNG_DIR)
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, path.join(process.env.REPORT_PNG_DIR, `report-${lang}`)]);
  return execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');
}

describe('the PDF report in three languages', () => {
  it('prints English as it always did', async () => {
    const text = await report('en-GB,en;q=0.9');
    for (const s of [
      'Essay Evaluation Report',
      'Extended Essay',
      'Student',
      'Overall grade',
      '24.5 / 34 points',
      'Criteria',
      'Band: Good',
      'Strengths',
      'Next steps',
      'Writing insights',
      'Clarity and Cohesion',
      'Page 1 of',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toMatch(/ \d,\d{3} \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d UTC /); // words, then the dates
    expect(await report(undefined)).toContain('Essay Evaluation Report');
    expect(await report('de-DE')).toContain('Essay Evaluation Report');
  });

  it('prints French: headings, labels, band names, dates and numbers', async () => {
    const text = await report('fr');
    for (const s of [
      'Rapport d’évaluation de la dissertation',
      'Mémoire',
      'Élève',
      'Note globale',
      '24,5 / 34 points',
      'Critères',
      'Niveau : Bien',
      'Points forts',
      'Prochaines étapes',
      'Analyse de l’écriture',
      'Clarté et cohésion',
      'Page 1 sur',
    ]) {
      expect(text).toContain(s);
    }
    // words (a space between thousands), then the dates
    expect(text).toMatch(new RegExp(` \\d \\d{3} \\d{1,2} (${FR_MONTHS}) \\d{4} à \\d\\d:\\d\\d UTC `));
    // The essay's title and the grader's feedback print as written.
    expect(text).toContain('La mémoire collective');
    expect(text).toContain('Clear focus.');
    expect(text).not.toContain('Overall grade');
  });

  it('prints Spanish: headings, labels, band names, dates and numbers', async () => {
    const text = await report('es-MX,es;q=0.9');
    for (const s of [
      'Informe de evaluación del ensayo',
      'Monografía',
      'Alumno',
      'Calificación global',
      '24,5 / 34 puntos',
      'Criterios',
      'Banda: Bueno',
      'Puntos fuertes',
      'Próximos pasos',
      'Análisis de la escritura',
      'Claridad y cohesión',
      'Página 1 de',
    ]) {
      expect(text).toContain(s);
    }
    // words (no separator in a four-digit number in Spanish), then the dates (the hour without a
    // leading zero before ten, as Spanish writes it: 'a las 0:15')
    expect(text).toMatch(new RegExp(` \\d{4} \\d{1,2} de (${ES_MONTHS}) de \\d{4} a las \\d{1,2}:\\d\\d UTC `));
    expect(text).not.toContain('Overall grade');
  });
});
