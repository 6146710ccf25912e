/**
 * The admin micro-frontend in real Chromium through the gateway: first-admin setup → sign in →
 * the overview with real figures and the real system state; the submissions list; a completed
 * student submission reviewed (essay viewer, a criterion score edited and saved, reject refused
 * without notes, approved with notes shown to the student — checked through the API), the student
 * seeing the review on the results page and in My Submissions; the other admin screens; and a
 * student who opens /admin is sent away without ever downloading the admin remote.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { uniqueEmail, waitFor } from '../support/platform';
import {
  createFirstAdmin,
  dialogOpened,
  launchBrowser,
  pickOption,
  popconfirmOpened,
  screenshot,
  signInThroughForm,
} from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { EE_ESSAY } from '../fixtures/essays';

const studentEmail = uniqueEmail('student');
const studentPassword = 'student-pass-1';
const FEEDBACK = 'A clear, well-sourced argument. Strengthen the conclusion with the 1920s mortality figures.';
const adminEmail = uniqueEmail('grace');
let studentToken: string;
let graded: { id: string; title: string };

const suite = browserSuite({
  setup: async ({ p }) => {
    const signup = await p.api.signup(studentEmail, studentPassword);
    expect(signup.status).toBe(201);
    studentToken = signup.body.access_token;
    const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: studentToken })).body[0];
    const form = p.api.essayForm(
      EE_ESSAY,
      {
        title: 'Influenza and public health policy in Canadian cities, 1918-1925',
        essay_type: 'ee',
        rubric_id: rubric.id,
        subject_area: 'History',
      },
      'influenza.txt',
    );
    const up = await p.api.call('POST', '/evaluation/evaluate-async', { token: studentToken, form });
    expect(up.status).toBe(201);
    const done = await p.api.waitForEvaluation(up.body.id, studentToken, 60_000);
    expect(done.status).toBe('completed');
    graded = done;
  },
});

/** Waits until no antd spinner, skeleton or loading mask is left (then the fade-out). */
async function settled(pg: Page) {
  await pg.waitForLoadState('networkidle');
  await pg.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton, .ant-spin-blur'));
  await pg.waitForTimeout(400);
}

it('first-admin setup → sign in → overview with real figures and the real system state', async () => {
  const { p, page } = suite;
  await createFirstAdmin(page, p.gatewayUrl, { name: 'Grace Hopper', email: adminEmail, password: 'admin-pass-1' });

  await signInThroughForm(page, p.gatewayUrl, adminEmail, 'admin-pass-1', /\/admin$/);
  await page.getByTestId('admin-overview').waitFor({ timeout: 30_000 });
  // two users (the student and the admin), one submission, completed: figures from the server
  await page.getByTestId('stat-users').getByText('2', { exact: true }).waitFor();
  await page.getByTestId('stat-submissions').getByText('1', { exact: true }).waitFor();
  expect(await page.getByTestId('stat-success').innerText()).toContain('100%');
  expect(await page.getByTestId('stat-success').innerText()).toContain('Excellent');
  expect(await page.getByTestId('admin-user-name').innerText()).toBe('Grace Hopper');
  expect(await page.getByTestId('admin-user-role').innerText()).toBe('Super Admin');
  await page.getByTestId('system-indicator').getByText('System Online').waitFor({ timeout: 15_000 });
  await page.locator('[data-check="Database"][data-ok="true"]').waitFor();
  await page.locator('[data-check="Message Bus"][data-ok="true"]').waitFor();
  await page.getByTestId('recent-submissions').getByText('Influenza and public health policy in Ca...').waitFor();
  await settled(page);
  await screenshot(page, 'admin-overview');
});

