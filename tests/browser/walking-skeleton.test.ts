/**
 * The walking skeleton in real Chromium, through the gateway serving the built shell and the
 * student remote: landing → sign-up → dashboard → upload wizard → graded result → credits spent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueEmail } from '../support/platform';
import { fillEeMetadata, screenshot, submitSignUpForm } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { EE_ESSAY } from '../fixtures/essays';

const suite = browserSuite();

it('lets a new student sign up, upload an essay and read its graded result', async () => {
  const { p, page, pageErrors } = suite;
  const url = p.gatewayUrl;
  await page.goto(url);
  await page.getByText('Grade Extended Essay', { exact: true }).first().click();
  await page.waitForURL(/\/auth/);
  await screenshot(page, '01-auth');

  await submitSignUpForm(page, 'Maya Lindqvist', uniqueEmail('browser'), 'a-good-password');
  // back to where the visitor was going: the EE upload page
  await page.waitForURL(/\/upload\/ee/);
  await page.getByTestId('step-upload').waitFor();
  await screenshot(page, '02-upload-after-signup');

  await page.goto(`${url}/dashboard`);
  await page.getByTestId('credits-value').waitFor();
  expect(await page.getByTestId('credits-value').innerText()).toContain('1 / 1');
  await screenshot(page, '03-dashboard-new-student');

  await page.goto(`${url}/dashboard/upload/ee`);
  const essay = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'essay-')), 'influenza.txt');
  fs.writeFileSync(essay, EE_ESSAY);
  await page.getByTestId('step-upload').locator('input[type=file]').setInputFiles(essay);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByTestId('step-metadata').waitFor();
  await fillEeMetadata(page, 'Influenza and public health in Canadian cities');
  await screenshot(page, '04-wizard-metadata');
  await page.getByRole('button', { name: 'Review & Submit' }).click();

  await page.getByTestId('step-submit').waitFor();
  await page.getByRole('button', { name: 'Submit for Evaluation' }).click();
  await page.waitForURL(/\/dashboard\/results\//, { timeout: 30_000 });
  await page.getByTestId('results-completed').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('overall-grade').innerText()).toMatch(/[A-E]/);
  expect(await page.getByTestId('total-points').innerText()).toMatch(/\d+ \/ 34/);
  for (const code of ['A', 'B', 'C', 'D', 'E']) await expect(page.getByTestId(`criterion-${code}`).count()).resolves.toBe(1);
  await screenshot(page, '05-results');

  await page.goto(`${url}/dashboard`);
  await page.getByTestId('credits-value').waitFor();
  await expect(page.getByText('No credits remaining. Purchase a plan to continue submitting essays.')).toBeTruthy();
  expect(await page.getByTestId('credits-value').innerText()).toContain('0 / 1');
  await screenshot(page, '06-dashboard-after');
  expect(pageErrors).toEqual([]);
});
