import type { AuthResponse } from '@corestone/contracts';
import { ACCOUNT_DEACTIVATED_MESSAGE, isAccountDeactivatedError } from './errors';
import {
  buildUrl,
  errorFromResponse,
  filenameFrom,
  parseBody,
  sendRequest,
  type DownloadedFile,
  type Query,
  type RequestOptions,
} from './http';
import { SessionEvents, listenToOtherTabs, type ClientEvent } from './session-events';
import { TokenRefresher, exchangeRefreshToken } from './token-refresh';
import { TokenStore, isTokenExpired } from './tokens';
import { normalizeUser, type SessionUser } from './user';

export interface TransportOptions {
  /** default '/api/v1' (same origin) */
  baseUrl?: string;
  /** default globalThis.localStorage */
  storage?: Storage | null;
  /** default globalThis.fetch */
  fetch?: typeof fetch;
  /** default navigator.locks when available; pass null to disable */
  locks?: LockManager | null;
  /** window to listen on for cross-tab `storage` events; default globalThis.window */
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** seconds before `exp` when a token already counts as expired; default 10 */
  expirySkewSeconds?: number;
}

/**
 * The one way to /api/v1: tokens in storage, bearer header, `{detail, code}` errors as ApiError,
 * single-flight refresh on 401 (except anonymous calls) with one replay, session events.
 * Every service module (auth, users, evaluation…) is a thin typed layer over this.
 * The plain HTTP exchange is in http.ts, the refresh in token-refresh.ts, the events in
 * session-events.ts.
 */
export class Transport {
  readonly baseUrl: string;
  readonly tokens: TokenStore;
  private readonly fetchImpl: typeof fetch;
  private readonly skew: number;
  private readonly refresher: TokenRefresher;
  /**
   * Counts the sessions this tab ended. An answer to a call sent before the latest end (a refresh
   * in flight at logout, the second of two 403s) neither stores tokens nor ends the session again.
   */
  private sessionEpoch = 0;
  private readonly events = new SessionEvents();
  private detachStorage: (() => void) | null = null;

