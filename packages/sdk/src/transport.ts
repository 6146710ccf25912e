import type { AuthResponse } from '@corestone/contracts';
import {
  ACCOUNT_DEACTIVATED_MESSAGE,
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  NO_REFRESH_TOKEN_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  isAccountDeactivatedError,
  isApiError,
  messageFromBody,
} from './errors';
import { STORAGE_KEYS, TokenStore, isTokenExpired } from './tokens';
import { normalizeUser, type SessionUser } from './user';

export type ClientEvent =
  /**
   * the server ended the session (refused refresh, deactivated account): tokens were cleared;
   * payload is the message to show ('Session expired…' or the deactivated text)
   */
  | 'session-expired'
  /** tokens or stored user changed (this tab or another tab) */
  | 'tokens-changed'
  /** tokens removed in another tab */
  | 'signed-out';

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

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: string;
  /** JSON body */
  json?: unknown;
  /** raw body built per attempt (FormData etc.) */
  body?: () => BodyInit;
  query?: Query;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** no bearer header, no 401 refresh (login, refresh, signup...) */
  anonymous?: boolean;
  /** bearer header but no refresh on 401 */
  noRefresh?: boolean;
  /** return the parsed body even for non-2xx (health) */
  acceptAnyStatus?: boolean;
  /** extra request headers (e.g. Accept: text/event-stream) */
  headers?: Record<string, string>;
  /** let the request finish when the page is left (fetch `keepalive`; small bodies only) */
  keepalive?: boolean;
}

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition), if any. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

const REFRESH_LOCK = 'corestone-token-refresh';

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('Aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason ?? new Error('Aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const type = res.headers.get('content-type') || '';
  const text = await res.text();
  if (!text) return undefined;
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** `filename` (or RFC 5987 `filename*`) of a Content-Disposition header. */
export function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  return plain ? (plain[2] ?? plain[1]!).trim() : null;
}

/**
 * The one way to /api/v1: tokens in storage, bearer header, `{detail, code}` errors as ApiError,
 * single-flight refresh on 401 (except anonymous calls) with one replay, session events.
 * Every service module (auth, users, evaluation…) is a thin typed layer over this.
 */
export class Transport {
  readonly baseUrl: string;
  readonly tokens: TokenStore;
  private readonly fetchImpl: typeof fetch;
  private readonly locks: LockManager | null;
  private readonly skew: number;
  private refreshing: Promise<string> | null = null;
  /**
   * Counts the sessions this tab ended. An answer to a call sent before the latest end (a refresh
   * in flight at logout, the second of two 403s) neither stores tokens nor ends the session again.
   */
  private sessionEpoch = 0;
  private listeners = new Map<ClientEvent, Set<(payload?: unknown) => void>>();
  private detachStorage: (() => void) | null = null;

