/**
 * A production install without Stripe keys (issue 28): the platform runs with NODE_ENV=production
 * and everything production requires, and no payment settings at all. Billing starts with online
 * payment off; through the gateway, the Plans page's question (GET /plans/payments) and a student's
 * checkout both say plainly that online payment is not configured, with the contact route for
 * schools, instead of failing as if something broke. Nothing is recorded and no credit is granted.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

const SITE = 'https://essays.school.example';
const NOT_CONFIGURED =
  'Online payment is not configured on this server, so credits cannot be bought here. ' +
  'Schools and institutions can arrange credits with us through the contact page (/contact).';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform(
    {
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: SITE,
      SETUP_TOKEN: randomBytes(24).toString('hex'),
      MAIL_DISABLED: 'true',
      JWT_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TOKEN_HMAC_KEY: randomBytes(32).toString('base64'),
      // and, as an operator who never set up payments: neither PAYMENTS nor the Stripe keys
    },
    { only: ['gateway', 'auth', 'users', 'billing'] },
  );
});
afterAll(async () => {
  await p?.shutdown();
});

it('says online payment is not configured, with the contact route, before and at checkout', async () => {
  const availability = await p.api.call('GET', '/plans/payments');
  expect(availability.status).toBe(200);
  expect(availability.body).toEqual({ online_payment: false, provider: null, detail: NOT_CONFIGURED, contact_path: '/contact' });

  const signup = await p.api.signup(uniqueEmail('prodbuyer'));
  expect(signup.status).toBe(201);
  const token = signup.body.access_token as string;
  const checkout = await p.api.call('POST', '/subscription/create-checkout-session', {
    token,
    json: { plan_type: 'core_pack', success_url: `${SITE}/dashboard?plan=success`, cancel_url: `${SITE}/dashboard?plan=cancelled` },
  });
  expect(checkout.status).toBe(503);
  expect(checkout.body).toEqual({ code: 'PAYMENTS_NOT_CONFIGURED', detail: NOT_CONFIGURED });
  expect((await p.api.call('GET', '/subscription/current', { token })).body).toMatchObject({ plan: 'free', essay_credits: 1 });
  // the local checkout page does not exist in production
  expect((await fetch(`${p.gatewayUrl}/checkout/local/0190a3c2-0000-7000-8000-000000000000`)).status).toBe(404);
});
