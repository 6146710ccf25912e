/** Local storage keys (spec §3 "Locally stored" and §9). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userRole: 'user_role',
  user: 'user',
} as const;

function base64UrlDecode(part: string): string {
  let s = part.replace(/-/g, '+').replace(/_/g, '/');
  while (s.length % 4) s += '=';
  const bin = typeof atob === 'function' ? atob(s) : Buffer.from(s, 'base64').toString('binary');
  try {
    // handle UTF-8 payloads
    return decodeURIComponent(
      Array.from(bin)
        .map((c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0'))
        .join(''),
    );
  } catch {
    return bin;
  }
}

/** The JWT payload, or null when the token is not a readable JWT. */
function decodeJwt(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length < 2) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1]!));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Expiry judged from the `exp` claim; a missing token or claim counts as expired.
 * `skewSeconds` treats a token about to expire as expired already.
 */
export function isTokenExpired(token: string | null | undefined, skewSeconds = 10, nowMs = Date.now()): boolean {
  const payload = decodeJwt(token);
  const exp = payload?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp * 1000 <= nowMs + skewSeconds * 1000;
}

/** Small wrapper over a Storage (localStorage by default) that never throws. */
export class TokenStore {
  constructor(private readonly storage: Storage | null) {}

  private get(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }
  private set(key: string, value: string | null | undefined): void {
    try {
      if (value === null || value === undefined) this.storage?.removeItem(key);
      else this.storage?.setItem(key, value);
    } catch {
      /* storage full or unavailable: keep going in memory-less mode */
    }
  }

  get accessToken(): string | null {
    return this.get(STORAGE_KEYS.accessToken);
  }
  get refreshToken(): string | null {
    return this.get(STORAGE_KEYS.refreshToken);
  }
  get userRole(): string | null {
    return this.get(STORAGE_KEYS.userRole);
  }
  get rawUser(): unknown {
    const s = this.get(STORAGE_KEYS.user);
    if (!s) return null;
    try {
      return JSON.parse(s);
    } catch {
      return null;
    }
  }

  setTokens(accessToken: string, refreshToken?: string | null): void {
    this.set(STORAGE_KEYS.accessToken, accessToken);
    if (refreshToken) this.set(STORAGE_KEYS.refreshToken, refreshToken);
  }

  /** Stores the server's user object as-is plus its user_type under `user_role` (default 'customer'). */
  setUser(user: unknown): void {
    if (!user || typeof user !== 'object') return;
    this.set(STORAGE_KEYS.user, JSON.stringify(user));
    const u = user as { user_type?: unknown; role?: unknown };
    const role = typeof u.user_type === 'string' ? u.user_type : typeof u.role === 'string' ? u.role : 'customer';
    this.set(STORAGE_KEYS.userRole, role);
  }

  clear(): void {
    for (const key of Object.values(STORAGE_KEYS)) this.set(key, null);
  }
}
