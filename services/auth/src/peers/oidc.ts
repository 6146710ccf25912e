import * as oidc from 'openid-client';
import type { Redis } from '@corestone/service-kit';

export interface OidcSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** What a sign-in carries from its start to its callback (kept server-side, never in the browser). */
export interface PendingSignIn {
  provider: string;
  redirectUri: string;
  /** The school the user chose on the start route (`?school=`), if any. */
  school: string | null;
}

/** Why an OIDC round trip failed: `code` says which refusal the user is shown. */
export class OidcFailure extends Error {
  constructor(
    message: string,
    readonly kind: 'failed' | 'unavailable' = 'failed',
  ) {
    super(message);
  }
}

const STATE_TTL_SECONDS = 600;

/**
 * One OpenID Connect provider (Google, Microsoft Entra ID) with openid-client: discovery, the
 * authorization code flow with PKCE (S256), `state` and `nonce` — all three kept in Redis for 10
 * minutes under the state and used once — and the ID token verified by openid-client against the
 * provider's JWKS (signature, `iss`, `aud`, `exp`/`iat`, `nonce`). Microsoft's multi-tenant issuer
 * (`…/organizations/v2.0`, whose discovery names `{tenantid}`) is openid-client's own Entra ID case:
 * each token's `iss` must be the template with the token's `tid`.
 */
export class OidcProvider {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly redis: Redis,
    private readonly redisPrefix: string,
  ) {}

  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(new URL(this.settings.issuer), this.settings.clientId, this.settings.clientSecret, undefined, {
        // ID tokens' signatures checked against the provider's JWKS (openid-client otherwise trusts
        // the TLS connection to the token endpoint); plain http only for a loopback/test provider.
        execute: [oidc.enableNonRepudiationChecks, ...(this.settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [])],
      })
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
  async start(pending: PendingSignIn): Promise<string> {
    let config: oidc.Configuration;
    try {
      config = await this.configuration();
    } catch (err) {
      throw new OidcFailure(`discovery failed: ${(err as Error).message}`, 'unavailable');
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = await oidc.calculatePKCECodeChallenge(verifier);
    await this.redis.set(this.key(state), JSON.stringify({ nonce, verifier, ...pending }), { EX: STATE_TTL_SECONDS });
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: pending.redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).href;
  }

  /**
   * Completes the round trip from the callback's query string: the state must be one this server
   * handed out for this provider (and is spent), the code is exchanged with the PKCE verifier and
   * the ID token verified. Answers the ID token's claims and what the start kept.
   */
  async finish(provider: string, rawQuery: string): Promise<{ claims: oidc.IDToken; pending: PendingSignIn }> {
    const params = new URLSearchParams(rawQuery);
    const state = params.get('state');
    if (!state || state.length > 200) throw new OidcFailure('callback without state');
    const saved = await this.redis.getDel(this.key(state));
    if (!saved) throw new OidcFailure('unknown or used state');
    const { nonce, verifier, ...pending } = JSON.parse(saved) as { nonce: string; verifier: string } & PendingSignIn;
    if (pending.provider !== provider) throw new OidcFailure('state of another provider');
    if (params.get('error')) throw new OidcFailure(`provider answered ${params.get('error')}`);
    const config = await this.configuration().catch((err: unknown) => {
      throw new OidcFailure(`discovery failed: ${(err as Error).message}`, 'unavailable');
    });
    const currentUrl = new URL(pending.redirectUri);
    currentUrl.search = params.toString();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new OidcFailure(`code exchange or ID token refused: ${(err as Error).message}`);
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcFailure('no ID token');
    return { claims, pending };
  }
}
