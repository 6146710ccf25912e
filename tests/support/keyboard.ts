/**
 * Keyboard-only driving for the accessibility journeys: Tab (or Shift+Tab) until an element has
 * the focus, checking at every stop that the focused element shows a visible focus indicator, the
 * way a sighted keyboard user needs it (WCAG 2.4.7).
 */
import type { Locator, Page } from 'playwright-core';

/** What has the focus, and whether it (or the antd control drawn around it) shows a focus indicator. */
export interface FocusStop {
  describe: string;
  visible: boolean;
}

/**
 * The focused element and whether a focus indicator is drawn: an outline or a box-shadow on the
 * element, on the antd wrapper that draws a control's focus (select, input with affixes, number,
 * radio/checkbox, switch, upload), or on the radio/checkbox box beside a visually hidden input.
 */
export function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { describe: 'body', visible: false };
    const drawn = (e: Element | null | undefined) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1 && !/rgba\(.*, 0\)$/.test(s.outlineColor);
      // antd's inputs (filled ones especially) mark the focus by turning their border the theme's blue
      const blueBorder = [s.borderTopColor, s.borderBottomColor].includes('rgb(29, 78, 216)') && parseFloat(s.borderTopWidth) >= 1;
      return outline || (s.boxShadow !== 'none' && s.boxShadow !== '') || blueBorder;
    };
    const wrapper = el.closest(
      '.ant-select, .ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-radio-wrapper, .ant-checkbox-wrapper, .ant-radio-button-wrapper, .ant-switch, .ant-upload',
    );
    const box = el.matches('input[type=radio], input[type=checkbox]')
      ? el.parentElement?.querySelector('.ant-radio-inner, .ant-checkbox-inner')
      : null;
    const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    const rect = el.getBoundingClientRect();
    return {
      describe: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${label}" at ${Math.round(rect.x)},${Math.round(rect.y)}`,
      visible: drawn(el) || drawn(wrapper) || drawn(box) || (box ? drawn(box.parentElement) : false),
    };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times; every
 * stop without a visible focus indicator is added to `invisible`. Throws if the target is never reached.
 */
export async function tabTo(page: Page, target: Locator, invisible: string[], opts: { max?: number; back?: boolean } = {}): Promise<void> {
  const max = opts.max ?? 80;
  await target.waitFor();
  await settled(page);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    let stop = await focusStop(page);
    // antd fades its focus border and ring in (0.2 s): looked at again once that is over
    if (!stop.visible) stop = await page.waitForTimeout(400).then(() => focusStop(page));
    if (!stop.visible && stop.describe !== 'body') invisible.push(stop.describe);
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`Tab never reached ${target} in ${max} presses (last: ${(await focusStop(page)).describe})`);
}

/** Waits until the page is quiet: no request under way, no antd spinner (a re-render can take the focus away). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
}

/** Whether the focus is inside `container`. */
export const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/**
 * In an open antd Select (focused), moves with ArrowDown until the active option's text matches
 * `option`, then Enter picks it.
 */
export async function pickWithArrows(page: Page, option: RegExp, max = 40): Promise<void> {
  await page.keyboard.press('ArrowDown'); // opens the list (the first option active)
  for (let i = 0; i < max; i++) {
    const active = await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active')
      .first()
      .innerText()
      .catch(() => '');
    if (option.test(active.trim())) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${option} reached with the arrow keys`);
}
