import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { LTI_CLAIMS } from '@corestone/contracts';

type Key = { privateKey: CryptoKey; kid: string; jwk: JWK };

async function rsaKey(kid: string): Promise<Key> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * A fake LTI 1.3 platform (an LMS) on loopback for the tests: it signs launches with its own RSA
 * key and serves that key as its JWKS; a foreign key (never published) forges launches. It records
 * every request the tool makes of it. Its token endpoint grants client credentials only to an
 * assertion signed with a key of the tool's JWKS (`toolJwks`, as the tool publishes it); its AGS
 * line items take scores with such a token (`failScores` refuses the next n with 500).
 */
export class FakeLtiPlatform {
  readonly requests: Array<{ method: string; path: string; query: Record<string, string>; body: string }> = [];
  readonly clientId = 'corestone-tool-client';
  readonly deploymentId = 'deployment-1';
  private server!: http.Server;
  private key!: Key;
  private foreign!: Key;
  base = '';
  /** The tool's published keys (GET /lti/jwks), which the token endpoint checks assertions against. */
  toolJwks: () => Promise<JSONWebKeySet> = async () => ({ keys: [] });
  /** Scores received per line item path, with the token's scope. */
  readonly scores: Array<{ path: string; contentType: string; body: Record<string, unknown> }> = [];
  /** Token requests refused, with why. */
  readonly tokenRefusals: string[] = [];
  failScores = 0;
  /** NRPS rosters by context id (members as NRPS 2.0 lists them); served two per page with Link: rel="next". */
  readonly rosters = new Map<string, Array<Record<string, unknown>>>();
  private readonly tokens = new Map<string, string>();
  /**
   * For browsers: claims the platform's authorisation endpoint signs at once (with the request's
   * nonce) and posts back to the tool (form_post); GET /start posts the login initiation for them.
   */
  autoLaunch: Record<string, unknown> | null = null;
  /** Where GET /start sends the browser's login initiation (the tool's login URL). */
  toolLoginUrl = '';

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
        } else if (url.pathname === '/token' && req.method === 'POST') {
          void this.token(body).then(
            (token) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(token)),
            (err: Error) => {
              this.tokenRefusals.push(err.message);
              res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client' }));
            },
          );
        } else if (/^\/lineitems\/[^/]+\/scores$/.test(url.pathname) && req.method === 'POST') {
          const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
          const scope = bearer ? this.tokens.get(bearer) : undefined;
          if (!scope?.split(' ').includes('https://purl.imsglobal.org/spec/lti-ags/scope/score')) res.writeHead(401).end();
          else if (this.failScores > 0) {
            this.failScores--;
            res.writeHead(500).end('LMS down');
          } else {
            this.scores.push({ path: url.pathname, contentType: req.headers['content-type'] ?? '', body: JSON.parse(body) });
            res.writeHead(200).end();
          }
        } else if (/^\/contexts\/[^/]+\/memberships$/.test(url.pathname) && req.method === 'GET') {
          const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
          const scope = bearer ? this.tokens.get(bearer) : undefined;
          const roster = this.rosters.get(decodeURIComponent(url.pathname.split('/')[2]!));
          if (!scope?.split(' ').includes('https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly'))
            res.writeHead(401).end();
          else if (!roster) res.writeHead(404).end();
          else {
            const page = Number(url.searchParams.get('page') ?? '0');
            const headers: Record<string, string> = { 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' };
            if ((page + 1) * 2 < roster.length) headers.link = `<${this.base}${url.pathname}?page=${page + 1}>; rel="next"`;
            res
              .writeHead(200, headers)
              .end(JSON.stringify({ id: url.href, context: { id: 'x' }, members: roster.slice(page * 2, page * 2 + 2) }));
          }
        } else if (url.pathname === '/start') {
          res.writeHead(200, { 'content-type': 'text/html' }).end(
            autoPost(this.toolLoginUrl, {
              iss: this.issuer,
              login_hint: 'browser',
              target_link_uri: this.toolLoginUrl,
              client_id: this.clientId,
            }),
          );
        } else if (url.pathname === '/auth' && this.autoLaunch) {
          const q = url.searchParams;
          void this.idToken(q.get('nonce') ?? '', this.autoLaunch).then((idToken) =>
            res
              .writeHead(200, { 'content-type': 'text/html' })
              .end(autoPost(q.get('redirect_uri') ?? '', { id_token: idToken, state: q.get('state') ?? '' })),
          );
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

  /** Client credentials with a JWT assertion (LTI Advantage security §4.1), checked against the tool's JWKS. */
  private async token(body: string): Promise<{ access_token: string; token_type: string; expires_in: number; scope: string }> {
    const p = new URLSearchParams(body);
    if (p.get('grant_type') !== 'client_credentials') throw new Error('grant_type');
    if (p.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      throw new Error('client_assertion_type');
    const { payload } = await jwtVerify(p.get('client_assertion') ?? '', createLocalJWKSet(await this.toolJwks()), {
      issuer: this.clientId,
      subject: this.clientId,
      audience: `${this.base}/token`,
    });
    if (typeof payload.jti !== 'string') throw new Error('jti');
    const scope = p.get('scope') ?? '';
    const access = `at-${Math.random().toString(36).slice(2)}`;
    this.tokens.set(access, scope);
    return { access_token: access, token_type: 'Bearer', expires_in: 3600, scope };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An HTML page whose form posts `fields` to `action` as soon as it loads (as an LMS does). */
function autoPost(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  return `<!doctype html><form id="f" method="POST" action="${escape(action)}">${inputs}</form><script>document.getElementById('f').submit()</script>`;
}

export const ROLES = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  mentor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
};
