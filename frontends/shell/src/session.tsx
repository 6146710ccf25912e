import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  createClient,
  forgetDrafts,
  localeForUser,
  normalizeUser,
  setLocale,
  SESSION_EXPIRED_MESSAGE,
  userChanged,
  type CorestoneClient,
  type AuthResponse,
  type SessionUser,
  type SignupInput,
  type Locale,
  type TokenStore,
} from '@corestone/sdk';

export type SessionStatus = 'initialising' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  client: CorestoneClient;
  /** message of the last forced sign-out ('Session expired. Please log in again.' or the deactivated text) */
  expiredMessage: string | null;
  login(email: string, password: string): Promise<SessionUser>;
  signup(input: SignupInput): Promise<SessionUser>;
  logout(): Promise<void>;
  refreshUser(): Promise<SessionUser | null>;
  /** Saves the signed-in user's interface language to their profile (the page switches at once). */
  saveLocale(locale: Locale): Promise<void>;
  /**
   * Completes Google sign-in on /auth/google/callback: takes the tokens from the URL, fetches
   * the user and signs in. Throws CallbackError (one of CALLBACK_MESSAGES) on failure.
   */
  signInFromUrl(): Promise<SessionUser>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The route that completes Google sign-in (spec §2); it takes the tokens from its URL itself. */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

/** Texts of the Google callback screen (spec §8 'Google callback'). */
export const CALLBACK_MESSAGES = {
  invalid: 'Invalid callback parameters',
  fetchUser: 'Failed to fetch user data',
  processUser: 'Failed to process user data',
  failed: 'Authentication failed',
} as const;

/** A failed Google callback; `message` is one of CALLBACK_MESSAGES. */
export class CallbackError extends Error {}

export type UrlTokens =
  /** nothing to take */
  | { kind: 'none' }
  /** access_token + refresh_token + oauth=success were stored */
  | { kind: 'tokens' }
  /** the alternative token + user (JSON) were stored */
  | { kind: 'token-and-user'; user: SessionUser }
  /** token came with a user that is not a user: nothing stored */
  | { kind: 'bad-user' };

/**
 * Tokens handed back in the URL by the Google sign-in round trip (spec §4): stores them and
 * removes them from the URL (history.replaceState). With `tokenAndUser` (the callback page
 * only) the alternative `token` plus `user` is read too.
 */
export function takeTokensFromUrl(client: CorestoneClient, opts: { tokenAndUser?: boolean } = {}): UrlTokens {
  if (typeof window === 'undefined') return { kind: 'none' };
  const url = new URL(window.location.href);
  const p = url.searchParams;
  const strip = (keys: string[]) => {
    for (const k of keys) p.delete(k);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  };
  const access = p.get('access_token');
  const refresh = p.get('refresh_token');
  if (access && refresh && p.get('oauth') === 'success') {
    client.tokens.clear(); // a new session replaces any old one, its stored user included
    client.storeAuth({ access_token: access, refresh_token: refresh });
    strip(['access_token', 'refresh_token', 'oauth']);
    return { kind: 'tokens' };
  }
  const token = p.get('token');
  const rawUser = p.get('user');
  if (opts.tokenAndUser && token && rawUser) {
    strip(['token', 'user']);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(rawUser);
    } catch {
      /* not JSON */
    }
    const user = normalizeUser(parsed);
    if (!user) return { kind: 'bad-user' };
    client.tokens.clear();
    client.storeAuth({ access_token: token, user: parsed as AuthResponse['user'] });
    return { kind: 'token-and-user', user };
  }
  return { kind: 'none' };
}

/**
 * The page's language for the person signed in (issue 36): their own choice, their school's
 * default, then this device's and the browser's. Applied on sign-in, on restore (from the stored
 * user, before the first render) and on every refresh of the user.
 */
export function applyUserLocale(user: SessionUser | null): void {
  if (user) setLocale(localeForUser(user));
}

/** URL parameters that hand tokens over (Google sign-in's round trip): their presence means a session to restore. */
export const RESTORE_URL_PARAMS = ['access_token', 'refresh_token', 'token'] as const;

/**
 * Whether session restore has anything to work on: stored tokens, tokens handed back in the URL by
 * Google sign-in, or the Google callback route (which takes its tokens itself once restore is done).
 */
export function hasSessionToRestore(tokens: Pick<TokenStore, 'accessToken' | 'refreshToken'>): boolean {
  if (tokens.accessToken || tokens.refreshToken) return true;
  if (typeof window === 'undefined') return false;
  if (window.location.pathname === GOOGLE_CALLBACK_PATH) return true;
  const p = new URLSearchParams(window.location.search);
  return RESTORE_URL_PARAMS.some((k) => p.has(k));
}

