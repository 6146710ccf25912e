/**
 * Local checkout (PAYMENTS=local), the refusals of create-checkout-session, the role matrix and
 * bad input of the subscription routes, cancel-subscription, use-message and payment settings.
 */
import { BillingMessages, Rpc, type Role } from '@corestone/contracts';
import { callRpc, loadConfig, serveRpc } from '@corestone/service-kit';
import { BillingConfig, paymentMode } from '../src/config';
import { RETURN_URLS, ROLES, SITE, startBilling, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startBilling('bchk', { PAYMENTS: 'local' });
});
afterAll(async () => {
  await h?.close();
});

const create = (headers: Record<string, string>, payload: unknown) =>
  h.app.inject({ method: 'POST', url: '/subscription/create-checkout-session', headers, payload: payload as object });
const complete = (id: string, headers: Record<string, string>) =>
  h.app.inject({ method: 'POST', url: `/billing/local-checkout/${id}/complete`, headers });
const current = async (headers: Record<string, string>) => (await h.app.inject({ url: '/subscription/current', headers })).json();

describe('local checkout', () => {
  it('hands out the page address, shows plan and price with Pay and Cancel, and Pay grants the credits once', async () => {
    const buyer = await h.user('student');
    const res = await create(buyer.headers, { plan_type: 'core_pack', ...RETURN_URLS });
    expect(res.statusCode).toBe(200);
    const { checkout_url, session_id } = res.json();
    expect(checkout_url).toBe(`${SITE}/checkout/local/${session_id}`);

    const page = await h.app.inject({ url: `/billing/checkout-page/${session_id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Core Pack');
    expect(page.body).toContain('$19.99');
    expect(page.body).toContain('5 essay credits');
    expect(page.body).toMatch(/<button[^>]*id="pay"[^>]*>Pay \$19\.99<\/button>/);
    expect(page.body).toContain(`href="${RETURN_URLS.cancel_url}"`);
    // CSP script-src 'self': one external script, nothing inline
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script src="/api/v1/billing/checkout-page/assets/local-checkout.js">']);
    const script = await h.app.inject({ url: '/billing/checkout-page/assets/local-checkout.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('/billing/local-checkout/');
    expect((await h.app.inject({ url: '/billing/checkout-page/assets/other.js' })).statusCode).toBe(404);

    const paid = await complete(session_id, buyer.headers);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      success: true,
      redirect_url: RETURN_URLS.success_url,
      subscription: { plan: 'core_pack', essay_credits: 6, can_use_credits: true },
    });
    const again = await complete(session_id, buyer.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CHECKOUT_CLOSED');
    expect(await current(buyer.headers)).toMatchObject({ plan: 'core_pack', essay_credits: 6 });
    expect((await h.service.store.auditOf(buyer.id)).filter((l) => l.kind === 'grant')).toHaveLength(1);
    // the page now says it is done instead of offering Pay again
    const closed = await h.app.inject({ url: `/billing/checkout-page/${session_id}` });
    expect(closed.body).toContain('Already paid');
    expect(closed.body).not.toContain('id="pay"');
  });

  it('lets only the signed-in buyer pay, and 10 Pay clicks at once grant once', async () => {
    const buyer = await h.user('teacher');
    const { session_id } = (await create(buyer.headers, { plan_type: 'super_core_pack', ...RETURN_URLS })).json();
    const stranger = await h.user('student');
    expect((await complete(session_id, stranger.headers)).statusCode).toBe(404);
    expect((await complete(session_id, {})).statusCode).toBe(401);
    for (const id of ['not-a-uuid', '00000000-0000-7000-8000-000000000000', 'x'.repeat(101)]) {
      const res = await complete(id, buyer.headers);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).toBeTruthy();
    }
    const results = await Promise.all(Array.from({ length: 10 }, () => complete(session_id, buyer.headers)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await current(buyer.headers)).toMatchObject({ plan: 'super_core_pack', essay_credits: 11 });
    expect((await current(stranger.headers)).essay_credits).toBe(1);
  });

  it('answers an unknown session page with a 404 page to a browser, the error envelope to other clients', async () => {
    const url = '/billing/checkout-page/0190a3c2-0000-7000-8000-000000000000';
    const page = await h.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Checkout not found');
    const api = await h.app.inject({ url });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: expect.any(String), code: 'CHECKOUT_NOT_FOUND' });
  });
});

describe('create-checkout-session refusals', () => {
  it('refuses the free plan, power_user_monthly, unknown plans and an unlimited account with clear details', async () => {
    const s = await h.user('student');
    const refuse = async (plan_type: string, status: number, code: string, detail: RegExp) => {
      const res = await create(s.headers, { plan_type, ...RETURN_URLS });
      expect([plan_type, res.statusCode, res.json().code]).toEqual([plan_type, status, code]);
      expect(res.json().detail).toMatch(detail);
    };
    await refuse('free', 400, 'PLAN_NOT_PURCHASABLE', /free plan cannot be purchased/);
    await refuse('power_user_monthly', 400, 'PLAN_NOT_PURCHASABLE', /contact us/);
    await refuse('gold', 400, 'PLAN_NOT_FOUND', /Unknown plan/);
    expect((await create(s.headers, { plan_type: 'super_core_pack', ...RETURN_URLS })).statusCode).toBe(200);
    // an unlimited account is at the maximum: nothing to buy
    await callRpc(h.service.infra.bus, Rpc.billingSetCredits, { user_id: s.id, essay_credits: 0, max_essay_credits: -1 });
    await refuse('super_core_pack', 409, 'ALREADY_UNLIMITED', /unlimited/);
    await refuse('core_pack', 409, 'ALREADY_UNLIMITED', /nothing to buy/);
  });

  it('sells a held pack again: its credits add up and max_essay_credits follows the balance', async () => {
    const s = await h.user('student');
    const buy = async (plan_type: string) => {
      const res = await create(s.headers, { plan_type, ...RETURN_URLS });
      expect([plan_type, res.statusCode]).toEqual([plan_type, 200]);
      const paid = await complete(res.json().session_id, s.headers);
      expect(paid.statusCode).toBe(200);
      return paid.json().subscription;
    };
    expect(await buy('core_pack')).toMatchObject({ plan: 'core_pack', essay_credits: 6, max_essay_credits: 6 });
    expect(await buy('core_pack')).toMatchObject({ plan: 'core_pack', essay_credits: 11, max_essay_credits: 11 });
    // spent down to 2 of 11, a third core_pack: 7 of 11 (the maximum is the most held at once, never below the balance)
    await callRpc(h.service.infra.bus, Rpc.billingSetCredits, { user_id: s.id, essay_credits: 2, max_essay_credits: 11 });
    expect(await buy('core_pack')).toMatchObject({ essay_credits: 7, max_essay_credits: 11 });
    // an admin's lower maximum is raised to the new balance, so "remaining / max" stays coherent
    await callRpc(h.service.infra.bus, Rpc.billingSetCredits, { user_id: s.id, essay_credits: 3, max_essay_credits: 3 });
    expect(await buy('super_core_pack')).toMatchObject({ plan: 'super_core_pack', essay_credits: 13, max_essay_credits: 13 });
    expect(await buy('core_pack')).toMatchObject({ plan: 'core_pack', essay_credits: 18, max_essay_credits: 18 });
    const grants = (await h.service.store.auditOf(s.id)).filter((l) => l.kind === 'grant');
    expect(grants.map((l) => l.delta)).toEqual([5, 5, 5, 10, 5]);
    expect(new Set(grants.map((l) => l.idempotency_key)).size).toBe(5);
  });

  it('sells to students and teachers only (role matrix)', async () => {
    const expected: Record<Role, number> = { student: 200, teacher: 200, admin: 403, super_admin: 403 };
    for (const role of ROLES) {
      const u = await h.user(role);
      const res = await create(u.headers, { plan_type: 'core_pack', ...RETURN_URLS });
      expect([role, res.statusCode]).toEqual([role, expected[role]]);
      if (res.statusCode === 403)
        expect(res.json()).toEqual({ code: 'CHECKOUT_ROLE_ONLY', detail: 'Only students and teachers can purchase plans' });
    }
    expect((await create({}, { plan_type: 'core_pack', ...RETURN_URLS })).statusCode).toBe(401);
  });

  it('only returns to addresses on this site (no open redirect) and refuses malformed bodies with 400', async () => {
    const s = await h.user('student');
    const urls = [
      'https://evil.example/dashboard',
      'http://localhost:8081/dashboard',
      'https://localhost:8080/dashboard',
      'http://localhost:8080@evil.example/',
      'http://user:pw@localhost:8080/dashboard',
      'javascript:alert(1)',
      '/dashboard?plan=success',
      '//evil.example/x',
      'not a url',
    ];
    for (const bad of urls) {
      for (const field of ['success_url', 'cancel_url']) {
        const res = await create(s.headers, { plan_type: 'core_pack', ...RETURN_URLS, [field]: bad });
        expect([bad, field, res.statusCode, res.json().code]).toEqual([bad, field, 400, 'REDIRECT_NOT_ALLOWED']);
        // plain words: which address, and what is accepted; the refused value is not echoed back
        const detail: string = res.json().detail;
        expect(detail).toContain(`(${field}) must be an address on this site, starting with ${SITE}/.`);
        expect(detail).not.toContain(bad);
      }
    }
    const refusal = async (field: string) =>
      (await create(s.headers, { plan_type: 'core_pack', ...RETURN_URLS, [field]: 'https://evil.example/dashboard' })).json();
    expect(await refusal('success_url')).toEqual({
      code: 'REDIRECT_NOT_ALLOWED',
      detail:
        'The return address after payment (success_url) must be an address on this site, starting with http://localhost:8080/. ' +
        'Please open Corestone at http://localhost:8080 and try again.',
    });
    expect((await refusal('cancel_url')).detail).toMatch(/^The return address after a cancelled payment \(cancel_url\) must be/);
    const bodies: unknown[] = [
      {},
      { plan_type: 'core_pack' },
      { plan_type: 'core_pack', success_url: RETURN_URLS.success_url },
      { plan_type: 5, ...RETURN_URLS },
      { plan_type: 'core_pack', success_url: '', cancel_url: RETURN_URLS.cancel_url },
      { plan_type: 'core_pack', ...RETURN_URLS, success_url: `${SITE}/${'x'.repeat(2100)}` },
      'plan_type=core_pack',
    ];
    for (const body of bodies) {
      const res = await create(s.headers, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await h.service.purchases.ofUser(s.id)).length).toBe(0);
  });
});

describe('cancel-subscription and use-message', () => {
  it('cancels only a recurring (Power User) plan', async () => {
    const s = await h.user('student');
    const cancel = () => h.app.inject({ method: 'POST', url: '/subscription/cancel-subscription', headers: s.headers });
    const none = await cancel();
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('NO_SUBSCRIPTION');
    await callRpc(h.service.infra.bus, Rpc.billingSetCredits, { user_id: s.id, essay_credits: 0, max_essay_credits: -1 });
    const done = await cancel();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, subscription: { subscription_status: 'cancelled', max_essay_credits: -1 } });
    expect((await cancel()).json().message).toMatch(/already cancelled/);
    expect((await h.app.inject({ method: 'POST', url: '/subscription/cancel-subscription' })).statusCode).toBe(401);
  });

  it('counts a message through the users service, telling it when the plan is unlimited', async () => {
    const asked: Array<{ user_id: string; unlimited: boolean }> = [];
    // a stand-in for users' rpc.users.count_message on the real NATS (users' own tests cover the counting)
    const sub = serveRpc(
      h.service.infra.bus,
      Rpc.usersCountMessage,
      async (req) => {
        asked.push(req);
        return { can_send: true, message_count: asked.length, max_messages: req.unlimited ? -1 : 10 };
      },
      h.app.log,
    );
    try {
      const s = await h.user('student');
      const use = () => h.app.inject({ method: 'POST', url: '/subscription/use-message', headers: s.headers });
      expect((await use()).json()).toEqual({ can_send: true, message_count: 1, max_messages: 10 });
      await callRpc(h.service.infra.bus, Rpc.billingSetCredits, { user_id: s.id, essay_credits: 0, max_essay_credits: -1 });
      expect((await use()).json()).toEqual({ can_send: true, message_count: 2, max_messages: -1 });
      expect(asked).toEqual([
        { user_id: s.id, unlimited: false },
        { user_id: s.id, unlimited: true },
      ]);
      expect((await h.app.inject({ method: 'POST', url: '/subscription/use-message' })).statusCode).toBe(401);
    } finally {
      sub.unsubscribe();
    }
  });

  it('records who set credits and keys every ledger line', async () => {
    const s = await h.user('student');
    const admin = await h.user('admin');
    await callRpc(h.service.infra.bus, Rpc.billingSetCredits, { user_id: s.id, essay_credits: 4, max_essay_credits: 4, actor: admin.id });
    const lines = await h.service.store.auditOf(s.id);
    expect(lines.map((l) => [l.kind, l.delta, l.actor])).toEqual([
      ['open', 1, 'system'],
      ['set', 3, `admin:${admin.id}`],
    ]);
    expect(new Set(lines.map((l) => l.idempotency_key)).size).toBe(2);
    // append-only: the ledger refuses edits
    await expect(h.service.infra.db.pool.query(`UPDATE ledger SET delta = 100 WHERE user_id = $1`, [s.id])).rejects.toThrow(/append-only/);
  });
});

describe('payment settings', () => {
  const config = (env: Record<string, string>) => loadConfig(BillingConfig, { NODE_ENV: 'development', ...env });
  it('turns payments on only when asked, and refuses contradictions', () => {
    expect(paymentMode(config({}))).toBe('off');
    expect(paymentMode(config({ PAYMENTS: 'local' }))).toBe('local');
    expect(paymentMode(config({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' }))).toBe('stripe');
    expect(() => paymentMode(config({ STRIPE_SECRET_KEY: 'sk' }))).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => paymentMode(config({ PAYMENTS: 'local', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' }))).toThrow(/choose one/);
    expect(() => paymentMode(config({ PAYMENTS: 'stripe' }))).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => config({ PAYMENTS: 'free' })).toThrow(/PAYMENTS/);
  });

  it('refuses PAYMENTS=local in production', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@db/x',
      REDIS_URL: 'redis://r',
      NATS_URL: 'nats://n',
      PUBLIC_BASE_URL: 'https://essays.example',
    };
    expect(() => loadConfig(BillingConfig, { ...production, PAYMENTS: 'local' })).toThrow(/PAYMENTS=local is for development only/);
    expect(paymentMode(loadConfig(BillingConfig, production))).toBe('off');
  });

  it('says plainly when online payment is not configured (production without Stripe keys), before anything is recorded', async () => {
    const site = 'https://essays.school.example';
    const off = await startBilling('boff', { NODE_ENV: 'production', PUBLIC_BASE_URL: site });
    try {
      expect(off.service.stripe).toBeNull();
      const availability = await off.app.inject({ url: '/plans/payments' });
      expect(availability.statusCode).toBe(200);
      expect(availability.json()).toEqual({
        online_payment: false,
        provider: null,
        detail: BillingMessages.PAYMENTS_NOT_CONFIGURED,
        contact_path: '/contact',
      });
      const s = await off.user('student');
      const res = await off.app.inject({
        method: 'POST',
        url: '/subscription/create-checkout-session',
        headers: s.headers,
        payload: { plan_type: 'core_pack', success_url: `${site}/dashboard?plan=success`, cancel_url: `${site}/dashboard?plan=cancelled` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'PAYMENTS_NOT_CONFIGURED',
        detail:
          'Online payment is not configured on this server, so credits cannot be bought here. ' +
          'Schools and institutions can arrange credits with us through the contact page (/contact).',
      });
      expect(await off.service.purchases.ofUser(s.id)).toEqual([]);
      // Stripe's webhook has nothing to answer either
      const hook = await off.app.inject({ method: 'POST', url: '/billing/webhooks/stripe', payload: {} });
      expect([hook.statusCode, hook.json().code]).toEqual([404, 'PAYMENTS_NOT_CONFIGURED']);
    } finally {
      await off.close();
    }
  });

  it('tells the Plans page which provider takes the payment when one is configured', async () => {
    expect((await h.app.inject({ url: '/plans/payments' })).json()).toEqual({
      online_payment: true,
      provider: 'local',
      detail: null,
      contact_path: '/contact',
    });
  });
});
