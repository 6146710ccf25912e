import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from '@corestone/devstack';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(REPO_ROOT, 'tests', 'artifacts', 'screenshots');

/** The pages of the browsers this test file has open (for the screenshots of a failed test). */
const openPages = new Set<Page>();

/** Debian's Chromium, headless, with its own empty profile; never a downloaded browser. */
export async function launchBrowser(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
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
