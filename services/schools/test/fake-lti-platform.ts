import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { LTI_CLAIMS } from '@corestone/contracts';

type Key = { privateKey: CryptoKey; kid: string; jwk: JWK };

async function rsaKey(kid: string): Promise<Key> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * A fake LTI 1.3 platform (an LMS) on loopback for the tests: it signs launches with its own RSA
 * key and serves that key as its JWKS; a foreign key (never published) forges launches. It records
 * every request the tool makes of it. (Token, AGS and NRPS endpoints come with those slices.)
 */
export class FakeLtiPlatform {
  readonly requests: Array<{ method: string; path: string; query: Record<string, string>; body: string }> = [];
  readonly clientId = 'corestone-tool-client';
  readonly deploymentId = 'deployment-1';
  private server!: http.Server;
  private key!: Key;
  private foreign!: Key;
  base = '';

  async start(): Promise<this> {
    this.key = await rsaKey('platform-key-1');
    this.foreign = await rsaKey('platform-key-1'); // same kid, another key: a forgery
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', this.base);
        this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body });
        if (url.pathname === '/jwks') {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [this.key.jwk] }));
        } else if (url.pathname === '/auth') {
          res.writeHead(200, { 'content-type': 'text/html' }).end('<p>platform sign-in</p>');
        } else res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  get issuer() {
    return this.base;
  }

  /** The registration a school admin enters for this platform. */
  registration() {
    return {
      issuer: this.issuer,
      client_id: this.clientId,
      deployment_ids: [this.deploymentId],
      auth_login_url: `${this.base}/auth`,
      auth_token_url: `${this.base}/token`,
      key_set_url: `${this.base}/jwks`,
    };
  }

  /**
   * An id_token as the platform posts it to the launch URL. `opts.forge` signs with a key the
   * platform never published; `expiresIn` negative makes it expired; `claims` override or add claims.
   */
  async idToken(
    nonce: string,
    claims: Record<string, unknown>,
    opts: { forge?: boolean; expiresIn?: number; audience?: string; issuer?: string } = {},
  ): Promise<string> {
    const key = opts.forge ? this.foreign : this.key;
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = opts.expiresIn ?? 300;
    return new SignJWT({
      nonce,
      [LTI_CLAIMS.version]: '1.3.0',
      [LTI_CLAIMS.deploymentId]: this.deploymentId,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(opts.issuer ?? this.issuer)
      .setAudience(opts.audience ?? this.clientId)
      .setIssuedAt(expiresIn < 0 ? now + expiresIn - 60 : now)
      .setExpirationTime(now + expiresIn)
      .sign(key.privateKey);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export const ROLES = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  mentor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
};