it('reviews a completed student submission: edit a criterion, reject needs notes, approve with notes', async () => {
  const { p, page } = suite;
  await page.getByRole('menuitem', { name: 'Submissions' }).click();
  await page.waitForURL(/\/admin\/submissions$/);
  await page.getByTestId('admin-submissions').waitFor();
  await page.getByTestId('count-completed').getByText('1', { exact: true }).waitFor();
  const row = page.locator('tr', { hasText: 'Influenza and public health policy in Ca...' });
  await row.waitFor();
  expect(await row.innerText()).toContain(studentEmail);
  expect(await row.innerText()).toContain('Pending Review');
  await settled(page);
  await screenshot(page, 'admin-submissions');

  await row.getByRole('link').first().click();
  await page.waitForURL(new RegExp(`/admin/submissions/${graded.id}$`));
  await page.getByTestId('results-editor').waitFor();
  await page
    .getByTestId('essay-content')
    .getByText(/words ·/)
    .waitFor();
  await settled(page);
  await screenshot(page, 'admin-submission-detail');

  // the full-text viewer
  await page.getByRole('button', { name: 'View Full Text' }).click();
  await page.getByTestId('essay-stats').waitFor();
  expect(await page.getByTestId('essay-stats').innerText()).toMatch(/Reading time\s*\d+ min/);
  // the title's buttons stay clear of the dialog's own close button (they once sat under it),
  // measured once the opening zoom is over
  await dialogOpened(page);
  const close = (await page.getByRole('dialog').locator('.ant-modal-close').boundingBox())!;
  const lastTitleButton = (await page.getByRole('button', { name: 'Toggle fullscreen' }).boundingBox())!;
  expect(lastTitleButton.x + lastTitleButton.width).toBeLessThanOrEqual(close.x);
  await screenshot(page, 'admin-essay-viewer');
  await page.keyboard.press('Escape');
  await page.getByTestId('essay-stats').waitFor({ state: 'hidden' });

  // edit criterion A's score and save
  const before = (await p.api.call('GET', `/evaluation/${graded.id}`, { token: studentToken })).body;
  const first = before.results.criteria[0];
  const newScore = first.score >= 1 ? first.score - 1 : 1;
  const scoreBox = page.getByLabel(`Score for criterion ${first.code}`);
  await scoreBox.fill(String(newScore));
  // feedback for the student, and notes that stay internal (issue 28)
  await page.getByLabel('Feedback for the student').fill(FEEDBACK);
  await page.getByLabel('Admin notes').fill('Compare with the 2025 cohort (internal)');
  await page.getByRole('button', { name: 'Save Results' }).click();
  await page.getByText('Results saved').waitFor();
  const saved = (await p.api.call('GET', `/evaluation/${graded.id}`, { token: studentToken })).body;
  expect(saved.results.criteria[0].score).toBe(newScore);
  // the student's total stays on the rubric's scale and equals the criteria they see (not x/100)
  expect(saved.results.maxPoints).toBe(saved.rubric.scoring_structure.total_points);
  expect(saved.results.totalPoints).toBe(saved.results.criteria.reduce((n: number, c: { score: number }) => n + c.score, 0));
  expect(saved.admin_notes).toBeUndefined();
  expect(saved.review).toMatchObject({ status: 'pending_review', feedback: FEEDBACK, notes: null });

  // reject is refused without notes
  await page.getByTestId('reject-button').click();
  await page.getByTestId('decision-ok').waitFor();
  expect(await page.getByTestId('decision-ok').isDisabled()).toBe(true);
  await page.getByLabel('Decision notes').fill('   ');
  expect(await page.getByTestId('decision-ok').isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('decision-ok').waitFor({ state: 'detached' });

  // approve with notes shown to the student
  await page.getByTestId('approve-button').click();
  await page.getByLabel('Decision notes').fill('Well argued; sources used with care.');
  await page.getByRole('checkbox', { name: 'Show these notes to the student' }).last().check();
  await screenshot(page, 'admin-approve-modal');
  await page.getByTestId('decision-ok').click();
  await page.locator('[data-approval="approved"]').first().waitFor();
  expect(await page.getByTestId('approve-button').isDisabled()).toBe(true);
  const approved = (await p.api.call('GET', `/evaluation/${graded.id}`, { token: studentToken })).body;
  expect(approved.approval_status).toBe('approved');
  expect(approved.admin_notes).toBeUndefined(); // the student's answer: the notes are in review.notes
  expect(approved.review).toMatchObject({ status: 'approved', feedback: FEEDBACK, notes: 'Well argued; sources used with care.' });
  expect(await page.getByLabel('Admin notes').inputValue()).toBe('Well argued; sources used with care.');
  expect(await page.getByRole('checkbox', { name: 'Show these notes to the student' }).first().isChecked()).toBe(true);
  await screenshot(page, 'admin-submission-approved');
});

it('the student sees the review on the results page and in My Submissions, and got it by e-mail', async () => {
  const { p } = suite;
  const student = await launchBrowser();
  try {
    const pg = student.page;
    await signInThroughForm(pg, p.gatewayUrl, studentEmail, studentPassword, /\/dashboard/);
    await pg.goto(`${p.gatewayUrl}/dashboard/results/${graded.id}`);
    const card = pg.getByTestId('review-outcome');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('review-status').innerText()).toBe('Approved');
    expect(await card.getByTestId('review-feedback').innerText()).toContain(FEEDBACK);
    await card.getByTestId('review-feedback-date').waitFor();
    expect(await card.getByTestId('review-notes').innerText()).toContain('Well argued; sources used with care.');
    expect(await pg.locator('body').innerText()).not.toContain('(internal)');
    // the total beside the criterion cards: on the rubric's scale and equal to their sum
    const total = await pg.getByTestId('total-points').innerText();
    const scores = await pg.getByTestId('criterion-score').allInnerTexts();
    const max = Number(total.split('/')[1]);
    expect(Number(total.split('/')[0])).toBeCloseTo(
      scores.reduce((n, x) => n + Number(x), 0),
      5,
    );
    expect(max).toBeLessThan(100);
    await settled(pg);
    await screenshot(pg, 'student-results-reviewed');

    await pg.goto(`${p.gatewayUrl}/dashboard/submissions`);
    const summary = pg.getByTestId('review-summary').first();
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.getByTestId('review-status').innerText()).toBe('Approved');
    expect(await summary.getByTestId('review-summary-text').innerText()).toContain(FEEDBACK.slice(0, 30));
    await settled(pg);
    await screenshot(pg, 'student-submissions-reviewed');
  } finally {
    await student.close();
  }
  // one mail per review with feedback: the save (pending review) and the approval
  const mailDir = path.join(__dirname, '..', 'artifacts', 'logs', p.run.id, 'mail');
  const mailsToStudent = () =>
    (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
      .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').replace(/=\r?\n/g, ''))
      .filter((raw) => raw.includes(`To: ${studentEmail}`));
  const mails = await waitFor('the two review mails', async () => mailsToStudent().length >= 2 && mailsToStudent());
  expect(mails).toHaveLength(2);
  expect(mails.every((raw) => !raw.includes('(internal)'))).toBe(true);
});

