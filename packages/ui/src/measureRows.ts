import { useEffect } from 'react';

export const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * antd's Table measures its columns in a hidden row (`aria-hidden`) holding a copy of each column's
 * title; a title with a control in it (the select-all checkbox of `rowSelection`, a CSV button)
 * puts a second, invisible copy of that control in the Tab order (axe: aria-hidden-focus). This
 * takes those copies out of the Tab order whenever such a row appears.
 */
export function useUnfocusableMeasureRows(): void {
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return;
    const fix = () => {
      for (const row of document.querySelectorAll('.ant-table-measure-row'))
        for (const el of row.querySelectorAll<HTMLElement>(FOCUSABLE)) el.tabIndex = -1;
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
