/**
 * Single-flight refresh of the access token: one refresh at a time in this tab (concurrent 401s
 * share it) and, with Web Locks, across tabs; a token another call or tab has already rotated is
 * used instead. A refused refresh (4xx) ends the session; a network or server failure leaves it
 * alone, since the refresh token may still be good.
 */
import type { AuthResponse } from '@corestone/contracts';
import {
  ACCOUNT_DEACTIVATED_MESSAGE,
  ApiError,
  NO_REFRESH_TOKEN_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  isAccountDeactivatedError,
  isApiError,
} from './errors';
import { errorFromResponse, parseBody, type RequestOptions } from './http';
import { isTokenExpired, type TokenStore } from './tokens';

const REFRESH_LOCK = 'corestone-token-refresh';

/** Sends one request with the given bearer (Transport's send, without refresh). */
type Send = (path: string, opts: RequestOptions, token: string | null) => Promise<Response>;

/** POST /auth/refresh with this refresh token; answers the new tokens without storing them. */
export async function exchangeRefreshToken(send: Send, refreshToken: string, keepalive = false): Promise<AuthResponse> {
  const res = await send('/auth/refresh', { method: 'POST', json: { refresh_token: refreshToken }, anonymous: true, keepalive }, null);
  if (!res.ok) throw await errorFromResponse(res);
  const data = (await parseBody(res)) as Partial<AuthResponse> | undefined;
  if (!data || typeof data.access_token !== 'string')
    throw new ApiError(res.status, 'Invalid refresh response', 'INVALID_REFRESH_RESPONSE');
  return data as AuthResponse;
}

export interface TokenRefresherDeps {
  tokens: TokenStore;
  locks: LockManager | null;
  /** seconds before `exp` when a token already counts as expired */
  skew: number;
  send: Send;
  /** the count of sessions this tab has ended: a refresh that outlives a sign-out stores nothing */
  sessionEpoch: () => number;
  /** stores the new tokens (and user) */
  store: (data: AuthResponse) => void;
  /** ends the session, telling the person why */
  endSession: (message: string) => void;
}

export class TokenRefresher {
  private inFlight: Promise<string> | null = null;

  constructor(private readonly deps: TokenRefresherDeps) {}

  /**
   * Answers a valid access token. `staleToken` is the access token that failed: if the stored one
   * differs and is still valid (another call or tab already rotated it), that one is used.
   */
  refresh(staleToken: string | null): Promise<string> {
    if (!this.inFlight) {
      this.inFlight = this.refreshUnderLock(staleToken).finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  private async refreshUnderLock(staleToken: string | null): Promise<string> {
    const { tokens, locks, skew, sessionEpoch } = this.deps;
    const epoch = sessionEpoch();
    const run = async (): Promise<string> => {
      const current = tokens.accessToken;
      if (current && current !== staleToken && !isTokenExpired(current, skew)) return current;
      const refreshToken = tokens.refreshToken;
      if (!refreshToken) throw new ApiError(401, NO_REFRESH_TOKEN_MESSAGE, 'NO_REFRESH_TOKEN');
      const data = await exchangeRefreshToken(this.deps.send, refreshToken);
      // signed out while the refresh was under way: its tokens must not bring the session back
      if (epoch !== sessionEpoch()) throw new ApiError(401, 'Signed out', 'SIGNED_OUT');
      this.deps.store(data);
      return data.access_token;
    };
    try {
      if (locks) return await locks.request(REFRESH_LOCK, { mode: 'exclusive' }, run);
      return await run();
    } catch (e) {
      // Transport failures and server errors (status 0 / 5xx) leave the session alone: the
      // refresh token may still be good. A refused refresh (4xx) ends the session, unless this
      // tab has ended it meanwhile (logout).
      if (isApiError(e) && (e.status === 0 || e.status >= 500)) throw e;
      if (epoch === sessionEpoch())
        this.deps.endSession(isAccountDeactivatedError(e) ? ACCOUNT_DEACTIVATED_MESSAGE : SESSION_EXPIRED_MESSAGE);
      throw e;
    }
  }
}