it('shows the other admin screens', async () => {
  const { page, pageErrors } = suite;
  for (const [item, testId, content] of [
    ['Users', 'admin-users', studentEmail],
    ['Rubrics', 'admin-rubrics', 'Extended Essay — Corestone default (34 points)'],
    ['External Links', 'admin-links', 'Total Links'],
    ['Policies & CMS', 'admin-policies', 'Academic Integrity Policy'],
    ['Settings', 'admin-settings', 'Manage your account settings'],
  ] as const) {
    await page.getByRole('menuitem', { name: item }).click();
    await page.getByTestId(testId).getByText(content).first().waitFor();
    await settled(page);
    await screenshot(page, testId);
  }
  expect(pageErrors).toEqual([]);
});

it('charts the analytics figures for a day range', async () => {
  const { page } = suite;
  await page.getByRole('menuitem', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Analytics' }).click();
  await page.waitForURL(/\/admin\/analytics$/);
  await page.getByTestId('chart-submissions').waitFor();
  await page
    .getByTestId('chart-grades')
    .getByText(/^Grade /)
    .first()
    .waitFor();
  await page.getByText('7 days').click();
  await page.getByTestId('chart-submissions').waitFor();
  await settled(page);
  await screenshot(page, 'admin-analytics');
});

it('creates a teacher with a generated password, deactivates them, and their next sign-in is refused', async () => {
  const { p, page } = suite;
  const email = uniqueEmail('teacher');
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Tess');
  await dialog.getByLabel('Last Name').fill('Teacher');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const password = await dialog.getByLabel('Password').inputValue();
  expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
  await dialog.getByLabel('Role').click();
  await pickOption(page, 'Teacher');
  await screenshot(page, 'admin-create-user');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await page.getByTestId('user-form-success').waitFor();
  await dialog.waitFor({ state: 'hidden' }); // closes by itself after 1.5 s
  expect((await p.api.call('POST', '/auth/login', { json: { username: email, password } })).status).toBe(200);

  const row = page.locator('tr', { hasText: email });
  await row.waitFor();
  expect(await row.innerText()).toContain('Teacher');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await row.getByText('Inactive').waitFor();
  const refused = await p.api.call('POST', '/auth/login', { json: { username: email, password } });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.status).toBeLessThan(500);
});

