/**
 * Issue 31's "Done when" in real Chromium through the gateway: a teacher creates an after-review
 * assignment for their class in the back office's Classes area; three students submit into it from
 * the upload wizard (one twice, one late — after the teacher moved the due time into the past); the
 * teacher opens the gradebook, reviews one submission with changed marks, a comment on a selected
 * passage and an overall comment, and releases it; that student sees the teacher's result while the
 * other two see "Awaiting your teacher's review" and no marks (also through the API). Screenshots of
 * every new screen on a desktop and a 375 px phone (tests/artifacts/screenshots, copied to /tmp/shots).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { uniqueEmail, waitFor } from '../support/platform';
import { fillEeMetadata, reviewShot, sideways, storeSession } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { invitedSignIn, setupSuperAdmin } from '../support/api-setup';
import { EE_ESSAY } from '../fixtures/essays';

const PASSWORD = 'school-secret-1';
const people = {
  teacher: { email: uniqueEmail('tara'), role: 'teacher' },
  ana: { email: uniqueEmail('ana'), role: 'student' },
  ben: { email: uniqueEmail('ben'), role: 'student' },
  cai: { email: uniqueEmail('cai'), role: 'student' },
} as const;
type Person = keyof typeof people;
const ids = {} as Record<Person, string>;
let superToken = '';
let schoolId = '';
let classId = '';
let assignmentId = '';
const evaluations = {} as Record<Person, string>;
/** Ana's first attempt (her second is the one the teacher reviews first). */
let anaFirst = '';
const TITLE = 'EE final: 1918 pandemic';

const suite = browserSuite({
  timeout: 600_000,
  setup: async ({ p }) => {
    superToken = await setupSuperAdmin(p, { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'admin-pass-1' });
    const school = await p.api.call('POST', '/schools', {
      token: superToken,
      json: { name: 'Riverside International', country: 'GB', time_zone: 'Europe/London' },
    });
    expect(school.status).toBe(201);
    schoolId = school.body.id;
    expect(
      (await p.api.call('POST', `/schools/${schoolId}/credits`, { token: superToken, json: { credits: 20, note: 'pilot' } })).status,
    ).toBe(201);
    for (const [who, { email, role }] of Object.entries(people) as [Person, { email: string; role: string }][]) {
      ids[who] = (await invitedSignIn(p, schoolId, superToken, email, role)).id;
    }
    const klass = await p.api.call('POST', `/schools/${schoolId}/classes`, {
      token: superToken,
      json: { name: 'History HL', subject: 'History' },
    });
    expect(klass.status).toBe(201);
    classId = klass.body.id;
    for (const who of Object.keys(people) as Person[]) {
      const add = await p.api.call('POST', `/classes/${classId}/members`, {
        token: superToken,
        json: { user_id: ids[who], role: who === 'teacher' ? 'teacher' : 'student' },
      });
      expect(add.status).toBeLessThan(300);
    }
  },
});

