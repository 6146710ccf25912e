import { Rpc } from '@corestone/contracts';
import { Lifecycle, callRpc, loadConfig, newId, openInfra } from '@corestone/service-kit';
import { createTestRun, createTestTokens } from '../../../packages/service-kit/src/testing';
import { RubricConfig } from '../src/config';
import { migrations } from '../src/store/migrations';
import { buildApp } from '../src/app';
import { serveRubricRpc } from '../src/events/rpc';

const run = createTestRun('rub');
const lifecycle = new Lifecycle();
let ctx: Awaited<ReturnType<typeof setup>>;

async function setup() {
  const config = loadConfig(RubricConfig, run.env);
  const infra = await openInfra('rubric', config, lifecycle, { migrations, bus: true });
  const tokens = await createTestTokens();
  const { app, store } = buildApp({ config, infra: { ...infra, db: infra.db! }, verify: tokens.verify });
  await store.seedDefaults();
  await store.seedDefaults(); // idempotent
  const subs = serveRubricRpc(infra.bus!, store, app.log);
  lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
  const token = await tokens.sign(newId(), 'student');
  return { app, infra, token };
}

beforeAll(async () => {
  ctx = await setup();
});
afterAll(async () => {
  await ctx.app.close();
  await lifecycle.close();
  await run.cleanup();
});

it('lists the seeded default rubrics by type with the spec totals', async () => {
  const auth = { authorization: `Bearer ${ctx.token}` };
  const ee = (await ctx.app.inject({ url: '/rubrics/active?rubric_type=ee', headers: auth })).json();
  expect(ee).toHaveLength(1);
  expect(ee[0].scoring_structure.total_points).toBe(34);
  expect(ee[0].scoring_structure.criteria.map((c: { code: string; maxScore: number }) => `${c.code}${c.maxScore}`)).toEqual([
    'A6', 'B6', 'C12', 'D4', 'E6',
  ]);
  const tok = (await ctx.app.inject({ url: '/rubrics/active?rubric_type=tok', headers: auth })).json();
  expect(tok[0].scoring_structure.total_points).toBe(10);
  const all = (await ctx.app.inject({ url: '/rubrics/active', headers: auth })).json();
  expect(all).toHaveLength(2);
});

it('refuses anonymous callers and bad input with the envelope', async () => {
  expect((await ctx.app.inject({ url: '/rubrics/active' })).statusCode).toBe(401);
  const bad = await ctx.app.inject({ url: '/rubrics/active?rubric_type=xx', headers: { authorization: `Bearer ${ctx.token}` } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().code).toBe('VALIDATION_ERROR');
  const missing = await ctx.app.inject({ url: `/rubrics/${newId()}`, headers: { authorization: `Bearer ${ctx.token}` } });
  expect(missing.json()).toEqual({ detail: 'Rubric not found', code: 'RUBRIC_NOT_FOUND' });
  expect((await ctx.app.inject({ url: '/rubrics/not-a-uuid', headers: { authorization: `Bearer ${ctx.token}` } })).statusCode).toBe(404);
});

it('answers snapshot requests over NATS', async () => {
  const list = (await ctx.app.inject({ url: '/rubrics/active?rubric_type=tok', headers: { authorization: `Bearer ${ctx.token}` } })).json();
  const { rubric } = await callRpc(ctx.infra.bus!, Rpc.rubricGetSnapshot, { rubric_id: list[0].id });
  expect(rubric).toMatchObject({ id: list[0].id, rubric_type: 'tok' });
  await expect(callRpc(ctx.infra.bus!, Rpc.rubricGetSnapshot, { rubric_id: newId() })).rejects.toMatchObject({ statusCode: 404 });
});
