/**
 * In real Chromium through the gateway: a graded EE → results (writing insights, report link) →
 * the Deep Analysis Report's five tabs → Export PDF (a real PDF download); the privacy policy
 * shows the content service's seeded text; the footer's policy links; the contact form sends an
 * enquiry; a phone-width landing page.
 */
import fs from 'node:fs';
import { uniqueEmail } from '../support/platform';
import { screenshot, SCREENSHOTS, sideways, storeSession } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { EE_ESSAY } from '../fixtures/essays';

const suite = browserSuite();

/** Signs a new student up through the API and hands the session to the browser (as /auth would). */
async function signedInStudent(): Promise<string> {
  const { p, page } = suite;
  const email = uniqueEmail('report');
  const signup = await p.api.signup(email, 'a-good-password');
  expect(signup.status).toBe(201);
  const { access_token, refresh_token, user } = signup.body;
  await storeSession(page, p.gatewayUrl, { access_token, refresh_token, user });
  return access_token;
}

it('results → report tabs → Export PDF downloads the report', async () => {
  const { p, page, pageErrors } = suite;
  const token = await signedInStudent();
  const rubrics = await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token });
  const rubric = rubrics.body.find((r: { rubric_type: string }) => r.rubric_type === 'ee');
  const form = p.api.essayForm(
    EE_ESSAY,
    { title: 'Influenza and public health in Canadian cities', essay_type: 'ee', rubric_id: rubric.id, subject_area: 'History' },
    'influenza.txt',
  );
  const submitted = await p.api.call('POST', '/evaluation/evaluate-async', { token, form });
  expect(submitted.status).toBeLessThan(300);
  const done = await p.api.waitForEvaluation(submitted.body.id, token, 60_000);
  expect(done.status).toBe('completed');

  await page.goto(`${p.gatewayUrl}/dashboard/results/${done.id}`);
  await page.getByTestId('results-completed').waitFor({ timeout: 30_000 });
  await page.getByTestId('results-insights').waitFor();
  expect(await page.getByTestId('results-insights').innerText()).toContain('Clarity and Cohesion');
  await screenshot(page, '20-results-with-insights');

  await page.getByTestId('report-link').click();
  await page.waitForURL(/\/report\//);
  await page.getByTestId('report').waitFor({ timeout: 30_000 });
  await page.getByTestId('deep-overview').waitFor();
  await screenshot(page, '21-report-deep-analysis');

  for (const [key, label] of [
    ['research', 'Research Analysis'],
    ['evidence', 'Evidence Review'],
    ['insights', 'Writing Insights'],
    ['recommendations', 'Expert Recommendations'],
  ] as const) {
    const tab = page.getByTestId(`report-tab-${key}`);
    expect(await tab.innerText()).toBe(label);
    await tab.click();
    await page.locator('.ant-tabs-tab-active', { hasText: label }).waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(350); // the ink bar's slide, for the screenshot only
    await screenshot(page, `22-report-${key}`);
  }
  await page.getByTestId('recommendations').waitFor();
  const suggestions = await page.getByTestId('suggestions').locator('li').count();
  expect(suggestions).toBeLessThanOrEqual(4);
  expect(await page.getByText('Weeks 1-2').count()).toBe(1);

  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-pdf').click()]);
  const file = await download.path();
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(fs.readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await page.getByText(/Route (GET|POST)/).count()).toBe(0);

  // the report and the results on a 375 px phone: nothing sticks out sideways
  await page.setViewportSize({ width: 375, height: 812 });
  for (const route of [`/report/${done.id}`, `/dashboard/results/${done.id}`]) {
    await page.goto(`${p.gatewayUrl}${route}`);
    await page.locator('[data-testid=report], [data-testid=results-completed]').first().waitFor({ timeout: 30_000 });
    expect([route, await sideways(page)]).toEqual([route, []]);
    await page.screenshot({ path: `${SCREENSHOTS}/28-phone-${route.split('/')[1]}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(pageErrors).toEqual([]);
});

it('the privacy policy shows the seeded text; footer links; contact form; phone-width landing', async () => {
  const { p, page, pageErrors } = suite;
  await page.goto(`${p.gatewayUrl}/privacy-policy`);
  await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor({ timeout: 30_000 });
  expect(await page.getByText('This policy explains what personal information Corestone collects').count()).toBe(1);
  // contact details come from the operator's settings; not set yet on a fresh platform, and never an example inbox
  expect(await page.locator('.cs-markdown strong', { hasText: '[contact e-mail not set]' }).count()).toBe(1);
  expect(await page.locator('.cs-markdown').innerText()).not.toContain('corestone.example');
  await screenshot(page, '23-privacy-policy');

  const hrefs = await page.locator('footer a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  expect(hrefs).toEqual(
    expect.arrayContaining([
      ['Privacy Policy', '/privacy-policy'],
      ['Academic Integrity', '/academic-integrity-policy'],
      ['Client Terms', '/client-terms'],
    ]),
  );

  await page.goto(`${p.gatewayUrl}/contact`);
  await page.getByLabel('Your Name').fill('Ms Ortega');
  await page.getByLabel('Email').fill(uniqueEmail('contact'));
  await page.getByLabel('School or Institution').fill('Lakeside International School');
  await page.getByLabel('Number of Students').fill('120');
  await page.getByLabel('Message').fill('We would like unlimited credits for our Year 13 EE cohort.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByTestId('contact-sent').waitFor({ timeout: 15_000 });
  await screenshot(page, '24-contact-sent');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(p.gatewayUrl);
  await page.getByTestId('testimonials').waitFor();
  expect(await page.getByTestId('testimonials').locator('.testimonial').count()).toBe(6);
  await screenshot(page, '25-landing-phone');
  await page.screenshot({ path: `${SCREENSHOTS}/25-landing-phone-top.png` });
  await page.evaluate(() => document.getElementById('pricing')?.scrollIntoView());
  await page.screenshot({ path: `${SCREENSHOTS}/25-landing-phone-pricing.png` });
  // nothing sticks out sideways on a 375 px phone
  expect(await sideways(page)).toEqual([]);
  // the header's bar fits at every desktop width (slide-in menu below 992 px)
  for (const width of [1000, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(p.gatewayUrl);
    await page.locator('header').waitFor();
    const fits = await page.evaluate(() =>
      [...document.querySelectorAll('header *')].every((el) => el.getBoundingClientRect().right <= window.innerWidth + 0.5),
    );
    expect([width, fits]).toEqual([width, true]);
    await page.screenshot({ path: `${SCREENSHOTS}/27-header-${width}.png`, clip: { x: 0, y: 0, width, height: 80 } });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(p.gatewayUrl);
  await page.getByTestId('tutoring-hero').waitFor();
  await screenshot(page, '26-landing-desktop');

  // a student's dashboard pages: the sidebar column runs the whole page
  await page.goto(`${p.gatewayUrl}/dashboard/submissions`);
  await page.getByTestId('dashboard-sidebar').waitFor();
  const heights = await page.evaluate(() => [
    document.querySelector('[data-testid=dashboard-sidebar]')!.getBoundingClientRect().height,
    document.documentElement.scrollHeight,
  ]);
  expect(heights[0]).toBeGreaterThanOrEqual(heights[1]! - 1);
  expect(pageErrors).toEqual([]);
});
