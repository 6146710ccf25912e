/**
 * Google sign-in end to end in real Chromium: the built shell behind the gateway, the real auth
 * service (openid-client) and a fake OpenID provider on loopback whose /authorize consents at once.
 * /auth → 'Continue with Google' → gateway → auth → provider → gateway callback → auth → the
 * shell's /auth/google/callback → /dashboard, signed in as a new student with the provider's e-mail.
 */
import type { Page } from 'playwright-core';
import { choosePorts, startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { launchBrowser, screenshot } from '../support/browser';
import { FakeOidcProvider } from '../support/fake-oidc';

let provider: FakeOidcProvider;
let withGoogle: TestPlatform;
let withoutGoogle: TestPlatform;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  provider = new FakeOidcProvider();
  await provider.start();
  // free ports chosen up front: the gateway's URL must be known for PUBLIC_BASE_URL and the redirect URI
  const ports = await choosePorts();
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  [withGoogle, withoutGoogle] = await Promise.all([
    startTestPlatform(
      {
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_ISSUER: provider.issuer,
        PUBLIC_BASE_URL: gatewayUrl,
        GOOGLE_REDIRECT_URI: `${gatewayUrl}/api/v1/auth/google/callback`,
      },
      { ports },
    ),
    startTestPlatform(),
  ]);
  expect(withGoogle.gatewayUrl).toBe(gatewayUrl);
  browser = await launchBrowser();
  page = browser.page;
  page.on('pageerror', (err) => pageErrors.push(err.message));
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([withGoogle?.shutdown(), withoutGoogle?.shutdown()]);
  await provider?.stop();
});

it('signs a new user in with Google and lands on the dashboard as a student with that e-mail', async () => {
  const email = uniqueEmail('google');
  provider.autoConsent = { sub: `google-${email}`, email, email_verified: true, given_name: 'Gina', family_name: 'Google' };
  const tokenRequestsBefore = provider.tokenRequests;

  await page.goto(`${withGoogle.gatewayUrl}/auth`);
  await page.locator('[data-google-signin="true"]').waitFor();
  const button = page.getByRole('button', { name: /Continue with Google/ });
  await button.waitFor();
  await screenshot(page, 'google-01-auth-with-google');
  await button.click();

  await page.waitForURL(`${withGoogle.gatewayUrl}/dashboard`, { timeout: 30_000 });
  await page.getByTestId('credits-value').waitFor();
  // the code was exchanged at the provider exactly once, and no token is left in the address bar
  expect(provider.tokenRequests).toBe(tokenRequestsBefore + 1);
  expect(page.url()).not.toMatch(/token/);
  await screenshot(page, 'google-02-dashboard');

  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('access_token'),
    refresh: localStorage.getItem('refresh_token'),
  }));
  expect(stored.refresh).toBeTruthy();
  const me = await withGoogle.api.call('GET', '/auth/me', { token: stored.access! });
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ email, role: 'student', first_name: 'Gina', last_name: 'Google' });
  expect(pageErrors).toEqual([]);
});

it('comes back to /auth with Google Login Failed when the provider gives an unverified e-mail', async () => {
  await page.evaluate(() => localStorage.clear());
  provider.autoConsent = { sub: 'google-unverified', email: uniqueEmail('unverified'), email_verified: false };
  await page.goto(`${withGoogle.gatewayUrl}/auth`);
  await page.getByRole('button', { name: /Continue with Google/ }).click();
  await page.getByText('Google Login Failed', { exact: true }).waitFor({ timeout: 30_000 });
  await screenshot(page, 'google-03-auth-google-failed');
  expect(new URL(page.url()).pathname).toBe('/auth');
  expect(page.url()).not.toContain('error=google');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

it('the callback page without its parameters says Authentication Failed and offers a retry back to /auth', async () => {
  await page.goto(`${withGoogle.gatewayUrl}/auth/google/callback`);
  await page.getByText('Authentication Failed', { exact: true }).waitFor();
  expect(await page.getByText('Invalid callback parameters', { exact: true }).count()).toBe(1);
  await screenshot(page, 'google-05-callback-failed');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.waitForURL(`${withGoogle.gatewayUrl}/auth`);
  await page.getByTestId('signin-form').waitFor();
});

it('shows no Google button when Google sign-in is not configured', async () => {
  expect((await withoutGoogle.api.call('GET', '/auth/providers')).body).toEqual({ google: false, microsoft: false });
  await page.goto(`${withoutGoogle.gatewayUrl}/auth`);
  await page.getByTestId('signin-form').waitFor();
  // the page has the server's answer (not just the initial "unknown")
  await page.locator('[data-google-signin="false"]').waitFor();
  expect(await page.getByRole('button', { name: /Continue with Google/ }).count()).toBe(0);
  await screenshot(page, 'google-04-auth-without-google');
});
