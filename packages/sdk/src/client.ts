import type { AuthProviders, AuthResponse, Evaluation, EssayType, Rubric, User as ApiUser, Plan } from '@corestone/contracts';
import {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  NO_REFRESH_TOKEN_MESSAGE,
  POLLING_TIMEOUT_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  isApiError,
  messageFromBody,
} from './errors';
import { STORAGE_KEYS, TokenStore, isTokenExpired } from './tokens';
import { normalizeUser, type SessionUser } from './user';

export interface HealthResponse {
  status: 'ok' | 'degraded' | string;
  services: Record<string, { ready: boolean; detail?: string }>;
  not_ready: string[];
}

export interface SignupInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  user_type: 'student' | 'teacher';
}

export interface SubmitEvaluationInput {
  file: Blob & { name?: string };
  title: string;
  essay_type: EssayType;
  rubric_id: string;
  subject_area?: string;
  signal?: AbortSignal;
}

export interface PollOptions {
  intervalMs?: number;
  maxAttempts?: number;
  onUpdate?: (evaluation: Evaluation) => void;
  signal?: AbortSignal;
}

export type ClientEvent =
  /** refresh failed: tokens were cleared; payload is the message to show */
  | 'session-expired'
  /** tokens or stored user changed (this tab or another tab) */
  | 'tokens-changed'
  /** tokens removed in another tab */
  | 'signed-out';

export interface ClientOptions {
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

export interface RequestOptions {
  method?: string;
  /** JSON body */
  json?: unknown;
  /** raw body built per attempt (FormData etc.) */
  body?: () => BodyInit;
  query?: Record<string, string | number | boolean | null | undefined>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** no bearer header, no 401 refresh (login, refresh, signup...) */
  anonymous?: boolean;
  /** return the parsed body even for non-2xx (health) */
  acceptAnyStatus?: boolean;
  /** 'blob' returns the response body as a Blob (file downloads) */
  responseType?: 'json' | 'blob';
}

const REFRESH_LOCK = 'corestone-token-refresh';

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
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

export class CorestoneClient {
  readonly baseUrl: string;
  readonly tokens: TokenStore;
  private readonly fetchImpl: typeof fetch;
  private readonly locks: LockManager | null;
  private readonly skew: number;
  private refreshing: Promise<string> | null = null;
  private listeners = new Map<ClientEvent, Set<(payload?: unknown) => void>>();
  private detachStorage: (() => void) | null = null;

  constructor(options: ClientOptions = {}) {
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
    this.tokens.clear();
    this.emit('tokens-changed');
  }

  private url(path: string, query?: RequestOptions['query']): string {
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
    const headers: Record<string, string> = { Accept: 'application/json' };
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
    const code = body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : '';
    return new ApiError(res.status, messageFromBody(body), code, body);
  }

  /**
   * One call to /api/v1. Adds the bearer token; on a 401 (except anonymous calls) refreshes the
   * token once (single flight, across tabs with Web Locks) and replays the call once.
   */
  async request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
    let token = opts.anonymous ? null : this.tokens.accessToken;
    // A token we already know is expired: refresh first instead of collecting a 401.
    if (token && !opts.anonymous && isTokenExpired(token, this.skew) && this.tokens.refreshToken) {
      try {
        token = await this.refreshAccessToken(token);
      } catch {
        // refresh failed: tokens were cleared and the session-expired event emitted; go on anonymously
        token = null;
      }
    }
    let res = await this.send(path, opts, token);
    if (res.status === 401 && !opts.anonymous && (token || this.tokens.refreshToken)) {
      const fresh = await this.refreshAccessToken(token);
      res = await this.send(path, opts, fresh);
    }
    if (!res.ok && !opts.acceptAnyStatus) throw await this.toError(res);
    if (opts.responseType === 'blob') return (await res.blob()) as T;
    return (await parseBody(res)) as T;
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
    const run = async (): Promise<string> => {
      const current = this.tokens.accessToken;
      if (current && current !== staleToken && !isTokenExpired(current, this.skew)) return current;
      const refreshToken = this.tokens.refreshToken;
      if (!refreshToken) throw new ApiError(401, NO_REFRESH_TOKEN_MESSAGE, 'NO_REFRESH_TOKEN');
      const res = await this.send('/auth/refresh', { method: 'POST', json: { refresh_token: refreshToken }, anonymous: true }, null);
      if (!res.ok) throw await this.toError(res);
      const data = (await parseBody(res)) as Partial<AuthResponse> | undefined;
      if (!data || typeof data.access_token !== 'string') throw new ApiError(res.status, 'Invalid refresh response', 'INVALID_REFRESH_RESPONSE');
      this.storeAuth(data as AuthResponse);
      return data.access_token;
    };
    try {
      if (this.locks) return await this.locks.request(REFRESH_LOCK, { mode: 'exclusive' }, run);
      return await run();
    } catch (e) {
      // Transport failures and server errors (status 0 / 5xx) leave the session alone: the
      // refresh token may still be good. A refused refresh (4xx) ends the session.
      if (isApiError(e) && (e.status === 0 || e.status >= 500)) throw e;
      this.tokens.clear();
      this.emit('tokens-changed');
      this.emit('session-expired', SESSION_EXPIRED_MESSAGE);
      throw e;
    }
  }

