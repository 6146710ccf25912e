import type {
  AuthProviders,
  AuthResponse,
  MessageResponse,
  SetupAdminResponse,
  SetupStatus,
  SsoProvider,
  User,
} from '@corestone/contracts';
import type { Transport } from '../transport';

export interface SignupInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  user_type: 'student' | 'teacher';
}

export interface SetupAdminInput {
  name: string;
  email: string;
  password: string;
  /** The deployment's SETUP_TOKEN, needed when `setupStatus()` says `setup_token_required` (always in production). */
  setup_token?: string;
}

/** `/auth/*`: sign-in, sign-up, sessions, password reset, Google, first-admin setup (spec user-app §7, admin §2). */
export class AuthApi {
  constructor(private readonly t: Transport) {}

  async login(email: string, password: string): Promise<AuthResponse> {
    const res = await this.t.request<AuthResponse>('/auth/login', { method: 'POST', json: { username: email, password }, anonymous: true });
    this.t.storeAuth(res);
    return res;
  }

  async signup(input: SignupInput): Promise<AuthResponse> {
    const res = await this.t.request<AuthResponse>('/auth/signup', { method: 'POST', json: input, anonymous: true });
    if (res && typeof res.access_token === 'string') this.t.storeAuth(res);
    return res;
  }

  /**
   * Clears the local tokens and user at once (before the first await: a page left right after
   * Logout keeps nothing), then tells the server with the tokens taken before clearing. Server
   * failures are ignored and never bring the session back.
   */
  async logout(): Promise<void> {
    const { accessToken, refreshToken } = this.t.tokens;
    this.t.clearSession();
    try {
      await this.t.revokeSession(accessToken, refreshToken);
    } catch {
      /* ignored */
    }
  }

  async me(): Promise<User> {
    const user = await this.t.request<User>('/auth/me');
    this.t.tokens.setUser(user);
    return user;
  }

  refresh(): Promise<string> {
    return this.t.refreshAccessToken(this.t.tokens.accessToken);
  }

  forgotPassword(email: string): Promise<MessageResponse> {
    return this.t.request<MessageResponse>('/auth/forgot-password', { method: 'POST', json: { email }, anonymous: true });
  }

  resetPassword(token: string, new_password: string): Promise<MessageResponse> {
    return this.t.request<MessageResponse>('/auth/reset-password', { method: 'POST', json: { token, new_password }, anonymous: true });
  }

  /** Which external sign-in methods the server offers (`{google, microsoft}`: true only when configured). */
  async providers(): Promise<Required<AuthProviders>> {
    const p = await this.t.request<Partial<AuthProviders> | null>('/auth/providers', { anonymous: true });
    return { google: p?.google === true, microsoft: p?.microsoft === true };
  }

  /**
   * Issue 32: where to send the whole page to sign in through a school's Google Workspace or
   * Microsoft Entra ID (`school`: the school's id, optional). It comes back like Google's sign-in,
   * or to /auth?error=sso&reason=<SsoCode> (SSO_MESSAGES has the text).
   */
  ssoStartUrl(provider: SsoProvider, school?: string): string {
    return this.t.url(`/auth/sso/${provider}/start${school ? `?${new URLSearchParams({ school })}` : ''}`);
  }

  /**
   * Where to send the whole page (not fetch) to start Google sign-in (spec §7); it comes back to
   * /auth/google/callback with access_token, refresh_token and oauth=success, or to /auth?error=google.
   */
  googleLoginUrl(): string {
    return this.t.url('/auth/google/login');
  }

  /** First-admin setup (admin spec §2): whether an administrator exists yet, and whether creating one needs the setup token. */
  setupStatus(): Promise<SetupStatus> {
    return this.t.request<SetupStatus>('/auth/setup-status', { anonymous: true });
  }

  /** Creates the first super admin; refused once setup has succeeded, and (403) without the right setup token when one is required. */
  setupAdmin(input: SetupAdminInput): Promise<SetupAdminResponse> {
    return this.t.request<SetupAdminResponse>('/auth/setup-admin', {
      method: 'POST',
      json: { ...input, user_type: 'super-admin' },
      anonymous: true,
    });
  }
}
