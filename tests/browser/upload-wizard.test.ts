/**
 * The upload wizard in real Chromium through the gateway keeps the student's work: its steps are
 * history entries (the browser's Back returns to Metadata with the values), a reload keeps the
 * metadata and asks for the file again, a refused step marks the field under itself; after the
 * submit the draft is gone and Back from the result leaves the wizard; signing out forgets a draft.
 * Screenshots of the inline error and of the "choose your file again" state, on a desktop and a
 * 375 px phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueEmail } from '../support/platform';
import { chooseOption, screenshot, signInThroughForm } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { EE_ESSAY } from '../fixtures/essays';

// a shared 2-core machine under load can take longer than the default 30 s to bring a process up
const suite = browserSuite({ timeout: 600_000 });

const RQ = 'To what extent did the 1918 pandemic change public health policy?';
const activeId = () => suite.page.evaluate(() => document.activeElement?.id ?? '');
const stepShown = (name: string) => suite.page.getByRole('group', { name }).waitFor();

async function chooseFile(file: string) {
  const { page } = suite;
  await page.getByTestId('step-upload').locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('selected-file').waitFor();
}

/** Chooses the file on the Upload step and continues to Metadata. */
async function continueWithFile(file: string) {
  await chooseFile(file);
  await suite.page.getByRole('button', { name: 'Continue' }).click();
  await stepShown('Step 2 of 3: Metadata');
}

/** The EE fixture essay in a new temporary file called `name`. */
function essayFile(name: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wizard-')), name);
  fs.writeFileSync(file, EE_ESSAY);
  return file;
}

/** Full-page screenshots of what is on screen now, on the desktop and on a 375 px phone. */
async function desktopAndPhone(name: string) {
  const { page } = suite;
  await screenshot(page, name);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `${name}-phone`);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1366, height: 900 });
}

