/**
 * axe-core in real Chromium: the WCAG 2.2 A and AA rules on the page as it is now. The gateway's
 * CSP refuses injected scripts, so the page must belong to a browser launched with `bypassCSP`
 * (browserSuite({ bypassCSP: true })); axe.min.js comes from node_modules.
 */
import type { Page } from 'playwright-core';

const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** The rule tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 added AA rules only). */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A known exception: the rule, the elements it covers (a CSS selector axe reports) and why. */
export interface AxeException {
  rule: string;
  /** Matched against each node's target selector; absent: every node of the rule. */
  target?: RegExp;
  reason: string;
}

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Waits for the page to settle (no antd spinner, skeleton or opening/closing motion, up to 10 s; fonts loaded),
 * runs axe with the WCAG 2.2 AA tags and answers each violation not excepted, one line per node:
 * `<screen>: <rule> (<impact>) <selector> — <summary>`.
 */
export async function axeViolations(page: Page, screen: string, exceptions: AxeException[] = []): Promise<string[]> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '.ant-spin-spinning, .ant-skeleton-active, [class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]',
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // something that keeps moving (stacked toasts) is checked as it is
  await page.evaluate(() => document.fonts.ready);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) => r.violations),
    WCAG_22_AA_TAGS,
  )) as AxeViolation[];
  const lines: string[] = [];
  for (const v of violations) {
    for (const node of v.nodes) {
      const target = node.target.map(String).join(' ');
      if (exceptions.some((e) => e.rule === v.id && (!e.target || e.target.test(target)))) continue;
      const summary = (node.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 240);
      lines.push(`${screen}: ${v.id} (${v.impact}) ${target} — ${summary} — ${node.html.slice(0, 160)}`);
    }
  }
  return lines;
}
