import { Events, Rpc, type Rubric, type Role } from '@corestone/contracts';
import { callRpc, newId, publishEvent } from '@corestone/service-kit';
import { ROLES, eventually, startRubricService, type RubricService } from './harness';

let svc: RubricService;
beforeAll(async () => {
  svc = await startRubricService('rub');
});
afterAll(async () => {
  await svc?.close();
});

const SEED_TITLES = [
  'Extended Essay — Corestone default (34 points)',
  'Extended Essay — IB criteria from 2027 (30 marks)',
  'Theory of Knowledge essay — IB holistic (10 marks)',
  'TOK — Corestone default (10 points)',
  'Generic (30 points)',
];

const scheme = (r: Rubric) => r.scoring_structure.criteria.map((c) => `${c.code} ${c.name} ${c.maxScore}`);
const byTitle = (list: Rubric[], title: string) => list.filter((r) => r.title === title);

async function list(role: Role = 'super_admin', query = ''): Promise<Rubric[]> {
  const res = await svc.as(role, { url: `/rubrics/${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function create(body: Record<string, unknown>): Promise<Rubric> {
  const res = await svc.as('super_admin', { method: 'POST', url: '/rubrics', payload: body });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const simple = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'A rubric made in a test',
  rubric_type: 'ee',
  scoring_structure: {
    criteria: [
      { code: 'A', name: 'Argument', maxScore: 10 },
      { code: 'B', name: 'Evidence', maxScore: 10 },
    ],
  },
  ...extra,
});

describe('seeded rubrics', () => {
  it('are the five with the exact titles, schemes, descriptors and grade boundaries', async () => {
    const all = await list();
    expect(new Set(all.map((r) => r.title))).toEqual(new Set(SEED_TITLES));
    const [corestoneEe] = byTitle(all, SEED_TITLES[0]);
    expect(scheme(corestoneEe)).toEqual([
      'A Focus and Method 6',
      'B Knowledge and Understanding 6',
      'C Critical Thinking 12',
      'D Presentation 4',
      'E Engagement 6',
    ]);
    expect(corestoneEe.scoring_structure.total_points).toBe(34);
    expect(
      corestoneEe.scoring_structure.grade_boundaries.map((b) => `${b.grade} ${b.min_percentage}-${b.max_percentage} ${b.description}`),
    ).toEqual(['A 80-100 Excellent', 'B 70-79 Good', 'C 60-69 Satisfactory', 'D 50-59 Mediocre', 'E 0-49 Elementary']);
    const [ib] = byTitle(all, SEED_TITLES[1]);
    expect(scheme(ib)).toEqual([
      'A Framework for the essay 6',
      'B Knowledge and understanding 6',
      'C Analysis and line of argument 6',
      'D Discussion and evaluation 8',
      'E Reflection 4',
    ]);
    expect(ib.scoring_structure.total_points).toBe(30);
    const [holistic] = byTitle(all, SEED_TITLES[2]);
    expect(holistic.rubric_type).toBe('tok');
    expect(holistic.scoring_structure.criteria).toHaveLength(1);
    expect(holistic.scoring_structure.criteria[0].maxScore).toBe(10);
    expect(holistic.scoring_structure.criteria[0].scoring_levels?.map((l) => `${l.min}-${l.max}`)).toEqual([
      '0-0',
      '1-2',
      '3-4',
      '5-6',
      '7-8',
      '9-10',
    ]);
    const [tok] = byTitle(all, SEED_TITLES[3]);
    expect(scheme(tok)).toEqual(['A Understanding Knowledge Questions 5', 'B Quality of Analysis 5']);
    const generics = byTitle(all, SEED_TITLES[4]);
    expect(generics.map((g) => g.rubric_type).sort()).toEqual(['ee', 'tok']);
    expect(scheme(generics[0])).toEqual(['A Content 15', 'B Structure 15']);
    for (const r of all) {
      expect(r).toMatchObject({ status: 'active', is_active: true, version: 1, submission_count: 0 });
      for (const c of r.scoring_structure.criteria) {
        // Every mark from 0 to the maximum is described by exactly one band with a real descriptor.
        const covered = (c.scoring_levels ?? []).flatMap((l) => Array.from({ length: l.max - l.min + 1 }, (_, i) => l.min + i));
        expect(covered).toEqual(Array.from({ length: c.maxScore + 1 }, (_, i) => i));
        for (const l of c.scoring_levels ?? []) expect(l.descriptor.length).toBeGreaterThan(40);
      }
      expect(r.criteria_text).toContain(`Criterion ${r.scoring_structure.criteria[0].code}: ${r.scoring_structure.criteria[0].name}`);
    }
  });

  it('make the Corestone schemes the default of each type, listed first among the active ones', async () => {
    const ee = (await svc.as('student', { url: '/rubrics/active?rubric_type=ee' })).json() as Rubric[];
    expect(ee.map((r) => [r.title, r.is_default])).toEqual([
      [SEED_TITLES[0], true],
      [SEED_TITLES[1], false],
      [SEED_TITLES[4], false],
    ]);
    const tok = (await svc.as('teacher', { url: '/rubrics/active?rubric_type=tok' })).json() as Rubric[];
    expect(tok[0]).toMatchObject({ title: SEED_TITLES[3], is_default: true });
    expect(tok.map((r) => r.title).sort()).toEqual([SEED_TITLES[2], SEED_TITLES[3], SEED_TITLES[4]].sort());
  });

  it('seeding again changes nothing', async () => {
    const before = await list();
    await svc.store.seedDefaults();
    expect(await list()).toEqual(before);
  });
});

describe('role matrix', () => {
  const someId = newId();
  const management: Array<[string, string, unknown]> = [
    ['GET', '/rubrics/', undefined],
    ['GET', '/rubrics', undefined],
    ['POST', '/rubrics', simple('x')],
    ['PUT', `/rubrics/${someId}`, { title: 'x' }],
    ['DELETE', `/rubrics/${someId}`, undefined],
    ['POST', `/rubrics/${someId}/make-default`, undefined],
    ['GET', `/rubrics/${someId}/usage-stats`, undefined],
    ['POST', '/rubrics/validate-criteria', { criteria_text: 'Criterion A: X (6 marks)' }],
    ['POST', '/rubrics/validate-scoring', { scoring_structure: { criteria: [] } }],
    ['GET', '/rubrics/default-scoring/ee', undefined],
    ['POST', '/rubrics/process-file', undefined],
    ['POST', '/rubrics/create-from-file', undefined],
    ['POST', '/rubrics/generate-ai-rubric', undefined],
    ['POST', '/rubrics/create-from-ai-structure?rubric_type=ee', { criteria: [] }],
  ];

  // Every row has three entries: jest would take a third parameter missing from a row for `done`.
  it.each(management)('%s %s: 401 anonymous, 403 for student, teacher and admin', async (method, url, payload) => {
    const request = { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) };
    const anonymous = await svc.as(null, request);
    expect([anonymous.statusCode, anonymous.body]).toEqual([401, expect.any(String)]);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const role of ['student', 'teacher', 'admin'] as const) {
      const res = await svc.as(role, request);
      expect([role, res.statusCode, res.json()]).toEqual([
        role,
        403,
        { detail: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' },
      ]);
    }
  });

  it('lets every signed-in role read active rubrics, and only super_admin a draft one', async () => {
    const draft = await create(simple('Draft for roles', { status: 'draft' }));
    const [active] = await list('super_admin', '?rubric_type=tok&status=active');
    for (const role of ROLES) {
      expect((await svc.as(role, { url: `/rubrics/${active.id}` })).statusCode).toBe(200);
      expect((await svc.as(role, { url: '/rubrics/active' })).statusCode).toBe(200);
      const draftRead = await svc.as(role, { url: `/rubrics/${draft.id}` });
      expect([role, draftRead.statusCode]).toEqual([role, role === 'super_admin' ? 200 : 404]);
    }
    expect((await svc.as(null, { url: `/rubrics/${active.id}` })).statusCode).toBe(401);
    expect((await svc.as(null, { url: '/rubrics/active' })).statusCode).toBe(401);
  });
});

describe('managing rubrics', () => {
  it('creates from a scoring structure, deriving weights and total, active by default', async () => {
    const r = await create(simple('Two criteria'));
    expect(r).toMatchObject({ title: 'Two criteria', status: 'active', version: 1, is_default: false, submission_count: 0 });
    expect(r.scoring_structure).toMatchObject({ total_points: 20, scoring_method: 'weighted_sum', pass_threshold: 50 });
    expect(r.scoring_structure.criteria.map((c) => c.weight)).toEqual([0.5, 0.5]);
    expect(r.criteria_text).toBe('Criterion A: Argument (10 marks)\n\nCriterion B: Evidence (10 marks)');
    expect((await svc.as('super_admin', { url: `/rubrics/${r.id}` })).json()).toEqual(r);
  });

  it('creates from criteria text, reading marks and descriptors', async () => {
    const r = await create({
      title: 'From text',
      rubric_type: 'tok',
      criteria_text:
        'Criterion A: Knowledge questions (5 marks)\n0: Nothing relevant.\n1–3: Some questions.\n4–5: Sharp questions.\n\nCriterion B: Analysis (5 marks)',
    });
    expect(r.scoring_structure.criteria).toEqual([
      {
        code: 'A',
        name: 'Knowledge questions',
        maxScore: 5,
        weight: 0.5,
        scoring_levels: [
          { min: 0, max: 0, descriptor: 'Nothing relevant.' },
          { min: 1, max: 3, descriptor: 'Some questions.' },
          { min: 4, max: 5, descriptor: 'Sharp questions.' },
        ],
      },
      { code: 'B', name: 'Analysis', maxScore: 5, weight: 0.5 },
    ]);
  });

  it('refuses bad input with the envelope, never a 500', async () => {
    const post = (payload: unknown) => svc.as('super_admin', { method: 'POST', url: '/rubrics', payload: payload as object });
    expect((await post({ ...simple('x'), title: '   ' })).json()).toEqual({ detail: 'Title is required', code: 'VALIDATION_ERROR' });
    expect((await post({ title: 'No criteria', rubric_type: 'ee' })).json()).toEqual({
      detail: 'Please process a file first before creating the rubric.',
      code: 'RUBRIC_NO_CRITERIA',
    });
    const noneInText = await post({ title: 'x', rubric_type: 'ee', criteria_text: 'just some words' });
    expect(noneInText.statusCode).toBe(400);
    expect(noneInText.json().code).toBe('RUBRIC_NO_CRITERIA');
    const badScoring = await post(
      simple('x', {
        scoring_structure: {
          criteria: [
            { code: 'A', name: 'One', maxScore: 0 },
            { code: 'A', name: 'Two', maxScore: 5, scoring_levels: [{ min: 0, max: 9, descriptor: 'Too high' }] },
          ],
          grade_boundaries: [{ grade: 'A', min_percentage: 50, max_percentage: 100, description: 'Pass' }],
        },
      }),
    );
    expect(badScoring.statusCode).toBe(400);
    expect(badScoring.json().code).toBe('RUBRIC_INVALID_SCORING');
    expect(badScoring.json().detail).toBe(
      'The scoring structure is invalid: Criterion A: maxScore must be greater than 0; Criterion code A is used more than once; Criterion A: the level 0–9 lies outside 0–5; No grade covers 0–50%',
    );
    expect((await post({ ...simple('x'), rubric_type: 'ib' })).statusCode).toBe(400);
    expect((await post({ ...simple('x'), status: 'archived' })).statusCode).toBe(400);
    const malformed = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics',
      payload: '{"title": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toEqual(expect.any(String));
    const nul = await post({ ...simple('x'), title: 'bad\u0000title' });
    expect(nul.statusCode).toBe(400);
    expect((await svc.as('super_admin', { method: 'PUT', url: '/rubrics/not-a-uuid', payload: { title: 'x' } })).json()).toEqual({
      detail: 'Rubric not found',
      code: 'RUBRIC_NOT_FOUND',
    });
    expect((await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${newId()}` })).statusCode).toBe(404);
  });

  it('refuses criteria an admin could not tell apart and maxima that are not whole marks', async () => {
    const post = (criteria: object[]) =>
      svc.as('super_admin', { method: 'POST', url: '/rubrics', payload: simple('x', { scoring_structure: { criteria } }) });
    const sameName = await post([
      { code: 'A', name: 'Argument', maxScore: 5 },
      { code: 'B', name: ' argument ', maxScore: 5 },
    ]);
    expect(sameName.json()).toEqual({
      detail: 'The scoring structure is invalid: Criterion name argument is used more than once',
      code: 'RUBRIC_INVALID_SCORING',
    });
    for (const maxScore of [2.5, 101, 1e12]) {
      const res = await post([{ code: 'A', name: 'Argument', maxScore }]);
      expect([maxScore, res.statusCode, res.json().detail]).toEqual([
        maxScore,
        400,
        'The scoring structure is invalid: Criterion A: maxScore must be a whole number of marks from 1 to 100',
      ]);
    }
  });

  it('keeps the criteria text in step with a scoring structure changed after the file was read', async () => {
    const processedText =
      'Criterion A: Argument (6 marks)\n0–6: Argues.\n\nCriterion B: Evidence (4 marks)\n\nGuidance\n- Read it all first.';
    const structure = (bMax: number) => ({
      criteria: [
        { code: 'A', name: 'Argument', maxScore: 6, scoring_levels: [{ min: 0, max: 6, descriptor: 'Argues.' }] },
        { code: 'B', name: 'Evidence', maxScore: bMax },
      ],
    });
    // unchanged: the text is kept as sent
    const same = await create({ title: 'Same', rubric_type: 'ee', criteria_text: processedText, scoring_structure: structure(4) });
    expect(same.criteria_text).toBe(processedText);
    // B raised to 10 in the editor: the stored text says 10 too, and keeps the guidance
    const raised = await create({ title: 'Raised', rubric_type: 'ee', criteria_text: processedText, scoring_structure: structure(10) });
    expect(raised.criteria_text).toBe(
      'Criterion A: Argument (6 marks)\n0–6: Argues.\n\nCriterion B: Evidence (10 marks)\n\nGuidance\n- Read it all first.',
    );
    const put = await svc.as('super_admin', {
      method: 'PUT',
      url: `/rubrics/${same.id}`,
      payload: { criteria_text: processedText, scoring_structure: structure(8) },
    });
    expect(put.json().criteria_text).toContain('Criterion B: Evidence (8 marks)');
    expect(put.json().scoring_structure.total_points).toBe(14);
  });

  it('filters the list by type (rubric_type or type) and status', async () => {
    await create(simple('Deprecated one', { status: 'deprecated', rubric_type: 'tok' }));
    const tokDeprecated = await list('super_admin', '?type=tok&status=deprecated');
    expect(tokDeprecated.map((r) => r.title)).toEqual(['Deprecated one']);
    expect((await list('super_admin', '?rubric_type=ee')).every((r) => r.rubric_type === 'ee')).toBe(true);
    expect((await list('super_admin', '?status=draft')).every((r) => r.status === 'draft')).toBe(true);
    expect((await svc.as('super_admin', { url: '/rubrics/?status=retired' })).statusCode).toBe(400);
    const active = (await svc.as('student', { url: '/rubrics/active?rubric_type=tok' })).json() as Rubric[];
    expect(active.some((r) => r.title === 'Deprecated one')).toBe(false);
  });

  it('updates as a new version; changed criteria text is read again; the type never changes', async () => {
    const r = await create(simple('Versioned'));
    const put = (payload: object) => svc.as('super_admin', { method: 'PUT', url: `/rubrics/${r.id}`, payload });
    const v2 = (await put({ title: 'Versioned (edited)', description: 'new words', rubric_type: 'tok' })).json() as Rubric;
    expect(v2).toMatchObject({ title: 'Versioned (edited)', description: 'new words', version: 2, rubric_type: 'ee' });
    expect(v2.scoring_structure).toEqual(r.scoring_structure);
    const v3 = (await put({ criteria_text: 'Criterion A: Argument (12 marks)\nCriterion B: Evidence (8 marks)' })).json() as Rubric;
    expect(v3.version).toBe(3);
    expect(v3.scoring_structure.criteria.map((c) => [c.maxScore, c.weight])).toEqual([
      [12, 0.6],
      [8, 0.4],
    ]);
    expect(v3.scoring_structure.grade_boundaries).toEqual(r.scoring_structure.grade_boundaries);
    const v4 = (await put({ status: 'draft' })).json() as Rubric;
    expect(v4).toMatchObject({ status: 'draft', is_active: false, version: 4 });
    expect((await put({ title: '' })).json()).toEqual({ detail: 'Title is required', code: 'VALIDATION_ERROR' });
    expect((await put({ criteria_text: 'nothing here' })).json().code).toBe('RUBRIC_NO_CRITERIA');
  });

  it('lets a super_admin choose the default of a type; the default cannot be deleted or taken out of use', async () => {
    const draft = await create(simple('Future default', { status: 'draft' }));
    const make = (id: string) => svc.as('super_admin', { method: 'POST', url: `/rubrics/${id}/make-default` });
    expect((await make(draft.id)).json()).toEqual({
      detail: 'Only an active rubric can be the default for its essay type',
      code: 'RUBRIC_NOT_ACTIVE',
    });
    await svc.as('super_admin', { method: 'PUT', url: `/rubrics/${draft.id}`, payload: { status: 'active' } });
    const made = await make(draft.id);
    expect(made.json()).toMatchObject({ id: draft.id, is_default: true });
    const ee = (await svc.as('student', { url: '/rubrics/active?rubric_type=ee' })).json() as Rubric[];
    expect(ee[0].id).toBe(draft.id);
    expect(ee.filter((r) => r.is_default)).toHaveLength(1);
    const scoring = (await svc.as('super_admin', { url: '/rubrics/default-scoring/ee' })).json();
    expect(scoring).toEqual(made.json().scoring_structure);

    const refusedDelete = await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${draft.id}` });
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json()).toEqual({
      detail: 'This rubric is the default for its essay type. Make another rubric the default first.',
      code: 'RUBRIC_IS_DEFAULT',
    });
    const refusedDeprecate = await svc.as('super_admin', { method: 'PUT', url: `/rubrics/${draft.id}`, payload: { status: 'deprecated' } });
    expect(refusedDeprecate.json().code).toBe('RUBRIC_IS_DEFAULT');

    const seeded = (await list('super_admin', '?rubric_type=ee')).find((r) => r.title === SEED_TITLES[0])!;
    expect((await make(seeded.id)).statusCode).toBe(200);
    expect((await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${draft.id}` })).json()).toEqual({
      success: true,
      message: 'Rubric deleted successfully',
      id: draft.id,
    });
    expect((await svc.as('super_admin', { url: `/rubrics/${draft.id}` })).statusCode).toBe(404);
  });
});

