import http from 'node:http';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK } from 'jose';

export interface Identity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  /** Google's hosted (Workspace) domain; absent for a personal account. */
  hd?: string;
  /** Microsoft Entra ID's tenant id. */
  tid?: string;
  /** Microsoft's optional "e-mail domain owner verified" claim. */
  xms_edov?: boolean;
}

/** How the provider misbehaves for one code (tests of what the client must refuse). */
export interface TokenTampering {
  /** Sign the ID token with this nonce instead (a replayed or foreign ID token). */
  nonceOverride?: string;
  /** The ID token's `aud` (another client's token). */
  audience?: string;
  /** The ID token expired this many seconds ago (issued an hour before). */
  expiredSecondsAgo?: number;
  /** Signed with a key the provider's JWKS does not publish (a forged token). */
  foreignKey?: boolean;
}

interface PendingCode {
  identity: Identity;
  nonce: string;
  challenge: string;
  redirectUri: string;
  tampering: TokenTampering;
}

/**
 * A tiny OpenID Connect provider on loopback for tests: discovery, JWKS, and a token endpoint
 * that checks the client secret, redirect URI and PKCE verifier and signs an RS256 ID token.
 * The "browser" part (consent) is either `approve()`, which turns an authorization URL into a
 * callback query (integration tests), or the `/authorize` endpoint, which a real browser is sent
 * to: it consents at once as `autoConsent` and redirects straight back to redirect_uri with a code
 * (browser tests). Shared by services/auth/test/google.int.test.ts and tests/browser.
 */
export class FakeOidcProvider {
  readonly clientId = 'corestone-test-client';
  readonly clientSecret = 'test-secret';
  private server!: http.Server;
  private readonly codes = new Map<string, PendingCode>();
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private foreignKeys: ReturnType<typeof generateKeyPairSync> | null = null;
  tokenRequests = 0;
  issuer = '';
  /** The identity `/authorize` signs in as, without asking; unset: `/authorize` answers 400. */
  autoConsent: Identity | null = null;

  async start(): Promise<void> {
    const jwk = { ...(await exportJWK(this.keys.publicKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' };
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.issuer);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer: this.issuer,
          authorization_endpoint: `${this.issuer}/authorize`,
          token_endpoint: `${this.issuer}/token`,
          jwks_uri: `${this.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        });
      }
      if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
      if (url.pathname === '/authorize' && req.method === 'GET') {
        if (!this.autoConsent) return json(400, { error: 'access_denied', error_description: 'no auto-consent identity configured' });
        let query: string;
        try {
          query = this.approve(url.href, this.autoConsent);
        } catch (err) {
          return json(400, { error: 'invalid_request', error_description: (err as Error).message });
        }
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.search = query;
        res.writeHead(302, { location: back.href });
        res.end();
        return;
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          this.tokenRequests++;
          void this.token(new URLSearchParams(raw), req.headers.authorization).then(
            ({ status, body }) => json(status, body),
            (err) => json(500, { error: 'server_error', error_description: String(err) }),
          );
        });
        return;
      }
      json(404, { error: 'not_found' });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The user signs in at the provider: returns the query the provider sends back to redirect_uri. */
  approve(authorizationUrl: string, identity: Identity, opts: TokenTampering = {}): string {
    const url = new URL(authorizationUrl);
    const p = url.searchParams;
    if (p.get('client_id') !== this.clientId || p.get('response_type') !== 'code') throw new Error('bad authorization request');
    if (
      p.get('code_challenge_method') !== 'S256' ||
      !p.get('code_challenge') ||
      !p.get('nonce') ||
      !p.get('state') ||
      !p.get('redirect_uri')
    ) {
      throw new Error('authorization request without PKCE, nonce or state');
    }
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, {
      identity,
      nonce: p.get('nonce')!,
      challenge: p.get('code_challenge')!,
      redirectUri: p.get('redirect_uri')!,
      tampering: opts,
    });
    return new URLSearchParams({ code, state: p.get('state')! }).toString();
  }

  private foreignKey() {
    this.foreignKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return this.foreignKeys.privateKey;
  }

  private async token(form: URLSearchParams, authorization?: string): Promise<{ status: number; body: unknown }> {
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    if (authorization?.startsWith('Basic ')) {
      const [id, s] = Buffer.from(authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent);
      clientId = id;
      secret = s;
    }
    if (clientId !== this.clientId || secret !== this.clientSecret) return { status: 401, body: { error: 'invalid_client' } };
    const code = form.get('code') ?? '';
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || form.get('grant_type') !== 'authorization_code') return { status: 400, body: { error: 'invalid_grant' } };
    if (form.get('redirect_uri') !== pending.redirectUri)
      return { status: 400, body: { error: 'invalid_grant', error_description: 'redirect_uri' } };
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'PKCE verification failed' } };
    }
    const t = pending.tampering;
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ ...pending.identity, nonce: t.nonceOverride ?? pending.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
      .setIssuer(this.issuer)
      .setAudience(t.audience ?? this.clientId)
      .setSubject(pending.identity.sub);
    if (t.expiredSecondsAgo !== undefined) jwt.setIssuedAt(now - 3600).setExpirationTime(now - t.expiredSecondsAgo);
    else jwt.setIssuedAt().setExpirationTime('5m');
    const idToken = await jwt.sign(t.foreignKey ? this.foreignKey() : this.keys.privateKey);
    return {
      status: 200,
      body: { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3600, id_token: idToken },
    };
  }
}
