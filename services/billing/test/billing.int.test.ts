import { Codes, Events, Messages, Rpc, streamName, type CreditAccount, type EventEnvelope } from '@corestone/contracts';
import { callRpc, isUuid, loadConfig, newId, parseEvent, publicationMark, publishEvent, type Bus } from '@corestone/service-kit';
import { createTestRun, createTestTokens } from '@corestone/service-kit/testing';
import { BillingConfig } from '../src/config';
import { startService, type BillingService } from '../src/start';

const run = createTestRun('bil');
let ctx: Awaited<ReturnType<typeof setup>>;
let service: BillingService;

async function setup() {
  const config = loadConfig(BillingConfig, run.env);
  const tokens = await createTestTokens();
  service = await startService(config, { verify: tokens.verify });
  return { app: service.app, store: service.store, bus: service.infra.bus, tokens, relay: service.messaging.relay };
}

beforeAll(async () => {
  ctx = await setup();
});
afterAll(async () => {
  await service?.stop();
  await run.cleanup();
});

const consume = (user_id: string, evaluation_id: string) => callRpc(ctx.bus, Rpc.billingConsumeCredit, { user_id, evaluation_id });
const refund = (evaluation_id: string) => callRpc(ctx.bus, Rpc.billingRefundCredit, { evaluation_id });
const account = async (user_id: string) => (await callRpc(ctx.bus, Rpc.billingGetAccount, { user_id })).account;
const setCredits = (user_id: string, essay_credits: number, max_essay_credits: number) =>
  callRpc(ctx.bus, Rpc.billingSetCredits, { user_id, essay_credits, max_essay_credits });

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Every billing.account_updated.v1 of one user, in stream order, read back from the run's prefixed stream. */
async function publishedAccounts(bus: Bus, userId: string): Promise<CreditAccount[]> {
  const name = streamName(bus.prefix, 'billing');
  const info = await bus.jsm.streams.info(name);
  const out: CreditAccount[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const msg = await bus.jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (!msg) continue;
    expect(msg.subject).toBe(bus.subject(Events.billingAccountUpdated.subject));
    const event = msg.json<EventEnvelope<CreditAccount>>();
    if (event.data.user_id === userId) out.push(event.data);
  }
  return out;
}

