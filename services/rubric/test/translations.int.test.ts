import { Rpc, type Rubric } from '@corestone/contracts';
import { callRpc } from '@corestone/service-kit';
import { startRubricService, type RubricService } from './harness';

let svc: RubricService;
beforeAll(async () => {
  svc = await startRubricService('rubtr');
});
afterAll(async () => {
  await svc?.close();
});

const EE_DEFAULT = 'Extended Essay — Corestone default (34 points)';

async function read(role: 'student' | 'teacher' | 'admin' | 'super_admin', url: string, language?: string) {
  const res = await svc.as(role, { url, headers: language ? { 'accept-language': language } : {} });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function defaultEe(): Promise<Rubric> {
  const all: Rubric[] = await read('super_admin', '/rubrics?rubric_type=ee');
  return all.find((r) => r.title === EE_DEFAULT)!;
}

/** What must never change with the language: codes, maxima, weights, bands' ranges, grades and thresholds. */
const numbers = (r: Rubric) => ({
  id: r.id,
  version: r.version,
  total: r.scoring_structure.total_points,
  pass: r.scoring_structure.pass_threshold,
  criteria: r.scoring_structure.criteria.map((c) => [c.code, c.maxScore, c.weight, (c.scoring_levels ?? []).map((l) => [l.min, l.max])]),
  grades: r.scoring_structure.grade_boundaries.map((g) => [g.grade, g.min_percentage, g.max_percentage]),
});

async function put(id: string, body: Record<string, unknown>, role: 'student' | 'teacher' | 'admin' | 'super_admin' = 'super_admin') {
  return svc.as(role, { method: 'PUT', url: `/rubrics/${id}`, payload: body });
}

describe('the seeded EE default read in each language', () => {
  it('answers in French, Spanish or English as Accept-Language asks, English for German; numbers never change', async () => {
    const ee = await defaultEe();
    const seen: Record<string, Rubric> = {};
    for (const language of ['fr-FR,fr;q=0.9,en;q=0.8', 'es-419', 'en-GB', 'de-DE,de;q=0.9']) {
      seen[language] = await read('student', `/rubrics/${ee.id}`, language);
    }
    const fr = seen['fr-FR,fr;q=0.9,en;q=0.8'];
    const es = seen['es-419'];
    expect(fr).toMatchObject({ language: 'fr', title: 'Mémoire — barème Corestone par défaut (34 points)' });
    expect(fr.scoring_structure.criteria.map((c) => c.name)).toEqual([
      'Orientation et méthode',
      'Connaissances et compréhension',
      'Pensée critique',
      'Présentation',
      'Engagement',
    ]);
    expect(fr.scoring_structure.criteria[2].scoring_levels![4].descriptor).toMatch(/^La recherche est excellente/);
    expect(fr.scoring_structure.grade_boundaries.map((g) => g.description)).toEqual([
      'Excellent',
      'Bien',
      'Satisfaisant',
      'Médiocre',
      'Élémentaire',
    ]);
    expect(es).toMatchObject({ language: 'es', title: 'Monografía — rúbrica Corestone por defecto (34 puntos)' });
    expect(es.scoring_structure.criteria.map((c) => c.name)).toEqual([
      'Enfoque y método',
      'Conocimiento y comprensión',
      'Pensamiento crítico',
      'Presentación',
      'Compromiso',
    ]);
    for (const english of [seen['en-GB'], seen['de-DE,de;q=0.9']]) {
      expect(english).toMatchObject({ language: 'en', title: EE_DEFAULT });
      expect(english.scoring_structure).toEqual(ee.scoring_structure);
    }
    for (const r of Object.values(seen)) {
      expect(numbers(r)).toEqual(numbers(ee));
      expect(r.translations).toBeUndefined();
    }
  });

  it('lists the active rubrics in the language asked, each saying which it used', async () => {
    const tok: Rubric[] = await read('teacher', '/rubrics/active?rubric_type=tok', 'es');
    expect(tok.map((r) => [r.title, r.language])).toEqual(
      expect.arrayContaining([
        ['TdC — rúbrica Corestone por defecto (10 puntos)', 'es'],
        ['Theory of Knowledge essay — IB holistic (10 marks)', 'en'],
      ]),
    );
    expect(tok[0].scoring_structure.criteria.map((c) => c.name)).toEqual([
      'Comprensión de las preguntas de conocimiento',
      'Calidad del análisis',
    ]);
  });

  it('gives the super_admin the English text with the translations (management list and editor), in any language', async () => {
    const ee = await defaultEe();
    const one: Rubric = await read('super_admin', `/rubrics/${ee.id}`, 'fr');
    expect(one).toMatchObject({ title: EE_DEFAULT, language: 'en' });
    expect(one.translations!.fr!.title).toBe('Mémoire — barème Corestone par défaut (34 points)');
    expect(one.translations!.es!.criteria).toHaveLength(5);
    const listed: Rubric[] = await read('super_admin', '/rubrics/', 'es');
    expect(listed.find((r) => r.id === ee.id)).toEqual(one);
  });

  it('keeps giving the graders the English rubric', async () => {
    const ee = await defaultEe();
    const answer = await callRpc(svc.infra.bus, Rpc.rubricGetSnapshot, { rubric_id: ee.id });
    expect(answer.rubric.title).toBe(EE_DEFAULT);
    expect(answer.rubric.scoring_structure).toEqual(ee.scoring_structure);
    expect(answer.rubric).not.toHaveProperty('translations');
  });
});

describe('setting translations (super_admin)', () => {
  const body = {
    title: 'Translated in a test',
    description: 'Two criteria',
    rubric_type: 'ee',
    scoring_structure: {
      criteria: [
        {
          code: 'A',
          name: 'Argument',
          maxScore: 4,
          description: 'How the case is made',
          scoring_levels: [
            { min: 0, max: 0, descriptor: 'Nothing' },
            { min: 1, max: 4, descriptor: 'Something' },
          ],
        },
        { code: 'B', name: 'Evidence', maxScore: 4 },
      ],
    },
  };

  it('creates a rubric with a partial translation that falls back to English field by field', async () => {
    const res = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics',
      payload: {
        ...body,
        translations: {
          fr: { criteria: [{ code: 'a', name: 'Argumentation', scoring_levels: [{ min: 1, max: 4, descriptor: 'Quelque chose' }] }] },
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const created: Rubric = res.json();
    expect(created.translations).toEqual({
      fr: { criteria: [{ code: 'A', name: 'Argumentation', scoring_levels: [{ min: 1, max: 4, descriptor: 'Quelque chose' }] }] },
    });
    const fr: Rubric = await read('student', `/rubrics/${created.id}`, 'fr');
    expect(fr).toMatchObject({ language: 'fr', title: 'Translated in a test', description: 'Two criteria' });
    expect(fr.scoring_structure.criteria).toEqual([
      expect.objectContaining({
        code: 'A',
        name: 'Argumentation',
        description: 'How the case is made',
        scoring_levels: [
          { min: 0, max: 0, descriptor: 'Nothing' },
          { min: 1, max: 4, descriptor: 'Quelque chose' },
        ],
      }),
      expect.objectContaining({ code: 'B', name: 'Evidence' }),
    ]);
    const es: Rubric = await read('student', `/rubrics/${created.id}`, 'es');
    expect(es).toMatchObject({ language: 'en', title: 'Translated in a test' });
    expect(es.scoring_structure).toEqual(created.scoring_structure);
  });

  it('replaces the languages a PUT sends, keeps the others, removes one sent empty, and keeps them through a title edit', async () => {
    const created: Rubric = (
      await svc.as('super_admin', { method: 'POST', url: '/rubrics', payload: { ...body, title: 'PUT translations' } })
    ).json();
    expect(created.translations).toEqual({});
    let res = await put(created.id, {
      translations: { fr: { title: 'Traduit' }, es: { title: 'Traducido', description: 'Dos criterios' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: created.version + 1,
      translations: { fr: { title: 'Traduit' }, es: { title: 'Traducido' } },
    });
    res = await put(created.id, { translations: { es: { title: 'Otro título' } } });
    expect(res.json().translations).toEqual({ fr: { title: 'Traduit' }, es: { title: 'Otro título' } });
    res = await put(created.id, { title: 'PUT translations, renamed' });
    expect(res.json().translations).toEqual({ fr: { title: 'Traduit' }, es: { title: 'Otro título' } });
    res = await put(created.id, { translations: { fr: {} } });
    expect(res.json().translations).toEqual({ fr: {}, es: { title: 'Otro título' } });
    expect(await read('student', `/rubrics/${created.id}`, 'fr')).toMatchObject({ language: 'en', title: 'PUT translations, renamed' });
    expect(await read('student', `/rubrics/${created.id}`, 'es')).toMatchObject({ language: 'es', title: 'Otro título' });
  });

  it('drops the translations of criteria a new scoring structure no longer has', async () => {
    const created: Rubric = (
      await svc.as('super_admin', {
        method: 'POST',
        url: '/rubrics',
        payload: {
          ...body,
          title: 'Structure change',
          translations: {
            es: {
              criteria: [
                { code: 'A', name: 'Argumento' },
                { code: 'B', name: 'Pruebas' },
              ],
            },
          },
        },
      })
    ).json();
    const res = await put(created.id, { scoring_structure: { criteria: [{ code: 'A', name: 'Argument', maxScore: 8 }] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().translations).toEqual({ es: { criteria: [{ code: 'A', name: 'Argumento' }] } });
  });

  it('refuses translations that do not fit the rubric with 400 {detail, code}, changing nothing', async () => {
    const ee = await defaultEe();
    const refusals: Array<[unknown, string]> = [
      [{ fr: { criteria: [{ code: 'F', name: 'x' }] } }, 'criterion F is not in the rubric'],
      [{ es: { criteria: [{ code: 'C', scoring_levels: [{ min: 1, max: 2, descriptor: 'x' }] }] } }, 'criterion C has no mark band 1–2'],
      [
        {
          fr: {
            criteria: [
              { code: 'A', name: 'x' },
              { code: 'A', name: 'y' },
            ],
          },
        },
        'criterion A is translated twice',
      ],
      [{ fr: { grade_boundaries: [{ grade: 'Z', description: 'x' }] } }, 'grade Z is not in the rubric'],
      [{ de: { title: 'Übersetzt' } }, 'de is not a language rubrics are translated into (fr, es)'],
    ];
    for (const [translations, problem] of refusals) {
      const res = await put(ee.id, { translations });
      expect([res.statusCode, res.json()]).toEqual([400, { detail: expect.stringContaining(problem), code: 'RUBRIC_TRANSLATION_INVALID' }]);
    }
    // Shapes the schema refuses: a band without its range, a criterion without its code, a list for a text.
    for (const translations of [
      { fr: { criteria: [{ code: 'A', scoring_levels: [{ descriptor: 'x' }] }] } },
      { fr: { criteria: [{ name: 'x' }] } },
      { es: { title: ['x', 'y'] } },
    ]) {
      const res = await put(ee.id, { translations });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const create = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics',
      payload: { ...body, translations: { es: { criteria: [{ code: 'C' }] } } },
    });
    expect([create.statusCode, create.json().code]).toEqual([400, 'RUBRIC_TRANSLATION_INVALID']);
    expect(await defaultEe()).toEqual(ee);
  });

  it('lets only a super_admin set translations: 401 anonymous, 403 for student, teacher and admin, nothing changed', async () => {
    const ee = await defaultEe();
    const payload = { translations: { fr: { title: 'Piraté' } } };
    expect((await svc.as(null, { method: 'PUT', url: `/rubrics/${ee.id}`, payload })).statusCode).toBe(401);
    for (const role of ['student', 'teacher', 'admin'] as const) {
      const res = await put(ee.id, payload, role);
      expect([role, res.statusCode, res.json()]).toEqual([
        role,
        403,
        { detail: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' },
      ]);
      const create = await svc.as(role, {
        method: 'POST',
        url: '/rubrics',
        payload: { ...body, translations: { fr: { title: 'Piraté' } } },
      });
      expect([role, create.statusCode]).toEqual([role, 403]);
    }
    expect(await defaultEe()).toEqual(ee);
    expect((await read('student', `/rubrics/${ee.id}`, 'fr')).title).toBe('Mémoire — barème Corestone par défaut (34 points)');
  });
});
