/**
 * The shared provider budget and its fair queue (issue 33 §1) on the real Redis: one token bucket
 * drawn from atomically by two workers, the fair order across schools (weights, caps), and the
 * places waiting requests are told. The worker's side (429s through the real SDK, queue places in
 * progress events): shared-budget-worker.int.test.ts.
 */
import { createClient } from 'redis';
import { createTestRun } from '@corestone/service-kit/testing';
import type { Redis } from '@corestone/service-kit';
import { Admission, type Permit } from '../src/app/admission';
import { FairBudgetStore, type BudgetLimits } from '../src/store/fair-budget';
import { estimatedStartMs, parseResetMs, tenantOf, holdAfter429Ms, readRateLimitHeaders } from '../src/domain/rate-limits';
import { until } from './events';
import { placeMoved } from '../src/messaging/worker';

const run = createTestRun('gbud');
const clients: Redis[] = [];
let endpoints = 0;

async function connect(): Promise<Redis> {
  const c = createClient({ url: run.env.REDIS_URL }) as unknown as Redis;
  await c.connect();
  clients.push(c);
  return c;
}

/** A store of a fresh endpoint (its own keys) on its own Redis connection. */
async function storeFor(endpoint: string, limits: Omit<BudgetLimits, 'ceiling'> & { ceiling?: boolean }): Promise<FairBudgetStore> {
  return new FairBudgetStore(await connect(), run.env.REDIS_PREFIX, endpoint, { ceiling: true, ...limits });
}

const endpoint = () => `ep${++endpoints}`;
/** Ten minutes: the bucket refills too slowly to matter during a test. */
const SLOW = { windowMs: 600_000 };

afterAll(async () => {
  for (const c of clients) await c.quit();
  await run.cleanup();
});

describe('one token bucket for every worker', () => {
  it('two workers drawing at once never take more than the bucket holds', async () => {
    const ep = endpoint();
    const limits = { tokensPerWindow: 100_000, requestsPerWindow: 1_000, ...SLOW };
    const stores = [await storeFor(ep, limits), await storeFor(ep, limits)];
    const admissions = stores.map(
      (store) =>
        new Admission({ store, tenantTerms: () => ({ weight: 1, cap: 0 }), pollMs: 5, placeEveryMs: 60_000, default429HoldMs: 1000 }),
    );
    const granted: string[] = [];
    // 2 workers × 20 requests of 10,000 tokens, all at once, each worker's from its own school
    for (const [w, admission] of admissions.entries()) {
      for (let i = 0; i < 20; i++) {
        const id = `w${w}-r${i}`;
        void admission.admit({ id, tenant: `school:s${w}`, tokens: 10_000 }).then(
          () => granted.push(id),
          () => undefined,
        );
      }
    }
    await until(
      async () => granted.length,
      (n) => n >= 10,
      'ten grants',
    );
    // The bucket is spent: the next request needs ~60 s of refill, and both workers keep asking.
    const answer = await stores[0].admit('someone');
    expect(answer).toMatchObject({ kind: 'wait' });
    expect((answer as { ms: number }).ms).toBeGreaterThan(30_000);
    expect(granted).toHaveLength(10);
    expect(admissions[0].queued + admissions[1].queued).toBe(30);
    // both workers were served from the one bucket
    expect(new Set(granted.map((id) => id.slice(0, 2))).size).toBe(2);
    await Promise.all(admissions.map((a) => a.stop()));
  });

  it('concurrent ADMIT calls from two connections grant each queued request once', async () => {
    const ep = endpoint();
    const limits = { tokensPerWindow: 1_000_000, requestsPerWindow: 25, ...SLOW };
    const [a, b] = [await storeFor(ep, limits), await storeFor(ep, limits)];
    await a.alive('h', 60_000);
    for (let i = 0; i < 40; i++) await a.enqueue('h', { id: `r${i}`, tenant: `user:u${i % 4}`, tokens: 1_000, weight: 1, cap: 0 });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).admit('h')));
    const ids = answers.flatMap((x) => (x.kind === 'granted' ? [x.id] : []));
    expect(ids).toHaveLength(25); // the requests-per-window bucket: 25
    expect(new Set(ids).size).toBe(25);
  });

  it('a 429 empties the bucket, holds it until the provider resets, and shrinks it; limits are learnt from the headers', async () => {
    const store = await storeFor(endpoint(), { tokensPerWindow: 500_000, requestsPerWindow: 500, windowMs: 60_000 });
    await store.alive('h', 60_000);
    await store.enqueue('h', { id: 'x', tenant: 'user:u', tokens: 10_000, weight: 1, cap: 0 });
    const headers = new Headers({
      'x-ratelimit-limit-tokens': '200000',
      'x-ratelimit-remaining-tokens': '0',
      'x-ratelimit-reset-tokens': '7.5s',
      'x-ratelimit-limit-requests': '500',
      'x-ratelimit-remaining-requests': '499',
      'x-ratelimit-reset-requests': '120ms',
    });
    const snap = readRateLimitHeaders(headers);
    expect(snap).toEqual({
      limitTokens: 200_000,
      limitRequests: 500,
      remainingTokens: 0,
      remainingRequests: 499,
      resetTokensMs: 7_500,
      resetRequestsMs: 120,
    });
    // until the provider has refilled the 10,000 tokens the request lacked (200,000 a minute: 3 s),
    // not the 7.5 s until its budget is whole again
    const hold = holdAfter429Ms(headers, snap, { tokens: 10_000, windowMs: 60_000 }, 60_000);
    expect(hold).toBe(3_000);
    expect(holdAfter429Ms(new Headers({ 'retry-after-ms': '1200' }), snap, { tokens: 10_000, windowMs: 60_000 }, 60_000)).toBe(1_200);
    expect(holdAfter429Ms(new Headers({ 'retry-after': '2' }), {}, { tokens: 10_000, windowMs: 60_000 }, 60_000)).toBe(2_000);
    expect(
      holdAfter429Ms(
        new Headers({ 'x-ratelimit-reset-tokens': '4s' }),
        readRateLimitHeaders(new Headers({ 'x-ratelimit-reset-tokens': '4s' })),
        { tokens: 1, windowMs: 60_000 },
        60_000,
      ),
    ).toBe(4_000);
    expect(holdAfter429Ms(new Headers(), {}, { tokens: 1, windowMs: 60_000 }, 60_000)).toBe(60_000);
    await store.feedback({ status: 429, sentAt: Date.now(), ...snap, holdMs: hold });
    const answer = await store.admit('h');
    expect(answer.kind).toBe('wait');
    expect((answer as { ms: number }).ms).toBeGreaterThan(2_000);
    const { budget } = await store.positions(['x']);
    // learnt 200,000 (below the configured 500,000), shrunk by 10 % for the 429
    expect(budget.tokensPerWindow).toBeCloseTo(180_000, 0);
    expect(budget.tokens).toBeLessThan(1_000);
  });
});

