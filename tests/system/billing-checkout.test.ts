/**
 * Buying credits through the gateway with the local checkout (PAYMENTS=local, as `npm start`
 * runs): a student who spent the free credit buys core_pack, pays on the page the gateway serves
 * at /checkout/local/{id}, and /auth/me shows the 5 new credits at once; buying core_pack again
 * adds 5 more.
 */
import { EE_ESSAY } from '../fixtures/essays';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

const SITE = 'http://localhost:8080';
let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ PAYMENTS: 'local', PUBLIC_BASE_URL: SITE });
});
afterAll(async () => {
  await p?.shutdown();
});

it('a student with no credits buys core_pack through local checkout and sees 5 more credits at once', async () => {
  const token = (await p.api.signup(uniqueEmail('buyer'))).body.access_token as string;
  // spend the free credit
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  const upload = await p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(EE_ESSAY, { title: 'Spends the free credit', essay_type: 'ee', rubric_id: rubric.id }),
  });
  expect(upload.status).toBe(201);
  expect((await p.api.call('GET', '/auth/me', { token })).body).toMatchObject({ essay_credits: 0, subscription_plan: 'free' });

  const plans = await p.api.call('GET', '/plans/plans');
  expect(
    plans.body.map((pl: { name: string; price: number | null; essay_credits: number }) => [pl.name, pl.price, pl.essay_credits]),
  ).toEqual([
    ['free', 0, 1],
    ['core_pack', 19.99, 5],
    ['super_core_pack', 35.99, 10],
    ['power_user_monthly', null, -1],
  ]);

  const session = await p.api.call('POST', '/subscription/create-checkout-session', {
    token,
    json: { plan_type: 'core_pack', success_url: `${SITE}/dashboard?plan=success`, cancel_url: `${SITE}/dashboard?plan=cancelled` },
  });
  expect(session.status).toBe(200);
  const checkoutUrl = new URL(session.body.checkout_url);
  expect(checkoutUrl.origin).toBe(SITE);
  expect(checkoutUrl.pathname).toBe(`/checkout/local/${session.body.session_id}`);

  // the page, through the gateway, under its CSP: plan, price, Pay and Cancel, an external script only
  const page = await fetch(`${p.gatewayUrl}${checkoutUrl.pathname}`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  const html = await page.text();
  expect(html).toContain('Core Pack');
  expect(html).toContain('$19.99');
  expect(html).toContain('>Cancel</a>');
  const scriptSrc = /<script src="([^"]+)"><\/script>/.exec(html)![1];
  const script = await fetch(`${p.gatewayUrl}${scriptSrc}`);
  expect(script.status).toBe(200);
  expect(await script.text()).toContain('local-checkout');

  // Pay: what the page's script does. "At once": the very next read shows the credits (no polling;
  // how fast is the bench's business, not a test's).
  const paid = await p.api.call('POST', `/billing/local-checkout/${session.body.session_id}/complete`, { token });
  expect(paid.status).toBe(200);
  expect(paid.body.redirect_url).toBe(`${SITE}/dashboard?plan=success`);
  const me = (await p.api.call('GET', '/auth/me', { token })).body;
  expect(me).toMatchObject({ essay_credits: 5, subscription_plan: 'core_pack' });
  expect((await p.api.call('GET', '/subscription/current', { token })).body).toMatchObject({
    plan: 'core_pack',
    essay_credits: 5,
    can_use_credits: true,
  });

  // once only
  const again = await p.api.call('POST', `/billing/local-checkout/${session.body.session_id}/complete`, { token });
  expect(again.status).toBe(409);
  expect((await p.api.call('GET', '/auth/me', { token })).body.essay_credits).toBe(5);

  // the same pack again is a new purchase: its 5 credits add up (billing README "Buying a pack again")
  const second = await p.api.call('POST', '/subscription/create-checkout-session', {
    token,
    json: { plan_type: 'core_pack', success_url: `${SITE}/dashboard?plan=success`, cancel_url: `${SITE}/dashboard?plan=cancelled` },
  });
  expect(second.status).toBe(200);
  expect(second.body.session_id).not.toBe(session.body.session_id);
  expect((await p.api.call('POST', `/billing/local-checkout/${second.body.session_id}/complete`, { token })).status).toBe(200);
  expect((await p.api.call('GET', '/auth/me', { token })).body).toMatchObject({
    essay_credits: 10,
    max_essay_credits: 10,
    subscription_plan: 'core_pack',
  });
});

it('keeps the checkout to students and teachers, its Pay to the buyer, and counts chatbot messages', async () => {
  const buyer = (await p.api.signup(uniqueEmail('buyer2'), undefined, 'teacher')).body.access_token as string;
  const other = (await p.api.signup(uniqueEmail('other'))).body.access_token as string;
  const session = await p.api.call('POST', '/subscription/create-checkout-session', {
    token: buyer,
    json: { plan_type: 'super_core_pack', success_url: `${SITE}/dashboard?plan=success`, cancel_url: `${SITE}/dashboard?plan=cancelled` },
  });
  expect(session.status).toBe(200);
  expect((await p.api.call('POST', `/billing/local-checkout/${session.body.session_id}/complete`)).status).toBe(401);
  expect((await p.api.call('POST', `/billing/local-checkout/${session.body.session_id}/complete`, { token: other })).status).toBe(404);
  const evil = await p.api.call('POST', '/subscription/create-checkout-session', {
    token: buyer,
    json: { plan_type: 'core_pack', success_url: 'https://evil.example/', cancel_url: `${SITE}/x` },
  });
  expect(evil.status).toBe(400);
  expect(evil.body.code).toBe('REDIRECT_NOT_ALLOWED');

  // the chatbot allowance is the users service's counter, reached through billing
  const used = await p.api.call('POST', '/subscription/use-message', { token: other });
  expect(used.status).toBe(200);
  expect(used.body).toEqual({ can_send: true, message_count: 1, max_messages: 10 });
  expect((await p.api.call('GET', '/auth/me', { token: other })).body.chatbot_count).toBe(1);
});