it('keeps the metadata through Back and a reload, marks refused fields, and forgets the draft after the submit', async () => {
  const { p, page, pageErrors } = suite;
  const email = uniqueEmail('wizard');
  expect((await p.api.signup(email, 'a-good-password')).status).toBe(201);
  await signInThroughForm(page, p.gatewayUrl, email, 'a-good-password', /\/dashboard$/);

  const essay = essayFile('influenza.txt');
  await page.goto(`${p.gatewayUrl}/dashboard/upload/ee`);
  await continueWithFile(essay);
  expect(new URL(page.url()).search).toBe('?step=metadata');
  // keyboard and screen reader users start on the new step
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Step 2 of 3: Metadata');

  // refused: the toast (spec) and each field marked under itself, focus on the first
  await page.getByRole('button', { name: 'Review & Submit' }).click();
  await page.locator('.ant-notification-notice', { hasText: 'Validation Error' }).waitFor();
  await page.locator('#meta-category-error', { hasText: 'Please select a subject category' }).waitFor();
  await page.locator('#meta-rq-error', { hasText: 'Please enter your research question' }).waitFor();
  expect(await activeId()).toBe('meta-category');
  await desktopAndPhone('50-wizard-inline-error');

  await page.locator('#meta-title').fill('Influenza and public health');
  await chooseOption(page, 'meta-category', 'Individuals and Societies');
  await chooseOption(page, 'meta-subject', /^History$/);
  await page.getByLabel('Research Question').fill(RQ);
  await page.locator('#meta-rq-error').waitFor({ state: 'detached' }); // a changed field is no longer marked
  await page.getByTestId('rubric-list').locator('input[type=radio]').first().check({ force: true });
  await page.getByRole('button', { name: 'Review & Submit' }).click();
  await stepShown('Step 3 of 3: Submit');
  expect(new URL(page.url()).search).toBe('?step=review');

  // the browser's Back: Metadata, values kept
  await page.goBack();
  await stepShown('Step 2 of 3: Metadata');
  expect(await page.locator('#meta-title').inputValue()).toBe('Influenza and public health');
  expect(await page.getByLabel('Research Question').inputValue()).toBe(RQ);

  // a reload: the details are kept, the file must be chosen again (on the Upload step, in place)
  await page.reload();
  await page.getByTestId('choose-file-again').waitFor();
  expect(await page.getByTestId('choose-file-again').innerText()).toContain(
    'Your details are kept. Choose your file (influenza.txt) again to continue.',
  );
  await page.waitForURL((u) => u.search === '');
  await desktopAndPhone('51-wizard-choose-file-again');

  await continueWithFile(essay);
  expect(await page.locator('#meta-title').inputValue()).toBe('Influenza and public health');
  expect(await page.getByLabel('Research Question').inputValue()).toBe(RQ);
  expect(await page.getByTestId('step-metadata').innerText()).toContain('History');
  await page.getByRole('button', { name: 'Review & Submit' }).click();
  await stepShown('Step 3 of 3: Submit');
  expect(await page.getByTestId('submit-summary').innerText()).toContain(RQ);
  // what the student stated beside the spec's fields (issue 28): the citation style and context too
  await page.getByRole('button', { name: 'Back to Metadata' }).click();
  await stepShown('Step 2 of 3: Metadata');
  await chooseOption(page, 'meta-citation', /^MLA$/);
  await page.locator('#meta-context').fill('My supervisor suggested comparing two cities.');
  await page.getByRole('button', { name: 'Review & Submit' }).click();
  await stepShown('Step 3 of 3: Submit');
  await page.getByRole('button', { name: 'Submit for Evaluation' }).click();
  await page.waitForURL(/\/dashboard\/results\//, { timeout: 60_000 });
  await page.locator('[data-testid=results-processing], [data-testid=results-completed]').first().waitFor({ timeout: 30_000 });

  // the result shows what it was graded against and by whom (no model configured: the built-in grader)
  const facts = page.getByTestId('submission-facts');
  await facts.waitFor({ timeout: 120_000 });
  expect(await page.getByTestId('stated-research_question').innerText()).toBe(RQ);
  expect(await page.getByTestId('stated-citation_style').innerText()).toBe('MLA');
  expect(await page.getByTestId('stated-additional_context').innerText()).toBe('My supervisor suggested comparing two cities.');
  expect(await page.getByTestId('graded-by').innerText()).toBe('Built-in text analysis');
  expect(await page.getByTestId('graded-by').getAttribute('data-grader')).toBe('builtin');
  await facts.scrollIntoViewIfNeeded();
  await screenshot(page, '52-result-submission-facts');

  // Back from the result leaves the wizard (the page before it), and the wizard starts empty again
  await page.goBack();
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${p.gatewayUrl}/dashboard/upload/ee`);
  await stepShown('Step 1 of 3: Upload');
  expect(await page.getByTestId('choose-file-again').count()).toBe(0);
  await continueWithFile(essay);
  expect(await page.locator('#meta-title').inputValue()).toBe('');
  expect(await page.getByLabel('Research Question').inputValue()).toBe('');
  expect(pageErrors).toEqual([]);
});

it('signing out forgets an unsent draft: signed in again, the wizard starts empty', async () => {
  const { p, page, pageErrors } = suite;
  const email = uniqueEmail('wizard-out');
  expect((await p.api.signup(email, 'a-good-password')).status).toBe(201);
  const signIn = () => signInThroughForm(page, p.gatewayUrl, email, 'a-good-password', /\/dashboard$/);
  const drafts = () => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('corestone.draft.')));
  await page.evaluate(() => localStorage.clear()); // the first test's student is still signed in
  await signIn();
  const essay = essayFile('draft.txt');
  await page.goto(`${p.gatewayUrl}/dashboard/upload/ee`);
  await continueWithFile(essay);
  await page.locator('#meta-title').fill('Not sent yet');
  await page.getByLabel('Research Question').fill(RQ);
  await page.waitForFunction(() => Object.keys(sessionStorage).some((k) => k.startsWith('corestone.draft.upload.')));

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL((u) => u.pathname === '/');
  expect(await drafts()).toEqual([]);
  await signIn();
  await page.goto(`${p.gatewayUrl}/dashboard/upload/ee`);
  await stepShown('Step 1 of 3: Upload');
  expect(await page.getByTestId('choose-file-again').count()).toBe(0);
  expect(pageErrors).toEqual([]);
});
