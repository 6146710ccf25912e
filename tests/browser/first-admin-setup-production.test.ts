/**
 * First-admin setup of a production install, in Chromium (issue 28): the platform runs with
 * NODE_ENV=production and everything production requires — SETUP_TOKEN, the keys from the
 * environment (no generated .keys), MAIL_DISABLED=true instead of SMTP, and an https
 * PUBLIC_BASE_URL. As an operator would, a TLS-terminating front (tls-front.ts) serves that https
 * address and passes requests to the gateway; Chromium opens the https address and trusts only
 * the front's own certificate. The operator then does everything from the browser: /setup asks
 * for the setup token, says when it is wrong, creates the admin with the right one, and the admin
 * signs in and reaches /admin.
 *
 * The tests run in order on one platform: the wrong token first (setup still open), then the admin.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { freePort } from '@corestone/devstack';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { launchBrowser, screenshot, submitSignInForm, type LaunchedBrowser } from '../support/browser';
import { startTlsFront, type TlsFront } from '../support/tls-front';

const SETUP_TOKEN = randomBytes(24).toString('hex');
const TOKEN_HINT =
  "Your deployment's SETUP_TOKEN: in the Helm chart's Secret, in deploy/.env for Docker Compose, or in the auth service's environment.";
const WRONG_TOKEN = 'The setup token is not correct. Use the SETUP_TOKEN value set for this deployment.';

let front: TlsFront;
let p: TestPlatform;
let browser: LaunchedBrowser;
let page: Page;
const email = uniqueEmail('prodadmin');

beforeAll(async () => {
  front = await startTlsFront(await freePort());
  p = await startTestPlatform({
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: front.url,
    // the front is on loopback: the gateway reads the client's address from X-Forwarded-For
    TRUST_PROXY: '127.0.0.1',
    SETUP_TOKEN,
    MAIL_DISABLED: 'true',
    JWT_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TOKEN_HMAC_KEY: randomBytes(32).toString('base64'),
  });
  front.forwardTo(p.gatewayUrl);
  browser = await launchBrowser(front.chromiumArgs);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await p?.shutdown();
  await front?.close();
});

async function fillAdminForm(token: string) {
  await page.getByLabel('Setup token').fill(token);
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('prod-admin-pass-1');
  await page.getByLabel('Confirm Password').fill('prod-admin-pass-1');
}

it('asks for the setup token on the https address and says clearly when it is wrong, keeping the form', async () => {
  // the server says a token is needed, and never what it is
  const status = await (await fetch(`${p.gatewayUrl}/api/v1/auth/setup-status`)).text();
  expect(JSON.parse(status)).toEqual({ admin_exists: false, setup_token_required: true });
  expect(status).not.toContain(SETUP_TOKEN);

  await page.goto(`${front.url}/setup`);
  await page.getByTestId('setup-form').waitFor();
  expect(await page.evaluate(() => location.protocol)).toBe('https:');
  const tokenField = page.getByLabel('Setup token');
  expect(await tokenField.getAttribute('type')).toBe('password');
  expect(await page.locator('#setup-token-hint').innerText()).toBe(TOKEN_HINT);

  await fillAdminForm('not-the-setup-token-of-this-site');
  await page.getByRole('button', { name: 'Create Admin User' }).click();
  await page.getByText(WRONG_TOKEN).waitFor();
  expect(await page.getByTestId('setup-error').innerText()).toContain(WRONG_TOKEN);
  // nothing was created and every field is as typed
  expect(await page.getByLabel('Full Name').inputValue()).toBe('Ada Lovelace');
  expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
  expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('prod-admin-pass-1');
  expect(await page.getByLabel('Confirm Password').inputValue()).toBe('prod-admin-pass-1');
  expect(await tokenField.inputValue()).toBe('not-the-setup-token-of-this-site');
  await screenshot(page, 'setup-production-wrong-token');
  expect((await p.api.call('GET', '/auth/setup-status')).body.admin_exists).toBe(false);
});

it('creates the first admin through /setup with the setup token; the admin signs in and reaches /admin', async () => {
  await page.goto(`${front.url}/setup`);
  await page.getByTestId('setup-form').waitFor();
  await screenshot(page, 'setup-production-form');
  await fillAdminForm(SETUP_TOKEN);
  await page.getByRole('button', { name: 'Create Admin User' }).click();
  await page.getByTestId('setup-ready').waitFor();
  expect(await page.getByTestId('setup-ready').innerText()).toContain('Admin user created successfully! You can now sign in.');
  await screenshot(page, 'setup-production-done');
  expect((await p.api.call('GET', '/auth/setup-status')).body).toEqual({ admin_exists: true, setup_token_required: true });

  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await page.waitForURL(`${front.url}/auth`);
  await submitSignInForm(page, email, 'prod-admin-pass-1');
  await page.waitForURL(`${front.url}/admin**`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await screenshot(page, 'setup-production-admin');

  // setup stays closed, with or without the token
  await page.goto(`${front.url}/setup`);
  await page.getByTestId('setup-ready').waitFor();
  const again = await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Eve', email: uniqueEmail('eve'), password: 'whatever-1', setup_token: SETUP_TOKEN },
  });
  expect(again.status).toBe(409);
});
