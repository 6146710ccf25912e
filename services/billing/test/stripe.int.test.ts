/**
 * The Stripe path with the real `stripe` SDK against a fake Stripe API on loopback, and webhook
 * events signed the way Stripe signs them (stripe.webhooks.generateTestHeaderString).
 */
import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from '../../../tests/support/fake-stripe';
import { RETURN_URLS, startBilling, type Harness } from './helpers';

const SECRET_KEY = 'sk_test_corestone_fake';
const WEBHOOK_SECRET = 'whsec_corestone_test_secret';
const signer = new Stripe(SECRET_KEY);

let fake: FakeStripe;
let h: Harness;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  h = await startBilling('bstr', {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    STRIPE_MAX_RETRIES: '0',
  });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

function deliver(event: object, opts: { signature?: string; payload?: string } = {}) {
  const payload = opts.payload ?? JSON.stringify(event);
  return h.app.inject({
    method: 'POST',
    url: '/billing/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': opts.signature ?? sign(payload) },
    payload,
  });
}

async function checkout(plan_type = 'core_pack') {
  const buyer = await h.user('student');
  const res = await h.app.inject({
    method: 'POST',
    url: '/subscription/create-checkout-session',
    headers: buyer.headers,
    payload: { plan_type, ...RETURN_URLS },
  });
  expect(res.statusCode).toBe(200);
  const sessionId = [...fake.sessions.values()].find((s) => s.metadata.purchase_id === res.json().session_id)!.id;
  return { buyer, body: res.json(), sessionId };
}

const current = async (headers: Record<string, string>) => (await h.app.inject({ url: '/subscription/current', headers })).json();
const grants = async (userId: string) => (await h.service.store.auditOf(userId)).filter((l) => l.kind === 'grant');

describe('Stripe Checkout Session', () => {
  it('opens a payment-mode session priced from the plan, naming buyer, plan and purchase, with an idempotency key', async () => {
    const { buyer, body, sessionId } = await checkout('super_core_pack');
    const session = fake.sessions.get(sessionId)!;
    expect(body.checkout_url).toBe(session.url);
    const call = fake.calls.find((c) => c.params.metadata?.purchase_id === body.session_id)!;
    expect(call.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.idempotencyKey).toBe(`checkout-session:${body.session_id}`);
    expect(call.params).toMatchObject({
      mode: 'payment',
      client_reference_id: buyer.id,
      success_url: RETURN_URLS.success_url,
      cancel_url: RETURN_URLS.cancel_url,
      metadata: { user_id: buyer.id, plan_type: 'super_core_pack', purchase_id: body.session_id },
      payment_intent_data: { metadata: { user_id: buyer.id, plan_type: 'super_core_pack' } },
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '3599', product_data: { name: 'Corestone Super Core Pack' } } },
      ],
    });
    // nothing is granted before Stripe says it is paid
    expect(await current(buyer.headers)).toMatchObject({ essay_credits: 1, plan: 'free' });
  });

  it('answers 502 with the envelope when Stripe fails, and grants nothing', async () => {
    fake.failNext(500);
    const buyer = await h.user('teacher');
    const res = await h.app.inject({
      method: 'POST',
      url: '/subscription/create-checkout-session',
      headers: buyer.headers,
      payload: { plan_type: 'core_pack', ...RETURN_URLS },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'PAYMENT_PROVIDER_FAILED',
      detail: 'The payment provider could not start the checkout. Please try again.',
    });
    expect(await current(buyer.headers)).toMatchObject({ essay_credits: 1 });
  });
});

