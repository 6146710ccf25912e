import { Rpc } from '@corestone/contracts';
import { callRpc } from '@corestone/service-kit';
import { startRubricService, type RubricService } from './harness';

/** `rpc.rubric.counts`: the admin dashboard's "Active Rubrics" (evaluation asks it for GET /dashboard/stats). */
let svc: RubricService;
beforeAll(async () => {
  svc = await startRubricService('rbc');
});
afterAll(async () => {
  await svc?.close();
});

it('counts rubrics by status, following creations and status changes', async () => {
  const ask = () => callRpc(svc.infra.bus!, Rpc.rubricCounts, {});
  const seeded = await ask();
  const all = (await svc.as('super_admin', { url: '/rubrics/' })).json() as Array<{ status: string }>;
  expect(seeded).toEqual({
    active: all.filter((r) => r.status === 'active').length,
    draft: all.filter((r) => r.status === 'draft').length,
    deprecated: all.filter((r) => r.status === 'deprecated').length,
  });
  expect(seeded.active).toBeGreaterThanOrEqual(5);

  const created = await svc.as('super_admin', {
    method: 'POST',
    url: '/rubrics',
    payload: {
      title: 'Counted',
      description: 'x',
      rubric_type: 'ee',
      status: 'draft',
      scoring_structure: { criteria: [{ code: 'A', name: 'All', maxScore: 10 }] },
    },
  });
  expect(created.statusCode).toBe(201);
  expect(await ask()).toEqual({ ...seeded, draft: seeded.draft + 1 });
  await svc.as('super_admin', { method: 'PUT', url: `/rubrics/${created.json().id}`, payload: { status: 'active' } });
  expect(await ask()).toEqual({ ...seeded, active: seeded.active + 1 });
  await svc.as('super_admin', { method: 'PUT', url: `/rubrics/${created.json().id}`, payload: { status: 'deprecated' } });
  expect(await ask()).toEqual({ ...seeded, deprecated: seeded.deprecated + 1 });
});
