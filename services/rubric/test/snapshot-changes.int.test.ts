/**
 * The rubric service's side of the snapshot cache (src/events/snapshot-cache.ts): a caller reads
 * `rpc.rubric.get_snapshot` through a GenerationCache in the RPC's namespace, as evaluation does,
 * and every write that changes a snapshot — edit, status change, delete, the seeds at start-up —
 * has dropped the rubric's entry by the time it is answered, so the caller's next read loads the
 * change. A write still succeeds while Redis is away. Real Postgres, NATS and Redis; no timing assertions.
 */
import { Rpc, type Rubric } from '@corestone/contracts';
import { GenerationCache, callRpc, rpcCacheNamespace } from '@corestone/service-kit';
import { startRubricService, type RubricService } from './harness';

let svc: RubricService;
let reader: GenerationCache;
beforeAll(async () => {
  svc = await startRubricService('rubsc');
  reader = new GenerationCache(svc.infra.redis, rpcCacheNamespace(svc.run.env.REDIS_PREFIX, Rpc.rubricGetSnapshot), 60);
});
afterAll(async () => {
  await svc?.close();
});

let loads = 0;
/** What evaluation does for each submission. */
const snapshot = (id: string) =>
  reader.get(id, () => {
    loads++;
    return callRpc(svc.infra.bus, Rpc.rubricGetSnapshot, { rubric_id: id });
  });

async function create(title: string): Promise<Rubric> {
  const res = await svc.as('super_admin', {
    method: 'POST',
    url: '/rubrics',
    payload: { title, rubric_type: 'ee', scoring_structure: { criteria: [{ code: 'A', name: 'Argument', maxScore: 10 }] } },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const put = (id: string, payload: Record<string, unknown>) => svc.as('super_admin', { method: 'PUT', url: `/rubrics/${id}`, payload });

it('a cached snapshot is read without asking rubric, until an edit or a status change drops it', async () => {
  const rubric = await create('Cached');
  expect(await snapshot(rubric.id)).toMatchObject({ is_active: true, rubric: { version: 1, title: 'Cached' } });
  const before = loads;
  expect(await snapshot(rubric.id)).toMatchObject({ rubric: { version: 1 } });
  expect(loads).toBe(before);

  expect((await put(rubric.id, { status: 'deprecated' })).statusCode).toBe(200);
  expect(await snapshot(rubric.id)).toMatchObject({ is_active: false, rubric: { version: 2 } });

  expect((await put(rubric.id, { status: 'active', title: 'Cached, renamed' })).statusCode).toBe(200);
  expect(await snapshot(rubric.id)).toMatchObject({ is_active: true, rubric: { version: 3, title: 'Cached, renamed' } });

  expect((await put(rubric.id, { criteria_text: 'Criterion A: Argument (4 marks)' })).statusCode).toBe(200);
  expect(await snapshot(rubric.id)).toMatchObject({ rubric: { version: 4, scoring_structure: { total_points: 4 } } });
});

it('a refused edit leaves the entry; a deleted rubric is not found at the next read', async () => {
  const rubric = await create('Deleted');
  await snapshot(rubric.id);
  const before = loads;
  expect((await put(rubric.id, { title: '' })).statusCode).toBe(400);
  await snapshot(rubric.id);
  expect(loads).toBe(before);

  expect((await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${rubric.id}` })).statusCode).toBe(200);
  await expect(snapshot(rubric.id)).rejects.toMatchObject({ statusCode: 404 });
});

it('seeding at start-up (after the migrations) drops every cached snapshot', async () => {
  const all = (await svc.as('super_admin', { url: '/rubrics/' })).json() as Rubric[];
  for (const r of all) await snapshot(r.id);
  const before = loads;
  await svc.store.seedDefaults();
  for (const r of all) await snapshot(r.id);
  expect(loads).toBe(before + all.length);
});

it('a write succeeds while Redis is away', async () => {
  const rubric = await create('No Redis');
  svc.infra.redis.destroy();
  try {
    const res = await put(rubric.id, { status: 'draft' });
    expect([res.statusCode, res.json().status]).toEqual([200, 'draft']);
  } finally {
    await svc.infra.redis.connect();
  }
});
