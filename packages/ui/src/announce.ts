/**
 * Polite screen-reader announcements (WCAG 4.1.3 status messages) through one live region that
 * stays in the page: a region mounted together with new content is often not read, and a screen
 * that swaps its whole tree (the results page: processing → result) would remount its own. The
 * region is a `role="status"` element (implicitly aria-live="polite") at the end of <body>, seen by
 * screen readers only.
 */
export const ANNOUNCER_ID = 'cs-announcer';

function region(): HTMLElement {
  let el = document.getElementById(ANNOUNCER_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = ANNOUNCER_ID;
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    el.setAttribute('aria-atomic', 'true');
    // the shell's .cs-sr-only, inline too so that it holds before any stylesheet
    el.className = 'cs-sr-only';
    el.style.cssText =
      'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0';
    document.body.appendChild(el);
  }
  return el;
}

/** Announces `text` politely; the same text twice in a row is said once (no flood). */
export function announce(text: string): void {
  if (typeof document === 'undefined') return;
  const el = region();
  if (el.textContent === text) return;
  el.textContent = text;
}
