/**
 * Issue 36: a stored result read in the reader's language (app/result-language.ts) over the real
 * NATS, with a stand-in answering `rpc.rubric.texts` as the rubric service does: GET
 * /evaluation/{id} in French shows the French criterion name, the English one for a criterion the
 * rubric does not translate, and the stored English once the rubric is deleted (or reworded, or
 * rubric does not answer); English readers ask nothing; one question per rubric until
 * `rubric.changed.v1`; the PDF prints the French name; an admin's save of the names it was shown
 * keeps the English ones stored; the admin Quick Assessment answers in French too. No timing assertions.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Subscription } from '@nats-io/transport-node';
import { Events, Rpc, type Evaluation, type Results, type RubricSnapshot, type RubricTexts } from '@corestone/contracts';
import { newId, publishEvent, serveRpc } from '@corestone/service-kit';
import { startHarness, type Harness } from './harness';

const structure: RubricSnapshot['scoring_structure'] = {
  total_points: 12,
  criteria: [
    { code: 'A', name: 'Focus and Method', maxScore: 6, weight: 6 },
    { code: 'B', name: 'Presentation', maxScore: 6, weight: 6 },
  ],
  grade_boundaries: [
    { grade: 'A', min_percentage: 70, max_percentage: 100, description: 'Strong' },
    { grade: 'B', min_percentage: 0, max_percentage: 69, description: 'Developing' },
  ],
  scoring_method: 'weighted_sum',
  pass_threshold: 50,
};
const FRENCH = {
  title: 'Grille de test',
  criteria: [{ code: 'A', name: 'Orientation et méthode' }],
  grade_boundaries: [{ grade: 'A', description: 'Solide' }],
};

const graded: Results = {
  overallGrade: 'A',
  overallBand: 'Strong',
  totalPoints: 9,
  maxPoints: 12,
  percentage: 75,
  criteria: [
    {
      code: 'A',
      name: 'Focus and Method',
      score: 5,
      maxScore: 6,
      band: 'Strong',
      feedback: 'Clear focus.',
      weight: 6,
      strengths: [],
      improvements: [],
    },
    { code: 'B', name: 'Presentation', score: 4, maxScore: 6, band: 'Good', feedback: 'Tidy.', weight: 6, strengths: [], improvements: [] },
  ],
  overallSummary: { holisticCommentary: 'A solid essay.', nextSteps: ['Add counter-claims'], strengths: [], improvements: [] },
  insight_feedback: {
    clarity_and_cohesion: 'ok',
    argument_and_evidence: 'ok',
    grammar_and_mechanics: 'ok',
    critical_thinking: 'ok',
    originality_and_insight: 'ok',
  },
  grader: 'builtin',
};

let h: Harness;
let rubric: RubricSnapshot;
/** What the stand-in answers for the rubric now (null: deleted); `asked` counts the questions. */
let current: RubricTexts | null;
let asked = 0;
let responder: Subscription | null = null;
let student: Record<string, string>;
let evaluation: Evaluation;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-result-language-'));

const serveTexts = () => {
  responder = serveRpc(
    h.bus,
    Rpc.rubricTexts,
    async ({ rubric_id }) => {
      asked++;
      return { rubric: rubric_id === rubric.id ? current : null };
    },
    h.app.log,
  );
};
/** What the rubric service does on a write: the change, then rubric.changed.v1, then its answer. */
const changed = () => publishEvent(h.bus, Events.rubricChanged, { rubric_id: rubric.id });

