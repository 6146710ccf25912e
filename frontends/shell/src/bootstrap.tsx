import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentLocale, normalizeUser, TokenStore } from '@corestone/sdk';
import { preloadCatalog } from '@corestone/ui/i18n';
import { Root } from './App';
import { applyUserLocale, hasSessionToRestore } from './session';
import { loadCatalog } from './i18n/catalog';
import { SPLASH_MS } from './components/Splash';

const container = document.getElementById('root')!;

/*
 * `/` arrives prerendered in English for a signed-out visitor (prerender/landingHtml.js), with its own
 * splash. React takes that markup over (hydration) only when it would render the same: the same
 * page, nothing to restore, and English. Otherwise (a stored session, tokens handed back in the URL,
 * a French or Spanish visitor) it renders from scratch; the page's gate script has kept the
 * prerendered markup hidden meanwhile.
 */
async function start() {
  const prerendered = container.dataset.prerendered;
  const storage = typeof localStorage === 'undefined' ? null : localStorage;
  const tokens = new TokenStore(storage);
  const restoring = hasSessionToRestore(tokens);
  // the language of a session about to be restored is its user's (the session applies it again once it runs)
  if (restoring) applyUserLocale(normalizeUser(tokens.rawUser));
  const locale = currentLocale();
  // the first render in the page's language: its catalogue first (a failure leaves English)
  await preloadCatalog(loadCatalog, locale).catch(() => undefined);
  if (prerendered === window.location.pathname && !restoring && locale === 'en') {
    hydrateRoot(container, <Root splash={false} />);
  } else {
    createRoot(container).render(<Root splash={prerendered === undefined} />);
    document.documentElement.removeAttribute('data-restoring');
  }
}
void start();

// the prerendered page's splash: its 1.5 s from the navigation, and at least until the app runs
const staticSplash = document.getElementById('first-load-splash');
if (staticSplash) setTimeout(() => staticSplash.remove(), Math.max(0, SPLASH_MS - performance.now()));
