import { createRoot, hydrateRoot } from 'react-dom/client';
import { TokenStore } from '@corestone/sdk';
import { Root } from './App';
import { hasSessionToRestore } from './session';
import { SPLASH_MS } from './components/Splash';

const container = document.getElementById('root')!;

/*
 * `/` arrives prerendered for a signed-out visitor (prerender/landingHtml.js), with its own splash.
 * React takes that markup over (hydration) only when it would render the same: the same page and
 * nothing to restore. Otherwise (a stored session, tokens handed back in the URL) it renders from
 * scratch; the page's gate script has kept the signed-out markup hidden meanwhile.
 */
const prerendered = container.dataset.prerendered;
const storage = typeof localStorage === 'undefined' ? null : localStorage;
if (prerendered === window.location.pathname && !hasSessionToRestore(new TokenStore(storage))) {
  hydrateRoot(container, <Root splash={false} />);
} else {
  createRoot(container).render(<Root splash={prerendered === undefined} />);
  document.documentElement.removeAttribute('data-restoring');
}

// the prerendered page's splash: its 1.5 s from the navigation, and at least until the app runs
const staticSplash = document.getElementById('first-load-splash');
if (staticSplash) setTimeout(() => staticSplash.remove(), Math.max(0, SPLASH_MS - performance.now()));
