/**
 * The local checkout page in real Chromium under the gateway's CSP: Cancel returns to the
 * cancel address, Pay (with an access token that no longer works, so the page refreshes it)
 * completes the purchase and lands on the success address with the credits granted.
 */
import { uniqueEmail } from '../support/platform';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const cspViolations: string[] = [];

// the gateway's URL must be known before start: it is PUBLIC_BASE_URL, the origin return URLs live on
const suite = browserSuite({
  env: { PAYMENTS: 'local' },
  publicBaseUrl: true,
  setup: ({ page }) => {
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });
  },
});

it('shows plan and price, Cancel goes back, Pay completes once and lands on the success page', async () => {
  const { p, page, pageErrors } = suite;
  const signup = (await p.api.signup(uniqueEmail('checkout'))).body;
  const token = signup.access_token as string;
  const site = p.gatewayUrl;
  const session = await p.api.call('POST', '/subscription/create-checkout-session', {
    token,
    json: { plan_type: 'core_pack', success_url: `${site}/dashboard?plan=success`, cancel_url: `${site}/dashboard?plan=cancelled` },
  });
  expect(session.status).toBe(200);
  expect(session.body.checkout_url).toBe(`${site}/checkout/local/${session.body.session_id}`);

  // signed in on this origin the way the shell keeps it; the access token is stale on purpose
  await page.goto(`${site}/checkout/local/${session.body.session_id}`);
  await page.evaluate((refresh) => {
    localStorage.setItem('access_token', 'stale.token.value');
    localStorage.setItem('refresh_token', refresh);
  }, signup.refresh_token as string);

  await page.reload();
  await page.locator('#plan').waitFor();
  expect(await page.locator('#plan').innerText()).toBe('Core Pack');
  expect(await page.locator('#price').innerText()).toBe('$19.99');
  await screenshot(page, 'local-checkout-page');

  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL(/plan=cancelled/);
  expect((await p.api.call('GET', '/auth/me', { token })).body.essay_credits).toBe(1);

  await page.goto(session.body.checkout_url);
  await page.getByRole('button', { name: 'Pay $19.99' }).click();
  await page.waitForURL(/\/dashboard\?plan=success/);
  // the page refreshed the stale token and kept the rotated pair
  const stored = await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('refresh_token')]);
  expect(stored[0]).not.toBe('stale.token.value');
  expect(stored[1]).not.toBe(signup.refresh_token);
  const me = (await p.api.call('GET', '/auth/me', { token: stored[0]! })).body;
  expect(me).toMatchObject({ essay_credits: 6, subscription_plan: 'core_pack' });

  // paying again is not possible: the page says it is done
  await page.goto(session.body.checkout_url);
  await page.getByText('Already paid').waitFor();
  expect(await page.locator('#pay').count()).toBe(0);
  expect(cspViolations).toEqual([]);
  expect(pageErrors).toEqual([]);
});