describe('the fair order across schools and individuals', () => {
  /** Admits until nothing is granted; answers the tenants in the order served. */
  async function drain(store: FairBudgetStore, holder: string, tenantById: Map<string, string>): Promise<string[]> {
    const served: string[] = [];
    for (let i = 0; i < 100; i++) {
      const a = await store.admit(holder);
      if (a.kind !== 'granted') break;
      served.push(tenantById.get(a.id)!);
    }
    return served;
  }

  async function queue(store: FairBudgetStore, tenants: string[], over: { weight?: number; cap?: number } = {}, byId = new Map()) {
    await store.alive('h', 60_000);
    for (const t of tenants) {
      const id = `${t}-${byId.size}`;
      byId.set(id, t);
      await store.enqueue('h', { id, tenant: t, tokens: 10_000, weight: over.weight ?? 1, cap: over.cap ?? 0 });
    }
    return byId as Map<string, string>;
  }

  const plenty = { tokensPerWindow: 10_000_000, requestsPerWindow: 10_000, ...SLOW };

  it("school B's essays, queued behind school A's burst, are served in turn with A's", async () => {
    const store = await storeFor(endpoint(), plenty);
    const byId = await queue(store, Array(8).fill('A'));
    await queue(store, Array(3).fill('B'), {}, byId);
    expect(await drain(store, 'h', byId)).toEqual(['A', 'B', 'A', 'B', 'A', 'B', 'A', 'A', 'A', 'A', 'A']);
  });

  it('a school arriving while another is being served goes next, then they alternate', async () => {
    const store = await storeFor(endpoint(), plenty);
    const byId = await queue(store, Array(6).fill('A'));
    for (let i = 0; i < 3; i++) expect(await store.admit('h')).toMatchObject({ kind: 'granted' });
    await queue(store, ['B', 'B'], {}, byId);
    expect(await drain(store, 'h', byId)).toEqual(['B', 'A', 'B', 'A', 'A']);
  });

  it('weights: a school of weight 2 gets two turns for one', async () => {
    const store = await storeFor(endpoint(), plenty);
    const byId = await queue(store, Array(6).fill('A'));
    await queue(store, Array(6).fill('Z'), { weight: 2 }, byId);
    expect((await drain(store, 'h', byId)).slice(0, 9)).toEqual(['A', 'Z', 'Z', 'A', 'Z', 'Z', 'A', 'Z', 'Z']);
  });

  it("caps: a capped school stops at its share of the window's tokens; others go on", async () => {
    const store = await storeFor(endpoint(), plenty);
    const byId = await queue(store, Array(5).fill('A'), { cap: 20_000 });
    await queue(store, ['B'], {}, byId);
    expect(await drain(store, 'h', byId)).toEqual(['A', 'B', 'A']);
    const next = await store.admit('h');
    expect(next.kind).toBe('wait'); // A's cap until its window ends
  });

  it("another replica's turn is not taken, and a dead replica's requests are dropped", async () => {
    const store = await storeFor(endpoint(), plenty);
    await store.alive('h1', 60_000);
    await store.alive('h2', 60_000);
    await store.enqueue('h2', { id: 'theirs', tenant: 'school:A', tokens: 10, weight: 1, cap: 0 });
    await store.enqueue('h1', { id: 'mine', tenant: 'school:B', tokens: 10, weight: 1, cap: 0 });
    expect(await store.admit('h1')).toEqual({ kind: 'other-replica' });
    await store.gone('h2');
    expect(await store.admit('h1')).toMatchObject({ kind: 'granted', id: 'mine' });
  });

  it('places: the requests the fair order serves first, and an estimated start from the budget', async () => {
    const store = await storeFor(endpoint(), { tokensPerWindow: 30_000, requestsPerWindow: 100, windowMs: 60_000 });
    const byId = await queue(store, Array(5).fill('A'));
    await queue(store, ['B', 'B'], {}, byId);
    const { places, budget } = await store.positions(['A-0', 'A-2', 'B-5', 'B-6', 'nobody']);
    expect(places.map((p) => p?.ahead ?? null)).toEqual([0, 4, 1, 3, null]);
    // 30,000 tokens now, 30,000 a minute: the 5th request (4 ahead, 10,000 each) starts after ~40 s
    const eta = estimatedStartMs(4, 10_000, budget);
    expect(eta).toBeGreaterThan(35_000);
    expect(eta).toBeLessThan(45_000);
    expect(estimatedStartMs(0, 10_000, budget)).toBe(0);
  });
});

