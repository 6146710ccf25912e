/**
 * Rubric management through the gateway with every service running: the role split, a rubric
 * made from a real .docx, a student grading with it, the usage that evaluation's events give it,
 * the snapshot that keeps a past result's rubric as it was, and the 10 MB limit end to end.
 */
import { makeDocx } from '@corestone/documents/testing';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let superToken = '';
let studentToken = '';

beforeAll(async () => {
  p = await startTestPlatform();
  const email = uniqueEmail('rubric-admin');
  const setup = await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Rita Rubric', email, password: 'rubric-admin-1', user_type: 'super-admin' },
  });
  expect(setup.status).toBe(200);
  superToken = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'rubric-admin-1' } })).body.access_token;
  const student = uniqueEmail('rubric-student');
  expect((await p.api.signup(student)).status).toBeLessThan(300);
  studentToken = (await p.api.call('POST', '/auth/login', { json: { username: student, password: 'correct-horse-9' } })).body.access_token;
});
afterAll(async () => {
  await p?.shutdown();
});

const RUBRIC = [
  'Physics EE rubric',
  'Criterion A: Question and method (8 marks)',
  '0: The work does not reach a standard described below.',
  '1–4: The question is broad and the method barely described.',
  '5–8: The question is focused and the method justified.',
  'Criterion B: Analysis (8 marks)',
  '0: No analysis.',
  '1–4: Data are described rather than analysed.',
  '5–8: Data are analysed with uncertainties and limitations.',
];

function docxForm(data: Buffer, fields: Record<string, string>, name = 'rubric.docx'): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return form;
}

it('lets every signed-in user read active rubrics and only a super admin manage them', async () => {
  const active = await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: studentToken });
  expect(active.status).toBe(200);
  expect(active.body.map((r: { title: string }) => r.title)).toEqual([
    'Extended Essay — Corestone default (34 points)',
    'Extended Essay — IB criteria from 2027 (30 marks)',
    'Generic (30 points)',
  ]);
  expect((await p.api.call('GET', '/rubrics/active')).status).toBe(401);
  const listed = await p.api.call('GET', '/rubrics/', { token: studentToken });
  expect([listed.status, listed.body.detail]).toEqual([403, 'Access denied. Admin privileges required.']);
  const all = await p.api.call('GET', '/rubrics/?status=active', { token: superToken });
  expect(all.body).toHaveLength(6);
  const scoring = await p.api.call('GET', '/rubrics/default-scoring/tok', { token: superToken });
  expect(scoring.body.total_points).toBe(10);
});

it('shows the default EE rubric in the language the browser asks for through the gateway (issue 36)', async () => {
  const read = async (language: string) => {
    const res = await p.api.call('GET', '/rubrics/active?rubric_type=ee', {
      token: studentToken,
      headers: { 'accept-language': language },
    });
    expect(res.status).toBe(200);
    return res.body[0] as {
      title: string;
      language: string;
      scoring_structure: { criteria: Array<{ code: string; name: string; maxScore: number }> };
    };
  };
  const [fr, es, de] = [await read('fr-FR,fr;q=0.9'), await read('es'), await read('de')];
  expect([fr.language, fr.title, fr.scoring_structure.criteria[2].name]).toEqual([
    'fr',
    'Mémoire — barème Corestone par défaut (34 points)',
    'Pensée critique',
  ]);
  expect([es.language, es.title]).toEqual(['es', 'Monografía — rúbrica Corestone por defecto (34 puntos)']);
  expect([de.language, de.title]).toEqual(['en', 'Extended Essay — Corestone default (34 points)']);
  const marks = (r: typeof fr) => r.scoring_structure.criteria.map((c) => `${c.code} ${c.maxScore}`);
  expect(marks(fr)).toEqual(marks(de));
  expect(marks(es)).toEqual(marks(de));
});

