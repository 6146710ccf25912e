/**
 * After a failed browser test (see browser-environment.js), a screenshot of every page still open,
 * in tests/artifacts/screenshots/failed-<test name>-<n>.png: what the browser showed when the test
 * gave up is the first thing to look at for a failure that does not come back.
 */
import { screenshotOpenPages } from './browser';

afterEach(async () => {
  const marks = globalThis as { __corestoneFailed?: boolean };
  if (!marks.__corestoneFailed) return;
  marks.__corestoneFailed = false;
  const name = (expect.getState().currentTestName ?? 'unnamed').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const files = await screenshotOpenPages(`failed-${name}`);
  if (files.length) console.warn(`screenshots of the failed test: ${files.join(', ')}`);
});
