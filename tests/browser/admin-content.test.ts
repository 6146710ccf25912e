/**
 * The back office's content tools in real Chromium: unsaved policy changes are never dropped
 * silently (another policy, the sidebar, Enter in the header search, a reload, the browser's Back), a rubric read from a
 * document refuses two criteria of one name and keeps its criteria text in step with an edited
 * maximum, and on a 375 px phone the rubric and link lists are cards with their actions in reach.
 */
import { makeDocx } from '@corestone/documents/testing';
import { uniqueEmail } from '../support/platform';
import { createFirstAdmin, dialogOpened, popupOpened, screenshot, signInThroughForm } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

let token: string;
const adminEmail = uniqueEmail('grace');

const suite = browserSuite({
  timeout: 600_000,
  setup: async ({ p, page }) => {
    await createFirstAdmin(page, p.gatewayUrl, { name: 'Grace Hopper', email: adminEmail, password: 'admin-pass-1' });
    await signInThroughForm(page, p.gatewayUrl, adminEmail, 'admin-pass-1', /\/admin$/);
    token = (await p.api.call('POST', '/auth/login', { json: { username: adminEmail, password: 'admin-pass-1' } })).body.access_token;
  },
});

const discardDialog = () => suite.page.locator('.ant-modal-confirm', { hasText: 'Discard unsaved changes?' });
async function keepEditing() {
  const { page } = suite;
  await popupOpened(page, '.ant-modal-confirm');
  await discardDialog().getByRole('button', { name: 'Keep editing' }).click();
  await discardDialog().waitFor({ state: 'hidden' });
}

it('asks before unsaved policy changes are dropped, however the editor leaves', async () => {
  const { p, page, pageErrors } = suite;
  const original = (await p.api.call('GET', '/general/client-terms', { token })).body.data.content;
  await page.getByRole('menuitem', { name: 'Policies & CMS' }).click();
  await page.getByTestId('policy-client-terms').click();
  await page.getByRole('button', { name: 'Edit Policy' }).click();
  expect(await page.getByTestId('policy-status-hint').innerText()).toBe('Saving publishes this text on the public page.');
  const box = page.getByLabel('Policy content');
  await box.fill(`${original}\n\nAn unsaved sentence.`);

  // another policy
  await page.getByTestId('policy-privacy').click();
  await popupOpened(page, '.ant-modal-confirm');
  expect(await discardDialog().innerText()).toContain('Your changes to the Client Terms of Service have not been saved.');
  await screenshot(page, 'admin-content-discard-confirm');
  await keepEditing();
  // the sidebar
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await discardDialog().waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin/policies');
  await keepEditing();
  // Enter in the header search opens the question without answering it: the safe answer has the focus
  await page.getByLabel('Search submissions', { exact: true }).fill('crash');
  await page.getByLabel('Search submissions', { exact: true }).press('Enter');
  await popupOpened(page, '.ant-modal-confirm');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep editing');
  await keepEditing();
  // a reload: the browser's own prompt
  const prompt = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  void page.reload().catch(() => undefined); // stays pending: the reload is refused
  expect(await prompt).toBe('beforeunload');
  expect((await box.inputValue()).endsWith('An unsaved sentence.')).toBe(true);
  // the browser's Back: the question, and the editor still here at its own address after Keep editing
  void page.goBack().catch(() => undefined);
  await popupOpened(page, '.ant-modal-confirm');
  expect(new URL(page.url()).pathname).toBe('/admin/policies');
  await keepEditing();
  expect(new URL(page.url()).pathname).toBe('/admin/policies');
  expect((await box.inputValue()).endsWith('An unsaved sentence.')).toBe(true);

  // Discard: the editor closes, nothing was saved, and leaving is free again
  await page.getByRole('button', { name: 'Cancel' }).click();
  await popupOpened(page, '.ant-modal-confirm');
  await discardDialog().getByRole('button', { name: 'Discard changes' }).click();
  await box.waitFor({ state: 'detached' });
  expect((await p.api.call('GET', '/general/client-terms', { token })).body.data.content).toBe(original);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.waitForURL(/\/admin\/settings$/);
  expect(pageErrors).toEqual([]);
});

