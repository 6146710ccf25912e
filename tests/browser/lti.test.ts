/**
 * Issue 32, LTI 1.3 in real Chromium: the built shell and admin behind the gateway, the real auth
 * and schools services and a fake LMS on loopback. A super admin registers the LMS on the school's
 * Settings page and reads the tool's URLs; a teacher's launch from the LMS (login initiation and
 * the id_token as auto-submitted forms, as an LMS posts them) signs them in and lands on the class
 * the course became.
 */
import type { Page } from 'playwright-core';
import { LTI_CLAIMS } from '@corestone/contracts';
import { choosePorts, startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { launchBrowser, screenshot, signInThroughForm } from '../support/browser';
import { FakeLtiPlatform, ROLES } from '../support/fake-lti';
import { setupSuperAdmin } from '../support/api-setup';

let lms: FakeLtiPlatform;
let p: TestPlatform;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let schoolId: string;
const superEmail = uniqueEmail('lti-super');
const pageErrors: string[] = [];

beforeAll(async () => {
  lms = await new FakeLtiPlatform().start();
  const ports = await choosePorts();
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  p = await startTestPlatform({ PUBLIC_BASE_URL: gatewayUrl }, { ports });
  const token = await setupSuperAdmin(p, { name: 'Lou Super', email: superEmail, password: 'super-secret-1' });
  const school = await p.api.call('POST', '/schools', { token, json: { name: 'Canvas High' } });
  expect(school.status).toBe(201);
  schoolId = school.body.id;
  browser = await launchBrowser();
  page = browser.page;
  page.on('pageerror', (err) => pageErrors.push(err.message));
});
afterAll(async () => {
  await browser?.close();
  await p?.shutdown();
  await lms?.stop();
});

it('the school’s Settings register an LMS and show the tool’s URLs', async () => {
  await signInThroughForm(page, p.gatewayUrl, superEmail, 'super-secret-1', /\/admin/);
  await page.goto(`${p.gatewayUrl}/admin/schools/${schoolId}/settings`);
  const card = page.getByTestId('lms');
  await card.waitFor();
  await card.getByText('No learning platform registered').waitFor();
  const reg = lms.registration();
  await card.getByLabel('Issuer').fill(reg.issuer);
  await card.getByLabel('Client ID').fill(reg.client_id);
  await card.getByLabel('Deployment IDs').fill(reg.deployment_ids.join(', '));
  await card.getByLabel('Authorisation URL').fill(reg.auth_login_url);
  await card.getByLabel('Token URL').fill(reg.auth_token_url);
  await card.getByLabel('Key set (JWKS) URL').fill(reg.key_set_url);
  await card.getByRole('button', { name: 'Register platform' }).click();
  await card.getByText(`${p.gatewayUrl}/api/v1/lti/launch`).waitFor();
  await card.getByText(`${p.gatewayUrl}/api/v1/lti/login`).waitFor();
  await card.getByText(`${p.gatewayUrl}/api/v1/lti/jwks`).waitFor();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'lti-01-settings-lms-registered');
});

it('a teacher’s launch from the LMS signs them in and lands on the course’s class', async () => {
  lms.toolLoginUrl = `${p.gatewayUrl}/api/v1/lti/login`;
  const email = uniqueEmail('lti-teacher');
  lms.autoLaunch = {
    sub: 'browser-teacher',
    email,
    name: 'Cara Canvas',
    [LTI_CLAIMS.messageType]: 'LtiResourceLinkRequest',
    [LTI_CLAIMS.roles]: [ROLES.instructor],
    [LTI_CLAIMS.context]: { id: 'canvas-course-7', title: 'Biology HL — Canvas' },
    [LTI_CLAIMS.resourceLink]: { id: 'canvas-rl-1' },
  };
  await page.goto(`${lms.base}/start`);
  await page.waitForURL(/\/admin\/classes\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await page.getByTestId('class-area').waitFor();
  await page.getByText('Biology HL — Canvas').first().waitFor();
  expect(page.url()).not.toMatch(/token/);
  const me = await page.evaluate(() => localStorage.getItem('access_token'));
  expect((await p.api.call('GET', '/auth/me', { token: me! })).body).toMatchObject({ email, role: 'teacher' });
  await screenshot(page, 'lti-02-teacher-lands-on-class');
  expect(pageErrors).toEqual([]);
});
