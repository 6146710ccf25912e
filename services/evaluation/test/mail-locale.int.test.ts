/**
 * Issue 36: evaluation's mails in the student's language — their own choice, else their school's
 * default, else English (asked of users with their mail choices; here the harness's stand-in).
 */
import { writtenMails } from '@corestone/service-kit/testing';
import type { Evaluation } from '@corestone/contracts';
import { releasedMail } from '../src/domain/review-mail';
import { ESSAY } from './fixtures';
import { results, until, startHarness, type Harness } from './harness';

let h: Harness;
let adm: Record<string, string>;
beforeAll(async () => {
  h = await startHarness('evmaill');
  adm = (await h.user('admin')).headers;
});
afterAll(async () => {
  await h?.close();
});

/** A student's completed essay, reviewed with feedback for them: the review mail goes. */
async function reviewedFor(language: { locale: 'fr' | 'es' | null; school_default_locale: 'fr' | 'es' | null }) {
  const student = await h.user('student', 5, 'Inès Durán');
  h.schools.languages.set(student.id, language);
  const res = await h.submitEssay(
    student.headers,
    { title: 'Le temps et la mémoire', essay_type: 'ee', rubric_id: h.rubrics.ee.id },
    { name: 'essay.txt', data: `${ESSAY}\n${Math.random()}` },
  );
  const e = res.json() as Evaluation;
  await h.completeGrading(e.id, results(24, 34), 900);
  const saved = await h.app.inject({
    method: 'PUT',
    url: `/evaluation/admin/${e.id}`,
    headers: adm,
    payload: { ai_feedback: 'Votre méthode est solide.' },
  });
  expect(saved.statusCode).toBe(200);
  const mail = await until(
    async () => writtenMails(h.mailDir).find((m) => m.to.includes(student.email)),
    (m) => m !== undefined,
  );
  return mail!;
}

describe("evaluation's mails in the student's language", () => {
  it('writes the review mail in French for a student who chose French', async () => {
    const mail = await reviewedFor({ locale: 'fr', school_default_locale: 'es' });
    expect(mail.subject).toBe('Votre dissertation « Le temps et la mémoire » a été relue : En attente de relecture');
    expect(mail.raw).toContain('Bonjour Inès Durán,');
    expect(mail.raw).toContain('Commentaires pour l’élève:\nVotre méthode est solide.');
    expect(mail.raw).toContain('Voir votre résultat et les commentaires');
  });

  it('writes it in Spanish for a student of a Spanish school who chose nothing, and in English without either', async () => {
    const mail = await reviewedFor({ locale: null, school_default_locale: 'es' });
    expect(mail.subject).toBe('Tu ensayo «Le temps et la mémoire» ha sido revisado: Pendiente de revisión');
    expect(mail.raw).toContain('Hola, Inès Durán:');
    expect(mail.raw).toContain('Comentarios para el alumno:\nVotre méthode est solide.');
    const english = await reviewedFor({ locale: null, school_default_locale: null });
    expect(english.subject).toBe('Your essay "Le temps et la mémoire" was reviewed: Pending review');
  });

  it('writes the "result released" mail in French and Spanish, numbers as the language writes them', () => {
    const facts = {
      evaluationId: 'e1',
      to: 'a@b.c',
      studentName: 'Inès',
      assignmentTitle: 'EE draft',
      className: 'IB2',
      total: 24.5,
      maxTotal: 34,
      grade: 'B',
      baseUrl: 'https://corestone.example',
    };
    const fr = releasedMail({ ...facts, locale: 'fr' });
    expect(fr.subject).toBe('Votre résultat pour « EE draft » est publié');
    expect(fr.text).toContain('Votre enseignant a publié votre résultat pour « EE draft » (IB2).');
    expect(fr.text).toContain('Résultat : 24,5/34, note B.');
    const es = releasedMail({ ...facts, locale: 'es' });
    expect(es.subject).toBe('Tu resultado de «EE draft» está publicado');
    expect(es.text).toContain('Resultado: 24,5/34, calificación B.');
    expect(releasedMail(facts).text).toContain('Result: 24.5/34, grade B.');
  });
});
