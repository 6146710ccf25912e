/**
 * Issue 32, single sign-on per school, end to end in real Chromium: the built shell behind the
 * gateway, the real auth and schools services (openid-client, the rpc.schools.sso_* answers) and two
 * fake OpenID providers on loopback (Google and Microsoft, each signing with its own key; their
 * /authorize consents at once). A Microsoft user of a school's verified tenant lands in that school,
 * a refused one reads why, a member of a school requiring SSO is told to use it, and the school's
 * members list says who signed in how.
 */
import type { Page } from 'playwright-core';
import { choosePorts, startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';
import { launchBrowser, screenshot } from '../support/browser';
import { FakeOidcProvider } from '../support/fake-oidc';
import { invitedSignIn, setupSuperAdmin } from '../support/api-setup';

const TENANT = '0f5a1e2b-7c3d-4e5f-8a9b-0c1d2e3f4a5b';
let google: FakeOidcProvider;
let microsoft: FakeOidcProvider;
let p: TestPlatform;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let admin: string;
let schoolId: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  google = new FakeOidcProvider();
  microsoft = new FakeOidcProvider();
  await Promise.all([google.start(), microsoft.start()]);
  const ports = await choosePorts();
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  p = await startTestPlatform(
    {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_ISSUER: microsoft.issuer,
      PUBLIC_BASE_URL: gatewayUrl,
      GOOGLE_REDIRECT_URI: `${gatewayUrl}/api/v1/auth/google/callback`,
    },
    { ports },
  );
  admin = await setupSuperAdmin(p, { name: 'Sue Super', email: uniqueEmail('sso-super'), password: 'super-secret-1' });
  const school = await p.api.call('POST', '/schools', {
    token: admin,
    json: { name: 'Lakeside IB', email_domains: ['lakeside-ib.org'], microsoft_tenant_ids: [TENANT] },
  });
  expect(school.status).toBe(201);
  schoolId = school.body.id;
  browser = await launchBrowser();
  page = browser.page;
  page.on('pageerror', (err) => pageErrors.push(err.message));
});
afterAll(async () => {
  await browser?.close();
  await p?.shutdown();
  await Promise.all([google?.stop(), microsoft?.stop()]);
});

it('a Microsoft user of the school’s tenant signs in with "Sign in with Microsoft" and lands in the school', async () => {
  const email = `mia.${Date.now().toString(36)}@lakeside-ib.org`;
  microsoft.autoConsent = { sub: `ms-${email}`, email, xms_edov: true, tid: TENANT, given_name: 'Mia', family_name: 'Lake' };
  await page.goto(`${p.gatewayUrl}/auth`);
  const button = page.getByRole('button', { name: /Sign in with Microsoft/ });
  await button.waitFor();
  await page.getByRole('button', { name: /Continue with Google/ }).waitFor();
  // the first load of a tab shows the welcome splash over the page for a moment
  await page.getByText('Professional IBDP Essay Assessment Platform').waitFor({ state: 'hidden' });
  await screenshot(page, 'sso-01-auth-with-microsoft');
  await button.click();
  await page.waitForURL(`${p.gatewayUrl}/dashboard`, { timeout: 30_000 });
  await page.getByTestId('credits-value').waitFor();
  expect(page.url()).not.toMatch(/token/);
  await screenshot(page, 'sso-02-dashboard');
  const access = (await page.evaluate(() => localStorage.getItem('access_token')))!;
  const me = await waitFor('the membership reaches /auth/me', async () => {
    const r = await p.api.call('GET', '/auth/me', { token: access });
    return r.body.school?.id === schoolId ? r.body : null;
  });
  expect(me).toMatchObject({ email, role: 'student', first_name: 'Mia', school: { id: schoolId, role: 'student', status: 'active' } });
  expect(pageErrors).toEqual([]);
});

it('an unknown tenant comes back to the sign-in page with a clear text', async () => {
  await page.evaluate(() => localStorage.clear());
  microsoft.autoConsent = { sub: 'ms-stranger', email: 'x@elsewhere.org', xms_edov: true, tid: '11111111-2222-4333-8444-555555555555' };
  await page.goto(`${p.gatewayUrl}/auth`);
  await page.getByRole('button', { name: /Sign in with Microsoft/ }).click();
  await page.getByText('Sign-in failed', { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByText(/is not linked to any school on Corestone/).waitFor();
  await screenshot(page, 'sso-03-unknown-tenant');
  expect(new URL(page.url()).pathname).toBe('/auth');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

it('a school that requires SSO: its member’s password sign-in is refused with the message; the members list shows who signed in how', async () => {
  const member = await invitedSignIn(p, schoolId, admin, `pat.${Date.now().toString(36)}@lakeside-ib.org`, 'teacher');
  expect(member.token).toBeTruthy();
  const email = (await p.api.call('GET', '/auth/me', { token: member.token })).body.email as string;
  const set = await p.api.call('PATCH', `/schools/${schoolId}`, { token: admin, json: { settings: { require_sso: true } } });
  expect(set.status).toBe(200);
  await waitFor('auth knows the school requires SSO', async () => {
    const r = await p.api.call('POST', '/auth/login', { json: { username: email, password: 'school-secret-1' } });
    return r.status === 403 && r.body.code === 'SSO_REQUIRED';
  });
  await page.goto(`${p.gatewayUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('school-secret-1');
  await page.getByTestId('auth-submit').click();
  await page.getByText('School sign-in required', { exact: true }).waitFor({ timeout: 30_000 });
  await screenshot(page, 'sso-04-password-refused');

  const list = await p.api.call('GET', `/schools/${schoolId}/members`, { token: admin });
  expect(list.status).toBe(200);
  const methods = Object.fromEntries(
    (list.body.members as Array<{ email: string; last_sign_in: { method: string } | null }>).map((m) => [
      m.email,
      m.last_sign_in?.method ?? null,
    ]),
  );
  expect(methods[email]).toBe('password');
  expect(Object.values(methods)).toContain('microsoft');
});

it('the School area’s members list shows the Last sign-in column in the back office', async () => {
  const email = (await p.api.call('GET', '/auth/me', { token: admin })).body.email as string;
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${p.gatewayUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('super-secret-1');
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin') || url.pathname === '/dashboard', { timeout: 30_000 });
  await page.goto(`${p.gatewayUrl}/admin/schools/${schoolId}/members`);
  await page.getByRole('columnheader', { name: 'Last sign-in' }).waitFor({ timeout: 30_000 });
  await page
    .getByText(/^Microsoft · /)
    .first()
    .waitFor();
  await page
    .getByText(/^Password · /)
    .first()
    .waitFor();
  await screenshot(page, 'sso-05-members-last-sign-in');
  expect(pageErrors).toEqual([]);
});
