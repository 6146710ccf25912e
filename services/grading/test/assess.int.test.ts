import fs from 'node:fs';
import path from 'node:path';
import type { Subscription } from '@nats-io/transport-node';
import { Value } from '@sinclair/typebox/value';
import { AssessmentFallbackReasons, Results, Rpc } from '@corestone/contracts';
import { HttpError, callRpc, loadConfig, newId, serveRpc, type Bus } from '@corestone/service-kit';
import { createTestRun } from '@corestone/service-kit/testing';
import { FakeOpenAI } from '../../../tests/support/fake-openai';
import { GradingConfig } from '../src/config';
import { startService, type GradingRunning } from '../src/start';
import { job } from './rubrics';
import { replyFor } from './replies';
import { gradingEventsFor } from './events';

/**
 * rpc.grading.assess (the admin Quick Assessment) on the real NATS: the admin's own key is asked of
 * users (a stand-in here, answering rpc.users.get_api_key) and used by the OpenAI grader against the
 * fake model server; without a key the configured grader (builtin) grades. Nothing is published.
 */
const run = createTestRun('grdas');
const fake = new FakeOpenAI();
const EE_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-good.txt'), 'utf8');
const ADMIN_WITH_KEY = newId();
const ADMIN_WITHOUT_KEY = newId();
const keys = new Map<string, string>([[ADMIN_WITH_KEY, 'sk-admin-own-key-1234']]);
let service: GradingRunning | undefined;
let bus: Bus;
let usersStandIn: Subscription | null = null;
const keyLookups: string[] = [];

const startUsers = () => {
  usersStandIn = serveRpc(
    bus,
    Rpc.usersGetApiKey,
    async ({ user_id }) => {
      keyLookups.push(user_id);
      return { api_key: keys.get(user_id) ?? null };
    },
    service!.app.log,
  );
};

beforeAll(async () => {
  await fake.start();
  const config = loadConfig(GradingConfig, {
    ...run.env,
    GRADER: 'builtin', // the platform grades with the built-in grader; only an admin's own key reaches the model
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL: 'gpt-test',
    OPENAI_MAX_RETRIES: '0',
  });
  service = await startService(config);
  bus = service.infra.bus;
  startUsers();
});
afterAll(async () => {
  usersStandIn?.unsubscribe();
  await service?.stop();
  await fake.stop();
  await run.cleanup();
});
beforeEach(() => {
  fake.reset();
  keyLookups.length = 0;
});

const assess = (request: Parameters<typeof callRpc<typeof Rpc.gradingAssess>>[2]) =>
  callRpc(bus, Rpc.gradingAssess, request, { timeoutMs: 20_000 });

it("grades with the OpenAI grader and the admin's own key when one is set, and publishes nothing", async () => {
  fake.reply({ content: JSON.stringify(replyFor([5, 5, 10, 3, 5])) });
  const j = job(EE_GOOD, { evaluation_id: newId(), user_id: ADMIN_WITH_KEY });
  const answer = await assess({ job: j, key_owner: ADMIN_WITH_KEY, budget_ms: 10_000 });
  expect(keyLookups).toEqual([ADMIN_WITH_KEY]);
  expect(fake.requests).toHaveLength(1);
  expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-admin-own-key-1234');
  expect(fake.requests[0]!.body.model).toBe('gpt-test');
  expect(answer).toMatchObject({ grader: 'openai', own_key: true });
  expect(answer.results).toMatchObject({ grader: 'openai', model: 'gpt-test', totalPoints: 28, maxPoints: 34 });
  expect(Value.Check(Results, answer.results)).toBe(true);
  expect(answer.processing_ms).toBeGreaterThanOrEqual(0);
  expect(await gradingEventsFor(bus, j.evaluation_id)).toEqual([]);
});

it('grades with the configured grader when the admin has no key (the model is not called)', async () => {
  const j = job(EE_GOOD, { evaluation_id: newId(), user_id: ADMIN_WITHOUT_KEY });
  const answer = await assess({ job: j, key_owner: ADMIN_WITHOUT_KEY });
  expect(keyLookups).toEqual([ADMIN_WITHOUT_KEY]);
  expect(fake.requests).toHaveLength(0);
  expect(answer).toMatchObject({ grader: 'builtin', own_key: false });
  expect(answer.results.criteria.map((c) => c.code)).toEqual(['A', 'B', 'C', 'D', 'E']);
  expect(await gradingEventsFor(bus, j.evaluation_id)).toEqual([]);
});

it("caps the model's budget at the caller's budget_ms: a late model gives the fallback result in time", async () => {
  fake.always({ delayMs: 5000, content: JSON.stringify(replyFor([6, 6, 12, 4, 6])) });
  const answer = await assess({ job: job(EE_GOOD, { evaluation_id: newId() }), key_owner: ADMIN_WITH_KEY, budget_ms: 400 });
  expect(answer).toMatchObject({ grader: 'builtin-fallback', own_key: true });
  expect(answer.results.fallbackReason).toBe(AssessmentFallbackReasons.TIMEOUT);
  expect(answer.processing_ms).toBeLessThan(5000);
});

it('answers an ungradable job with 400 UNGRADABLE_JOB, and 503 while users does not answer about the key', async () => {
  const empty = assess({ job: job('   ', { evaluation_id: newId() }), key_owner: ADMIN_WITHOUT_KEY });
  await expect(empty).rejects.toMatchObject({ statusCode: 400, code: 'UNGRADABLE_JOB' });
  usersStandIn!.unsubscribe();
  await bus.nc.flush();
  try {
    const err = await assess({ job: job(EE_GOOD, { evaluation_id: newId() }), key_owner: ADMIN_WITH_KEY }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(fake.requests).toHaveLength(0);
  } finally {
    startUsers();
  }
});
