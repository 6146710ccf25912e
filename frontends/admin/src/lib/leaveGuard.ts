import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Go = (...args: unknown[]) => void;

/** The few parts of the Navigation API used here (not in every TypeScript DOM library yet). */
type BrowserNavigation = EventTarget & { currentEntry: { index: number } | null };
type NavigateEvent = Event & { navigationType: 'push' | 'replace' | 'reload' | 'traverse'; destination: { index: number } };

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
 * (sidebar, header search, links) and the browser's Back and Forward run only when `leave` is
 * called, Logout asks through `afterLeaveAgreed`, and closing or reloading the tab gets the
 * browser's own "Leave site?" prompt.
 *
 * The shell renders the back office inside a `BrowserRouter`, not a data router, so `useBlocker` is
 * not available: the router's navigator (the shared react-router-dom singleton's) is wrapped instead,
 * and restored as soon as the guard is off. Back and Forward are held through the Navigation API:
 * its `navigate` event comes before the `popstate` the router acts on (a popstate listener of ours
 * would come too late: the router's, added first, has already unmounted the screen), and cancelling
 * it leaves the browser where it is. A browser without that API, or one that will not let a page
 * hold Back (Chromium allows it only after the person used the page), goes back unasked.
 */
export function useLeaveGuard(active: boolean, confirmLeave: (leave: () => void) => void): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const confirmRef = useRef(confirmLeave);
  confirmRef.current = confirmLeave;

  useEffect(() => {
    if (!active) return;
    const nav = navigator as unknown as { push: Go; replace: Go };
    const { push, replace } = nav;
    const navigation = (window as { navigation?: BrowserNavigation }).navigation;
    const restore = () => {
      nav.push = push;
      nav.replace = replace;
      navigation?.removeEventListener('navigate', onNavigate);
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
    function onNavigate(e: Event) {
      const { navigationType, cancelable, destination } = e as NavigateEvent;
      const from = navigation?.currentEntry?.index ?? -1;
      if (navigationType !== 'traverse' || !cancelable || from < 0 || destination.index < 0) return;
      e.preventDefault();
      leaveWhenAgreed(() => window.history.go(destination.index - from));
    }
    navigation?.addEventListener('navigate', onNavigate);
    guard = leaveWhenAgreed;
    return () => {
      if (guard === leaveWhenAgreed) guard = null;
      restore();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, navigator]);
}
