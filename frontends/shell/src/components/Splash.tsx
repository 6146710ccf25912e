import { useEffect, useState, type ReactNode } from 'react';
import { Logo } from '@corestone/ui/brand';
import { FormattedMessage } from 'react-intl';

export const SPLASH_MS = 1500;
export const SPLASH_TITLE = 'Welcome to Corestone';
export const SPLASH_SUBTITLE = 'Professional IBDP Essay Assessment Platform';
export const SEEN_KEY = 'corestone_splash_seen';

function alreadySeen(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** True for 1.5 s on the first load of a browser tab (spec user-app §2); later loads skip it. */
export function useSplash(ms = SPLASH_MS): boolean {
  const [show, setShow] = useState(() => !alreadySeen());
  useEffect(() => {
    if (!show) return;
    try {
      sessionStorage.setItem(SEEN_KEY, '1');
    } catch {
      /* private mode: show it each time */
    }
    const t = setTimeout(() => setShow(false), ms);
    return () => clearTimeout(t);
  }, [show, ms]);
  return show;
}

/**
 * The splash where the app puts it: shown on the first load of a tab. It holds its own state, so
 * hiding it after 1.5 s re-renders only itself, not the page underneath.
 */
export function FirstLoadSplash() {
  return useSplash() ? <Splash /> : null;
}

/** Full-screen welcome over the app while the session initialises underneath. */
export function Splash({ title, subtitle }: { title?: ReactNode; subtitle?: ReactNode }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="splash"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 14,
        background: 'linear-gradient(150deg, #0f172a 0%, #1e3a8a 100%)',
        color: '#e2e8f0',
        textAlign: 'center',
        padding: 24,
      }}
    >
      <div style={{ transform: 'scale(1.6)', marginBottom: 18 }}>
        <Logo light />
      </div>
      <div style={{ fontSize: 28, fontWeight: 700, color: '#fff' }}>
        {title ?? <FormattedMessage id="splash.title" defaultMessage="Welcome to Corestone" />}
      </div>
      <div style={{ fontSize: 16, color: '#cbd5e1' }}>
        {subtitle ?? <FormattedMessage id="splash.subtitle" defaultMessage="Professional IBDP Essay Assessment Platform" />}
      </div>
    </div>
  );
}
