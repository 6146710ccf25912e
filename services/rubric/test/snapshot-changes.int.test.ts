/**
 * The rubric service's side of evaluation's snapshot cache (src/peers/snapshot-changes.ts): a
 * caller keeps `rpc.rubric.get_snapshot`'s answers in an EventFedCache fed by the RUBRIC stream,
 * as evaluation does, and every write that changes a snapshot — edit, status change, delete, the
 * seeds at start-up — has put `rubric.changed.v1` in the stream by the time it is answered, so the
 * caller's next read loads the change. Writes that change no snapshot announce nothing. Real
 * Postgres and NATS; no timing assertions.
 */
import { Rpc, streamName, type Rubric, type RpcResponse } from '@corestone/contracts';
import { EventFedCache, callRpc } from '@corestone/service-kit';
import { announcedBeforeReturning } from '../src/peers/snapshot-changes';
import { startRubricService, type RubricService } from './harness';

type Answer = RpcResponse<typeof Rpc.rubricGetSnapshot>;

let svc: RubricService;
let reader: EventFedCache<Answer>;
beforeAll(async () => {
  svc = await startRubricService('rubsc');
  reader = new EventFedCache<Answer>(svc.infra.bus, svc.app.log, {
    streams: ['rubric'],
    keyField: 'rubric_id',
    label: 'test snapshot cache',
    fallback: 'asking rubric',
  });
  await reader.start();
  await reader.whenCurrent();
});
afterAll(async () => {
  reader?.stop();
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

it('seeding at start-up (after the migrations) drops every kept snapshot', async () => {
  const all = (await svc.as('super_admin', { url: '/rubrics/' })).json() as Rubric[];
  for (const r of all) await snapshot(r.id);
  const before = loads;
  await announcedBeforeReturning(() => svc.store.seedDefaults()); // as start.ts runs it
  for (const r of all) await snapshot(r.id);
  expect(loads).toBe(before + all.length);
});

/** The RUBRIC stream's last sequence: how many events rubric has published. */
const published = async () => (await svc.infra.bus.jsm.streams.info(streamName(svc.infra.bus.prefix, 'rubric'))).state.last_seq;

it('announces each change once, in the stream before the answer; a new rubric or a refused write announce nothing', async () => {
  let before = await published();
  const rubric = await create('Announced');
  expect((await put(rubric.id, { title: '' })).statusCode).toBe(400);
  expect((await svc.as('super_admin', { method: 'DELETE', url: '/rubrics/00000000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
  expect(await published()).toBe(before);

  expect((await put(rubric.id, { title: 'Announced, renamed' })).statusCode).toBe(200);
  expect(await published()).toBe(before + 1);
  before = await published();
  expect((await svc.as('super_admin', { method: 'DELETE', url: `/rubrics/${rubric.id}` })).statusCode).toBe(200);
  expect(await published()).toBe(before + 1);
});
