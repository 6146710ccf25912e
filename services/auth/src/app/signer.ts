import { SignJWT, exportJWK } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type Role } from '@corestone/contracts';
import {
  TOKEN_ALGORITHM,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  createTokenVerifier,
  rememberVerifiedTokens,
  type PlatformKeys,
  type TokenVerifier,
} from '@corestone/service-kit';

export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: string;
  use: string;
}

/** Signs access tokens (EdDSA, 15 min) with the platform key and publishes its public half as JWKS. */
export class AccessTokenSigner {
  private constructor(
    private readonly keys: PlatformKeys,
    readonly jwk: PublicJwk,
  ) {}

  static async create(keys: PlatformKeys): Promise<AccessTokenSigner> {
    const { kty, crv, x } = await exportJWK(keys.publicKey);
    return new AccessTokenSigner(keys, { kty: kty!, crv: crv!, x: x!, kid: keys.kid, alg: TOKEN_ALGORITHM, use: 'sig' });
  }

  get jwks(): { keys: PublicJwk[] } {
    return { keys: [this.jwk] };
  }

  /**
   * Auth verifies bearer tokens against its own JWKS (no HTTP round trip to itself). A token
   * verified once is remembered until it expires (rememberVerifiedTokens): every page load asks
   * /auth/me with the same token.
   */
  verifier(): TokenVerifier {
    return rememberVerifiedTokens(createTokenVerifier({ jwks: this.jwks }));
  }

  sign(userId: string, role: Role, sessionId: string): Promise<string> {
    return new SignJWT({ role, sid: sessionId })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: this.keys.kid, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.keys.signingKey);
  }
}