beforeAll(async () => {
  h = await startHarness('evrl');
  rubric = { id: newId(), title: 'Test rubric', rubric_type: 'ee', scoring_structure: structure, version: 1 };
  h.rubrics[`language-${rubric.id}`] = rubric;
  current = { id: rubric.id, version: 1, title: rubric.title, scoring_structure: structure, translations: { fr: FRENCH } };
  serveTexts();
  await h.lookups.whenCurrent();
  student = (await h.user('student', 5, 'Élodie Martín')).headers;
  const res = await h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate',
    headers: student,
    payload: {
      title: 'Mémoire',
      essay_type: 'ee',
      rubric_id: rubric.id,
      essay_content: `Essay ${Math.random()}. ${'Words of an essay. '.repeat(60)}`,
    },
  });
  expect(res.statusCode).toBe(201);
  evaluation = res.json() as Evaluation;
  await h.completeGrading(evaluation.id, graded);
});
afterAll(async () => {
  responder?.unsubscribe();
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function read(lang: string, headers = student): Promise<Evaluation> {
  const res = await h.app.inject({ url: `/evaluation/${evaluation.id}`, headers: { ...headers, 'accept-language': lang } });
  expect(res.statusCode).toBe(200);
  return res.json() as Evaluation;
}
const names = (ev: Evaluation) => ev.results!.criteria.map((c) => c.name);

describe('a result in the reader’s language', () => {
  it('shows the French criterion name, English for an untranslated criterion; codes and scores unchanged', async () => {
    const before = asked;
    const fr = await read('fr-FR,fr;q=0.9');
    expect(names(fr)).toEqual(['Orientation et méthode', 'Presentation']);
    expect(fr.results!.criteria.map((c) => [c.code, c.score, c.maxScore, c.feedback])).toEqual([
      ['A', 5, 6, 'Clear focus.'],
      ['B', 4, 6, 'Tidy.'],
    ]);
    expect(fr.results!.criteria.map((c) => c.band)).toEqual(['Solide', 'Bien']); // the rubric's grade text; a default band name
    expect(fr.results!.overallBand).toBe('Solide');
    expect(fr.rubric.title).toBe('Grille de test');
    expect(fr.rubric.scoring_structure.criteria.map((c) => c.name)).toEqual(['Orientation et méthode', 'Presentation']);
    expect(asked).toBe(before + 1);

    // once per rubric: a second reader in French asks nothing more; English readers never ask
    const admin = (await h.user('admin')).headers;
    expect(names(await read('fr', admin))).toEqual(['Orientation et méthode', 'Presentation']);
    const en = await read('en');
    expect(names(en)).toEqual(['Focus and Method', 'Presentation']);
    expect(en.results!.overallBand).toBe('Strong');
    expect(en.rubric.title).toBe('Test rubric');
    expect(asked).toBe(before + 1);
  });

  it('prints the French criterion name in the PDF report', async () => {
    const res = await h.app.inject({
      url: `/evaluation/${evaluation.id}/download-pdf`,
      headers: { ...student, 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, 'report-fr.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain('Orientation et méthode');
    expect(text).toContain('Presentation');
    expect(text).toContain('Niveau : Solide');
    expect(text).toContain('Grille de test');
  });

  it('answers an admin Quick Assessment (graded in English, not stored) in the admin’s language', async () => {
    const grading = serveRpc(
      h.bus,
      Rpc.gradingAssess,
      async () => ({ results: graded, grader: 'builtin', own_key: false, processing_ms: 5 }),
      h.app.log,
    );
    try {
      const admin = (await h.user('admin')).headers;
      const payload = { essay_type: 'ee', rubric_id: rubric.id, essay_content: `A pasted essay. ${'Words of an essay. '.repeat(60)}` };
      const fr = await h.app.inject({
        method: 'POST',
        url: '/evaluation/admin/assess',
        headers: { ...admin, 'accept-language': 'fr' },
        payload,
      });
      expect(fr.statusCode).toBe(200);
      expect((fr.json() as { results: Results }).results.criteria.map((c) => c.name)).toEqual(['Orientation et méthode', 'Presentation']);
      const en = await h.app.inject({ method: 'POST', url: '/evaluation/admin/assess', headers: admin, payload });
      expect((en.json() as { results: Results }).results.criteria.map((c) => c.name)).toEqual(['Focus and Method', 'Presentation']);
    } finally {
      grading.unsubscribe();
    }
  });

  it('keeps the English names stored when an admin saves the French ones the screen showed', async () => {
    const admin = (await h.user('admin')).headers;
    const shown = await read('fr', admin);
    const res = await h.app.inject({
      method: 'PUT',
      url: `/evaluation/admin/${evaluation.id}`,
      headers: { ...admin, 'accept-language': 'fr' },
      payload: {
        overall_score: 10,
        results: {
          overallGrade: 'A',
          totalPoints: 10,
          maxPoints: 100,
          criteria: shown.results!.criteria.map((c) => ({
            code: c.code,
            name: c.name,
            score: c.code === 'B' ? 5 : c.score,
            maxScore: c.maxScore,
            feedback: c.feedback,
          })),
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(names(res.json() as Evaluation)).toEqual(['Orientation et méthode', 'Presentation']); // answered in French
    const row = await h.store.getVisible(evaluation.id);
    expect(row!.results!.criteria.map((c) => [c.name, c.score])).toEqual([
      ['Focus and Method', 5],
      ['Presentation', 5],
    ]);
  });

  it('shows the stored English for a criterion the rubric reworded since grading', async () => {
    current = {
      ...current!,
      version: 2,
      scoring_structure: {
        ...structure,
        criteria: [{ ...structure.criteria[0], name: 'Focus, Method and Sources' }, structure.criteria[1]],
      },
    };
    await changed();
    const fr = await read('fr');
    expect(names(fr)).toEqual(['Focus and Method', 'Presentation']);
    expect(fr.results!.overallBand).toBe('Solide'); // what it still shares is translated
  });

  it('shows the stored English names of a deleted rubric', async () => {
    current = null;
    await changed();
    const before = asked;
    const fr = await read('fr');
    expect(names(fr)).toEqual(['Focus and Method', 'Presentation']);
    expect(fr.rubric.title).toBe('Test rubric');
    expect(fr.results!.overallBand).toBe('Strong');
    expect(fr.results!.criteria[1].band).toBe('Bien'); // the default band names need no rubric
    await read('fr');
    expect(asked).toBe(before + 1); // "deleted" is kept too
  });

  it('answers in English, not an error, while rubric does not answer', async () => {
    responder?.unsubscribe();
    responder = null;
    current = { id: rubric.id, version: 3, title: rubric.title, scoring_structure: structure, translations: { fr: FRENCH } };
    await changed();
    expect(names(await read('fr'))).toEqual(['Focus and Method', 'Presentation']);
    serveTexts();
    expect(names(await read('fr'))).toEqual(['Orientation et méthode', 'Presentation']); // a failure is not kept
  });
});
