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
