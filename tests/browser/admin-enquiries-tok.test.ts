/**
 * Issue 28 point 3 in real Chromium through the gateway: a super admin sets the TOK titles of an
 * exam session, makes it current and previews it; a student's upload wizard then offers exactly
 * those six titles and the free "Other title" entry. The Enquiries screen lists what /contact
 * received, opens one, marks it handled, filters and downloads the CSV. The organisation details
 * set on the Settings screen appear in the public policies, and each footer label opens the page
 * it names. Screenshots of each screen (desktop, and the Enquiries list on a 375 px phone).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../support/platform';
import { createFirstAdmin, openSelect, pickOption, screenshot, sideways, signInThroughForm, storeSession } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const adminEmail = uniqueEmail('katherine');
const suite = browserSuite({
  timeout: 600_000,
  env: { RATE_CONTACT_ADDRESS_MAX: '20' },
  setup: async ({ p, page }) => {
    await createFirstAdmin(page, p.gatewayUrl, { name: 'Katherine Johnson', email: adminEmail, password: 'admin-pass-1' });
    await signInThroughForm(page, p.gatewayUrl, adminEmail, 'admin-pass-1', /\/admin$/);
  },
});

/** The helper's screenshot (tests/artifacts/screenshots) and a copy in /tmp/shots for review. */
async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  fs.mkdirSync('/tmp/shots', { recursive: true });
  fs.copyFileSync(file, path.join('/tmp/shots', `${name}.png`));
}

const MAY = Array.from(
  { length: 6 },
  (_, i) => `May 2027 title ${i + 1}: to what extent does the way knowledge is shared shape what counts as knowledge?`,
);

