/**
 * The shell with a remote that is configured but not deployed (the gateway's MF_REMOTES names an
 * admin entry that answers 404): the real federation runtime fails to load it and the admin sees
 * the shell's fallback, not a blank page or a crash.
 */
import type { Page } from 'playwright-core';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { launchBrowser, screenshot } from '../support/browser';

const remotes = {
  remotes: {
    student: { url: '/mf/student/remoteEntry.js', version: 'test' },
    admin: { url: '/mf/admin-not-deployed/remoteEntry.js', version: '0.0.0' },
  },
};

let p: TestPlatform;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  p = await startTestPlatform({ MF_REMOTES: JSON.stringify(remotes) });
  browser = await launchBrowser();
  page = browser.page;
  page.on('pageerror', (err) => pageErrors.push(err.message));
});
afterAll(async () => {
  await browser?.close();
  await p?.shutdown();
});

it('serves the configured manifest and shows the fallback for a remote that is not there', async () => {
  const manifest = await fetch(`${p.gatewayUrl}/mf/manifest.json`);
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
  expect(await manifest.json()).toEqual(remotes);
  expect((await fetch(`${p.gatewayUrl}/mf/admin-not-deployed/remoteEntry.js`)).status).toBe(404);

  const email = uniqueEmail('fallback');
  const setup = await p.api.call('POST', '/auth/setup-admin', { json: { name: 'Ada Admin', email, password: 'admin-pass-1' } });
  expect(setup.status).toBe(200);

  await page.goto(`${p.gatewayUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('admin-pass-1');
  await page.getByTestId('auth-submit').click();
  await page.waitForURL(/\/admin/);
  await page.getByText('The admin area could not be loaded').waitFor();
  await screenshot(page, 'admin-remote-missing');
  expect(pageErrors).toEqual([]);
});
