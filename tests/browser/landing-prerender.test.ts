/**
 * The prerendered landing page (`/`) in real Chromium: its first screen is painted from the HTML
 * before any script runs, React then takes it over without a mismatch, the first-load splash keeps
 * its rules, a phone gets the menu bar from the start, and a visitor with a stored session never
 * sees the signed-out page.
 */
import type { Page, Route } from 'playwright-core';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { launchBrowser, screenshot } from '../support/browser';

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.shutdown();
});

/** Page errors and console errors (a hydration mismatch is reported as one of them). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // the browser's own favicon.ico request, made for the bare favicon.svg document the test opens first
    if (msg.type() === 'error' && !msg.location().url.endsWith('/favicon.ico')) errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/** Holds the shell's entry script back until `release()`: what the page shows before any script ran. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/main.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** React has taken over the element (hydrated, or rendered it). */
const ownedByReact = (page: Page, selector: string) =>
  page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
  }, selector);

it('serves / as HTML with the first screen, its styles and no inline script (the CSP allows none)', async () => {
  const res = await fetch(`${p.gatewayUrl}/`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  expect(res.status).toBe(200);
  expect(html).toContain('<div id="root" data-prerendered="/">');
  expect(html).toContain('Rubric-based feedback on your IB essays in minutes');
  expect(html).toContain('id="sample-preview"');
  expect(html).toMatch(/<style[^>]*data-css-hash/); // antd's styles, written at build time
  expect(html).toMatch(/<script src="\/page-gate\.[0-9a-f]{8}\.js"><\/script>/);
  expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
  // other pages are rendered in the browser
  expect(await (await fetch(`${p.gatewayUrl}/contact`, { headers: { accept: 'text/html' } })).text()).not.toContain('data-prerendered');
});

it('paints the first screen before any script runs, then hydrates it without a mismatch', async () => {
  const browser = await launchBrowser();
  try {
    const { page } = browser;
    const errors = watchErrors(page);
    const release = await holdScripts(page);
    await page.goto(`${p.gatewayUrl}/`, { waitUntil: 'commit' });
    // first load of the tab: the splash, and underneath the page's first screen, laid out
    await page.getByTestId('splash').waitFor({ state: 'visible' });
    await page.getByRole('heading', { name: 'Rubric-based feedback on your IB essays in minutes' }).waitFor({ state: 'visible' });
    await page.locator('#sample-preview').waitFor({ state: 'visible' });
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'visible' }); // a wide screen: the full bar
    expect(await page.getByLabel('Open menu').isVisible()).toBe(false);
    expect(await page.getByText('How the AI grading works').count()).toBe(0); // below the fold: after hydration
    expect(
      await page.evaluate(() => Object.keys(document.querySelector('#sample-preview')!).some((k) => k.startsWith('__reactFiber$'))),
    ).toBe(false);

    release();
    await ownedByReact(page, '#sample-preview');
    await page.getByTestId('splash').waitFor({ state: 'detached' });
    await page.getByText('How the AI grading works').waitFor();
    await page.getByTestId('testimonials').waitFor();
    await screenshot(page, 'landing-hydrated');
    expect(errors).toEqual([]);

    // the page works: client-side navigation from a hydrated button
    await page.getByRole('button', { name: 'Grade TOK Essay' }).first().click();
    await page.waitForURL(/\/auth/);

    // a later load in the same tab: no splash
    await page.goto(`${p.gatewayUrl}/`, { waitUntil: 'commit' });
    await page.locator('#sample-preview').waitFor({ state: 'visible' });
    expect(await page.getByTestId('splash').isVisible()).toBe(false);
    await ownedByReact(page, '#sample-preview');
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

it('shows a phone the menu button from the first paint', async () => {
  const browser = await launchBrowser();
  try {
    const { page } = browser;
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 375, height: 812 });
    const release = await holdScripts(page);
    await page.goto(`${p.gatewayUrl}/`, { waitUntil: 'commit' });
    await page.getByLabel('Open menu').waitFor({ state: 'visible' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    release();
    await ownedByReact(page, '#sample-preview');
    await page.getByTestId('splash').waitFor({ state: 'detached' });
    await page.getByLabel('Open menu').click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
    expect(await page.getByLabel('Open menu').count()).toBe(1);
    await screenshot(page, 'landing-phone-menu');
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

it('never shows a visitor with a stored session the signed-out page', async () => {
  const email = uniqueEmail('prerender');
  const signup = await p.api.signup(email);
  expect(signup.status).toBe(201);
  const browser = await launchBrowser();
  try {
    const { page } = browser;
    const errors = watchErrors(page);
    await page.goto(`${p.gatewayUrl}/favicon.svg`);
    await page.evaluate(
      ([access, refresh, user]) => {
        localStorage.setItem('access_token', access);
        localStorage.setItem('refresh_token', refresh);
        localStorage.setItem('user', user);
        sessionStorage.setItem('corestone_splash_seen', '1');
      },
      [signup.body.access_token, signup.body.refresh_token, JSON.stringify(signup.body.user)],
    );
    const release = await holdScripts(page);
    await page.goto(`${p.gatewayUrl}/`, { waitUntil: 'commit' });
    await page.locator('#sample-preview').waitFor({ state: 'attached' });
    // the prerendered page (signed out: a Sign In button) is there but hidden until React renders the session's page
    expect(await page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(false);
    expect(await page.locator('#sample-preview').isVisible()).toBe(false);
    release();
    await page.getByRole('button', { name: 'Logout' }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-restoring'))).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});