describe('scoring helpers', () => {
  it('validate-scoring returns the structure as stored, with errors and warnings', async () => {
    const res = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics/validate-scoring',
      payload: {
        scoring_structure: {
          total_points: 30,
          criteria: [
            { code: 'A', name: 'Content', maxScore: 15, weight: 0.9, scoring_levels: [{ min: 1, max: 15, descriptor: 'Any' }] },
            { code: 'B', name: 'Structure', maxScore: 15, weight: 0.1 },
          ],
        },
      },
    });
    expect(res.json()).toMatchObject({
      valid: true,
      errors: [],
      total_points: 30,
      warnings: ['Criterion A: no level describes 0 marks', "Weights (summing to 1) were set to each criterion's share of the total"],
      scoring_structure: { total_points: 30, pass_threshold: 50, grade_boundaries: expect.any(Array) },
    });
    const invalid = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics/validate-scoring',
      payload: { scoring_structure: { criteria: [] } },
    });
    expect(invalid.json()).toMatchObject({ valid: false, errors: ['At least one criterion is required'] });
    expect((await svc.as('super_admin', { method: 'POST', url: '/rubrics/validate-scoring', payload: {} })).statusCode).toBe(400);
  });

  it('validate-criteria reads criteria text and says what is missing', async () => {
    const ok = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics/validate-criteria',
      payload: { criteria_text: 'Criterion A: Focus (6 marks)\n0: Not reached.\n1-6: Reached.\nCriterion B: Method' },
    });
    expect(ok.json()).toMatchObject({
      valid: false,
      total_points: 6,
      errors: ['Criterion B: maxScore must be greater than 0'],
      warnings: ['Criterion B: no marks found', 'Criterion B: no mark bands found'],
    });
    expect(ok.json().criteria.map((c: { code: string }) => c.code)).toEqual(['A', 'B']);
    const none = await svc.as('super_admin', { method: 'POST', url: '/rubrics/validate-criteria', payload: { criteria_text: 'hello' } });
    expect(none.json()).toMatchObject({ valid: false, criteria: [], total_points: 0 });
  });

  it('default-scoring answers each type and the generic 30-point scheme, and refuses others', async () => {
    const tok = (await svc.as('super_admin', { url: '/rubrics/default-scoring/tok' })).json();
    expect(tok.total_points).toBe(10);
    const generic = (await svc.as('super_admin', { url: '/rubrics/default-scoring/generic' })).json();
    expect(generic.criteria.map((c: { name: string; maxScore: number }) => `${c.name} ${c.maxScore}`)).toEqual([
      'Content 15',
      'Structure 15',
    ]);
    expect(generic.total_points).toBe(30);
    expect((await svc.as('super_admin', { url: '/rubrics/default-scoring/essay' })).statusCode).toBe(400);
  });
});

