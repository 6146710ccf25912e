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
}
