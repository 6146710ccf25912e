import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Go = (...args: unknown[]) => void;

/** The active guard's question, for a way out that is not a navigation (Logout). */
let guard: ((then: () => void) => void) | null = null;

/**
 * Runs `then` (e.g. Logout) at once, or — while a screen holds unsaved changes — after the person agreed
 * to drop them. Logout ends the session before it navigates, so the question must come first.
 */
export function afterLeaveAgreed(then: () => void): void {
  if (guard) guard(then);
  else then();
}

/**
 * While `active`, leaving the screen waits for `confirmLeave(leave)`: a navigation inside the app
 * (sidebar, header search, links) runs only when `leave` is called, Logout asks through
 * `afterLeaveAgreed`, and closing or reloading the tab gets the browser's own "Leave site?" prompt.
 *
 * The shell renders the back office inside a `BrowserRouter`, not a data router, so `useBlocker` is
 * not available: the router's navigator (the shared react-router-dom singleton's) is wrapped instead,
 * and restored as soon as the guard is off. The browser's Back button is not held back.
 */
export function useLeaveGuard(active: boolean, confirmLeave: (leave: () => void) => void): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const confirmRef = useRef(confirmLeave);
  confirmRef.current = confirmLeave;

  useEffect(() => {
    if (!active) return;
    const nav = navigator as unknown as { push: Go; replace: Go };
    const { push, replace } = nav;
    const restore = () => {
      nav.push = push;
      nav.replace = replace;
    };
    const leaveWhenAgreed = (then: () => void) =>
      confirmRef.current(() => {
        restore();
        then();
      });
    // Asked on the next task: a navigation started by a key (Enter in the header search) would
    // otherwise have that same key press go on to press the dialog's focused button.
    const held =
      (go: Go): Go =>
      (...args) =>
        setTimeout(() => leaveWhenAgreed(() => go.apply(nav, args)));
    nav.push = held(push);
    nav.replace = held(replace);
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older Chromium needs it set to show the prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    guard = leaveWhenAgreed;
    return () => {
      if (guard === leaveWhenAgreed) guard = null;
      restore();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, navigator]);
}