  constructor(options: TransportOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '/api/v1').replace(/\/$/, '');
    const storage = options.storage !== undefined ? options.storage : typeof localStorage !== 'undefined' ? localStorage : null;
    this.tokens = new TokenStore(storage);
    const f = options.fetch ?? (typeof fetch !== 'undefined' ? fetch : undefined);
    if (!f) throw new Error('No fetch implementation available');
    this.fetchImpl = (input, init) => f(input, init); // keep `this` of window.fetch unbound
    const locks =
      options.locks !== undefined
        ? options.locks
        : typeof navigator !== 'undefined' && (navigator as Navigator & { locks?: LockManager }).locks
          ? navigator.locks
          : null;
    this.skew = options.expirySkewSeconds ?? 10;
    this.refresher = new TokenRefresher({
      tokens: this.tokens,
      locks,
      skew: this.skew,
      send: (path, opts, token) => this.send(path, opts, token),
      sessionEpoch: () => this.sessionEpoch,
      store: (data) => this.storeAuth(data),
      endSession: (message) => this.endSession(message),
    });
    const target = options.eventTarget !== undefined ? options.eventTarget : typeof window !== 'undefined' ? window : null;
    if (target) this.detachStorage = listenToOtherTabs(target, this.tokens, this.events);
  }

  /** Stop listening to cross-tab storage events. */
  dispose(): void {
    this.detachStorage?.();
    this.detachStorage = null;
    this.events.clear();
  }

  on(event: ClientEvent, fn: (payload?: unknown) => void): () => void {
    return this.events.on(event, fn);
  }

  /** True when a non-expired access token is stored. */
  hasValidAccessToken(): boolean {
    return !isTokenExpired(this.tokens.accessToken, this.skew);
  }

  /** Stored (normalised) user, if any. */
  storedUser(): SessionUser | null {
    return normalizeUser(this.tokens.rawUser);
  }

  /** Stores an auth response (tokens rotate: the new refresh token replaces the old one). */
  storeAuth(res: Partial<AuthResponse> & { access_token: string }): void {
    this.tokens.setTokens(res.access_token, res.refresh_token ?? null);
    if (res.user) this.tokens.setUser(res.user);
    this.events.emit('tokens-changed');
  }

  clearSession(): void {
    this.sessionEpoch++;
    this.tokens.clear();
    this.events.emit('tokens-changed');
  }

  /** The server ended the session: cleared here, and the person is told why (`session-expired`). */
  private endSession(message: string): void {
    this.clearSession();
    this.events.emit('session-expired', message);
  }

  url(path: string, query?: Query): string {
    return buildUrl(this.baseUrl, path, query);
  }

  private send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    return sendRequest(this.fetchImpl, this.url(path, opts.query), opts, token);
  }

  /**
   * One call, answered with the raw Response (2xx, or any status with `acceptAnyStatus`). Adds
   * the bearer token; on a 401 (except anonymous and noRefresh calls) refreshes the token once
   * (single flight, across tabs with Web Locks) and replays the call once.
   */
  async fetchResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
    const epoch = this.sessionEpoch;
    let token = opts.anonymous ? null : this.tokens.accessToken;
    const mayRefresh = !opts.anonymous && !opts.noRefresh;
    let refreshFailure: unknown = null;
    // A token we already know is expired: refresh first instead of collecting a 401.
    if (token && mayRefresh && isTokenExpired(token, this.skew) && this.tokens.refreshToken) {
      try {
        token = await this.refreshAccessToken(token);
      } catch (e) {
        // refused: tokens were cleared and the session-expired event emitted; go on anonymously
        token = null;
        refreshFailure = e;
      }
    }
    let res = await this.send(path, opts, token);
    if (res.status === 401 && mayRefresh) {
      if (refreshFailure) throw refreshFailure; // this call's refresh already failed: no second one
      // With no tokens at all (both removed in this tab's storage behind its back) the refresh fails
      // for want of a refresh token and ends the session like a refused one: the person is sent to
      // sign in with 'Session expired…' instead of reading the server's 'Not authenticated'.
      const fresh = await this.refreshAccessToken(token);
      res = await this.send(path, opts, fresh);
    }
    if (!res.ok && !opts.acceptAnyStatus) {
      const error = await errorFromResponse(res);
      // Deactivated while signed in: whichever service notices first ends the session (the access
      // token outlives the deactivation by up to its 15 minutes).
      const signedIn = Boolean(this.tokens.accessToken || this.tokens.refreshToken);
      if (isAccountDeactivatedError(error) && !opts.anonymous && signedIn && epoch === this.sessionEpoch)
        this.endSession(ACCOUNT_DEACTIVATED_MESSAGE);
      throw error;
    }
    return res;
  }

  /** One call answered with its parsed (JSON or text) body. */
  async request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    return (await parseBody(await this.fetchResponse(path, opts))) as T;
  }

  /** One call answered with a file (PDF report, CSV export). */
  async download(path: string, opts: RequestOptions = {}): Promise<DownloadedFile> {
    const res = await this.fetchResponse(path, { ...opts, headers: { Accept: '*/*', ...opts.headers } });
    return { blob: await res.blob(), filename: filenameFrom(res.headers.get('content-disposition')) };
  }

  /**
   * Single-flight refresh (token-refresh.ts). `staleToken` is the access token that failed: if the
   * stored one differs and is still valid (another call or tab already rotated it), that one is used.
   */
  refreshAccessToken(staleToken?: string | null): Promise<string> {
    return this.refresher.refresh(staleToken ?? null);
  }

  /**
   * Tells auth to end a session this tab has already cleared (logout), with the tokens taken
   * before clearing; the calls outlive the page (keepalive), which may be left at once. Auth's
   * logout wants a live bearer: an expired access token is first exchanged with the refresh token
   * (the new tokens are only used for this call, never stored).
   */
  async revokeSession(accessToken: string | null, refreshToken: string | null): Promise<void> {
    let bearer = accessToken;
    let refresh = refreshToken;
    if (refresh && isTokenExpired(bearer, this.skew)) {
      const fresh = await exchangeRefreshToken((p, o, t) => this.send(p, o, t), refresh, true);
      bearer = fresh.access_token;
      refresh = fresh.refresh_token ?? refresh;
    }
    if (!bearer) return;
    const res = await this.send(
      '/auth/logout',
      { method: 'POST', json: refresh ? { refresh_token: refresh } : {}, keepalive: true },
      bearer,
    );
    if (!res.ok) throw await errorFromResponse(res);
  }
}
