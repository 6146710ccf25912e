/**
 * A platform with no online payment configured (no PAYMENTS, no Stripe keys: what production runs
 * without Stripe), in real Chromium: the Plans page says so plainly before anyone clicks — a notice
 * with the server's words and a 'Contact us' link to /contact — with the packs disabled and Power
 * User's 'Contact Us' still open. Nothing reads 'Purchase Failed'.
 */
import { uniqueEmail } from '../support/platform';
import { screenshot, storeSession } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const suite = browserSuite();

it('Plans says online payment is not available, with the contact route for schools, and no pack can be started', async () => {
  const { p, page, pageErrors } = suite;
  const signup = (await p.api.signup(uniqueEmail('nopay'))).body;
  const user = (await p.api.call('GET', '/auth/me', { token: signup.access_token })).body;
  await storeSession(page, p.gatewayUrl, { access_token: signup.access_token, refresh_token: signup.refresh_token, user });

  await page.goto(`${p.gatewayUrl}/dashboard/plans`);
  const notice = page.getByTestId('payments-off');
  await notice.waitFor({ timeout: 30_000 });
  const text = await notice.innerText();
  expect(text).toContain('Online payment is not available on this site');
  expect(text).toContain('Online payment is not configured on this server, so credits cannot be bought here.');
  expect(text).toContain('Schools and institutions can arrange credits with us through the contact page (/contact).');
  for (const pack of ['core_pack', 'super_core_pack'])
    expect(await page.getByTestId(`plan-${pack}`).getByRole('button', { name: 'Purchase' }).isDisabled()).toBe(true);
  expect(await page.getByTestId('plan-power_user_monthly').getByRole('button', { name: 'Contact Us' }).isEnabled()).toBe(true);
  expect(await page.getByText('Purchase Failed').count()).toBe(0);
  await screenshot(page, 'plans-payments-off');

  await notice.getByRole('link', { name: 'Contact us' }).click();
  await page.waitForURL((u) => u.pathname === '/contact');
  expect(pageErrors).toEqual([]);
});
