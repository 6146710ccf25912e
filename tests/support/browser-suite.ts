/**
 * The scaffolding of a browser test file: the platform and one Chromium page for all its tests.
 * Called once at the top level of the file, it registers the beforeAll that starts both (and
 * collects the page's uncaught errors) and the afterAll that closes the browser and shuts the
 * platform down; its answer's fields are filled in by that beforeAll, so read them inside tests.
 *
 *   const suite = browserSuite();
 *   it('…', async () => {
 *     const { p, page, pageErrors } = suite;
 *     …
 *   });
 */
import type { Page } from 'playwright-core';
import type { PlatformOptions } from '@corestone/devstack';
import { choosePorts, startTestPlatform, type TestPlatform } from './platform';
import { launchBrowser, type LaunchedBrowser } from './browser';

export interface BrowserSuite {
  /** The platform, started in beforeAll. */
  p: TestPlatform;
  /** The Chromium launched in beforeAll. */
  browser: LaunchedBrowser;
  /** Its page, shared by the file's tests. */
  page: Page;
  /** The messages of the page's uncaught errors, in order (the same array throughout). */
  pageErrors: string[];
}

export interface BrowserSuiteOptions {
  /** More environment for the platform's processes (startTestPlatform's `extraEnv`). */
  env?: Record<string, string>;
  /** Platform options (startTestPlatform's `opts`). */
  platform?: Partial<PlatformOptions>;
  /**
   * Chooses the ports first and gives the gateway's URL to the platform as PUBLIC_BASE_URL (for a
   * platform whose own URL must be known before it starts, e.g. billing's return addresses).
   */
  publicBaseUrl?: boolean;
  /** Runs last in beforeAll, with the platform up and the page open: test data, a signed-in admin, listeners. */
  setup?: (suite: BrowserSuite) => Promise<void> | void;
  /** The browser takes injected scripts despite the CSP (axe-core: tests/support/axe.ts). */
  bypassCSP?: boolean;
  /** The beforeAll's timeout in ms (jest's configured one if not given). */
  timeout?: number;
}

export function browserSuite(opts: BrowserSuiteOptions = {}): BrowserSuite {
  const suite = { pageErrors: [] as string[] } as BrowserSuite;
  beforeAll(async () => {
    let { env = {}, platform = {} } = opts;
    if (opts.publicBaseUrl) {
      const ports = await choosePorts();
      env = { ...env, PUBLIC_BASE_URL: `http://127.0.0.1:${ports.gateway}` };
      platform = { ...platform, ports };
    }
    suite.p = await startTestPlatform(env, platform);
    suite.browser = await launchBrowser([], { bypassCSP: opts.bypassCSP });
    suite.page = suite.browser.page;
    suite.page.on('pageerror', (err) => suite.pageErrors.push(err.message));
    await opts.setup?.(suite);
  }, opts.timeout);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.p?.shutdown();
  });
  return suite;
}
