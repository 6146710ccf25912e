import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthResponse, User } from '@corestone/contracts';
import type { Redis } from '@corestone/service-kit';
import { normalizeEmail, splitFullName, cleanName } from '../domain/validation';
import type { AuthStore } from '../store/auth-store';
import type { Accounts } from './accounts';
import type { Sessions } from './sessions';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
  redirectUri: string;
}

/** Why a Google sign-in failed (logged; the browser only sees `?error=google`). */
export class GoogleSignInError extends Error {}

const STATE_TTL_SECONDS = 600;

/**
 * Google sign-in with OpenID Connect (authorization code + PKCE + nonce + state). The state,
 * nonce and code verifier are kept server-side in Redis for 10 minutes and used once.
 */
export class GoogleSignIn {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: GoogleSettings,
    private readonly redis: Redis,
    private readonly redisPrefix: string,
    private readonly store: AuthStore,
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly log: FastifyBaseLogger,
  ) {}

  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        // Plain http only for a loopback/test provider; Google itself is https.
        this.settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.discovered = null; // try discovery again next time
        throw err;
      });
    return this.discovered;
  }

  private key(state: string): string {
    return `${this.redisPrefix}auth:oidc:${state}`;
  }

  /** The provider's authorization URL to send the browser to. */
  async start(): Promise<string> {
    const config = await this.configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = await oidc.calculatePKCECodeChallenge(verifier);
    await this.redis.set(this.key(state), JSON.stringify({ nonce, verifier }), { EX: STATE_TTL_SECONDS });
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).href;
  }

  /** Completes the sign-in from the callback's query string; answers with a new session. */
  async finish(rawQuery: string): Promise<AuthResponse> {
    const params = new URLSearchParams(rawQuery);
    const state = params.get('state');
    if (!state || state.length > 200) throw new GoogleSignInError('callback without state');
    const saved = await this.redis.getDel(this.key(state));
    if (!saved) throw new GoogleSignInError('unknown or used state');
    const { nonce, verifier } = JSON.parse(saved) as { nonce: string; verifier: string };
    const config = await this.configuration();
    const currentUrl = new URL(this.settings.redirectUri);
    currentUrl.search = params.toString();
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new GoogleSignInError('no ID token');
    const user = await this.resolveUser({
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true,
      givenName: typeof claims.given_name === 'string' ? claims.given_name : null,
      familyName: typeof claims.family_name === 'string' ? claims.family_name : null,
      name: typeof claims.name === 'string' ? claims.name : null,
    });
    if (!user.is_active) throw new GoogleSignInError('account deactivated');
    return this.sessions.issue(user);
  }

  /**
   * The account for a Google identity: the one already linked to its `sub`; else the one with
   * its e-mail, linked only when Google says the e-mail is verified; else a new student account
   * (also only with a verified e-mail, so nobody can claim an address they do not own).
   */
  private async resolveUser(id: {
    sub: string;
    email: string | null;
    emailVerified: boolean;
    givenName: string | null;
    familyName: string | null;
    name: string | null;
  }): Promise<User> {
    const linked = await this.store.findByGoogleSub(id.sub);
    if (linked?.status === 'active') return this.accounts.viewOrNotFound(linked.user_id, () => new GoogleSignInError('account gone'));
    if (!id.email || !id.emailVerified) throw new GoogleSignInError('e-mail missing or not verified');
    const email = normalizeEmail(id.email);
    const existing = await this.store.findByEmail(email);
    if (existing?.status === 'active') {
      if (!(await this.store.linkGoogle(existing.user_id, id.sub)))
        throw new GoogleSignInError('account linked to another Google identity');
      this.log.info({ userId: existing.user_id }, 'Google identity linked by verified e-mail');
      return this.accounts.viewOrNotFound(existing.user_id, () => new GoogleSignInError('account gone'));
    }
    const split = splitFullName(id.name);
    const first = cleanName(id.givenName) || split.first_name || email.split('@')[0];
    const last = cleanName(id.familyName) || split.last_name;
    // New account, or completion of a half-made one (the Google-proven owner takes it over, without its password).
    return this.accounts.create({
      email,
      password: null,
      googleSub: id.sub,
      role: 'student',
      origin: 'google',
      profile: { first_name: first, last_name: last },
    });
  }
}