  // ---------------------------------------------------------------- API groups

  readonly auth = {
    login: async (email: string, password: string): Promise<AuthResponse> => {
      const res = await this.request<AuthResponse>('/auth/login', { method: 'POST', json: { username: email, password }, anonymous: true });
      this.storeAuth(res);
      return res;
    },
    signup: async (input: SignupInput): Promise<AuthResponse> => {
      const res = await this.request<AuthResponse>('/auth/signup', { method: 'POST', json: input, anonymous: true });
      if (res && typeof res.access_token === 'string') this.storeAuth(res);
      return res;
    },
    /** Failure ignored; local tokens cleared regardless. */
    logout: async (): Promise<void> => {
      const refresh_token = this.tokens.refreshToken;
      try {
        const token = this.tokens.accessToken;
        await this.send('/auth/logout', { method: 'POST', json: refresh_token ? { refresh_token } : {} }, token);
      } catch {
        /* ignored */
      } finally {
        this.clearSession();
      }
    },
    me: async (): Promise<ApiUser> => {
      const user = await this.request<ApiUser>('/auth/me');
      this.tokens.setUser(user);
      return user;
    },
    refresh: (): Promise<string> => this.refreshAccessToken(this.tokens.accessToken),
    forgotPassword: (email: string) =>
      this.request<{ success?: boolean; message?: string }>('/auth/forgot-password', { method: 'POST', json: { email }, anonymous: true }),
    resetPassword: (token: string, new_password: string) =>
      this.request<{ success?: boolean; message?: string }>('/auth/reset-password', { method: 'POST', json: { token, new_password }, anonymous: true }),
    /** Which external sign-in methods the server offers (`{google}`: true only when configured). */
    providers: (): Promise<AuthProviders> =>
      this.request<Partial<AuthProviders> | null>('/auth/providers', { anonymous: true }).then((p) => ({ google: p?.google === true })),
    /**
     * Where to send the whole page (not fetch) to start Google sign-in (spec §7); it comes back to
     * /auth/google/callback with access_token, refresh_token and oauth=success, or to /auth?error=google.
     */
    googleLoginUrl: (): string => this.url('/auth/google/login'),
    /** First-admin setup (admin spec §2): whether an administrator exists yet. */
    setupStatus: () => this.request<{ admin_exists: boolean }>('/auth/setup-status', { anonymous: true }),
    /** Creates the first super admin; refused once setup has succeeded. */
    setupAdmin: (input: { name: string; email: string; password: string; setup_token?: string }) =>
      this.request<{ success: boolean; message: string }>('/auth/setup-admin', {
        method: 'POST',
        json: { ...input, user_type: 'super-admin' },
        anonymous: true,
      }),
  };

  readonly users = {
    updateMe: async (patch: { first_name?: string; last_name?: string; display_name?: string | null; user_type?: 'student' | 'teacher' }): Promise<ApiUser> => {
      const user = await this.request<ApiUser>('/users/me', { method: 'PUT', json: patch });
      if (user && typeof user === 'object' && 'id' in user) this.tokens.setUser(user);
      return user;
    },
    updatePassword: (current_password: string, new_password: string) =>
      this.request<{ success: boolean; message: string }>('/users/update-password', { method: 'PUT', json: { current_password, new_password } }),
  };

