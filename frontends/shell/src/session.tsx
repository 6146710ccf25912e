import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App as AntApp } from 'antd';
import {
  createClient,
  normalizeUser,
  userChanged,
  type CorestoneClient,
  type SessionUser,
  type SignupInput,
} from '@corestone/sdk';
import { ERROR_TOAST_SECONDS } from './theme';

export type SessionStatus = 'initialising' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  client: CorestoneClient;
  /** message of the last forced sign-out ('Session expired. Please log in again.') */
  expiredMessage: string | null;
  login(email: string, password: string): Promise<SessionUser>;
  signup(input: SignupInput): Promise<SessionUser>;
  logout(): Promise<void>;
  refreshUser(): Promise<SessionUser | null>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** Tokens handed back in the URL by the Google sign-in round trip (spec §4). */
function takeTokensFromUrl(client: CorestoneClient): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  const access = url.searchParams.get('access_token');
  const refresh = url.searchParams.get('refresh_token');
  if (access && refresh && url.searchParams.get('oauth') === 'success') {
    client.storeAuth({ access_token: access, refresh_token: refresh });
    for (const k of ['access_token', 'refresh_token', 'oauth']) url.searchParams.delete(k);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
}

export function SessionProvider({ children, client: given }: { children: ReactNode; client?: CorestoneClient }) {
  const client = useMemo(() => given ?? createClient(), [given]);
  const { notification } = AntApp.useApp();
  const [status, setStatus] = useState<SessionStatus>('initialising');
  const [user, setUserState] = useState<SessionUser | null>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);
  const userRef = useRef<SessionUser | null>(null);

  const setUser = useCallback((next: SessionUser | null) => {
    // a refresh is applied only if something that matters changed (spec §4)
    if (!userChanged(userRef.current, next)) return;
    userRef.current = next;
    setUserState(next);
    setStatus(next ? 'signed-in' : 'signed-out');
  }, []);

  useEffect(() => {
    let alive = true;
    takeTokensFromUrl(client);
    const offExpired = client.on('session-expired', (msg) => {
      const text = typeof msg === 'string' ? msg : 'Session expired. Please log in again.';
      setExpiredMessage(text);
      if (userRef.current) notification.warning({ title: 'Session expired', description: text, duration: ERROR_TOAST_SECONDS });
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
    client.restoreSession().then((u) => {
      if (!alive) return;
      userRef.current = u;
      setUserState(u);
      setStatus(u ? 'signed-in' : 'signed-out');
    });
    return () => {
      alive = false;
      offExpired();
      offSignedOut();
      offChanged();
    };
  }, [client, notification, setUser]);

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
    await client.auth.logout();
    setUser(null);
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

  const value = useMemo<Session>(
    () => ({ status, user, client, expiredMessage, login, signup, logout, refreshUser }),
    [status, user, client, expiredMessage, login, signup, logout, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
