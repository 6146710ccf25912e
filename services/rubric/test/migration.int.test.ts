import { openDatabase, newId, type Database } from '@corestone/service-kit';
import { DEFAULT_GRADE_BOUNDARIES } from '@corestone/contracts';
import { TEST_DATABASE_URL, createTestRun } from '@corestone/service-kit/testing';
import { migrations } from '../src/store/migrations';
import { RubricStore } from '../src/store/rubrics';
import { SEED_RUBRICS } from '../src/domain/seeds';

const run = createTestRun('rubm');
const schema = `${run.id}_rubric`;
let db: Database | null = null;

afterAll(async () => {
  await db?.close();
  await run.cleanup();
});

/** A database as the first version of the service left it: the two old seeds under their old titles. */
async function legacyDatabase(): Promise<string> {
  const old = await openDatabase({ url: TEST_DATABASE_URL, schema, migrations: migrations.slice(0, 1) });
  const structure = (criteria: Array<[string, string, number]>) => {
    const total = criteria.reduce((s, [, , m]) => s + m, 0);
    return JSON.stringify({
      total_points: total,
      criteria: criteria.map(([code, name, maxScore]) => ({ code, name, maxScore, weight: maxScore / total })),
      grade_boundaries: DEFAULT_GRADE_BOUNDARIES,
      scoring_method: 'weighted_sum',
      pass_threshold: 50,
    });
  };
  const insert = `INSERT INTO rubrics (id, default_key, title, description, rubric_type, criteria_text, scoring_structure) VALUES ($1, $2, $3, '', $4, '', $5)`;
  const ee = newId();
  await old.pool.query(insert, [
    ee,
    'default-ee',
    'IB Extended Essay (2027 criteria)',
    'ee',
    structure([
      ['A', 'Focus and Method', 6],
      ['B', 'Knowledge and Understanding', 6],
      ['C', 'Critical Thinking', 12],
      ['D', 'Presentation', 4],
      ['E', 'Engagement', 6],
    ]),
  ]);
  await old.pool.query(insert, [
    newId(),
    'default-tok',
    'IB Theory of Knowledge Essay',
    'tok',
    structure([
      ['A', 'Understanding Knowledge Questions', 5],
      ['B', 'Quality of Analysis', 5],
    ]),
  ]);
  await old.close();
  return ee;
}

it('renames the old seeded rubrics, brings them to the current seed text as a new version, and adds the new seeds', async () => {
  const oldEeId = await legacyDatabase();
  db = await openDatabase({ url: TEST_DATABASE_URL, schema, migrations });
  const renamed = await db.pool.query<{ title: string }>(`SELECT title FROM rubrics ORDER BY rubric_type`);
  expect(renamed.rows.map((r) => r.title)).toEqual([
    'Extended Essay — Corestone default (34 points)',
    'TOK — Corestone default (10 points)',
  ]);

  const store = new RubricStore(db.pool);
  await store.seedDefaults();
  const ee = (await store.get(oldEeId))!;
  expect(ee).toMatchObject({ title: 'Extended Essay — Corestone default (34 points)', version: 2, is_default: true, submission_count: 0 });
  expect(ee.scoring_structure.criteria.every((c) => (c.scoring_levels ?? []).length > 0)).toBe(true);
  expect(ee.criteria_text).toContain('Criterion C: Critical Thinking (12 marks)');
  const all = await store.list({});
  expect(all.map((r) => r.title).sort()).toEqual(
    [
      'Extended Essay — Corestone default (34 points)',
      'Extended Essay — IB criteria from 2027 (30 marks)',
      'Generic (30 points)',
      'Generic (30 points)',
      'TOK — Corestone default (10 points)',
      'Theory of Knowledge essay — IB holistic (10 marks)',
    ].sort(),
  );
  expect(all.some((r) => r.title.startsWith('IB Extended Essay'))).toBe(false);
});

it('leaves a seeded rubric an admin has edited as the admin left it', async () => {
  const store = new RubricStore(db!.pool);
  const tok = (await store.list({ rubric_type: 'tok' })).find((r) => r.title === 'TOK — Corestone default (10 points)')!;
  const edited = await store.update(tok.id, { title: 'Our TOK rubric' });
  await db!.pool.query(`UPDATE rubrics SET seed_revision = 0 WHERE id = $1`, [tok.id]); // as if the seed text were newer
  await store.seedDefaults();
  expect(await store.get(tok.id)).toEqual(edited);
});

it('gives seeded rows of an existing install the seed translations, only for untouched English texts, never over an admin’s', async () => {
  const store = new RubricStore(db!.pool);
  const seedOf = (key: string) => SEED_RUBRICS.find((s) => s.key === key)!;
  const idOf = async (key: string) =>
    (await db!.pool.query<{ id: string }>(`SELECT id FROM rubrics WHERE default_key = $1`, [key])).rows[0].id;
  const ee = await idOf('default-ee');
  const tok = await idOf('default-tok');
  // As an install left before translations: the EE default edited by an admin (title, criterion A's name), no translations;
  // the TOK default (its title edited above) with the admin's own French and no Spanish.
  await db!.pool.query(
    `UPDATE rubrics SET translations = '{}', edited = true, title = 'Our EE',
       scoring_structure = jsonb_set(scoring_structure, '{criteria,0,name}', '"Our focus"') WHERE id = $1`,
    [ee],
  );
  await db!.pool.query(`UPDATE rubrics SET translations = '{"fr": {"title": "Notre barème"}}' WHERE id = $1`, [tok]);
  const before = { ee: (await store.get(ee))!, tok: (await store.get(tok))! };

  await store.seedDefaults();
  const after = { ee: (await store.get(ee))!, tok: (await store.get(tok))! };
  for (const locale of ['fr', 'es'] as const) {
    const seeded = seedOf('default-ee').translations![locale]!;
    const t = after.ee.translations![locale]!;
    expect(t.title).toBeUndefined();
    expect(t.description).toBe(seeded.description);
    const { name, ...firstWithoutName } = seeded.criteria![0];
    expect(name).toBeDefined();
    expect(t.criteria![0]).toEqual(firstWithoutName);
    expect(t.criteria!.slice(1)).toEqual(seeded.criteria!.slice(1));
    expect(t.grade_boundaries).toEqual(seeded.grade_boundaries);
  }
  const { title, ...esWithoutTitle } = seedOf('default-tok').translations!.es!;
  expect(title).toBeDefined();
  expect(after.tok.translations).toEqual({ fr: { title: 'Notre barème' }, es: esWithoutTitle });
  // Neither text nor version changed: translations are not in the snapshot graders use.
  for (const key of ['ee', 'tok'] as const) {
    const { translations: _t, ...rest } = after[key];
    const { translations: _b, ...restBefore } = before[key];
    expect(rest).toEqual(restBefore);
  }
  // An admin's removal (an empty language) stays removed.
  await db!.pool.query(`UPDATE rubrics SET translations = '{"fr": {}, "es": {}}' WHERE id = $1`, [ee]);
  await store.seedDefaults();
  expect((await store.get(ee))!.translations).toEqual({ fr: {}, es: {} });
});