describe('Stripe webhook', () => {
  it('grants the credits of a paid checkout.session.completed once, however often Stripe delivers it', async () => {
    const { buyer, sessionId } = await checkout('core_pack');
    const event = fake.event('checkout.session.completed', sessionId, { status: 'complete', payment_status: 'paid' });
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, result: 'paid' });
    for (let i = 0; i < 3; i++) expect((await deliver(event)).json()).toEqual({ received: true, result: 'duplicate' });
    expect(await current(buyer.headers)).toMatchObject({
      plan: 'core_pack',
      essay_credits: 6,
      max_essay_credits: 6,
      can_use_credits: true,
    });
    const lines = await grants(buyer.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ delta: 5, actor: `user:${buyer.id}` });
    expect(lines[0].idempotency_key).toMatch(/^grant:/);
  });

  it('grants once when the same event arrives 10 times at once, and when completed and async-succeeded race', async () => {
    const { buyer, sessionId } = await checkout('core_pack');
    const event = fake.event('checkout.session.completed', sessionId, { payment_status: 'paid' });
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().result === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r.json().result === 'duplicate')).toHaveLength(9);

    const other = await checkout('super_core_pack');
    const both = await Promise.all([
      deliver(fake.event('checkout.session.completed', other.sessionId, { payment_status: 'paid' })),
      deliver(fake.event('checkout.session.async_payment_succeeded', other.sessionId, { payment_status: 'paid' })),
    ]);
    expect(both.map((r) => r.json().result).sort()).toEqual(['paid', 'unchanged']);
    expect(await grants(buyer.id)).toHaveLength(1);
    expect(await grants(other.buyer.id)).toHaveLength(1);
    expect((await current(other.buyer.headers)).essay_credits).toBe(11);
  });

  it('settles delayed payments: unpaid completion waits, async success grants, failure grants nothing', async () => {
    const a = await checkout('core_pack');
    expect((await deliver(fake.event('checkout.session.completed', a.sessionId, { payment_status: 'unpaid' }))).json().result).toBe(
      'awaiting_payment',
    );
    expect((await current(a.buyer.headers)).essay_credits).toBe(1);
    expect(
      (await deliver(fake.event('checkout.session.async_payment_succeeded', a.sessionId, { payment_status: 'paid' }))).json().result,
    ).toBe('paid');
    expect((await current(a.buyer.headers)).essay_credits).toBe(6);

    const b = await checkout('core_pack');
    await deliver(fake.event('checkout.session.completed', b.sessionId, { payment_status: 'unpaid' }));
    expect((await deliver(fake.event('checkout.session.async_payment_failed', b.sessionId))).json().result).toBe('failed');
    expect(await current(b.buyer.headers)).toMatchObject({ essay_credits: 1, plan: 'free' });
    expect((await h.service.purchases.ofUser(b.buyer.id))[0].status).toBe('failed');
  });

  it('handles events out of order: a late unpaid completion after the async success changes nothing', async () => {
    const a = await checkout('core_pack');
    expect(
      (await deliver(fake.event('checkout.session.async_payment_succeeded', a.sessionId, { payment_status: 'paid' }))).json().result,
    ).toBe('paid');
    expect((await deliver(fake.event('checkout.session.completed', a.sessionId, { payment_status: 'unpaid' }))).json().result).toBe(
      'unchanged',
    );
    expect((await current(a.buyer.headers)).essay_credits).toBe(6);
    expect((await h.service.purchases.ofUser(a.buyer.id))[0].status).toBe('paid');

    const b = await checkout('core_pack');
    await deliver(fake.event('checkout.session.async_payment_failed', b.sessionId));
    expect((await deliver(fake.event('checkout.session.completed', b.sessionId, { payment_status: 'unpaid' }))).json().result).toBe(
      'unchanged',
    );
    expect((await h.service.purchases.ofUser(b.buyer.id))[0].status).toBe('failed');
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { buyer, sessionId } = await checkout('core_pack');
    const event = fake.event('checkout.session.completed', sessionId, { payment_status: 'paid' });
    const payload = JSON.stringify(event);
    const tampered = payload.replace('"amount_total":1999', '"amount_total":1');
    const cases = [
      { signature: sign(payload, 'whsec_someone_else') },
      { payload: tampered, signature: sign(payload) },
      { signature: sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600) }, // replayed an hour later
      { signature: 't=1,v1=deadbeef' },
      { signature: '' },
    ];
    for (const c of cases) {
      const res = await deliver(event, c);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Invalid Stripe signature', code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    const unsigned = await h.app.inject({
      method: 'POST',
      url: '/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await grants(buyer.id)).toEqual([]);
    // the genuine delivery still works afterwards
    expect((await deliver(event)).json().result).toBe('paid');
  });

  it('grants nothing when the signed event disagrees with the purchase, and ignores events it does not handle', async () => {
    const { buyer, sessionId } = await checkout('core_pack');
    expect(
      (await deliver(fake.event('checkout.session.completed', sessionId, { payment_status: 'paid', amount_total: 1 }))).json().result,
    ).toBe('mismatch');
    const otherUser = await h.user();
    const forged = fake.event('checkout.session.completed', sessionId, { payment_status: 'paid' });
    forged.data.object.metadata = { ...forged.data.object.metadata, user_id: otherUser.id };
    expect((await deliver(forged)).json().result).toBe('mismatch');
    expect(await grants(buyer.id)).toEqual([]);
    expect(await grants(otherUser.id)).toEqual([]);

    const ignored = await deliver({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    expect(ignored.json()).toEqual({ received: true, result: 'ignored' });
    const foreign = fake.event('checkout.session.completed', sessionId, { payment_status: 'paid', metadata: {} });
    expect((await deliver(foreign)).json().result).toBe('ignored');
  });

  it('marks an expired session cancelled', async () => {
    const { buyer, sessionId } = await checkout('core_pack');
    expect((await deliver(fake.event('checkout.session.expired', sessionId, { status: 'expired' }))).json().result).toBe('cancelled');
    expect((await h.service.purchases.ofUser(buyer.id))[0].status).toBe('cancelled');
  });

  it('has no local checkout while Stripe takes the payments', async () => {
    const { buyer, body } = await checkout('core_pack');
    const complete = await h.app.inject({
      method: 'POST',
      url: `/billing/local-checkout/${body.session_id}/complete`,
      headers: buyer.headers,
    });
    expect(complete.statusCode).toBe(404);
    expect((await h.app.inject({ url: `/billing/checkout-page/${body.session_id}` })).statusCode).toBe(404);
    expect((await current(buyer.headers)).essay_credits).toBe(1);
  });
});