it('imports a 30-row class list: 30 accounts with one-time passwords', async () => {
  const { p, page } = suite;
  const tag = Date.now().toString(36);
  const lines = [
    'first name,last name,email,role,credits',
    ...Array.from(
      { length: 30 },
      (_, i) => `Pupil${i + 1},Class${tag},pupil${i + 1}.${tag}@school.example,${i % 10 === 0 ? 'teacher' : 'student'},2`,
    ),
  ];
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByLabel('Class list CSV').fill(lines.join('\n'));
  expect(await page.getByTestId('import-summary').innerText()).toContain('30 of 30 rows can be imported');
  await page.getByTestId('import-run').click();
  await page.getByTestId('import-report').getByText('30 accounts created, 0 not created').waitFor({ timeout: 60_000 });
  await screenshot(page, 'admin-class-import');
  const password = (await page.getByRole('dialog').locator('code').first().innerText()).trim();
  expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
  const login = await p.api.call('POST', '/auth/login', { json: { username: `pupil1.${tag}@school.example`, password } });
  expect(login.status).toBe(200);
  expect(login.body.user).toMatchObject({ role: 'teacher', essay_credits: 2 });
  await page.getByRole('dialog').locator('button', { hasText: 'Close' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.getByLabel('Search users').fill(`Class${tag}`);
  await page.locator('tr', { hasText: `pupil30.${tag}@school.example` }).waitFor();
});

it('imports a class list with password-set e-mails instead of passwords: one mail per account, no password shown', async () => {
  const { p, page } = suite;
  const tag = `m${Date.now().toString(36)}`;
  const emails = [1, 2, 3].map((i) => `pupil${i}.${tag}@school.example`);
  const mailDir = path.join(__dirname, '..', 'artifacts', 'logs', p.run.id, 'mail');
  const mailsTo = (email: string) =>
    (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
      .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(`To: ${email}`));
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByRole('checkbox', { name: /Send a password-set e-mail instead/ }).check();
  await page.getByLabel('Class list CSV').fill(emails.map((e, i) => `Mail${i + 1},Class${tag},${e},student,1`).join('\n'));
  expect(await page.getByTestId('import-summary').innerText()).toContain('3 of 3 rows can be imported');
  await page.getByTestId('import-run').click();
  await page.getByTestId('import-report').getByText('3 accounts created, 0 not created').waitFor({ timeout: 60_000 });
  const dialog = page.getByRole('dialog');
  expect(await dialog.getByText('e-mail sent', { exact: true }).count()).toBe(3);
  expect(await dialog.locator('code').count()).toBe(0);
  await screenshot(page, 'admin-class-import-mail');
  for (const email of emails) {
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Set your Corestone password');
  }
  await dialog.locator('button', { hasText: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
});

it('edits a policy: a draft stays private, publishing shows it on the public page', async () => {
  const { p, page } = suite;
  const sentence = `Reviewed by the school board on ${Date.now().toString(36)}.`;
  await page.getByRole('menuitem', { name: 'Policies & CMS' }).click();
  await page.getByTestId('policy-safeguarding').click();
  await page.getByRole('button', { name: 'Edit Policy' }).click();
  const box = page.getByLabel('Policy content');
  await box.fill(`${await box.inputValue()}\n\n${sentence}`);
  await page.getByLabel('Policy status').click();
  await pickOption(page, 'Draft');
  await page.getByTestId('policy-preview').getByText(sentence).waitFor(); // live preview
  await screenshot(page, 'admin-policy-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByTestId('policy-safeguarding').getByText('draft').waitFor();
  expect(JSON.stringify((await p.api.call('GET', '/general/safeguarding')).body)).not.toContain(sentence);

  await page.getByRole('button', { name: 'Edit Policy' }).click();
  await page.getByLabel('Policy status').click();
  await pickOption(page, 'Published');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByTestId('policy-safeguarding').getByText('published').waitFor();
  expect(await page.getByTestId('policy-safeguarding').innerText()).toContain('Grace Hopper');
  const visitor = await launchBrowser();
  try {
    await visitor.page.goto(`${p.gatewayUrl}/safeguarding-policy`);
    await visitor.page.getByText(sentence).waitFor({ timeout: 30_000 });
  } finally {
    await visitor.close();
  }
});

it('adds a link: it shows in the public footer, a click is counted', async () => {
  const { p, page } = suite;
  await page.getByRole('menuitem', { name: 'External Links' }).click();
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog');
  await dialogOpened(page);
  await dialog.getByRole('button', { name: 'Add Link' }).click();
  await dialog.getByText('Social media platform is required').waitFor();
  await dialog.getByText('URL is required').waitFor();
  await dialog.getByText('Description is required').waitFor();
  await dialog.getByLabel('Social media platform').click();
  await pickOption(page, 'TikTok');
  await dialog.getByLabel('URL').fill('https://www.tiktok.com/@corestone.test');
  await dialog.getByLabel('Description').fill('Corestone on TikTok');
  await dialog.getByRole('button', { name: 'Add Link' }).click();
  const row = page.locator('tr', { hasText: 'https://www.tiktok.com/@corestone.test' });
  await row.waitFor();
  expect(await row.innerText()).toContain('0 clicks');

  const visitor = await launchBrowser();
  try {
    await visitor.page.route('https://www.tiktok.com/**', (route) => route.fulfill({ status: 200, body: 'ok' })); // no internet here
    await visitor.page.goto(`${p.gatewayUrl}/`);
    const icon = visitor.page.getByTestId('social-icons').getByLabel('TikTok');
    await icon.waitFor({ timeout: 30_000 });
    const popup = visitor.context.waitForEvent('page');
    await icon.click();
    await (await popup).close();
  } finally {
    await visitor.close();
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  await row.getByText('1 clicks').waitFor({ timeout: 15_000 });
  await settled(page);
  await screenshot(page, 'admin-links-after-click');
});

it("changes a student's credits: the student sees them on /auth/me", async () => {
  const { p, page } = suite;
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill(studentEmail);
  const row = page.locator('tr', { hasText: studentEmail });
  await row.waitFor();
  await row.getByRole('button', { name: `Edit ${studentEmail}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Essay credits').fill('7');
  await dialog.getByLabel('Max credits').fill('9');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByTestId('user-form-success').waitFor();
  const me = (await p.api.call('GET', '/auth/me', { token: studentToken })).body;
  expect([me.essay_credits, me.max_essay_credits]).toEqual([7, 9]);
});

/** The rubric the rubric test creates (translated by the next one). */
let physicsRubric: { id: string; title: string } | undefined;

it('creates a rubric from an uploaded file, edits its scoring, and a new submission is graded with it', async () => {
  const { p, page } = suite;
  const title = `Physics EE (department ${Date.now().toString(36)})`;
  const text = [
    'Physics EE rubric',
    'Criterion A: Question and method (8 marks)',
    '0: The work does not reach a standard described below.',
    '1–4: The question is broad and the method barely described.',
    '5–8: The question is focused and the method justified.',
    'Criterion B: Analysis (8 marks)',
    '0: No analysis.',
    '1–4: Data are described rather than analysed.',
    '5–8: Data are analysed with uncertainties and limitations.',
  ].join('\n');
  await page.getByRole('menuitem', { name: 'Rubrics' }).click();
  await page.getByRole('button', { name: 'Create Rubric' }).click();
  const dialog = page.getByRole('dialog');
  expect(await dialog.getByRole('button', { name: 'Create Rubric' }).isDisabled()).toBe(true); // nothing processed yet
  await dialog.locator('input[type=file]').setInputFiles({ name: 'rubric.png', mimeType: 'image/png', buffer: Buffer.from('x') });
  await dialog.getByText('Unsupported file type. Please upload: .pdf, .docx, .doc, .txt').waitFor();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'physics-rubric.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await dialog.getByRole('button', { name: 'Process File' }).click();
  await dialog.getByText('2 criteria · 16 points').waitFor({ timeout: 30_000 });
  await dialog.getByLabel('Rubric title').fill(title);
  await dialog.getByLabel('Maximum of criterion 2').fill('10');
  await dialog.getByText('total 18 points').waitFor();
  await screenshot(page, 'admin-rubric-create');
  await dialog.getByRole('button', { name: 'Create Rubric' }).click();
  await page.locator('tr', { hasText: title }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.locator('tr', { hasText: title }).innerText()).toContain('18');

  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: studentToken })).body.find(
    (r: { title: string }) => r.title === title,
  );
  expect(rubric.scoring_structure.criteria.map((c: { maxScore: number }) => c.maxScore)).toEqual([8, 10]);
  physicsRubric = { id: rubric.id, title };
  const form = p.api.essayForm(
    EE_ESSAY,
    { title: 'Pendulum damping', essay_type: 'ee', rubric_id: rubric.id, subject_area: 'Physics' },
    'pendulum.txt',
  );
  const up = await p.api.call('POST', '/evaluation/evaluate-async', { token: studentToken, form });
  expect(up.status).toBe(201);
  const done = await p.api.waitForEvaluation(up.body.id, studentToken, 60_000);
  expect(done.status).toBe('completed');
  expect(done.rubric.id).toBe(rubric.id);
  expect(done.results.maxPoints).toBe(18);
});

it('translates a rubric (issue 36): a French criterion name entered in its Translations view is what the rubric reads in French', async () => {
  const { p, page } = suite;
  const { id, title } = physicsRubric!;
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Translations' }).click();
  await dialog.getByText('Not translated yet').waitFor(); // the empty state: untranslated texts show in English
  expect(await dialog.getByTestId('translation-tab-fr').innerText()).toMatch(/^Français 0\/\d+$/);
  const name = dialog.getByLabel('Name of criterion A');
  expect(await name.getAttribute('lang')).toBe('fr');
  expect(await name.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent)).toBe(
    'English: Question and method',
  );
  await name.fill('Question et méthode');
  await dialog
    .getByTestId('translation-count')
    .getByText(/^1 of \d+ texts translated$/)
    .waitFor();
  await screenshot(page, 'admin-rubric-translations');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'admin-rubric-translations-1280');
  await page.setViewportSize({ width: 1366, height: 900 });
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/rubrics/${id}`));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  // only the language changed is sent
  expect((await put).postDataJSON().translations).toEqual({ fr: { criteria: [{ code: 'A', name: 'Question et méthode' }] } });
  await dialog.waitFor({ state: 'hidden' });

  const read = async (language: string) =>
    (await p.api.call('GET', `/rubrics/${id}`, { token: studentToken, headers: { 'accept-language': language } })).body;
  const french = await read('fr');
  expect([french.language, french.scoring_structure.criteria.map((c: { name: string }) => c.name)]).toEqual([
    'fr',
    ['Question et méthode', 'Analysis'],
  ]);
  expect((await read('en')).scoring_structure.criteria[0].name).toBe('Question and method');
});

it('exports the submissions as CSV', async () => {
  const { page } = suite;
  await page.getByRole('menuitem', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Analytics' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Submissions CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^submissions_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain('Influenza and public health policy in Canadian cities, 1918-1925');
  expect(csv).toContain('Pendulum damping');
});

it('regrades a submission, then deletes it after the confirmation; small screens get cards', async () => {
  const { p, page } = suite;
  await page.getByRole('menuitem', { name: 'Submissions' }).click();
  const row = page.locator('tr', { hasText: 'Pendulum damping' });
  await row.getByRole('link').first().click();
  await page.getByTestId('results-editor').waitFor();
  await page.getByRole('button', { name: 'Regrade' }).click();
  await popconfirmOpened(page);
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Regrade' }).click();
  await page.getByText('Regrading started').waitFor();
  const id = page.url().split('/').pop()!;
  const regraded = await p.api.waitForEvaluation(id, studentToken, 60_000);
  expect([regraded.status, regraded.attempt, regraded.approval_status]).toEqual(['completed', 2, 'pending_review']);

  await page.getByRole('menuitem', { name: 'Submissions' }).click();
  await page.getByTestId('count-total').getByText('2', { exact: true }).waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.getByTestId('submission-card').first().waitFor();
    await settled(page);
    await screenshot(page, 'admin-submissions-phone');
  } finally {
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await page.locator('tr', { hasText: 'Pendulum damping' }).getByRole('button', { name: 'Delete submission' }).click();
  await page.getByText('This cannot be undone. The essay, its results and feedback will be removed.').waitFor();
  await popconfirmOpened(page);
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Submission deleted').waitFor();
  await page.getByTestId('count-total').getByText('1', { exact: true }).waitFor();
  expect((await p.api.call('GET', `/evaluation/${id}`, { token: studentToken })).status).toBe(404);
});

it('assesses a pasted essay: kept in local storage, graded by the server at once, nothing stored or charged there', async () => {
  const { p, page } = suite;
  const superToken = (await p.api.call('POST', '/auth/login', { json: { username: adminEmail, password: 'admin-pass-1' } })).body
    .access_token;
  const footprint = async () => ({
    submissions: (await p.api.call('GET', '/evaluation/admin/all?limit=1000', { token: superToken })).body.total,
    mine: (await p.api.call('GET', '/evaluation/my-evaluations', { token: superToken })).body.total,
    credits: (await p.api.call('GET', '/auth/me', { token: superToken })).body.essay_credits,
  });
  const before = await footprint();
  await page.getByRole('menuitem', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Assess an Essay' }).click();
  await page.getByTestId('admin-assess').waitFor();
  await page.getByLabel('Subject').fill('History');
  await page.getByLabel('Research question').fill('How did the 1918 pandemic change public health policy?');
  await page.getByLabel('Essay text').fill(EE_ESSAY);
  const assessed = page.waitForResponse((r) => r.url().endsWith('/api/v1/evaluation/admin/assess'));
  await page.getByRole('button', { name: 'Assess' }).click();
  expect((await assessed).status()).toBe(200);
  await page.getByTestId('assess-source').waitFor({ timeout: 40_000 });
  // No key of the admin's own and the platform's grader is the built-in one: the server grades with it
  expect(await page.getByTestId('assess-source').innerText()).toBe('Graded by the server (builtin)');
  expect(await page.getByTestId('assess-result').innerText()).not.toContain('Server assessment unavailable');
  expect(await page.getByTestId('assess-grade').innerText()).toMatch(/^[A-E] · \d+\/34$/);
  // the local path grades the AI result by its percentage (admin §4: 85/70/55/40) and says so
  expect(await page.getByTestId('assess-grade-rule').innerText()).toMatch(
    /^Grade from [\d.]+% of the points: A from 85%, B from 70%, C from 55%, D from 40%, else E\.$/,
  );
  await screenshot(page, 'admin-quick-assessment');
  const stored = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('corestone.local_submissions.'))
      .map((k) => JSON.parse(localStorage.getItem(k)!)),
  );
  expect(stored.flat()).toEqual([
    expect.objectContaining({
      status: 'completed',
      source: 'server',
      ownKey: false,
      fileName: 'EE Essay Analysis',
      type: 'ee',
      results: expect.objectContaining({ grader: 'builtin', maxPoints: 34 }),
    }),
  ]);
  expect(await footprint()).toEqual(before);
  await settled(page);
  await screenshot(page, 'admin-quick-assessment');
});

it("an admin who is not super admin sees 'Access Denied' on the super-admin screens", async () => {
  const { p } = suite;
  const superToken = (await p.api.call('POST', '/auth/login', { json: { username: adminEmail, password: 'admin-pass-1' } })).body
    .access_token;
  const email = uniqueEmail('ada');
  const created = await p.api.call('POST', '/users/admin/create-user', {
    token: superToken,
    json: { first_name: 'Ada', last_name: 'Admin', email, password: 'ada-pass-12', user_type: 'admin' },
  });
  expect(created.status).toBeLessThan(300);
  const other = await launchBrowser();
  try {
    await signInThroughForm(other.page, p.gatewayUrl, email, 'ada-pass-12', /\/admin$/);
    await other.page.getByTestId('admin-overview').waitFor({ timeout: 30_000 });
    for (const path of ['submissions', 'rubrics']) {
      await other.page.getByRole('menuitem', { name: path === 'submissions' ? 'Submissions' : 'Rubrics' }).click();
      await other.page.getByTestId('access-denied').getByText('Admin privileges required.').waitFor();
    }
    await screenshot(other.page, 'admin-not-super-access-denied');
    // the detail screen is open to admins
    await other.page.goto(`${p.gatewayUrl}/admin/submissions/${graded.id}`);
    await other.page.getByTestId('submission-detail').waitFor({ timeout: 30_000 });
  } finally {
    await other.close();
  }
});

it('a student opening /admin is sent away and never downloads the admin remote', async () => {
  const { p } = suite;
  const student = await launchBrowser();
  const requests: string[] = [];
  student.context.on('request', (r: Request) => requests.push(r.url()));
  try {
    await signInThroughForm(student.page, p.gatewayUrl, studentEmail, studentPassword, /\/dashboard/);
    await student.page.getByRole('menu', { name: 'Dashboard' }).waitFor({ timeout: 30_000 }); // the student remote is in
    await student.page.goto(`${p.gatewayUrl}/admin`);
    await student.page.waitForURL((u) => new URL(u).pathname === '/');
    await student.page.goto(`${p.gatewayUrl}/admin/submissions/${graded.id}`);
    await student.page.waitForURL((u) => new URL(u).pathname === '/');
    await student.page.waitForLoadState('networkidle');
    await screenshot(student.page, 'student-sent-away-from-admin');
    // the manifest names the admin remote, but no byte of it was fetched
    expect(requests.some((u) => u.includes('/mf/manifest.json'))).toBe(true);
    expect(requests.some((u) => u.includes('/mf/student/'))).toBe(true);
    expect(requests.filter((u) => u.includes('/mf/admin/'))).toEqual([]);
  } finally {
    await student.close();
  }
});
