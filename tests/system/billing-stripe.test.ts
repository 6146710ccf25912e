/**
 * The Stripe path through the gateway: billing (real `stripe` SDK) opens the session on a fake
 * Stripe API on loopback; a signed webhook posted to /api/v1/billing/webhooks/stripe reaches
 * billing byte for byte (the signature covers the raw body), grants once, and /auth/me shows it.
 */
import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

const SECRET_KEY = 'sk_test_system_fake';
const WEBHOOK_SECRET = 'whsec_system_test';
const SITE = 'http://localhost:8080';
const signer = new Stripe(SECRET_KEY);

let fake: FakeStripe;
let p: TestPlatform;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  p = await startTestPlatform({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    PUBLIC_BASE_URL: SITE,
  });
});
afterAll(async () => {
  await p?.shutdown();
  await fake?.close();
});

async function webhook(payload: string, signature: string) {
  const res = await fetch(`${p.gatewayUrl}/api/v1/billing/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
  return { status: res.status, body: await res.json() };
}

it('buys super_core_pack with Stripe Checkout and a signed webhook through the gateway, once', async () => {
  const token = (await p.api.signup(uniqueEmail('stripe'))).body.access_token as string;
  const session = await p.api.call('POST', '/subscription/create-checkout-session', {
    token,
    json: { plan_type: 'super_core_pack', success_url: `${SITE}/dashboard?plan=success`, cancel_url: `${SITE}/dashboard?plan=cancelled` },
  });
  expect(session.status).toBe(200);
  const stripeSession = [...fake.sessions.values()].find((s) => s.metadata.purchase_id === session.body.session_id)!;
  expect(session.body.checkout_url).toBe(stripeSession.url);
  expect(stripeSession).toMatchObject({ mode: 'payment', amount_total: 3599, currency: 'usd' });

  // pretty-printed on purpose: any re-serialisation on the way would break the signature
  const payload = JSON.stringify(
    fake.event('checkout.session.completed', stripeSession.id, { status: 'complete', payment_status: 'paid' }),
    null,
    2,
  );
  expect((await webhook(payload, 't=1,v1=00')).status).toBe(400);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const [first, second] = await Promise.all([webhook(payload, signature), webhook(payload, signature)]);
  expect([first.body.result, second.body.result].sort()).toEqual(['duplicate', 'paid']);
  expect((await webhook(payload, signature)).body).toEqual({ received: true, result: 'duplicate' });

  expect((await p.api.call('GET', '/auth/me', { token })).body).toMatchObject({ essay_credits: 11, subscription_plan: 'super_core_pack' });
  // no local checkout while Stripe takes the payments
  expect((await fetch(`${p.gatewayUrl}/checkout/local/${session.body.session_id}`)).status).toBe(404);
});
