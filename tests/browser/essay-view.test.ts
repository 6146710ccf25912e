/**
 * In real Chromium through the gateway: a student submits an EE, opens 'Your Essay with Feedback'
 * from the results, and sees the passages the grader quoted highlighted in the full essay (hover
 * shows the criterion and remark; choosing a passage in the list goes to it); a quote on the
 * results page opens the essay at that passage; the same view on a 375 px phone. Through the
 * gateway, GET /evaluation/{id}/text answers the owner and the same 404 to another student.
 */
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../support/platform';
import { screenshot, SCREENSHOTS, sideways, storeSession } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { EE_ESSAY } from '../fixtures/essays';

// a shared 2-core machine under load can take longer than the default 30 s to bring a process up
const suite = browserSuite({ timeout: 600_000 });

async function student(): Promise<{ token: string; refresh: string; user: unknown }> {
  const { p } = suite;
  const signup = await p.api.signup(uniqueEmail('essay-view'), 'a-good-password');
  expect(signup.status).toBe(201);
  return { token: signup.body.access_token, refresh: signup.body.refresh_token, user: signup.body.user };
}

async function signIn(s: { token: string; refresh: string; user: unknown }) {
  await storeSession(suite.page, suite.p.gatewayUrl, { access_token: s.token, refresh_token: s.refresh, user: s.user });
}

/** Whether the element is inside the visible part of the window. */
const inView = (pg: Page, selector: string) =>
  pg.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }, selector);

it('submit an essay → results → the essay with the feedback passages highlighted, on desktop and on a phone', async () => {
  const { p, page, pageErrors } = suite;
  const me = await student();
  const rubrics = await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: me.token });
  const rubric = rubrics.body.find((r: { rubric_type: string }) => r.rubric_type === 'ee');
  const form = p.api.essayForm(
    EE_ESSAY,
    { title: 'Influenza and public health in Canadian cities', essay_type: 'ee', rubric_id: rubric.id, subject_area: 'History' },
    'influenza.txt',
  );
  const submitted = await p.api.call('POST', '/evaluation/evaluate-async', { token: me.token, form });
  expect(submitted.status).toBe(201);
  const done = await p.api.waitForEvaluation(submitted.body.id, me.token, 60_000);
  expect(done.status).toBe('completed');
  const quoted = (done.results.criteria as Array<{ strengthDetails?: Remark[]; improvementDetails?: Remark[] }>).flatMap((c) =>
    [...(c.strengthDetails ?? []), ...(c.improvementDetails ?? [])].flatMap((r) => r.passages),
  );
  expect(quoted.length).toBeGreaterThan(0);

  // the text route through the gateway: the owner reads it, another student gets the 404 of a missing id
  const own = await p.api.call('GET', `/evaluation/${done.id}/text`, { token: me.token });
  expect(own.status).toBe(200);
  expect(own.body.text.replace(/\s+/g, ' ')).toContain('Research question: To what extent did the 1918 influenza pandemic');
  const other = await student();
  const foreign = await p.api.call('GET', `/evaluation/${done.id}/text`, { token: other.token });
  expect([foreign.status, foreign.body]).toEqual([404, { detail: 'Evaluation not found', code: 'NOT_FOUND' }]);

  await signIn(me);
  await page.goto(`${p.gatewayUrl}/dashboard/results/${done.id}`);
  await page.getByTestId('results-completed').waitFor({ timeout: 30_000 });
  await page.getByTestId('essay-link').click();
  await page.waitForURL(/\/report\/[^?]+\?tab=essay$/);
  const essay = page.getByTestId('essay-text');
  await essay.waitFor({ timeout: 30_000 });

  // every mark is a stretch of the essay text; each quoted passage found is highlighted
  const marks = essay.locator('mark');
  const count = await marks.count();
  expect(count).toBeGreaterThan(0);
  const essayText = (await essay.textContent())!;
  expect(essayText).toBe(own.body.text);
  for (const text of await marks.allTextContents()) expect(essayText).toContain(text);
  const listed = await page.locator('[data-passage-link]').count();
  expect(listed).toBeGreaterThan(0);
  // every quoted passage is in the list: with its remark under its place in the essay, or as not found
  const remarks = await page.locator('[data-testid=passage-list] [data-passage-link] [data-remark]').count();
  expect(remarks + (await page.locator('[data-testid=passages-missing] li').count())).toBe(quoted.length);
  await page.mouse.move(0, 0);
  await screenshot(page, '40-essay-view');

  // hovering a highlight shows its criterion and remark
  await marks.first().hover();
  const details = page.getByTestId('passage-details').first();
  await details.waitFor();
  expect(await details.innerText()).toMatch(/Criterion [A-Z]/);
  await page.waitForTimeout(300); // the popover's fade, for the screenshot only
  await page.screenshot({ path: `${SCREENSHOTS}/41-essay-view-hover.png` });

  // choosing the last passage in the list goes to it in the essay (scrolled into view, focused)
  const last = page.locator('[data-passage-link]').last();
  const id = await last.getAttribute('data-passage-link');
  await last.click();
  const target = `mark[data-note-start~="${id}"]`;
  await page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), target);
  await page.waitForFunction((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }, target);
  expect(await page.locator(target).getAttribute('class')).toContain('cs-active');
  await page.waitForTimeout(300); // the popover's fade, for the screenshot only
  await page.screenshot({ path: `${SCREENSHOTS}/42-essay-view-passage.png` });

  // keyboard: Tab from a highlight reaches the next one
  expect(count).toBeGreaterThan(1);
  await page.locator('mark').first().focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MARK');

  // a quote on the results page opens the essay at that passage
  await page.goto(`${p.gatewayUrl}/dashboard/results/${done.id}`);
  await page.getByTestId('results-completed').waitFor({ timeout: 30_000 });
  const quote = page.locator('[data-show-passage]').first();
  expect(await quote.count()).toBe(1);
  const passage = await quote.getAttribute('data-show-passage');
  await quote.click();
  await page.waitForURL(new RegExp(`tab=essay&passage=${passage}$`));
  const mark = `mark[data-note-start~="${passage}"]`;
  await page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), mark, { timeout: 30_000 });
  expect(await inView(page, mark)).toBe(true);

  // a 375 px phone: the list folds above the essay, nothing sticks out sideways
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${p.gatewayUrl}/report/${done.id}?tab=essay`);
  await page.getByTestId('essay-text').waitFor({ timeout: 30_000 });
  expect(await sideways(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/43-essay-view-phone.png` });
  await page.getByText(/^Feedback passages \(\d+\)$/).click();
  await page.locator('[data-passage-link]').nth(1).waitFor();
  const phoneId = await page.locator('[data-passage-link]').nth(1).getAttribute('data-passage-link');
  await page.locator('[data-passage-link]').nth(1).click();
  const phoneMark = `mark[data-note-start~="${phoneId}"]`;
  await page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), phoneMark);
  await page.waitForTimeout(600); // smooth scrolling, for the screenshot only
  await page.screenshot({ path: `${SCREENSHOTS}/44-essay-view-phone-passage.png` });
  expect(await sideways(page)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });

  expect(await page.getByText(/Route (GET|POST)/).count()).toBe(0);
  expect(pageErrors).toEqual([]);
});

interface Remark {
  text: string;
  passages: Array<{ start: number; end: number; quote: string }>;
}
