/**
 * Out of credits → Plans → Purchase core_pack → the local checkout page → Pay → back on
 * /dashboard?plan=success → 'Plan Activated!' and 5 more credits; then 'Buy again' on the held
 * pack → pay again → 10 credits. Real Chromium, gateway, billing
 * with PAYMENTS=local (the development checkout; Stripe is tested against a fake in billing).
 */
import { uniqueEmail } from '../support/platform';
import { screenshot, storeSession } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { EE_ESSAY } from '../fixtures/essays';

// billing accepts return addresses on PUBLIC_BASE_URL only: the gateway's URL is chosen first
const suite = browserSuite({ env: { PAYMENTS: 'local' }, publicBaseUrl: true });

it('buys core_pack through the local checkout and comes back with 5 more credits', async () => {
  const { p, page, pageErrors } = suite;
  const signup = await p.api.signup(uniqueEmail('buyer'), 'a-good-password');
  expect(signup.status).toBe(201);
  const { access_token: token, refresh_token } = signup.body;
  // spend the free credit
  const rubrics = await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token });
  const form = p.api.essayForm(EE_ESSAY, { title: 'Influenza policy', essay_type: 'ee', rubric_id: rubrics.body[0].id }, 'influenza.txt');
  const submitted = await p.api.call('POST', '/evaluation/evaluate-async', { token, form });
  expect(submitted.status).toBeLessThan(300);
  await p.api.waitForEvaluation(submitted.body.id, token, 60_000);
  // the user as /auth would store it now (the credit reaches the user record through an event)
  let user: { essay_credits?: number } = {};
  for (let i = 0; i < 50 && user.essay_credits !== 0; i++) {
    user = (await p.api.call('GET', '/auth/me', { token })).body;
    if (user.essay_credits !== 0) await new Promise((r) => setTimeout(r, 200));
  }
  expect(user.essay_credits).toBe(0);

  await storeSession(page, p.gatewayUrl, { access_token: token, refresh_token, user });
  await page.goto(`${p.gatewayUrl}/dashboard`);
  await page.getByText('No credits remaining. Purchase a plan to continue submitting essays.').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('credits-value').innerText()).toContain('0 / 1');

  await page.getByRole('menuitem', { name: 'Plans' }).click();
  await page.getByTestId('plan-core_pack').waitFor();
  await screenshot(page, '30-plans');
  await page.getByTestId('plan-core_pack').getByRole('button', { name: 'Purchase' }).click();
  await page.waitForURL(/\/checkout\/local\//, { timeout: 30_000 }).catch(async (e) => {
    await screenshot(page, '31-checkout-failed');
    const r = await p.api.call('POST', '/subscription/create-checkout-session', {
      token,
      json: {
        plan_type: 'core_pack',
        success_url: `${p.gatewayUrl}/dashboard?plan=success`,
        cancel_url: `${p.gatewayUrl}/dashboard?plan=cancelled`,
      },
    });
    throw new Error(`${(e as Error).message}\nat ${page.url()}; API says ${r.status} ${JSON.stringify(r.body)}`);
  });
  await page.locator('#pay').waitFor();
  expect(await page.locator('#plan').innerText()).toContain('Core Pack');
  await screenshot(page, '31-local-checkout');
  await page.locator('#pay').click();

  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
  await page.getByText('Plan Activated!').waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid=credits-value]')?.textContent?.startsWith('5'), null, {
    timeout: 15_000,
  });
  expect(new URL(page.url()).search).toBe('');
  await screenshot(page, '32-plan-activated');

  // the held pack can be bought again: its button says so, and a second payment adds 5 more credits
  await page.getByRole('menuitem', { name: 'Plans' }).click();
  const held = page.getByTestId('plan-core_pack');
  await held.getByRole('button', { name: 'Buy again' }).waitFor();
  expect(await held.innerText()).toContain('Current Plan');
  expect(await held.getByText('Buying it again adds 5 essay credits to the ones you have.').count()).toBe(1);
  expect(await held.getByRole('button', { name: 'Buy again' }).isEnabled()).toBe(true);
  await screenshot(page, '33-plans-held-pack');
  await held.getByRole('button', { name: 'Buy again' }).click();
  await page.waitForURL(/\/checkout\/local\//, { timeout: 30_000 });
  await page.locator('#pay').click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
  await page.getByText('Plan Activated!').waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid=credits-value]')?.textContent?.startsWith('10'), null, {
    timeout: 15_000,
  });
  expect(await page.getByTestId('credits-value').innerText()).toContain('10 / 10');
  expect((await p.api.call('GET', '/auth/me', { token })).body).toMatchObject({ essay_credits: 10, subscription_plan: 'core_pack' });
  expect(pageErrors).toEqual([]);
});