describe('credit ledger over RPC', () => {
  it('opens an account with one free credit on first use, once, however many ask at once', async () => {
    const user = newId();
    const accounts = await Promise.all(Array.from({ length: 8 }, () => account(user)));
    for (const a of accounts)
      expect(a).toMatchObject({
        user_id: user,
        essay_credits: 1,
        max_essay_credits: 1,
        subscription_plan: 'free',
        subscription_status: 'active',
        version: 1,
      });
    expect(await ctx.store.ledgerOf(user)).toEqual([{ kind: 'open', delta: 1, evaluation_id: null }]);
  });

  it('charges a brand-new user (upload right after sign-up) from the free credit', async () => {
    const user = newId();
    const res = await consume(user, newId());
    expect(res).toMatchObject({ charged: true, account: { essay_credits: 0, version: 2 } });
  });

  it('20 concurrent charges with distinct evaluations on a 1-credit account charge exactly once', async () => {
    const user = newId();
    await account(user);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => consume(user, newId())));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason).toMatchObject({ statusCode: 403, code: Codes.NO_CREDITS, detail: Messages.NO_CREDITS });
    expect((await account(user)).essay_credits).toBe(0);
    expect((await ctx.store.ledgerOf(user)).filter((l) => l.kind === 'consume')).toHaveLength(1);
  });

  it('10 concurrent charges for the SAME evaluation charge once and all answer success', async () => {
    const user = newId();
    await setCredits(user, 5, 5);
    const evaluation = newId();
    const results = await Promise.all(Array.from({ length: 10 }, () => consume(user, evaluation)));
    for (const r of results) expect(r.charged).toBe(true);
    expect((await account(user)).essay_credits).toBe(4);
    expect((await ctx.store.ledgerOf(user)).filter((l) => l.kind === 'consume')).toEqual([
      { kind: 'consume', delta: -1, evaluation_id: evaluation },
    ]);
  });

  it('concurrent charges of one account, with repeated keys, never overdraw and charge each key at most once', async () => {
    const user = newId();
    await setCredits(user, 5, 5); // v2
    const keys = Array.from({ length: 8 }, () => newId());
    const calls = keys.flatMap((key) => [key, key, key]).map((key) => ({ key, result: consume(user, key) }));
    const settled = await Promise.allSettled(calls.map((c) => c.result));
    const outcomes = new Map<string, string[]>();
    settled.forEach((r, i) => {
      const seen = outcomes.get(calls[i].key) ?? [];
      if (r.status === 'fulfilled') seen.push(r.value.charged ? 'charged' : 'free');
      else seen.push(`${(r.reason as { statusCode: number }).statusCode}`);
      outcomes.set(calls[i].key, seen);
    });
    // Credits only go down, so a key refused once is refused every time, and a key charged is answered as charged every time.
    const perKey = [...outcomes.values()].map((seen) => [...new Set(seen)]);
    expect(perKey.filter((s) => s.length === 1 && s[0] === 'charged')).toHaveLength(5);
    expect(perKey.filter((s) => s.length === 1 && s[0] === '403')).toHaveLength(3);

    const ledger = await ctx.store.ledgerOf(user);
    const charges = ledger.filter((l) => l.kind === 'consume');
    expect(charges).toHaveLength(5);
    expect(new Set(charges.map((l) => l.evaluation_id)).size).toBe(5);
    expect(charges.every((l) => l.delta === -1)).toBe(true);
    const balance = await account(user);
    expect(balance).toMatchObject({ essay_credits: 0, version: 7 });
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).toBe(0); // the balance is the sum of the lines

    // One event per change, each a valid envelope like the ones enqueueEvent writes, versions 3..7 in order.
    await ctx.relay.flush();
    let events: CreditAccount[] = [];
    await until(async () => (events = await publishedAccounts(ctx.bus, user)).length >= 7, 'seven account events');
    expect(events.map((e) => [e.version, e.essay_credits])).toEqual([
      [1, 1],
      [2, 5],
      [3, 4],
      [4, 3],
      [5, 2],
      [6, 1],
      [7, 0],
    ]);
  });

  it('writes the charge event through the outbox in the shape enqueueEvent gives, and holds the answer for it', async () => {
    const user = newId();
    const evaluation = newId();
    const before = publicationMark();
    await ctx.store.consume(user, evaluation); // first use: the open's event (enqueueEvent) and the charge's, one transaction
    expect(publicationMark() - before).toBe(2); // both committed and awaited by the next answers (holdAnswers)
    const afterCharge = publicationMark();
    await ctx.store.consume(user, evaluation); // a repeat changes nothing and announces nothing
    expect(publicationMark()).toBe(afterCharge);

    await ctx.relay.flush();
    const name = streamName(ctx.bus.prefix, 'billing');
    let raw: string[] = [];
    await until(async () => {
      const info = await ctx.bus.jsm.streams.info(name);
      raw = [];
      for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
        const msg = await ctx.bus.jsm.streams.getMessage(name, { seq }).catch(() => null);
        if (msg && (parseEvent(msg.data) as EventEnvelope<CreditAccount>).data.user_id === user) raw.push(msg.string());
      }
      return raw.length >= 2;
    }, 'the open and charge events');
    // Published as written: the charge's payload reads exactly as JSON.stringify of its envelope, as the open's does.
    const [opened, charged] = raw.map((text) => parseEvent(text) as EventEnvelope<CreditAccount>);
    expect(raw).toEqual([JSON.stringify(opened), JSON.stringify(charged)]);
    expect(Object.keys(charged)).toEqual(Object.keys(opened));
    expect(Object.keys(charged.data)).toEqual(Object.keys(opened.data));
    expect(charged).toMatchObject({ type: Events.billingAccountUpdated.subject, version: Events.billingAccountUpdated.version });
    expect(isUuid(charged.id)).toBe(true);
    expect(new Date(charged.occurredAt).toISOString()).toBe(charged.occurredAt);
    expect(charged.data).toEqual({
      user_id: user,
      essay_credits: 0,
      max_essay_credits: 1,
      subscription_plan: 'free',
      subscription_status: 'active',
      version: 2,
    });
  });

  it('concurrent first charges of a new user open the account once and spend its free credit once', async () => {
    const user = newId();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => consume(user, newId())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect(r.reason).toMatchObject({ statusCode: 403, code: Codes.NO_CREDITS });
    expect((await ctx.store.ledgerOf(user)).map((l) => `${l.kind}${l.delta}`)).toEqual(['open1', 'consume-1']);
    expect(await account(user)).toMatchObject({ essay_credits: 0, version: 2 });
  });

  it('concurrent charges of an unlimited account record each key once and change nothing else', async () => {
    const user = newId();
    await setCredits(user, 0, -1);
    const version = (await account(user)).version;
    const keys = [newId(), newId(), newId()];
    const results = await Promise.all(keys.flatMap((key) => [consume(user, key), consume(user, key), consume(user, key)]));
    for (const r of results) expect(r).toMatchObject({ charged: false, account: { essay_credits: 0, max_essay_credits: -1, version } });
    const charges = (await ctx.store.ledgerOf(user)).filter((l) => l.kind === 'consume');
    expect(charges.map((l) => l.delta)).toEqual([0, 0, 0]);
    expect(new Set(charges.map((l) => l.evaluation_id))).toEqual(new Set(keys));
    expect((await account(user)).version).toBe(version);
  });

  it('refunds once however often asked, and a repeat charge after the refund charges nothing', async () => {
    const user = newId();
    await setCredits(user, 2, 2);
    const evaluation = newId();
    await consume(user, evaluation);
    expect((await account(user)).essay_credits).toBe(1);
    const first = await refund(evaluation);
    expect(first).toMatchObject({ refunded: true, account: { essay_credits: 2 } });
    const second = await refund(evaluation);
    expect(second).toMatchObject({ refunded: true, account: { essay_credits: 2 } });
    const again = await Promise.all([refund(evaluation), refund(evaluation), refund(evaluation)]);
    for (const r of again) expect(r.account?.essay_credits).toBe(2);
    expect((await account(user)).essay_credits).toBe(2);

    const repeat = await consume(user, evaluation);
    expect(repeat.account.essay_credits).toBe(2);
    expect((await account(user)).essay_credits).toBe(2);
    const ledger = await ctx.store.ledgerOf(user);
    expect(ledger.filter((l) => l.evaluation_id === evaluation).map((l) => `${l.kind}${l.delta}`)).toEqual(['consume-1', 'refund1']);
  });

  it('refunding an evaluation that was never charged changes nothing', async () => {
    expect(await refund(newId())).toEqual({ account: null, refunded: false });
  });

  it('unlimited accounts are never charged nor refunded', async () => {
    const user = newId();
    await setCredits(user, 0, -1);
    const evaluation = newId();
    const res = await consume(user, evaluation);
    expect(res).toMatchObject({ charged: false, account: { essay_credits: 0, max_essay_credits: -1 } });
    await consume(user, newId());
    expect(await refund(evaluation)).toMatchObject({ refunded: false, account: { essay_credits: 0 } });
    expect(await account(user)).toMatchObject({ essay_credits: 0, max_essay_credits: -1 });
  });

  it('refuses bad requests with 400 and a charge of one evaluation to two users with 409', async () => {
    await expect(consume('', newId())).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      callRpc(ctx.bus, Rpc.billingSetCredits, { user_id: newId(), essay_credits: -1, max_essay_credits: 1 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: Codes.VALIDATION,
    });
    const evaluation = newId();
    await consume(newId(), evaluation);
    await expect(consume(newId(), evaluation)).rejects.toMatchObject({ statusCode: 409, code: Codes.EVALUATION_ALREADY_CHARGED });
  });

  it('announces every change with increasing versions on the billing stream', async () => {
    const user = newId();
    await account(user); // v1 open
    await setCredits(user, 3, 3); // v2
    const evaluation = newId();
    await consume(user, evaluation); // v3
    await consume(user, evaluation); // repeat: no change
    await refund(evaluation); // v4
    await refund(evaluation); // repeat: no change
    await setCredits(user, 3, 3); // same values: no change
    await ctx.relay.flush();
    let events: CreditAccount[] = [];
    await until(async () => (events = await publishedAccounts(ctx.bus, user)).length >= 4, 'four account events');
    expect(events.map((e) => [e.version, e.essay_credits])).toEqual([
      [1, 1],
      [2, 3],
      [3, 2],
      [4, 3],
    ]);
    expect((await account(user)).version).toBe(4);
  });

  it('refunds when an evaluation.failed.v1 event arrives, once even if it is delivered twice', async () => {
    const user = newId();
    await setCredits(user, 1, 1);
    const evaluation = newId();
    await consume(user, evaluation);
    expect((await account(user)).essay_credits).toBe(0);
    const data = { evaluation_id: evaluation, user_id: user, reason: 'grading failed' };
    await publishEvent(ctx.bus, Events.evaluationFailed, data);
    await publishEvent(ctx.bus, Events.evaluationFailed, data); // a second event (new id) for the same evaluation
    await until(async () => (await ctx.store.ledgerOf(user)).some((l) => l.kind === 'refund'), 'the refund');
    await until(async () => {
      const info = await ctx.bus.jsm.consumers.info(streamName(ctx.bus.prefix, 'evaluation'), 'billing-refunds');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 'both events handled');
    expect((await account(user)).essay_credits).toBe(1);
    expect((await ctx.store.ledgerOf(user)).filter((l) => l.kind === 'refund')).toHaveLength(1);
  });
});