async function login(email: string) {
  const res = await suite.p.api.call('POST', '/auth/login', { json: { username: email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string; user: unknown };
}

/** Signs `who` in (their session handed to the browser) and opens `path`. */
async function signInAs(who: Person, pathname: string) {
  const { p, page } = suite;
  await page.setViewportSize({ width: 1366, height: 900 });
  await storeSession(page, p.gatewayUrl, await login(people[who].email));
  await page.goto(`${p.gatewayUrl}${pathname}`);
}

const shot = reviewShot;

/** The same screen on a 375 px phone: nothing reaches past the right edge; back to the desktop size. */
async function phoneShot(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 375, height: 812 });
  await ready();
  // antd's breakpoints re-render the frame a moment after the resize (matchMedia listeners): the
  // check is of the settled phone layout, so it waits up to 3 s for the overflow to clear
  for (let i = 0; i < 20 && (await sideways(page)).length > 0; i++) await page.waitForTimeout(150);
  expect(await sideways(page)).toEqual([]);
  await shot(page, name);
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A date-time input's value `days` from now on London's clocks ('2027-01-10T17:00'). */
function londonLocal(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T17:00`;
}

/** From the overview's assignment list into the wizard, a file with `text`, EE metadata, submit; answers the evaluation id. */
async function submitFromOverview(who: Person, text: string, essayTitle: string, again = false): Promise<string> {
  const { page } = suite;
  await signInAs(who, '/dashboard');
  const row = page.getByTestId('my-assignment').filter({ hasText: TITLE });
  await row.waitFor();
  await row.getByRole('button', { name: again ? 'Submit again' : 'Submit' }).click();
  await page.waitForURL(/\/dashboard\/upload\/ee\?assignment=/);
  await page.getByTestId('wizard-assignment').getByText(`Submitting into “${TITLE}”`).waitFor();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'assignment-essay-')), 'essay.txt');
  fs.writeFileSync(file, text);
  await page.getByTestId('step-upload').locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('selected-file').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('group', { name: 'Step 2 of 3: Metadata' }).waitFor();
  // the assignment's rubric is the only one offered
  expect(await page.getByTestId('rubric-list').locator('input[type=radio]').count()).toBe(1);
  await fillEeMetadata(page, essayTitle);
  await page.getByRole('button', { name: 'Review & Submit' }).click();
  await page.getByRole('group', { name: 'Step 3 of 3: Submit' }).waitFor();
  await page.getByRole('button', { name: 'Submit for Evaluation' }).click();
  await page.waitForURL(/\/dashboard\/results\//, { timeout: 60_000 });
  const id = /\/dashboard\/results\/([^/?#]+)/.exec(page.url())![1]!;
  // graded, and still nothing shown: the teacher reviews first
  await page.getByTestId('awaiting-review').getByText("Awaiting your teacher's review").waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('total-points').count()).toBe(0);
  expect(await page.getByTestId('overall-grade').count()).toBe(0);
  return id;
}

it('a teacher creates an after-review assignment for their class, dates on the school’s clocks', async () => {
  const { page, pageErrors } = suite;
  await signInAs('teacher', '/dashboard');
  // a school's teacher reaches their classes from the dashboard's menu
  await page.getByRole('menuitem', { name: 'Classes' }).click();
  await page.waitForURL(/\/admin\/classes$/);
  const card = page.getByTestId('teacher-class').filter({ hasText: 'History HL' });
  await card.waitFor();
  const menu = (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
  expect(menu).toEqual(expect.arrayContaining(['Classes', 'Agreement', 'My Dashboard']));
  expect(menu).not.toContain('School');
  await shot(page, 'teacher-classes');
  await phoneShot(page, 'teacher-classes-phone', () => card.waitFor());

  await card.getByRole('button', { name: 'Assignments' }).click();
  await page.getByTestId('class-area').getByRole('heading', { level: 1, name: 'History HL' }).waitFor();
  await page.getByTestId('assignments-empty').waitFor();
  await page.getByRole('button', { name: /New assignment/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(TITLE);
  await dialog.getByLabel('Instructions').fill('Submit the full essay with its bibliography.');
  await dialog.getByText("Dates and times are the school's (Europe/London).").waitFor();
  await dialog.getByLabel('Due').fill(londonLocal(7));
  // the rubric is chosen for the teacher (the first active EE rubric); after review is the default
  await page.waitForFunction(() => !!document.querySelector('.ant-modal .ant-select')?.textContent?.trim());
  expect(await dialog.getByLabel('After my review').isChecked()).toBe(true);
  await shot(page, 'teacher-new-assignment');
  await dialog.getByRole('button', { name: 'Create assignment' }).click();
  await page.getByText(`Assignment ${TITLE} created`).waitFor();
  const assignment = page.getByTestId('assignment-card').filter({ hasText: TITLE });
  await assignment.getByText('After my review').waitFor();
  await assignment.getByText(/Due \w{3} \d+ \w{3} \d{4}, 17:00/).waitFor();

  const list = await suite.p.api.call('GET', `/classes/${classId}/assignments`, {
    token: (await login(people.teacher.email)).access_token,
  });
  expect(list.status).toBe(200);
  const made = list.body.assignments.find((a: { title: string }) => a.title === TITLE);
  expect(made).toMatchObject({
    release_mode: 'after_review',
    essay_type: 'ee',
    kind: 'final',
    time_zone: 'Europe/London',
    allow_late: true,
  });
  // 17:00 on London's clocks
  expect(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(made.due_at),
    ),
  ).toBe('17:00');
  assignmentId = made.id;
  await shot(page, 'teacher-assignments');
  await phoneShot(page, 'teacher-assignments-phone', () => assignment.waitFor());
  expect(pageErrors).toEqual([]);
});

it('three students submit from the upload wizard: one twice, one after the due time (late)', async () => {
  const { p, page, pageErrors } = suite;
  // the student's overview lists the assignment as to do
  await signInAs('ana', '/dashboard');
  await page.getByTestId('my-assignments').getByText(TITLE).waitFor();
  await shot(page, 'student-assignments');
  await phoneShot(page, 'student-assignments-phone', () => page.getByTestId('my-assignment').first().waitFor());

  const first = (anaFirst = await submitFromOverview('ana', EE_ESSAY, 'The 1918 pandemic, first go'));
  await shot(page, 'student-awaiting-review');
  await phoneShot(page, 'student-awaiting-review-phone', () => page.getByTestId('awaiting-review').waitFor());
  // a second attempt with more in it
  const revised = `${EE_ESSAY}\n\nIn conclusion, the evidence from municipal records shows that the pandemic accelerated the creation of national health ministries, although the pace differed between countries.`;
  evaluations.ana = await submitFromOverview('ana', revised, 'The 1918 pandemic, revised', true);
  expect(evaluations.ana).not.toBe(first);
  evaluations.ben = await submitFromOverview('ben', EE_ESSAY.replace(/1918/g, 'nineteen-eighteen'), 'Public health after 1918');

  // the teacher moves the due time an hour into the past: Cai's essay comes late (late work is taken)
  const teacher = (await login(people.teacher.email)).access_token;
  const moved = await p.api.call('PATCH', `/assignments/${assignmentId}`, {
    token: teacher,
    json: { due_at: new Date(Date.now() - 3_600_000).toISOString() },
  });
  expect(moved.status).toBe(200);
  evaluations.cai = await submitFromOverview('cai', EE_ESSAY.replace(/policy/g, 'policies'), 'Policy after the pandemic');

  // through the API too: status, and no marks, for a student before release
  const caiToken = (await login(people.cai.email)).access_token;
  const caiView = await p.api.call('GET', `/evaluation/${evaluations.cai}`, { token: caiToken });
  expect(caiView.status).toBe(200);
  expect(caiView.body.assignment).toMatchObject({ assignment_id: assignmentId, late: true, release: { state: 'awaiting_review' } });
  expect(caiView.body.results).toBeNull();
  expect(caiView.body.overall_score).toBeNull();
  expect(pageErrors).toEqual([]);
});

it('the teacher sees the gradebook and reviews one submission: changed marks, a passage comment, an overall comment, Release', async () => {
  const { p, page, pageErrors } = suite;
  await signInAs('teacher', `/admin/classes/${classId}/gradebook`);
  const book = page.getByTestId('gradebook');
  await book.waitFor();
  const row = (who: Person) => book.locator('tr.ant-table-row').filter({ hasText: people[who].email });
  await row('ana').getByText('2 attempts').waitFor();
  await row('cai').getByText('Late').waitFor();
  expect(await row('ben').getByText('Late').count()).toBe(0);
  for (const who of ['ana', 'ben', 'cai'] as const) {
    expect(await row(who).innerText()).toMatch(/Graded|Needs review/);
  }
  // the column's CSV: a row per student
  const fromBook = page.waitForEvent('download');
  await book.getByRole('button', { name: `Export CSV of ${TITLE}` }).click();
  const bookCsv = fs.readFileSync(await (await fromBook).path(), 'utf8');
  expect(bookCsv).toContain(people.cai.email);
  await shot(page, 'teacher-gradebook');
  await phoneShot(page, 'teacher-gradebook-phone', () => book.waitFor());

  // the assignment's submissions, with CSV export
  await page.goto(`${p.gatewayUrl}/admin/classes/${classId}/assignments/${assignmentId}`);
  await page.getByTestId('assignment-submissions').getByRole('heading', { level: 1, name: TITLE }).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(csv.split(/\r?\n/).filter(Boolean).length).toBeGreaterThanOrEqual(4);
  await shot(page, 'teacher-assignment-submissions');

  // Ana's latest submission
  await page.goto(`${p.gatewayUrl}/admin/review/${evaluations.ana}`);
  const form = page.getByTestId('review-form');
  await form.waitFor();
  await page.getByTestId('review-essay-text').waitFor();
  const criteria = form.locator('[data-testid^=review-criterion-]');
  const first = criteria.first();
  const mark = first.getByRole('spinbutton');
  const aiMark = Number(await mark.inputValue());
  const teacherMark = aiMark > 0 ? aiMark - 1 : aiMark + 1;
  await mark.fill(String(teacherMark));
  await first.getByRole('textbox').fill('Your research question needs a narrower focus: name the countries.');
  // a comment on a selected passage: the essay's first sentence
  const quote = await page.getByTestId('review-essay-text').evaluate((el) => {
    const text = el.textContent ?? '';
    const end = text.indexOf('.') + 1;
    // the first text node that holds the start, and the range over [0, end)
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let seen = 0;
    let started = false;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const len = n.textContent!.length;
      if (!started) {
        range.setStart(n, 0);
        started = true;
      }
      if (seen + len >= end) {
        range.setEnd(n, end - seen);
        break;
      }
      seen += len;
    }
    const sel = window.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
    el.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    return text.slice(0, end);
  });
  const box = page.getByTestId('selection-comment');
  await box.getByLabel('Comment on the selected passage').fill('A strong opening: keep this framing.');
  await box.getByRole('button', { name: 'Add comment' }).click();
  await page.getByTestId('passage-comment').getByText('A strong opening: keep this framing.').waitFor();
  await form.getByLabel('Overall comment').fill('A careful essay. Tighten the question and the conclusion follows.');
  await shot(page, 'teacher-review');
  await form.getByRole('button', { name: /^(send )?Release$/ }).click();
  await page.getByText('Result released to the student').waitFor();
  await page.getByTestId('review-state').getByText('Released').waitFor();
  await phoneShot(page, 'teacher-review-phone', () => form.waitFor());

  // stored as the teacher said
  const teacher = (await login(people.teacher.email)).access_token;
  const stored = await p.api.call('GET', `/evaluation/${evaluations.ana}`, { token: teacher });
  expect(stored.body.assignment.release.state).toBe('released');
  const review = stored.body.assignment.teacher_review;
  expect(review.criteria[0].score).toBe(teacherMark);
  expect(review.criteria[0].ai_score).toBe(aiMark);
  expect(review.comment).toBe('A careful essay. Tighten the question and the conclusion follows.');
  expect(review.passage_comments).toEqual([
    expect.objectContaining({ start: 0, end: quote.length, text: 'A strong opening: keep this framing.' }),
  ]);
  expect(pageErrors).toEqual([]);
});

it("that student sees the teacher's result; the other two see 'Awaiting your teacher's review' and no marks", async () => {
  const { p, page, pageErrors } = suite;
  await signInAs('ana', `/dashboard/results/${evaluations.ana}`);
  const card = page.getByTestId('teacher-review');
  await card.getByText('A careful essay. Tighten the question and the conclusion follows.').waitFor();
  await card.getByTestId('teacher-passage-comment').getByText('A strong opening: keep this framing.').waitFor();
  const token = (await login(people.ana.email)).access_token;
  const mine = (await p.api.call('GET', `/evaluation/${evaluations.ana}`, { token })).body;
  const final = mine.assignment.teacher_review;
  expect(await page.getByTestId('total-points').innerText()).toBe(`${final.total} / ${final.max_total}`);
  const firstCode = final.criteria[0].criterion_id;
  expect(await page.getByTestId(`criterion-${firstCode}`).getByTestId('criterion-score').innerText()).toBe(String(final.criteria[0].score));
  // the school did not choose to show the AI's marks
  expect(final.criteria[0].ai_score).toBeUndefined();
  expect(await page.getByTestId('criterion-ai-score').count()).toBe(0);
  await shot(page, 'student-released-result');
  await phoneShot(page, 'student-released-result-phone', () => card.waitFor());
  // the overview says released
  await page.goto(`${p.gatewayUrl}/dashboard`);
  await page.getByTestId('my-assignment').filter({ hasText: TITLE }).getByTestId('my-assignment-state').getByText('Released').waitFor();

  for (const who of ['ben', 'cai'] as const) {
    await signInAs(who, `/dashboard/results/${evaluations[who]}`);
    await page.getByTestId('awaiting-review').getByText("Awaiting your teacher's review").waitFor();
    expect(await page.getByTestId('total-points').count()).toBe(0);
    const t = (await login(people[who].email)).access_token;
    const view = (await p.api.call('GET', `/evaluation/${evaluations[who]}`, { token: t })).body;
    expect(view.assignment.release.state).toBe('awaiting_review');
    expect(view.results).toBeNull();
    await page.goto(`${p.gatewayUrl}/dashboard`);
    await page.getByTestId('my-assignment').filter({ hasText: TITLE }).getByText("Awaiting your teacher's review").waitFor();
  }
  await phoneShot(page, 'student-assignment-list-phone', () => page.getByTestId('my-assignments').waitFor());
  expect(pageErrors).toEqual([]);
});

it("the teacher's agreement page counts the released, reviewed essay", async () => {
  const { page, pageErrors } = suite;
  await signInAs('teacher', '/admin/agreement');
  const table = page.getByTestId('agreement-table');
  await table.waitFor();
  await page.getByText(/^1 essay/).waitFor();
  await shot(page, 'teacher-agreement');
  await phoneShot(page, 'teacher-agreement-phone', () => table.waitFor());
  expect(pageErrors).toEqual([]);
});

it('growth: once her first attempt is released too, her latest result shows the movement since it; her mail switches on the profile', async () => {
  const { p, page, pageErrors } = suite;
  const teacher = (await login(people.teacher.email)).access_token;
  const full = (await p.api.call('GET', `/evaluation/${anaFirst}`, { token: teacher })).body;
  const reviewed = await p.api.call('PUT', `/evaluation/${anaFirst}/review`, {
    token: teacher,
    json: { criteria: full.results.criteria.map((c: { code: string; score: number }) => ({ criterion_id: c.code, score: c.score })) },
  });
  expect(reviewed.status).toBe(200);
  expect((await p.api.call('POST', `/evaluation/${anaFirst}/release`, { token: teacher })).status).toBe(200);

  await signInAs('ana', `/dashboard/results/${evaluations.ana}`);
  const growth = page.getByTestId('growth-panel');
  await growth.waitFor();
  expect(await growth.locator('tbody tr').count()).toBeGreaterThan(0);
  await shot(page, 'student-growth');
  await phoneShot(page, 'student-growth-phone', () => growth.waitFor());

  // the profile's mail switches: "A result is released" off, stored
  await page.goto(`${p.gatewayUrl}/dashboard/profile`);
  const mails = page.getByTestId('email-notifications');
  const released = mails.getByRole('switch', { name: 'A result is released' });
  expect(await released.isChecked()).toBe(true);
  await released.click();
  await page.waitForFunction(() => document.querySelector('#mail-result_released')?.getAttribute('aria-checked') === 'false');
  const token = (await login(people.ana.email)).access_token;
  const stored = await waitFor('the stored switch', async () => {
    const me = (await p.api.call('GET', '/users/me', { token })).body;
    return me.email_notifications?.result_released === false && me.email_notifications;
  });
  expect(stored).toEqual({ assignment_opened: true, assignment_due_soon: true, result_released: false });
  await shot(page, 'student-profile-mail-switches');
  expect(pageErrors).toEqual([]);
});
