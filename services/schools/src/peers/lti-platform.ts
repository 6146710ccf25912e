import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * The LMS platforms as the tool reaches them: their key sets (fetched and cached by jose, refetched
 * when a token names a key it has not seen, so a platform's key rotation needs nothing from us).
 */
export class LtiPlatformPeer {
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(private readonly timeoutMs: number) {}

  private keySet(url: string) {
    let set = this.keySets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), { timeoutDuration: this.timeoutMs, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
      this.keySets.set(url, set);
    }
    return set;
  }

  /** Verifies an id_token: RS256 signature against the platform's keys, issuer, audience (client id), exp and iat. */
  async verifyIdToken(token: string, p: { key_set_url: string; issuer: string; client_id: string }): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.keySet(p.key_set_url), {
      issuer: p.issuer,
      audience: p.client_id,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
      clockTolerance: 5,
      maxTokenAge: '1h',
    });
    // With several audiences the authorised party must be us (OIDC core §3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== p.client_id) throw new Error('azp is not the client id');
    return payload;
  }

  /**
   * An OAuth 2 access token by client credentials with a JWT assertion (LTI Advantage security §4.1):
   * `assertion` is signed by the tool. Throws with the platform's answer when refused.
   */
  async accessToken(tokenUrl: string, assertion: string, scopes: readonly string[]): Promise<string> {
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope: scopes.join(' '),
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`token endpoint answered ${res.status}: ${text.slice(0, 200)}`);
    const token = (JSON.parse(text) as { access_token?: unknown }).access_token;
    if (typeof token !== 'string' || !token) throw new Error('token endpoint answered no access_token');
    return token;
  }

  /** Posts a score to a line item (AGS 2.0: `<lineitem>/scores`, the query string kept). */
  async postScore(lineitemUrl: string, token: string, score: Record<string, unknown>): Promise<void> {
    const url = new URL(lineitemUrl);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.ims.lis.v1.score+json', authorization: `Bearer ${token}` },
      body: JSON.stringify(score),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`score endpoint answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }

  /** Every member of an NRPS membership container, following `Link: <…>; rel="next"` pages (at most 100). */
  async memberships(url: string, token: string): Promise<NrpsMember[]> {
    const members: NrpsMember[] = [];
    let next: string | null = url;
    for (let page = 0; next && page < 100; page++) {
      const res: Response = await fetch(next, {
        headers: { accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json', authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`membership service answered ${res.status}`);
      const body = (await res.json()) as { members?: unknown };
      if (!Array.isArray(body.members)) throw new Error('membership service answered no members');
      members.push(...(body.members as NrpsMember[]));
      next = /<([^>]+)>\s*;\s*rel="?next"?/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
    }
    return members;
  }
}

/** A member as NRPS 2.0 lists it (only the fields the tool reads). */
export interface NrpsMember {
  user_id?: unknown;
  status?: unknown;
  roles?: unknown;
  email?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}
