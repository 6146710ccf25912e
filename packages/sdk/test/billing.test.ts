import { createClient } from '../src';
import { fakeFetch, future, json, type Call } from './helpers';

describe('billing module: paths, methods and bodies (billing README)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('access_token', future());
  });

  test('checkout sends the plan and return addresses on this origin; the other calls are bodiless POSTs', async () => {
    const f = fakeFetch(() => json(200, { checkout_url: 'http://localhost/checkout/local/s1', session_id: 's1' }));
    const client = createClient({ fetch: f.fetch, locks: null });
    const session = await client.billing.checkout('core_pack', 'https://essays.example');
    expect(session.checkout_url).toBe('http://localhost/checkout/local/s1');
    await client.billing.cancelSubscription();
    await client.billing.useMessage();
    await client.billing.completeLocalCheckout('0190-a/b');
    const [create, cancel, message, complete] = f.calls as [Call, Call, Call, Call];
    expect([create.method, create.url, create.body]).toEqual([
      'POST',
      '/api/v1/subscription/create-checkout-session',
      {
        plan_type: 'core_pack',
        success_url: 'https://essays.example/dashboard?plan=success',
        cancel_url: 'https://essays.example/dashboard?plan=cancelled',
      },
    ]);
    expect([cancel.method, cancel.url]).toEqual(['POST', '/api/v1/subscription/cancel-subscription']);
    expect([message.method, message.url]).toEqual(['POST', '/api/v1/subscription/use-message']);
    expect([complete.method, complete.url]).toEqual(['POST', '/api/v1/billing/local-checkout/0190-a%2Fb/complete']);
    for (const c of [create, cancel, message, complete]) expect(c.headers.Authorization ?? c.headers.authorization).toMatch(/^Bearer /);
  });

  test('payments() reads whether online payment is configured, without a token', async () => {
    localStorage.clear();
    const off = {
      online_payment: false,
      provider: null,
      detail: 'Online payment is not configured on this server',
      contact_path: '/contact',
    };
    const f = fakeFetch(() => json(200, off));
    const client = createClient({ fetch: f.fetch, locks: null });
    expect(await client.billing.payments()).toEqual(off);
    const [call] = f.calls as [Call];
    expect([call.method, call.url]).toEqual(['GET', '/api/v1/plans/payments']);
    expect(call.headers.Authorization ?? call.headers.authorization).toBeUndefined();
  });

  test('checkout refusals reach the caller with the server detail', async () => {
    const f = fakeFetch(() =>
      json(409, { detail: 'You already have unlimited essay credits: there is nothing to buy', code: 'ALREADY_UNLIMITED' }),
    );
    const client = createClient({ fetch: f.fetch, locks: null });
    await expect(client.billing.checkout('core_pack', 'https://essays.example')).rejects.toMatchObject({
      status: 409,
      code: 'ALREADY_UNLIMITED',
      message: 'You already have unlimited essay credits: there is nothing to buy',
    });
  });
});