it('turns a .docx into a rubric a student grades with; usage and snapshots follow', async () => {
  const data = await makeDocx(RUBRIC);
  const processed = await p.api.call('POST', '/rubrics/process-file', { token: superToken, form: docxForm(data, { rubric_type: 'ee' }) });
  expect(processed.status).toBe(200);
  expect(processed.body.structured_rubric.criteria.map((c: { name: string; maxScore: number }) => `${c.name} ${c.maxScore}`)).toEqual([
    'Question and method 8',
    'Analysis 8',
  ]);
  const created = await p.api.call('POST', '/rubrics/create-from-file', {
    token: superToken,
    form: docxForm(data, { rubric_type: 'ee', title: 'Physics EE (department)', description: 'Our physics scheme' }),
  });
  expect(created.status).toBe(201);
  const rubric = created.body;

  const essay = 'To what extent does the length of a pendulum affect its period? '.repeat(60);
  const submitted = await p.api.call('POST', '/evaluation/evaluate-async', {
    token: studentToken,
    form: p.api.essayForm(essay, { title: 'Pendulums', essay_type: 'ee', rubric_id: rubric.id, subject_area: 'Physics' }),
  });
  expect(submitted.status).toBeLessThan(300);
  const evaluation = await p.api.waitForEvaluation(submitted.body.id, studentToken);
  expect(evaluation.status).toBe('completed');
  expect(evaluation.rubric).toMatchObject({ id: rubric.id, version: 1, scoring_structure: { total_points: 16 } });
  expect(evaluation.results.criteria.map((c: { name: string }) => c.name)).toEqual(['Question and method', 'Analysis']);

  let stats = await p.api.call('GET', `/rubrics/${rubric.id}/usage-stats`, { token: superToken });
  for (let i = 0; i < 100 && stats.body.completed_count !== 1; i++) {
    await new Promise((r) => setTimeout(r, 100));
    stats = await p.api.call('GET', `/rubrics/${rubric.id}/usage-stats`, { token: superToken });
  }
  expect(stats.body).toMatchObject({ submission_count: 1, evaluations_in_use: 1, completed_count: 1, can_delete: false });
  // the figure is the exact percentage rounded to one decimal (18.75 → 18.8)
  expect(stats.body.average_percent).toBe(Math.round((evaluation.results.totalPoints / 16) * 1000) / 10);
  const refused = await p.api.call('DELETE', `/rubrics/${rubric.id}`, { token: superToken });
  expect([refused.status, refused.body.code]).toEqual([409, 'RUBRIC_IN_USE']);

  const edited = await p.api.call('PUT', `/rubrics/${rubric.id}`, {
    token: superToken,
    json: { criteria_text: 'Criterion A: Everything (10 marks)' },
  });
  expect(edited.body).toMatchObject({ version: 2, scoring_structure: { total_points: 10 } });
  const again = await p.api.call('GET', `/evaluation/${evaluation.id}`, { token: studentToken });
  expect(again.body.rubric).toEqual(evaluation.rubric);
  expect(again.body.results).toEqual(evaluation.results);
});

it("refuses a rubric file over 10 MB with the spec's message through the gateway", async () => {
  const big = new FormData();
  big.append('rubric_type', 'ee');
  big.append('file', new Blob([new Uint8Array(10 * 1024 * 1024 + 1).fill(97)]), 'rubric.txt');
  const res = await p.api.call('POST', '/rubrics/process-file', { token: superToken, form: big });
  expect([res.status, res.body]).toEqual([413, { detail: 'File too large. Maximum size is 10MB.', code: 'PAYLOAD_TOO_LARGE' }]);
  const odd = await p.api.call('POST', '/rubrics/process-file', {
    token: superToken,
    form: docxForm(Buffer.from('x'), { rubric_type: 'ee' }, 'rubric.rtf'),
  });
  expect([odd.status, odd.body.detail]).toEqual([415, 'Unsupported file type. Please upload: .pdf, .docx, .doc, .txt']);
});
