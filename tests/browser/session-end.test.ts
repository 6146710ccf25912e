/**
 * How sessions end, in real Chromium through the gateway: an admin deactivates a signed-in student
 * and the student's next action lands on sign-in with the spec's deactivated text; Logout followed
 * at once by leaving the page leaves a signed-out landing with no message; a used reset link says
 * 'Invalid reset token' as the page's error and leads to the forgot-password form.
 */
import { resetTokenFromMail, uniqueEmail } from '../support/platform';
import { closeToasts, screenshot, submitSignInForm } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const DEACTIVATED = 'Account deactivated: Your account has been deactivated. Please contact support for assistance.';
const SESSION_EXPIRED = 'Session expired. Please log in again.';

let adminToken: string;

const suite = browserSuite({
  setup: async ({ p }) => {
    const adminEmail = uniqueEmail('ada');
    const setup = await p.api.call('POST', '/auth/setup-admin', {
      json: { name: 'Ada Admin', email: adminEmail, password: 'admin-pass-1', user_type: 'super-admin' },
    });
    expect(setup.status).toBe(200);
    const login = await p.api.call('POST', '/auth/login', { json: { username: adminEmail, password: 'admin-pass-1' } });
    expect(login.status).toBe(200);
    adminToken = login.body.access_token;
  },
});

/** A new student signed in through /auth; answers their id. */
async function signedInStudent(label: string): Promise<string> {
  const { p, page } = suite;
  const email = uniqueEmail(label);
  const signup = await p.api.signup(email, 'a-good-password');
  expect(signup.status).toBe(201);
  await page.goto(`${p.gatewayUrl}/auth`);
  await page.evaluate(() => localStorage.clear());
  await submitSignInForm(page, email, 'a-good-password');
  await page.waitForURL(/\/dashboard/);
  await page.getByRole('heading', { level: 1, name: /^Welcome, Test!$/ }).waitFor({ timeout: 30_000 });
  return signup.body.user.id;
}

it("an admin deactivates a signed-in student: the student's next action lands on sign-in with the deactivated text", async () => {
  const { p, page, pageErrors } = suite;
  const id = await signedInStudent('deactivated');
  await closeToasts(page); // the sign-in toast, out of the screenshot
  const off = await p.api.call('PUT', `/users/admin/users/${id}/status`, { token: adminToken, json: { is_active: false } });
  expect(off.status).toBe(200);

  // the next action: edit the profile and save
  await page.getByRole('menu', { name: 'Dashboard' }).getByText('Profile').click();
  await page.locator('#profile-first').fill('Mia');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await page.waitForURL(`${p.gatewayUrl}/auth`);
  const said = page.getByRole('status').filter({ hasText: 'Account deactivated' });
  await said.waitFor();
  expect(await said.innerText()).toBe(DEACTIVATED);
  expect(await page.getByText(SESSION_EXPIRED).count()).toBe(0);
  expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('refresh_token')])).toEqual([null, null]);
  await page.waitForTimeout(400); // toasts settle
  await screenshot(page, 'session-end-deactivated');
  expect(pageErrors).toEqual([]);
});

it('Logout, then leaving the page at once: the next visit is the signed-out landing without a message', async () => {
  const { p, page, pageErrors } = suite;
  await signedInStudent('logout');
  // the server is slow to answer the logout: the page is left before it does
  await page.route('**/api/v1/auth/logout', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => undefined);
  });
  const sessionCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/auth\/(refresh|me)$/.test(r.url())) sessionCalls.push(r.url());
  });
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.goto(`${p.gatewayUrl}/`);
  await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('user')])).toEqual([null, null]);
  expect(sessionCalls).toEqual([]); // no dead session to restore
  await page.goto(`${p.gatewayUrl}/auth`);
  await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
  expect(
    await page
      .getByRole('status')
      .filter({ hasText: /Session expired|deactivated/ })
      .count(),
  ).toBe(0);
  await page.unroute('**/api/v1/auth/logout');
  expect(pageErrors).toEqual([]);
});

it("a used reset link says 'Invalid reset token' as the page's error, and its button opens the forgot-password form", async () => {
  const { p, page, pageErrors } = suite;
  const email = uniqueEmail('reset');
  expect((await p.api.signup(email, 'old-password-1')).status).toBe(201);
  expect((await p.api.call('POST', '/auth/forgot-password', { json: { email } })).status).toBeLessThan(300);
  const token = await resetTokenFromMail(p, email);
  // the link is used once…
  expect((await p.api.call('POST', '/auth/reset-password', { json: { token, new_password: 'new-password-2' } })).status).toBe(200);

  // …and opened again
  await page.goto(`${p.gatewayUrl}/reset-password?token=${token}`);
  await page.getByLabel('New Password', { exact: true }).fill('new-password-3');
  await page.getByLabel('Confirm New Password').fill('new-password-3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('heading', { level: 1, name: 'Invalid reset token' }).waitFor();
  await page
    .getByText('This link has already been used or has expired: each link works once, for a limited time.', { exact: false })
    .waitFor();
  await screenshot(page, 'session-end-dead-reset-link');

  await page.getByRole('button', { name: 'Request a New Link' }).click();
  await page.waitForURL(`${p.gatewayUrl}/auth`);
  await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
  await page.locator('#forgot-email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.locator('.ant-result-title', { hasText: 'Check Your Email' }).waitFor();
  expect(pageErrors).toEqual([]);
});
