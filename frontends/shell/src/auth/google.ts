import { SSO_MESSAGES, type SsoCode } from '@corestone/contracts/sso-texts';

/**
 * Google sign-in in the browser. Starting it is a full-page navigation to the API (spec §7);
 * `browserNavigation.go` is the one place that leaves the app, so tests can watch it.
 */
export const browserNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** Toast texts (spec §8 'Other toasts'). */
export const GOOGLE_TOAST = {
  title: 'Google Login Failed',
  /** starting the round trip failed */
  startFailed: 'Failed to initiate Google login',
  /** auth sent the browser back with ?error=google */
  failed: 'Google login failed',
} as const;

/** Issue 32: a refused school sign-in (Google Workspace or Microsoft), back on /auth?error=sso&reason=<code>. */
export const SSO_TOAST = {
  title: 'Sign-in failed',
  startFailed: 'Failed to start signing in with your school account',
} as const;

/** The clear text for a refusal's reason (auth's SSO_MESSAGES); an unknown reason reads as a failed sign-in. */
export function ssoRefusalText(reason: string | null): string {
  return reason && reason in SSO_MESSAGES ? SSO_MESSAGES[reason as SsoCode] : SSO_MESSAGES.SSO_FAILED;
}
