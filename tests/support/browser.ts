import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { REPO_ROOT } from '@corestone/devstack';
import { TokenStore } from '@corestone/sdk';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(REPO_ROOT, 'tests', 'artifacts', 'screenshots');

/** The pages of the browsers this test file has open (for the screenshots of a failed test). */
const openPages = new Set<Page>();

/** A browser of launchBrowser: its context, its first page, and close (which also removes its profile). */
export interface LaunchedBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with its own empty profile; never a downloaded browser.
 * `extraArgs`: more command-line switches (e.g. a TLS front's certificate pin, tls-front.ts).
 * `bypassCSP`: pages take injected scripts despite the gateway's CSP (axe-core in tests only, axe.ts).
 */
export async function launchBrowser(extraArgs: string[] = [], opts: { bypassCSP?: boolean } = {}): Promise<LaunchedBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 900 },
    bypassCSP: opts.bypassCSP ?? false,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  openPages.add(page);
  return {
    context,
    page,
    close: async () => {
      openPages.delete(page);
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string, opts: { timeout?: number } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, ...opts });
  return file;
}

/**
 * A screenshot to look at: once the toasts have gone, from the top of the page (a full-page shot of
 * a scrolled page draws the fixed bars mid-page), in tests/artifacts/screenshots and copied to /tmp/shots.
 */
export async function reviewShot(page: Page, name: string): Promise<string> {
  await page.waitForFunction(() => !document.querySelector('.ant-message-notice, .ant-notification-notice'), undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = await screenshot(page, name);
  fs.mkdirSync('/tmp/shots', { recursive: true });
  fs.copyFileSync(file, path.join('/tmp/shots', `${name}.png`));
  return file;
}

/** A screenshot of each open page (`<name>-<n>.png`), each given 5 s at most; the files written. */
export async function screenshotOpenPages(name: string): Promise<string[]> {
  const files: string[] = [];
  let n = 0;
  for (const page of openPages) {
    if (page.isClosed()) continue;
    await screenshot(page, `${name}-${++n}`, { timeout: 5_000 }).then(
      (file) => files.push(file),
      () => undefined, // a page that cannot be drawn any more: nothing to show
    );
  }
  return files;
}

/** An antd motion class of an element still opening (zoom, slide): `…-appear`, `…-enter`, `…-enter-active`. */
const STILL_OPENING = /-(appear|enter)(\s|$|-)/;

/**
 * Closes the toasts on screen (to keep them out of a screenshot). A toast closes itself after a few
 * seconds, so on a slow machine it may be leaving while a real click waits for it to be stable:
 * the close buttons are pressed in the page instead, and one already gone is simply not there.
 */
export async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.ant-notification-notice-close').forEach((b) => b.click()));
}

/**
 * Waits until an antd pop-up matching `selector` is shown and none shown is still opening: a click
 * on a button that is still zooming in can land beside it (seen once on a loaded machine: 'Add Link'
 * clicked, no checks shown). Closed pop-ups antd keeps in the page (display: none) do not count.
 */
export async function popupOpened(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    ([sel, opening]) => {
      const popups = [...document.querySelectorAll(sel)].filter((m) => m.getClientRects().length > 0);
      return popups.length > 0 && popups.every((m) => !new RegExp(opening).test(m.className));
    },
    [selector, STILL_OPENING.source] as const,
  );
}

/** Waits until every open antd modal (dialogs, confirmations) has finished its opening zoom. */
export const dialogOpened = (page: Page): Promise<void> => popupOpened(page, '.ant-modal');

/** Waits until the open Popconfirm has finished zooming in. */
export const popconfirmOpened = (page: Page): Promise<void> => popupOpened(page, '.ant-popconfirm');

/**
 * Picks `option` in the antd Select whose dropdown is open: clicks it once the dropdown has finished
 * sliding in (a click on an option still moving can be lost: seen with 'TikTok' on a loaded
 * machine, and with 'History' in the upload wizard), then waits until the dropdown has closed,
 * which a single select does on a pick.
 */
export async function pickOption(page: Page, option: string | RegExp): Promise<void> {
  const open = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
  await page.waitForFunction(
    ([selector, opening]) => [...document.querySelectorAll(selector)].some((d) => !new RegExp(opening).test(d.className)),
    [open, STILL_OPENING.source] as const,
  );
  await page.locator(`${open} .ant-select-item-option`, { hasText: option }).click();
  await page.locator(open).waitFor({ state: 'hidden' });
}