describe('rules', () => {
  it("reads OpenAI's reset durations", () => {
    expect(parseResetMs('6m0s')).toBe(360_000);
    expect(parseResetMs('1s')).toBe(1_000);
    expect(parseResetMs('120ms')).toBe(120);
    expect(parseResetMs('1h2m3.5s')).toBe(3_723_500);
    expect(parseResetMs('2.5')).toBe(2_500);
    expect(parseResetMs('soon')).toBeNull();
  });

  it('a waiting essay tells its place when it moved: a tenth of those ahead, or a fifth of the wait', () => {
    const t = 1_000_000;
    const told = { ahead: 120, startAt: t + 240_000 };
    expect(placeMoved(null, told, t)).toBe(true);
    expect(placeMoved(told, { ahead: 115, startAt: t + 230_000 }, t)).toBe(false);
    expect(placeMoved(told, { ahead: 108, startAt: t + 230_000 }, t)).toBe(true); // 12 fewer ahead
    expect(placeMoved(told, { ahead: 118, startAt: t + 300_000 }, t)).toBe(true); // a minute later, of four
    expect(placeMoved({ ahead: 1, startAt: t + 500 }, { ahead: 0, startAt: t + 500 }, t)).toBe(true);
  });

  it('queues an essay under its school, else under its submitter', () => {
    expect(tenantOf({ user_id: 'u1', school_id: 's1' })).toBe('school:s1');
    expect(tenantOf({ user_id: 'u1', school_id: null })).toBe('user:u1');
    expect(tenantOf({ user_id: 'u1' })).toBe('user:u1');
  });

  it('a permit reports the answer once per request', async () => {
    const store = await storeFor(endpoint(), { tokensPerWindow: 100_000, requestsPerWindow: 100, windowMs: 60_000 });
    const admission = new Admission({
      store,
      tenantTerms: () => ({ weight: 1, cap: 0 }),
      pollMs: 5,
      placeEveryMs: 60_000,
      default429HoldMs: 1000,
    });
    const permit: Permit = await admission.admit({ id: 'p', tenant: 'user:u', tokens: 10_000 });
    await permit.report(200, new Headers({ 'x-ratelimit-limit-tokens': '50000', 'x-ratelimit-remaining-tokens': '40000' }));
    const { budget } = await store.positions([]);
    expect(budget.tokensPerWindow).toBe(50_000);
    expect(budget.tokens).toBeLessThanOrEqual(50_000);
    await admission.stop();
  });

  it('configured limits are a ceiling; unconfigured ones are a first guess the provider corrects either way', async () => {
    const headers = new Headers({ 'x-ratelimit-limit-tokens': '2000000', 'x-ratelimit-limit-requests': '5000' });
    const limits = { tokensPerWindow: 200_000, requestsPerWindow: 500, windowMs: 60_000 };
    const configured = await storeFor(endpoint(), limits);
    const guessed = await storeFor(endpoint(), { ...limits, ceiling: false });
    for (const store of [configured, guessed]) await store.feedback({ status: 200, sentAt: Date.now(), ...readRateLimitHeaders(headers) });
    expect((await configured.positions([])).budget).toMatchObject({ tokensPerWindow: 200_000, requestsPerWindow: 500 });
    expect((await guessed.positions([])).budget).toMatchObject({ tokensPerWindow: 2_000_000, requestsPerWindow: 5_000 });
  });
});