it('a super admin sets a session of six TOK titles, makes it current, and the wizard offers them with the free entry', async () => {
  const { p, page, pageErrors } = suite;
  await page.getByRole('menuitem', { name: 'TOK Titles' }).click();
  await page.getByTestId('tok-example-warning').waitFor();
  expect(await page.getByTestId('tok-preview').locator('li').count()).toBe(7);
  await shot(page, 'admin-tok-titles-example');

  await page.getByRole('button', { name: /New Session/ }).click();
  await page.getByLabel('Session').fill('May 2027');
  for (const [i, t] of MAY.entries()) await page.getByLabel(`Title ${i + 1}`, { exact: true }).fill(t);
  await shot(page, 'admin-tok-titles-editor');
  await page.getByRole('button', { name: 'Save Titles' }).click();
  await page.getByTestId('tok-session-detail').getByText('May 2027', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Make Current' }).click();
  await page.getByTestId('tok-session-detail').getByText('Current', { exact: true }).waitFor();
  await page.getByTestId('tok-example-warning').waitFor({ state: 'detached' });
  const preview = await page.getByTestId('tok-preview').locator('li').allInnerTexts();
  expect(preview).toEqual([...MAY.map((t, i) => `Title ${i + 1}: ${t}`), 'Other title (type the title you answered)']);
  await shot(page, 'admin-tok-titles-current');

  // the public list follows at once
  const served = (await p.api.call('GET', '/general/tok-prescribed-titles')).body.data;
  expect(served.session).toBe('May 2027');

  // a student's wizard: the six titles, then the free entry
  const signup = (await p.api.signup(uniqueEmail('tokstudent'))).body;
  await storeSession(page, p.gatewayUrl, signup);
  const essay = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tok-')), 'tok-essay.txt');
  fs.writeFileSync(essay, 'Knowledge and the knower. '.repeat(200));
  await page.goto(`${p.gatewayUrl}/dashboard`);
  await page.getByRole('menuitem', { name: 'Upload TOK' }).click();
  await page.getByTestId('step-upload').locator('input[type=file]').setInputFiles(essay);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('step-metadata').waitFor();
  expect(await page.getByTestId('tok-session').innerText()).toBe('Prescribed titles for the May 2027 session');
  await openSelect(page, 'meta-prescribed');
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await options.first().waitFor();
  expect(await options.allInnerTexts()).toEqual([
    ...MAY.map((t, i) => `Title ${i + 1}: ${t}`),
    'Other title (type the title you answered)',
  ]);
  await shot(page, 'wizard-tok-titles-open');
  await pickOption(page, 'Other title (type the title you answered)');
  await page.getByPlaceholder('Type the title you answered').fill('A prescribed title from the November 2026 session?');
  await shot(page, 'wizard-tok-other-title');
  expect(pageErrors).toEqual([]);

  // back to the admin for the next tests (the student signs out first: /auth sends a signed-in user on)
  await page.evaluate(() => localStorage.clear());
  await signInThroughForm(page, p.gatewayUrl, adminEmail, 'admin-pass-1', /\/admin$/);
});

it('the Enquiries screen lists, opens, marks handled, filters and downloads the CSV', async () => {
  const { p, page, pageErrors } = suite;
  const send = (school: string, message: string) =>
    p.api.call('POST', '/general/contact', {
      json: { name: 'Maria Rossi', school, email: 'm.rossi@lakeside.example', number_of_students: 80, message },
    });
  expect(
    (await send('Lakeside International School', 'We would like unlimited feedback for our DP2 cohort.\nFrom September.')).status,
  ).toBe(201);
  expect((await send('Hillside College', 'Could we have a call about the Power User plan next week?')).status).toBe(201);

  await page.getByRole('menuitem', { name: 'Enquiries' }).click();
  await page.getByTestId('admin-enquiries').waitFor();
  await page.getByText('Waiting (2)').waitFor();
  const rows = page.locator('[data-testid^="enquiry-"][role="listitem"]');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(2);
  expect(await rows.first().innerText()).toContain('Hillside College'); // newest first
  await shot(page, 'admin-enquiries-list');

  await rows.filter({ hasText: 'Lakeside International School' }).click();
  const detail = page.getByTestId('enquiry-detail');
  await detail.waitFor();
  expect(await page.getByTestId('enquiry-message').innerText()).toBe(
    'We would like unlimited feedback for our DP2 cohort.\nFrom September.',
  );
  await page.getByRole('button', { name: /Mark as Handled/ }).click();
  await page.getByRole('button', { name: /Mark as Waiting/ }).waitFor();
  expect(await detail.innerText()).toContain('by Katherine Johnson');
  await shot(page, 'admin-enquiry-handled');
  // The dialog's own Close: the sign-in notification may still show a Close button of its own.
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByText('Waiting (1)').waitFor();

  await page.getByText('Handled', { exact: true }).click();
  await rows.filter({ hasText: 'Lakeside International School' }).waitFor();
  expect(await rows.count()).toBe(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Export CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^enquiries_handled_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('id,received_at,name,school,email,number_of_students,message,handled,handled_at,handled_by,mail_status');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain('Lakeside International School');
  expect(csv[1]).toContain(',yes,');

  // a 375 px phone: the rows fit, nothing reaches past the edge
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByText('All', { exact: true }).click();
  await rows.nth(1).waitFor();
  expect(await sideways(page)).toEqual([]);
  await shot(page, 'admin-enquiries-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(pageErrors).toEqual([]);
});

it('the organisation details set on Settings appear in the public policies; each footer label opens its own page', async () => {
  const { p, page, pageErrors } = suite;
  await page.goto(`${p.gatewayUrl}/admin/settings`);
  const card = page.getByTestId('organisation-settings');
  await card.getByTestId('settings-not-set').waitFor();
  await page.getByLabel('Organisation name').fill('Maple Learning Ltd.');
  await page.getByLabel('Contact e-mail').fill('help@maple-learning.test');
  await page.getByLabel('Safeguarding e-mail').fill('dsl@maple-learning.test');
  await page.getByLabel('Postal address').fill('12 King St W, Toronto ON M5H 1A1, Canada');
  await page.getByLabel('Enquiry notification e-mail').fill('admissions@maple-learning.test');
  await card.getByRole('button', { name: 'Save Settings' }).click();
  await card.getByTestId('organisation-settings-banner').waitFor();
  await card.getByTestId('settings-not-set').waitFor({ state: 'detached' });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'admin-settings-organisation');

  await page.goto(`${p.gatewayUrl}/privacy-policy`);
  await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor({ timeout: 30_000 });
  const text = await page.locator('.cs-markdown').innerText();
  expect(text).toContain('operated by Maple Learning Ltd., a registered Canadian business');
  expect(text).toContain('help@maple-learning.test');
  expect(text).not.toMatch(/corestone\.example|\{\{|not set\]/);

  // the footer: each label opens the page it names
  for (const [label, heading, pathname] of [
    ['Academic Integrity', 'Academic Integrity Policy', '/academic-integrity-policy'],
    ['Client Terms', 'Client Terms', '/client-terms'],
    ['Safeguarding Policy', 'Safeguarding Policy', '/safeguarding-policy'],
    ['Privacy Policy', 'Privacy Policy', '/privacy-policy'],
  ] as const) {
    await page.locator('footer').getByRole('link', { name: label, exact: true }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(pathname);
  }
  await page.locator('footer').scrollIntoViewIfNeeded();
  await shot(page, 'footer-policy-links');
  expect(pageErrors).toEqual([]);
});
