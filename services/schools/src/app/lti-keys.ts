import { randomBytes } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';
import { decryptSecret, encryptSecret } from '@corestone/service-kit';
import type { LtiStore, ToolKeyRow } from '../store/lti';

const ALG = 'RS256';

/**
 * The tool's RS256 signing keys (deep-linking responses, client-credentials assertions). The
 * private halves are stored sealed with the platform data key (AES-256-GCM, service-kit crypto).
 * Rotation without downtime, in two steps: `rotate()` first publishes a next key beside the
 * current one (platforms that cache our JWKS learn it), a second `rotate()` makes it the signing
 * key and stops publishing the old one. The JWKS always lists current and next.
 */
export class ToolKeys {
  constructor(
    private readonly store: LtiStore,
    /** The platform data key, read when first needed (production: DATA_ENCRYPTION_KEY). */
    private readonly dataKeyOf: () => Buffer,
  ) {}

  private key?: Buffer;
  private get dataKey(): Buffer {
    return (this.key ??= this.dataKeyOf());
  }

  private async makeKey(): Promise<Omit<ToolKeyRow, 'status'>> {
    const { publicKey, privateKey } = await generateKeyPair(ALG, { modulusLength: 2048, extractable: true });
    const pub = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(pub);
    const priv = await exportJWK(privateKey);
    return {
      kid,
      private_jwk_sealed: encryptSecret(this.dataKey, JSON.stringify({ ...priv, kid })),
      public_jwk: { ...pub, kid, alg: ALG, use: 'sig' },
    };
  }

  /** The published keys; a first call on a fresh database makes the current key (one replica wins). */
  private async published(): Promise<ToolKeyRow[]> {
    let keys = await this.store.publishedKeys();
    if (!keys.some((k) => k.status === 'current')) {
      await this.store.addKey(await this.makeKey(), 'current');
      keys = await this.store.publishedKeys();
    }
    return keys;
  }

  async jwks(): Promise<{ keys: Array<Record<string, unknown>> }> {
    return { keys: (await this.published()).map((k) => k.public_jwk) };
  }

  /** One rotation step (see the class). */
  async rotate(): Promise<{ current_kid: string; next_kid: string | null }> {
    const keys = await this.published();
    if (keys.some((k) => k.status === 'next')) await this.store.transaction((tx) => tx.promoteNext());
    else await this.store.addKey(await this.makeKey(), 'next');
    const after = await this.store.publishedKeys();
    return {
      current_kid: after.find((k) => k.status === 'current')!.kid,
      next_kid: after.find((k) => k.status === 'next')?.kid ?? null,
    };
  }

  /** A JWT signed with the current key (its kid in the header). */
  async sign(payload: JWTPayload, expiresInSeconds: number): Promise<string> {
    const current = (await this.published()).find((k) => k.status === 'current')!;
    const jwk = JSON.parse(decryptSecret(this.dataKey, current.private_jwk_sealed)) as JWK;
    const key = await importJWK(jwk, ALG);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, kid: current.kid, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${expiresInSeconds}s`)
      .sign(key);
  }

  /**
   * The client assertion of a client-credentials token request (LTI Advantage security §4.1.1):
   * iss = sub = the client id, aud = the platform's token URL, a fresh jti, 5 minutes.
   */
  clientAssertion(platform: { client_id: string; auth_token_url: string }): Promise<string> {
    return this.sign(
      { iss: platform.client_id, sub: platform.client_id, aud: platform.auth_token_url, jti: randomBytes(16).toString('base64url') },
      300,
    );
  }
}