export function SessionProvider({ children, client: given }: { children: ReactNode; client?: CorestoneClient }) {
  const client = useMemo(() => given ?? createClient(), [given]);
  // nothing stored and nothing handed over in the URL: signed out from the first render, with no
  // 'Initializing Platform' screen to render and replace (restoreSession would answer null anyway)
  const [nothingToRestore] = useState(() => {
    const none = !hasSessionToRestore(client.tokens);
    if (!none) applyUserLocale(client.storedUser());
    return none;
  });
  const [status, setStatus] = useState<SessionStatus>(nothingToRestore ? 'signed-out' : 'initialising');
  const [user, setUserState] = useState<SessionUser | null>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);
  const userRef = useRef<SessionUser | null>(null);

  const setUser = useCallback((next: SessionUser | null) => {
    // a refresh is applied only if something that matters changed (spec §4)
    if (!userChanged(userRef.current, next)) return;
    applyUserLocale(next);
    userRef.current = next;
    setUserState(next);
    setStatus(next ? 'signed-in' : 'signed-out');
  }, []);

  useEffect(() => {
    let alive = true;
    // the callback page takes its tokens itself, so that it can say what went wrong
    if (typeof window !== 'undefined' && window.location.pathname !== GOOGLE_CALLBACK_PATH) takeTokensFromUrl(client);
    const offExpired = client.on('session-expired', (msg) => {
      // shown on the sign-in screen, where a signed-in-only page sends the person
      setExpiredMessage(typeof msg === 'string' && msg ? msg : SESSION_EXPIRED_MESSAGE);
      setUser(null);
    });
    const offSignedOut = client.on('signed-out', () => setUser(null));
    const offChanged = client.on('tokens-changed', () => {
      if (!client.tokens.accessToken && !client.tokens.refreshToken) setUser(null);
      else {
        const stored = client.storedUser();
        if (stored) setUser(stored);
      }
    });
    // A user restored from storage is shown at once, then read again from the server: credits bought
    // or spent elsewhere, a role changed by an admin (applied only if something that matters changed).
    const revalidate = client.storedUser() !== null && window.location.pathname !== GOOGLE_CALLBACK_PATH;
    if (!nothingToRestore)
      client.restoreSession().then((u) => {
        if (!alive) return;
        applyUserLocale(u);
        userRef.current = u;
        setUserState(u);
        setStatus(u ? 'signed-in' : 'signed-out');
        if (u && revalidate)
          client.fetchUser().then(
            (fresh) => alive && fresh && setUser(fresh),
            () => undefined, // the stored user stays; a dead session signs out through the client's events
          );
      });
    return () => {
      alive = false;
      offExpired();
      offSignedOut();
      offChanged();
    };
  }, [client, setUser, nothingToRestore]);

  const login = useCallback(
    async (email: string, password: string) => {
      const res = await client.auth.login(email, password);
      const u = normalizeUser(res.user) ?? (await client.fetchUser());
      if (!u) throw new Error('Login failed');
      setExpiredMessage(null);
      setUser(u);
      return u;
    },
    [client, setUser],
  );

  const signup = useCallback(
    async (input: SignupInput) => {
      const res = await client.auth.signup(input);
      if (!res || typeof res.access_token !== 'string') {
        // a server that does not sign in on sign-up: sign in with the same credentials
        return login(input.email, input.password);
      }
      const u = normalizeUser(res.user) ?? (await client.fetchUser());
      if (!u) throw new Error('Registration failed');
      setExpiredMessage(null);
      setUser(u);
      return u;
    },
    [client, login, setUser],
  );

  const logout = useCallback(async () => {
    // Tokens and user are gone at once, the server is told after. Signed out in a transition: the
    // same one as the navigation home that callers start first (react-router navigates in
    // transitions), so a signed-in-only page never renders signed out and sends to /auth.
    let told: Promise<void> = Promise.resolve();
    startTransition(() => {
      told = client.auth.logout();
      forgetDrafts();
      setExpiredMessage(null);
      setUser(null);
    });
    await told;
  }, [client, setUser]);

  const refreshUser = useCallback(async () => {
    try {
      const u = await client.fetchUser();
      setUser(u);
      return u;
    } catch {
      return userRef.current;
    }
  }, [client, setUser]);

  const saveLocale = useCallback(
    async (locale: Locale) => {
      setLocale(locale);
      const saved = normalizeUser(await client.users.updateMe({ locale }));
      if (saved) setUser(saved);
    },
    [client, setUser],
  );

  const signInFromUrl = useCallback(async () => {
    const taken = takeTokensFromUrl(client, { tokenAndUser: true });
    let u: SessionUser | null;
    if (taken.kind === 'none') throw new CallbackError(CALLBACK_MESSAGES.invalid);
    if (taken.kind === 'bad-user') throw new CallbackError(CALLBACK_MESSAGES.processUser);
    if (taken.kind === 'token-and-user') u = taken.user;
    else {
      try {
        u = await client.fetchUser();
      } catch {
        u = null;
      }
      if (!u) {
        client.clearSession();
        throw new CallbackError(CALLBACK_MESSAGES.fetchUser);
      }
    }
    setExpiredMessage(null);
    setUser(u);
    return u;
  }, [client, setUser]);

  const value = useMemo<Session>(
    () => ({ status, user, client, expiredMessage, login, signup, logout, refreshUser, saveLocale, signInFromUrl }),
    [status, user, client, expiredMessage, login, signup, logout, refreshUser, saveLocale, signInFromUrl],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
