export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';
/** Spec §8 ('deactivated or inactive'); also the sign-in screen's text when a deactivation ends a session. */
export const ACCOUNT_DEACTIVATED_MESSAGE = 'Account deactivated: Your account has been deactivated. Please contact support for assistance.';
export const POLLING_TIMEOUT_MESSAGE = 'Polling timeout: Evaluation did not complete in time';

/**
 * An error answered by /api/v1 (or a transport failure, status 0).
 * `detail` is the human message (server `detail`, then `message`, else the default text),
 * `code` the machine code (`{detail, code}` envelope), `body` the parsed response body.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly body: unknown;

  constructor(status: number, detail: string, code = '', body?: unknown) {
    super(detail || DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail || DEFAULT_ERROR_MESSAGE;
    this.body = body;
  }
}

/** Duck-typed check that also works across module-federation bundles (no shared class identity). */
export function isApiError(e: unknown): e is ApiError {
  return (
    e instanceof ApiError ||
    (typeof e === 'object' &&
      e !== null &&
      (e as { name?: unknown }).name === 'ApiError' &&
      typeof (e as { status?: unknown }).status === 'number')
  );
}

/** Text of an error body: detail, then message, then a joined list of `errors[].message`, else the default. */
export function messageFromBody(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string' && b.detail) return b.detail;
    if (Array.isArray(b.detail)) {
      const parts = b.detail
        .map((d) =>
          d && typeof d === 'object'
            ? String((d as { msg?: unknown; message?: unknown }).msg ?? (d as { message?: unknown }).message ?? '')
            : String(d),
        )
        .filter(Boolean);
      if (parts.length) return parts.join('; ');
    }
    if (typeof b.message === 'string' && b.message) return b.message;
    if (Array.isArray(b.errors)) {
      const parts = b.errors
        .map((d) => (d && typeof d === 'object' ? String((d as { message?: unknown }).message ?? '') : String(d)))
        .filter(Boolean);
      if (parts.length) return parts.join(', ');
    }
  } else if (typeof body === 'string' && body.trim() && body.length < 300 && !body.trimStart().startsWith('<')) {
    return body.trim();
  }
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * A failure whose text is for operators, not for people: the network or a timeout (status 0), a
 * server fault (5xx), or a route the server does not know ("Route GET /x not found").
 */
export function isInfrastructureError(e: unknown): boolean {
  if (isApiError(e)) return e.status === 0 || e.status >= 500 || /^Route [A-Z]+ \S* ?not found$/.test(e.detail);
  if (e instanceof Error) return e.name === 'TypeError' || /^Route [A-Z]+ /.test(e.message);
  return false;
}

/**
 * Codes of a 401 that means the session is over: no valid access token and no refresh to be had
 * (SIGNED_OUT: the person signed out in this tab while the call was under way).
 */
const SESSION_ENDED_CODES = new Set(['UNAUTHENTICATED', 'TOKEN_EXPIRED', 'INVALID_REFRESH_TOKEN', 'NO_REFRESH_TOKEN', 'SIGNED_OUT']);

/**
 * The account was deactivated. Recognised by code, whichever service says it: auth (sign-in,
 * refresh), users (every own-account route), evaluation (submit).
 */
export function isAccountDeactivatedError(e: unknown): boolean {
  return isApiError(e) && e.code === 'ACCOUNT_DEACTIVATED';
}

/** A call that failed because the session ended (the transport has then cleared it and said so). */
export function isSessionEndedError(e: unknown): boolean {
  return isApiError(e) && ((e.status === 401 && SESSION_ENDED_CODES.has(e.code)) || isAccountDeactivatedError(e));
}

/**
 * Text to show a person for any thrown value: an Error's message (ApiError: detail), else the
 * fallback. Infrastructure failures (network, 5xx, unknown route) always give the fallback: a
 * route error never reaches a person (issue 9). An ended session says 'Session expired. Please log
 * in again.', never the token check's own words ('Not authenticated'); a deactivated account says
 * the spec's deactivated text.
 */
export function errorMessage(e: unknown, fallback = DEFAULT_ERROR_MESSAGE): string {
  if (isInfrastructureError(e)) return fallback;
  if (isAccountDeactivatedError(e)) return ACCOUNT_DEACTIVATED_MESSAGE;
  if (isSessionEndedError(e)) return SESSION_EXPIRED_MESSAGE;
  if (isApiError(e)) return e.detail || fallback;
  if (e instanceof Error && e.message) return e.message;
  if (typeof e === 'string' && e) return e;
  return fallback;
}