  constructor(options: TransportOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '/api/v1').replace(/\/$/, '');
    const storage = options.storage !== undefined ? options.storage : typeof localStorage !== 'undefined' ? localStorage : null;
    this.tokens = new TokenStore(storage);
    const f = options.fetch ?? (typeof fetch !== 'undefined' ? fetch : undefined);
    if (!f) throw new Error('No fetch implementation available');
    this.fetchImpl = (input, init) => f(input, init); // keep `this` of window.fetch unbound
    this.locks =
      options.locks !== undefined
        ? options.locks
        : typeof navigator !== 'undefined' && (navigator as Navigator & { locks?: LockManager }).locks
          ? navigator.locks
          : null;
    this.skew = options.expirySkewSeconds ?? 10;
    const target = options.eventTarget !== undefined ? options.eventTarget : typeof window !== 'undefined' ? window : null;
    if (target) {
      const onStorage = (e: StorageEvent) => {
        const keys: string[] = Object.values(STORAGE_KEYS);
        if (e.key !== null && !keys.includes(e.key)) return;
        if ((e.key === STORAGE_KEYS.accessToken && e.newValue === null) || e.key === null) {
          if (!this.tokens.accessToken) {
            this.emit('signed-out');
            return;
          }
        }
        this.emit('tokens-changed');
      };
      target.addEventListener('storage', onStorage as EventListener);
      this.detachStorage = () => target.removeEventListener('storage', onStorage as EventListener);
    }
  }

  /** Stop listening to cross-tab storage events. */
  dispose(): void {
    this.detachStorage?.();
    this.detachStorage = null;
    this.listeners.clear();
  }

  on(event: ClientEvent, fn: (payload?: unknown) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
    return () => set!.delete(fn);
  }

  private emit(event: ClientEvent, payload?: unknown): void {
    for (const fn of this.listeners.get(event) ?? []) {
      try {
        fn(payload);
      } catch {
        /* listener errors never break the client */
      }
    }
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
    this.emit('tokens-changed');
  }

  clearSession(): void {
    this.sessionEpoch++;
    this.tokens.clear();
    this.emit('tokens-changed');
  }

  /** The server ended the session: cleared here, and the person is told why (`session-expired`). */
  private endSession(message: string): void {
    this.clearSession();
    this.emit('session-expired', message);
  }

  url(path: string, query?: Query): string {
    let u = path.startsWith('http') ? path : `${this.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
    if (query) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
      const s = qs.toString();
      if (s) u += (u.includes('?') ? '&' : '?') + s;
    }
    return u;
  }

  private async send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.body) {
      body = opts.body();
    }
    if (token && !opts.anonymous) headers.Authorization = `Bearer ${token}`;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal) {
      if (opts.signal.aborted) controller.abort(opts.signal.reason);
      else opts.signal.addEventListener('abort', onAbort, { once: true });
    }
    if (opts.timeoutMs) {
      timer = setTimeout(() => controller.abort(new ApiError(0, 'Request timed out', 'TIMEOUT')), opts.timeoutMs);
    }
    try {
      return await this.fetchImpl(this.url(path, opts.query), {
        method: opts.method ?? (opts.json !== undefined || opts.body ? 'POST' : 'GET'),
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch (e) {
      if (controller.signal.aborted && isApiError(controller.signal.reason)) throw controller.signal.reason;
      if (e instanceof Error && e.name === 'AbortError') throw e;
      throw new ApiError(0, e instanceof Error && e.message ? `Network error: ${e.message}` : DEFAULT_ERROR_MESSAGE, 'NETWORK_ERROR');
    } finally {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  private async toError(res: Response): Promise<ApiError> {
    const body = await parseBody(res).catch(() => undefined);
    const code =
      body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : '';
    return new ApiError(res.status, messageFromBody(body), code, body);
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
      const error = await this.toError(res);
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
   * Single-flight refresh. `staleToken` is the access token that failed: if the stored one
   * differs and is still valid (another call or tab already rotated it), that one is used.
   */
  refreshAccessToken(staleToken?: string | null): Promise<string> {
    if (!this.refreshing) {
      this.refreshing = this.refreshUnderLock(staleToken ?? null).finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async refreshUnderLock(staleToken: string | null): Promise<string> {
    const epoch = this.sessionEpoch;
    const run = async (): Promise<string> => {
      const current = this.tokens.accessToken;
      if (current && current !== staleToken && !isTokenExpired(current, this.skew)) return current;
      const refreshToken = this.tokens.refreshToken;
      if (!refreshToken) throw new ApiError(401, NO_REFRESH_TOKEN_MESSAGE, 'NO_REFRESH_TOKEN');
      const data = await this.exchangeRefreshToken(refreshToken);
      // signed out while the refresh was under way: its tokens must not bring the session back
      if (epoch !== this.sessionEpoch) throw new ApiError(401, 'Signed out', 'SIGNED_OUT');
      this.storeAuth(data);
      return data.access_token;
    };
    try {
      if (this.locks) return await this.locks.request(REFRESH_LOCK, { mode: 'exclusive' }, run);
      return await run();
    } catch (e) {
      // Transport failures and server errors (status 0 / 5xx) leave the session alone: the
      // refresh token may still be good. A refused refresh (4xx) ends the session, unless this
      // tab has ended it meanwhile (logout).
      if (isApiError(e) && (e.status === 0 || e.status >= 500)) throw e;
      if (epoch === this.sessionEpoch)
        this.endSession(isAccountDeactivatedError(e) ? ACCOUNT_DEACTIVATED_MESSAGE : SESSION_EXPIRED_MESSAGE);
      throw e;
    }
  }

  /** POST /auth/refresh with this refresh token; answers the new tokens without storing them. */
  private async exchangeRefreshToken(refreshToken: string, keepalive = false): Promise<AuthResponse> {
    const res = await this.send(
      '/auth/refresh',
      { method: 'POST', json: { refresh_token: refreshToken }, anonymous: true, keepalive },
      null,
    );
    if (!res.ok) throw await this.toError(res);
    const data = (await parseBody(res)) as Partial<AuthResponse> | undefined;
    if (!data || typeof data.access_token !== 'string')
      throw new ApiError(res.status, 'Invalid refresh response', 'INVALID_REFRESH_RESPONSE');
    return data as AuthResponse;
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
      const fresh = await this.exchangeRefreshToken(refresh, true);
      bearer = fresh.access_token;
      refresh = fresh.refresh_token ?? refresh;
    }
    if (!bearer) return;
    const res = await this.send(
      '/auth/logout',
      { method: 'POST', json: refresh ? { refresh_token: refresh } : {}, keepalive: true },
      bearer,
    );
    if (!res.ok) throw await this.toError(res);
  }
}