describe('HTTP routes', () => {
  it('lists the four plans publicly', async () => {
    const res = await ctx.app.inject({ url: '/plans/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json();
    expect(plans.map((p: { name: string; price: number | null; essay_credits: number }) => [p.name, p.price, p.essay_credits])).toEqual([
      ['free', 0, 1],
      ['core_pack', 19.99, 5],
      ['super_core_pack', 35.99, 10],
      ['power_user_monthly', null, -1],
    ]);
    expect(plans[3].billing_period).toBe('monthly');
    expect(plans[2].features).toContain('Most popular');
    for (const p of plans)
      expect(Object.keys(p).sort()).toEqual([
        'billing_period',
        'description',
        'display_name',
        'essay_credits',
        'features',
        'name',
        'price',
      ]);
  });

  it('GET /subscription/current answers the caller’s own account, opening it on first use', async () => {
    const user = newId();
    const token = await ctx.tokens.sign(user, 'student');
    const res = await ctx.app.inject({ url: '/subscription/current', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plan: 'free',
      subscription_plan: 'free',
      subscription_status: 'active',
      essay_credits: 1,
      max_essay_credits: 1,
      can_use_credits: true,
    });
    await consume(user, newId());
    const after = await ctx.app.inject({ url: '/subscription/current', headers: { authorization: `Bearer ${token}` } });
    expect(after.json()).toMatchObject({ essay_credits: 0, can_use_credits: false });

    const admin = await ctx.tokens.sign(newId(), 'admin');
    const adminRes = await ctx.app.inject({ url: '/subscription/current', headers: { authorization: `Bearer ${admin}` } });
    expect(adminRes.json()).toMatchObject({ essay_credits: 1, can_use_credits: false });

    const teacher = newId();
    await setCredits(teacher, 0, -1);
    const t = await ctx.tokens.sign(teacher, 'teacher');
    expect((await ctx.app.inject({ url: '/subscription/current', headers: { authorization: `Bearer ${t}` } })).json()).toMatchObject({
      max_essay_credits: -1,
      can_use_credits: true,
    });
  });

  it('describes its routes in /openapi.json', async () => {
    const doc = (await ctx.app.inject({ url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/plans/plans', '/subscription/current', '/subscription/use-essay-credit', '/subscribe/use-credit']),
    );
  });

  it('refuses anonymous and forged callers', async () => {
    const anon = await ctx.app.inject({ url: '/subscription/current' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe(Codes.UNAUTHENTICATED);
    const forged = await ctx.app.inject({ url: '/subscription/current', headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.statusCode).toBe(401);
  });

  it('direct credit use is refused with an explanation and charges nothing', async () => {
    const user = newId();
    const token = await ctx.tokens.sign(user, 'student');
    for (const url of ['/subscription/use-essay-credit', '/subscribe/use-credit']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: { evaluation_id: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: Messages.CREDITS_USED_BY_EVALUATION, code: Codes.CREDITS_USED_BY_EVALUATION });
      expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    }
    expect((await account(user)).essay_credits).toBe(1);
  });
});
