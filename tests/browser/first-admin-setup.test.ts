/**
 * First-admin setup in Chromium: /setup creates the super admin once, then shows 'System Ready';
 * the new admin signs in and lands in the admin area, not the student dashboard.
 */
import { uniqueEmail } from '../support/platform';
import { screenshot, submitSignInForm } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const suite = browserSuite();

it('creates the first admin once and sends the admin to /admin after sign-in', async () => {
  const { p, page } = suite;
  const email = uniqueEmail('firstadmin');
  await page.goto(`${p.gatewayUrl}/setup`);
  await page.getByTestId('setup-form').waitFor();
  // no SETUP_TOKEN on this platform (development): no token field
  expect(await page.getByLabel('Setup token').count()).toBe(0);
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('admin-pass-1');
  await page.getByLabel('Confirm Password').fill('admin-pass-2');
  await page.getByRole('button', { name: 'Create Admin User' }).click();
  expect(await page.getByTestId('setup-error').innerText()).toContain('Passwords do not match');

  await page.getByLabel('Confirm Password').fill('admin-pass-1');
  await page.getByRole('button', { name: 'Create Admin User' }).click();
  await page.getByTestId('setup-ready').waitFor();
  expect(await page.getByTestId('setup-ready').innerText()).toContain('Admin user created successfully! You can now sign in.');
  await screenshot(page, 'setup-done');

  // a second visit finds setup closed
  await page.goto(`${p.gatewayUrl}/setup`);
  await page.getByTestId('setup-ready').waitFor();
  expect(await page.getByText('Admin user already exists. You can access the admin panel.').count()).toBe(1);

  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await page.waitForURL(/\/auth/);
  await submitSignInForm(page, email, 'admin-pass-1');
  await page.waitForURL(/\/admin/);
  await screenshot(page, 'admin-after-signin');
  // an admin reaching the student dashboard is sent to /admin
  await page.goto(`${p.gatewayUrl}/dashboard`);
  await page.waitForURL(/\/admin/);
});