describe('usage from evaluation events, deletion and snapshots', () => {
  const submitted = (evaluationId: string, rubric: Rubric) => ({
    evaluation_id: evaluationId,
    user_id: newId(),
    essay_type: rubric.rubric_type,
    title: 'An essay',
    subject_area: 'History',
    text: 'To what extent did the printing press change Europe?',
    word_count: 9,
    rubric: { id: rubric.id, title: rubric.title, rubric_type: rubric.rubric_type, scoring_structure: rubric.scoring_structure },
  });

  it('counts each evaluation once, refuses deletion while one uses the rubric, and allows it after', async () => {
    const rubric = await create(simple('Used by essays'));
    const bus = svc.infra.bus!;
    const first = newId();
    const second = newId();
    const eventId = await publishEvent(bus, Events.evaluationSubmitted, submitted(first, rubric));
    await publishEvent(bus, Events.evaluationSubmitted, submitted(first, rubric), eventId); // redelivered: deduplicated
    await publishEvent(bus, Events.evaluationSubmitted, submitted(first, rubric)); // a retry of the same evaluation
    await publishEvent(bus, Events.evaluationSubmitted, submitted(second, rubric));

    const stats = () => svc.as('super_admin', { url: `/rubrics/${rubric.id}/usage-stats` }).then((r) => r.json());
    const used = await eventually(stats, (s) => s.submission_count === 2);
    expect(used).toMatchObject({
      rubric_id: rubric.id,
      evaluations_in_use: 2,
      completed_count: 0,
      average_percent: null,
      can_delete: false,
      version: 1,
      status: 'active',
      is_default: false,
    });

    // Scores are read against the snapshot's total (20): 15 → 75 %, then a regrade of the first to 12 → 60 %.
    const completed = (evaluation_id: string, overall_score: number) =>
      publishEvent(bus, Events.evaluationCompleted, { evaluation_id, user_id: newId(), overall_score, overall_grade: 'B' });
    await completed(first, 15);
    expect(await eventually(stats, (s) => s.completed_count === 1)).toMatchObject({ average_percent: 75 });
    await completed(second, 10);
    await completed(first, 12);
    expect(await eventually(stats, (s) => s.completed_count === 2 && s.average_percent === 55)).toMatchObject({ average_percent: 55 });
    expect(used.first_used_at).toEqual(expect.any(String));
    expect(((await svc.as('super_admin', { url: `/rubrics/${rubric.id}` })).json() as Rubric).submission_count).toBe(2);

    const refused = await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${rubric.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'This rubric is used by existing evaluations and cannot be deleted. Set its status to deprecated instead.',
      code: 'RUBRIC_IN_USE',
    });

    for (const evaluation_id of [first, second]) {
      await publishEvent(bus, Events.evaluationDeleted, { evaluation_id, user_id: newId(), rubric_id: rubric.id });
    }
    const freed = await eventually(stats, (s) => s.evaluations_in_use === 0);
    expect(freed).toMatchObject({ submission_count: 2, completed_count: 0, average_percent: null, can_delete: true });
    expect((await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${rubric.id}` })).statusCode).toBe(200);
  });

  it('counts a submission whose deletion arrived first, and keeps it free', async () => {
    const rubric = await create(simple('Out of order'));
    const evaluation = newId();
    await publishEvent(svc.infra.bus!, Events.evaluationDeleted, { evaluation_id: evaluation, user_id: newId(), rubric_id: rubric.id });
    await publishEvent(svc.infra.bus!, Events.evaluationSubmitted, submitted(evaluation, rubric));
    const stats = await eventually(
      () => svc.as('super_admin', { url: `/rubrics/${rubric.id}/usage-stats` }).then((r) => r.json()),
      // both events handled, in whichever order their consumers took them: counted, and not in use
      (s) => s.submission_count === 1 && s.evaluations_in_use === 0,
    );
    expect(stats).toMatchObject({ submission_count: 1, evaluations_in_use: 0, can_delete: true });
  });

  it('counts an evaluation once however often its evaluation.submitted is handled, also at the same time', async () => {
    const rubric = await create(simple('Redelivered'));
    const evaluation = newId();
    const handle = () => svc.usage.recordSubmission(evaluation, rubric.id, 20, new Date());
    const concurrent = await Promise.all(Array.from({ length: 8 }, handle));
    expect(concurrent.filter(Boolean)).toHaveLength(1);
    expect(await handle()).toBe(false); // a later redelivery
    expect(((await svc.as('super_admin', { url: `/rubrics/${rubric.id}` })).json() as Rubric).submission_count).toBe(1);
    const stats = await svc.as('super_admin', { url: `/rubrics/${rubric.id}/usage-stats` }).then((r) => r.json());
    expect(stats).toMatchObject({ submission_count: 1, evaluations_in_use: 1 });
  });

  it('counts the usage of a rubric id spelled other than Postgres prints it, but for no rubric', async () => {
    const rubric = await create(simple('Spelled otherwise'));
    expect(await svc.usage.recordSubmission(newId(), rubric.id.toUpperCase(), 20, new Date())).toBe(true);
    expect(await svc.usage.recordSubmission(newId(), 'not-a-uuid', 20, new Date())).toBe(true);
    expect(((await svc.as('super_admin', { url: `/rubrics/${rubric.id}` })).json() as Rubric).submission_count).toBe(0);
  });

  it('snapshots a rubric with its version and whether it is active; later edits leave a taken snapshot as it was', async () => {
    const rubric = await create(simple('Snapshotted'));
    const before = await callRpc(svc.infra.bus!, Rpc.rubricGetSnapshot, { rubric_id: rubric.id });
    expect(before).toEqual({
      is_active: true,
      rubric: { id: rubric.id, title: rubric.title, rubric_type: 'ee', scoring_structure: rubric.scoring_structure, version: 1 },
    });
    await svc.as('super_admin', {
      method: 'PUT',
      url: `/rubrics/${rubric.id}`,
      payload: { criteria_text: 'Criterion A: Argument (4 marks)', status: 'draft' },
    });
    const after = await callRpc(svc.infra.bus!, Rpc.rubricGetSnapshot, { rubric_id: rubric.id });
    expect(after).toMatchObject({ is_active: false, rubric: { version: 2, scoring_structure: { total_points: 4 } } });
    expect(before.rubric.scoring_structure.total_points).toBe(20);
    await expect(callRpc(svc.infra.bus!, Rpc.rubricGetSnapshot, { rubric_id: 'nope' })).rejects.toMatchObject({ statusCode: 404 });
  });
});