it("the browser's Back with unsaved changes goes back once the changes are discarded", async () => {
  const { p, page, pageErrors } = suite;
  await page.goto(`${p.gatewayUrl}/admin/settings`);
  await page.getByRole('menuitem', { name: 'Policies & CMS' }).click();
  await page.getByTestId('policy-privacy').click();
  await page.getByRole('button', { name: 'Edit Policy' }).click();
  await page.getByLabel('Policy content').fill('Not to be kept.');
  void page.goBack().catch(() => undefined);
  await popupOpened(page, '.ant-modal-confirm');
  await discardDialog().getByRole('button', { name: 'Discard changes' }).click();
  await page.waitForURL(/\/admin\/settings$/);
  await discardDialog().waitFor({ state: 'detached' });
  // Forward returns to the policies, with nothing to ask about
  await page.goForward();
  await page.waitForURL(/\/admin\/policies$/);
  await page.getByTestId('policy-privacy').waitFor();
  await page.waitForLoadState('networkidle');
  expect(await discardDialog().count()).toBe(0);
  expect(pageErrors).toEqual([]);
});

it('a rubric from a document refuses two criteria of one name; an edited maximum reaches its criteria text', async () => {
  const { p, page } = suite;
  const title = `Chemistry EE (${Date.now().toString(36)})`;
  const lines = [
    'Chemistry EE rubric',
    'Criterion A: Research design (6 marks)',
    '0: The work does not reach a standard described below.',
    '1–6: The question is focused and the method justified.',
    'Criterion B: Data analysis (4 marks)',
    '0: No analysis.',
    '1–4: Data analysed with uncertainties.',
  ];
  await page.getByRole('menuitem', { name: 'Rubrics' }).click();
  await page.getByRole('button', { name: 'Create Rubric' }).click();
  const dialog = page.getByRole('dialog');
  await dialogOpened(page);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'chemistry.docx', mimeType: 'application/octet-stream', buffer: await makeDocx(lines) });
  await dialog.getByRole('button', { name: 'Process File' }).click();
  await dialog.getByText('2 criteria · 10 points').waitFor({ timeout: 30_000 });
  await dialog.getByLabel('Rubric title').fill(title);

  await dialog.getByLabel('Name of criterion 2').fill('research design');
  await dialog.getByText('Criterion name research design is used twice.').waitFor();
  await dialog.getByRole('button', { name: 'Create Rubric' }).click();
  expect(await dialog.getByTestId('rubric-form-error').innerText()).toBe('Criterion name research design is used twice.');

  await dialog.getByLabel('Name of criterion 2').fill('Data analysis');
  await dialog.getByLabel('Maximum of criterion 2').fill('8');
  await dialog.getByText('total 14 points').waitFor();
  expect(await dialog.getByTestId('weight-2').innerText()).toBe('weight 0.571'); // its share, as stored
  await dialog.getByRole('button', { name: 'Create Rubric' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const rubric = (await p.api.call('GET', '/rubrics/', { token })).body.find((r: { title: string }) => r.title === title);
  expect(rubric.scoring_structure.criteria.map((c: { maxScore: number; weight: number }) => [c.maxScore, c.weight])).toEqual([
    [6, 0.429],
    [8, 0.571],
  ]);
  expect(rubric.criteria_text).toContain('Criterion B: Data analysis (8 marks)');
});

it('on a phone the rubric and link lists are cards with their actions in reach', async () => {
  const { p, page, pageErrors } = suite;
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    for (const [item, card, name] of [
      ['Rubrics', 'rubric-card', 'Extended Essay — Corestone default (34 points)'],
      ['External Links', 'link-card', 'Instagram'],
    ] as const) {
      await page.goto(`${p.gatewayUrl}/admin/${item === 'Rubrics' ? 'rubrics' : 'links'}`);
      const first = page.getByTestId(card).filter({ hasText: name });
      await first.waitFor({ timeout: 30_000 });
      const edit = (await first.getByRole('button', { name: `Edit ${name}` }).boundingBox())!;
      expect(edit.x + edit.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `admin-content-${card}s-phone`);
    }
  } finally {
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  expect(pageErrors).toEqual([]);
});

it('Logout with unsaved policy changes asks first; discarding signs out and goes home (last: it ends the session)', async () => {
  const { p, page, pageErrors } = suite;
  await page.goto(`${p.gatewayUrl}/admin/policies`);
  await page.getByTestId('policy-client-terms').click();
  await page.getByRole('button', { name: 'Edit Policy' }).click();
  await page.getByLabel('Policy content').fill('An unsaved draft.');
  const logout = page.getByRole('button', { name: 'Logout' }).first();
  await logout.click();
  await keepEditing();
  expect(await page.getByLabel('Policy content').inputValue()).toBe('An unsaved draft.');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();

  await logout.click();
  await popupOpened(page, '.ant-modal-confirm');
  await discardDialog().getByRole('button', { name: 'Discard changes' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
  expect(await discardDialog().count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(pageErrors).toEqual([]);
});