  readonly evaluations = {
    /** multipart POST /evaluation/evaluate-async, include_reflection=true, 300 s timeout. */
    submit: (input: SubmitEvaluationInput): Promise<Evaluation> =>
      this.request<Evaluation>('/evaluation/evaluate-async', {
        method: 'POST',
        body: () => {
          const fd = new FormData();
          fd.append('title', input.title);
          fd.append('essay_type', input.essay_type);
          fd.append('rubric_id', input.rubric_id);
          if (input.subject_area) fd.append('subject_area', input.subject_area);
          fd.append('include_reflection', 'true');
          fd.append('file', input.file, input.file.name ?? 'essay');
          return fd;
        },
        timeoutMs: 300_000,
        signal: input.signal,
      }),
    get: (id: string): Promise<Evaluation> => this.request<Evaluation>(`/evaluation/${encodeURIComponent(id)}`),
    mine: (filters: { status?: string; essay_type?: EssayType } = {}): Promise<{ evaluations: Evaluation[]; total: number }> =>
      this.request<{ evaluations: Evaluation[]; total: number }>('/evaluation/my-evaluations', { query: filters }),
    remove: (id: string): Promise<unknown> => this.request(`/evaluation/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    /** GET /evaluation/{id}/download-pdf (60 s timeout). */
    downloadPdf: (id: string): Promise<Blob> =>
      this.request<Blob>(`/evaluation/${encodeURIComponent(id)}/download-pdf`, { timeoutMs: 60_000, responseType: 'blob' }),
    retry: (id: string): Promise<Evaluation> => this.request<Evaluation>(`/evaluation/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    /** Every 2000 ms, at most 60 attempts, until completed or failed. */
    poll: async (id: string, options: PollOptions = {}): Promise<Evaluation> => {
      const interval = options.intervalMs ?? 2000;
      const max = options.maxAttempts ?? 60;
      for (let attempt = 1; attempt <= max; attempt++) {
        const ev = await this.evaluations.get(id);
        options.onUpdate?.(ev);
        if (ev.status === 'completed' || ev.status === 'failed') return ev;
        if (attempt < max) await sleep(interval, options.signal);
      }
      throw new Error(POLLING_TIMEOUT_MESSAGE);
    },
  };

  readonly rubrics = {
    active: (type?: EssayType): Promise<Rubric[]> =>
      this.request<Rubric[] | { rubrics: Rubric[] }>('/rubrics/active', { query: { rubric_type: type } }).then((r) =>
        Array.isArray(r) ? r : Array.isArray(r?.rubrics) ? r.rubrics : [],
      ),
  };

  readonly plans = {
    list: (): Promise<Plan[]> =>
      this.request<Plan[] | { plans: Plan[] }>('/plans/plans').then((r) => (Array.isArray(r) ? r : Array.isArray(r?.plans) ? r.plans : [])),
  };

  readonly subscription = {
    /** POST /subscription/create-checkout-session → { checkout_url } */
    checkout: (plan_type: string, origin: string = typeof location !== 'undefined' ? location.origin : ''): Promise<{ checkout_url: string }> =>
      this.request<{ checkout_url: string }>('/subscription/create-checkout-session', {
        method: 'POST',
        json: { plan_type, success_url: `${origin}/dashboard?plan=success`, cancel_url: `${origin}/dashboard?plan=cancelled` },
      }),
  };

  readonly content = {
    /** GET /general/{resource} → { success, data: { content } } (markdown) */
    policy: (resource: 'privacy' | 'safeguarding' | 'client-terms' | 'academic-integrity') =>
      this.request<{ success: boolean; data?: { content?: string } }>(`/general/${resource}`, { anonymous: true }),
  };

  /** GET /api/v1/health (readiness of every service); answers the body for 503 too. */
  health = (): Promise<HealthResponse> =>
    this.request<HealthResponse>('/health', { anonymous: true, acceptAnyStatus: true }).then((h) => {
      if (!h || typeof h !== 'object' || !('status' in h)) throw new ApiError(0, 'Health check unavailable', 'HEALTH_UNAVAILABLE');
      return h;
    });

  /**
   * Session restore on load (spec §4): a non-expired access token → stored user (or /auth/me);
   * else a refresh token → refresh, then the stored user (or /auth/me); failure clears tokens.
   * The spec's last step (ask the server for a cookie session) does not apply: the platform sets
   * no auth cookies, so a visitor without tokens is signed out without a pointless 401.
   * Resolves null when signed out.
   */
  async restoreSession(): Promise<SessionUser | null> {
    const stored = this.storedUser();
    try {
      if (this.hasValidAccessToken()) {
        return stored ?? normalizeUser(await this.auth.me());
      }
      if (this.tokens.refreshToken) {
        await this.refreshAccessToken(this.tokens.accessToken);
        return this.storedUser() ?? normalizeUser(await this.auth.me());
      }
      if (this.tokens.accessToken) this.tokens.clear();
      return null;
    } catch {
      return null;
    }
  }

  /** Fetches the user from the server and stores it; returns the normalised user. */
  async fetchUser(): Promise<SessionUser | null> {
    return normalizeUser(await this.auth.me());
  }
}

export function createClient(options?: ClientOptions): CorestoneClient {
  return new CorestoneClient(options);
}
