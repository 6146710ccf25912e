/**
 * Issue 36: `rpc.rubric.texts`, what evaluation shows stored results in a reader's language with:
 * the rubric's current English texts and its translations, whatever its status; null for a deleted,
 * unknown or malformed id. The snapshot graders get stays English (translations.int.test.ts).
 */
import { Rpc, type Rubric } from '@corestone/contracts';
import { callRpc, newId } from '@corestone/service-kit';
import { startRubricService, type RubricService } from './harness';

let svc: RubricService;
beforeAll(async () => {
  svc = await startRubricService('rubtx');
});
afterAll(async () => {
  await svc?.close();
});

const texts = (rubric_id: string) => callRpc(svc.infra.bus, Rpc.rubricTexts, { rubric_id });

describe('rpc.rubric.texts', () => {
  it('answers a seeded default’s English texts with its French and Spanish translations', async () => {
    const all: Rubric[] = (await svc.as('super_admin', { url: '/rubrics?rubric_type=ee' })).json();
    const ee = all.find((r) => r.title === 'Extended Essay — Corestone default (34 points)')!;
    const { rubric } = await texts(ee.id);
    expect(rubric).toMatchObject({ id: ee.id, version: ee.version, title: ee.title, scoring_structure: ee.scoring_structure });
    expect(rubric!.translations.fr!.criteria!.find((c) => c.code === 'A')!.name).toBe('Orientation et méthode');
    expect(rubric!.translations.es!.criteria).toHaveLength(5);
  });

  it('answers a draft rubric too, and null once it is deleted', async () => {
    const created = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics',
      payload: {
        title: 'Texts in a test',
        description: 'One criterion',
        rubric_type: 'tok',
        status: 'draft',
        scoring_structure: { criteria: [{ code: 'A', name: 'Argument', maxScore: 10 }] },
        translations: { fr: { criteria: [{ code: 'A', name: 'Argumentation' }] } },
      },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Rubric).id;
    const { rubric } = await texts(id);
    expect(rubric!.scoring_structure.criteria[0].name).toBe('Argument');
    expect(rubric!.translations).toEqual({ fr: { criteria: [{ code: 'A', name: 'Argumentation' }] } });

    expect((await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${id}` })).statusCode).toBe(200);
    expect(await texts(id)).toEqual({ rubric: null });
    expect(await texts(newId())).toEqual({ rubric: null });
    expect(await texts('not-a-uuid')).toEqual({ rubric: null });
  });
});