/**
 * Opens the antd Select whose input is `field` (its id, or a locator). The click is a real one on the select's box,
 * once the select is enabled, so Playwright waits until nothing covers it and it has stopped moving
 * (a forced click on the hidden input was lost once in CI: the Subject select, right after the
 * viewport came back from a phone's width, never opened). A click that opened nothing within a few
 * seconds is repeated once.
 */
export async function openSelect(page: Page, field: string | Locator): Promise<void> {
  const input = typeof field === 'string' ? page.locator(`#${field}`) : field;
  const select = input
    .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
    .and(page.locator('.ant-select:not(.ant-select-disabled)'));
  const opened = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await select.click();
  if (
    !(await opened.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ))
  )
    await select.click();
}

/** Opens the Select whose input is `field` (its id, or a locator) and picks `option` in it. */
export async function chooseOption(page: Page, field: string | Locator, option: string | RegExp): Promise<void> {
  await openSelect(page, field);
  await pickOption(page, option);
}

/** A session as /auth answers it (sign-up, login), to hand to a browser. */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  user: unknown;
}

/**
 * Hands a session to the browser as /auth would have stored it: a signed-out page of the site is
 * opened and every key the SDK's TokenStore writes for this session (tokens, user, user_role) is put
 * in its localStorage (the next page loaded is signed in). An earlier session in the page is cleared
 * and the page loaded again signed out first: a signed-in page still reading its user from the
 * server would store that user over the new session's.
 */
export async function storeSession(page: Page, gatewayUrl: string, session: StoredSession): Promise<void> {
  const entries = new Map<string, string>();
  const recorder = {
    getItem: (k: string) => entries.get(k) ?? null,
    setItem: (k: string, v: string) => void entries.set(k, v),
    removeItem: (k: string) => void entries.delete(k),
  } as unknown as Storage;
  const store = new TokenStore(recorder);
  store.setTokens(session.access_token, session.refresh_token);
  store.setUser(session.user);
  await page.goto(`${gatewayUrl}/privacy-policy`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${gatewayUrl}/privacy-policy`);
  await page.evaluate(
    (items) => {
      for (const [k, v] of items) localStorage.setItem(k, v);
    },
    [...entries],
  );
}

/** Fills the sign-in form of the /auth page that is open and submits it. */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('auth-submit').click();
}

/** Opens /auth and signs in through its form; with `landing`, waits until the address matches it. */
export async function signInThroughForm(page: Page, gatewayUrl: string, email: string, password: string, landing?: RegExp): Promise<void> {
  await page.goto(`${gatewayUrl}/auth`);
  await submitSignInForm(page, email, password);
  if (landing) await page.waitForURL(landing);
}

/** Switches the open /auth page to its sign-up form, fills it and submits it. */
export async function submitSignUpForm(page: Page, fullName: string, email: string, password: string): Promise<void> {
  await page.getByTestId('auth-toggle').click();
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('auth-submit').click();
}

/** Creates the first (super) admin through the /setup form and waits for 'System Ready'. */
export async function createFirstAdmin(
  page: Page,
  gatewayUrl: string,
  admin: { name: string; email: string; password: string },
): Promise<void> {
  await page.goto(`${gatewayUrl}/setup`);
  await page.getByTestId('setup-form').waitFor();
  await page.getByLabel('Full Name').fill(admin.name);
  await page.getByLabel('Email Address').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Confirm Password').fill(admin.password);
  await page.getByRole('button', { name: 'Create Admin User' }).click();
  await page.getByTestId('setup-ready').waitFor();
}

/** Elements reaching past the right edge (not fixed, not inside a box that scrolls or clips them). */
export function sideways(pg: Page): Promise<string[]> {
  return pg.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        if (el.getBoundingClientRect().right <= window.innerWidth + 0.5 || getComputedStyle(el).position === 'fixed') return false;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') return false;
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName}.${(el as HTMLElement).className} ${Math.round(el.getBoundingClientRect().right)}`),
  );
}

/** The research question the browser tests state for the EE fixture essay. */
export const EE_RESEARCH_QUESTION = 'To what extent did the 1918 pandemic change public health policy?';

/**
 * The upload wizard's Metadata step for an EE as a student fills it: `title`, Individuals and
 * Societies → History, EE_RESEARCH_QUESTION and the first rubric offered.
 */
export async function fillEeMetadata(page: Page, title: string): Promise<void> {
  await page.locator('#meta-title').fill(title);
  await chooseOption(page, 'meta-category', 'Individuals and Societies');
  await chooseOption(page, 'meta-subject', /^History$/);
  await page.getByLabel('Research Question').fill(EE_RESEARCH_QUESTION);
  await page.getByTestId('rubric-list').locator('input[type=radio]').first().check({ force: true });
}
