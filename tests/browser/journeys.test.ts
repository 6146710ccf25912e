/**
 * More journeys in real Chromium through the gateway: a TOK essay as a .pdf through the wizard to
 * its result; deleting a submission with the exact confirmation text; forgot password → the mailed
 * link from the mail folder → reset → sign in with the new password.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeDocx, makePdf } from '@corestone/documents/testing';
import { resetTokenFromMail, uniqueEmail } from '../support/platform';
import { dialogOpened, chooseOption, fillEeMetadata, screenshot, signInThroughForm, submitSignUpForm } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { EE_ESSAY, TOK_ESSAY } from '../fixtures/essays';

const suite = browserSuite();

it('uploads a TOK essay as a PDF through the wizard, then deletes it from My Submissions', async () => {
  const { p, page, pageErrors } = suite;
  const email = uniqueEmail('tok');
  expect((await p.api.signup(email, 'a-good-password', 'teacher')).status).toBe(201);
  await signInThroughForm(page, p.gatewayUrl, email, 'a-good-password', /\/dashboard/);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tok-'));
  const pdf = path.join(dir, 'knowledge-and-certainty.pdf');
  // one line per sentence-ish chunk: a real one-page PDF with a text layer
  const lines = TOK_ESSAY.split('\n')
    .flatMap((l) => l.match(/.{1,90}(\s|$)/g) ?? [''])
    .slice(0, 48);
  fs.writeFileSync(pdf, makePdf(lines));

  await page.goto(`${p.gatewayUrl}/dashboard/upload/tok`);
  await page.getByTestId('step-upload').locator('input[type=file]').setInputFiles(pdf);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('step-metadata').waitFor();
  await page.locator('#meta-title').fill('Knowledge and certainty');
  await chooseOption(page, 'meta-prescribed', /^Title 3: /);
  await page.getByTestId('rubric-list').locator('input[type=radio]').first().check({ force: true });
  await page.getByRole('button', { name: 'Review & Submit' }).click();
  await page.getByTestId('step-submit').waitFor();
  expect(await page.getByTestId('step-submit').innerText()).toContain('knowledge-and-certainty.pdf');
  await page.getByRole('button', { name: 'Submit for Evaluation' }).click();
  await page.waitForURL(/\/dashboard\/results\//, { timeout: 60_000 });
  await page.getByTestId('results-completed').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('total-points').innerText()).toMatch(/\/ 10$/);
  await screenshot(page, '40-tok-pdf-results');

  await page.goto(`${p.gatewayUrl}/dashboard/submissions`);
  await page.getByText('Knowledge and certainty').waitFor();
  await page.getByRole('button', { name: 'Delete Knowledge and certainty' }).click();
  await page.getByText('Are you sure you want to delete "Knowledge and certainty"? This action cannot be undone.').waitFor();
  await dialogOpened(page);
  await screenshot(page, '41-delete-confirmation');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('Submission deleted').waitFor();
  await page.getByText('No submissions yet').waitFor();
  expect(pageErrors).toEqual([]);
});

it('signs up, uploads an EE .docx through the wizard, watches progress, reads the result and opens the report', async () => {
  const { p, page, pageErrors } = suite;
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${p.gatewayUrl}/auth`);
  await submitSignUpForm(page, 'Noor Haddad', uniqueEmail('docx'), 'a-good-password');
  await page.waitForURL(/\/dashboard/);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ee-'));
  const docx = path.join(dir, 'influenza.docx');
  fs.writeFileSync(docx, await makeDocx(EE_ESSAY.split(/\n+/)));
  await page.goto(`${p.gatewayUrl}/dashboard/upload/ee`);
  await page.getByTestId('step-upload').locator('input[type=file]').setInputFiles(docx);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('step-metadata').waitFor();
  await fillEeMetadata(page, 'Influenza and public health');
  await page.getByRole('button', { name: 'Review & Submit' }).click();
  await page.getByRole('button', { name: 'Submit for Evaluation' }).click();
  await page.waitForURL(/\/dashboard\/results\//, { timeout: 60_000 });
  // the processing view (if grading is not already done) or the result
  await page.locator('[data-testid=results-processing], [data-testid=results-completed]').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('results-completed').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('total-points').innerText()).toMatch(/\/ 34$/);
  await page.getByTestId('report-link').click();
  await page.getByTestId('deep-overview').waitFor({ timeout: 30_000 });
  expect(pageErrors).toEqual([]);
});

it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
  const { p, page, pageErrors } = suite;
  const email = uniqueEmail('forgot');
  expect((await p.api.signup(email, 'old-password-1')).status).toBe(201);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${p.gatewayUrl}/auth`);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.locator('#forgot-email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.locator('.ant-result-title', { hasText: 'Check Your Email' }).waitFor();
  await screenshot(page, '42-check-your-email');

  const token = await resetTokenFromMail(p, email);

  await page.goto(`${p.gatewayUrl}/reset-password?token=${token}`);
  await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm New Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('button', { name: 'Back to Login' }).waitFor();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await page.waitForURL(/\/auth/);
  await signInThroughForm(page, p.gatewayUrl, email, 'new-password-2', /\/dashboard/);
  await page.getByTestId('credits-value').waitFor();

  // logout from the dashboard's sidebar clears the session and goes home (spec: 'goes to /')
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL(`${p.gatewayUrl}/`);
  await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(pageErrors).toEqual([]);
});
