import { useEffect } from 'react';
import { FOCUSABLE } from './measureRows';

/** The open dialogs and drawers, in the order they opened (the last is on top). */
const OPEN_DIALOGS = '.ant-modal-wrap, .ant-drawer.ant-drawer-open';

/**
 * Tab and Shift+Tab stay inside the dialog on top (WCAG 2.4.3): antd's own lock brings the focus
 * back only once it has landed outside, and Tab from a dialog's last button left the page (the
 * browser's address bar) or reached the page behind it. The first handler to act marks the key
 * handled, so the shell's and a remote's roots never both move the focus.
 */
export function useDialogTabWrap(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.defaultPrevented) return;
      const open = [...document.querySelectorAll<HTMLElement>(OPEN_DIALOGS)].filter((d) => d.getClientRects().length > 0);
      const top = open[open.length - 1];
      if (!top) return;
      const items = [...top.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.hasAttribute('disabled'),
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (!top.contains(active) || active === (e.shiftKey ? first : last)) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
