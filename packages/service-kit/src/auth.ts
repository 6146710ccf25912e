import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  type JWTVerifyGetKey,
  type JSONWebKeySet,
} from 'jose';
import { Codes, Messages, ROLES, type Role } from '@corestone/contracts';
import { HttpError, forbidden, unauthorized } from './errors';

export const TOKEN_ISSUER = 'corestone-auth';
export const TOKEN_AUDIENCE = 'corestone';
export const JWKS_PATH = '/auth/.well-known/jwks.json';
export const TOKEN_ALGORITHM = 'EdDSA';

export interface Principal {
  id: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type TokenVerifier = (token: string) => Promise<Principal>;

/**
 * Verifies access tokens: EdDSA only (a token with another algorithm, `none` included, is refused),
 * our issuer and audience, not expired. Keys come from auth's JWKS (cached, refreshed on unknown kid).
 */
export function createTokenVerifier(source: { authUrl: string } | { jwks: JSONWebKeySet }): TokenVerifier {
  const keys: JWTVerifyGetKey =
    'jwks' in source
      ? createLocalJWKSet(source.jwks)
      : createRemoteJWKSet(new URL(JWKS_PATH, source.authUrl), { cooldownDuration: 5_000, cacheMaxAge: 10 * 60_000 });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      });
      const role = payload.role as Role;
      if (typeof payload.sub !== 'string' || !ROLES.includes(role) || typeof payload.sid !== 'string') {
        throw unauthorized(Messages.INVALID_TOKEN);
      }
      return { id: payload.sub, role, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw unauthorized(Messages.TOKEN_EXPIRED, Codes.TOKEN_EXPIRED);
      if (err instanceof joseErrors.JOSEError) throw unauthorized(Messages.INVALID_TOKEN);
      throw new HttpError(503, Codes.UNAVAILABLE, 'token keys unavailable');
    }
  };
}

/** Reads the bearer token from the Authorization header only (never the query string). */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** Decorates every request with `principal` (null when there is no valid bearer token). */
export function registerAuth(app: FastifyInstance, verify: TokenVerifier): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (!token) return;
    // A present but bad token is an error even on routes that also serve anonymous callers.
    req.principal = await verify(token);
  });
}

export const requireAuth: preHandlerAsyncHookHandler = async (req) => {
  if (!req.principal) throw unauthorized();
};

export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (req) => {
    if (!req.principal) throw unauthorized();
    if (!roles.includes(req.principal.role)) throw forbidden();
  };
}

export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

/**
 * Remembers tokens that passed verification, by their exact text, until their `exp` (at most
 * `max` of them, oldest forgotten first), so a repeated token costs a map look-up instead of a
 * signature check. Only successes are kept; the principal is exactly what verification gave.
 * Trade-off: a remembered token stays accepted until its `exp` (at most 15 minutes) even if the key
 * that signed it is withdrawn meanwhile. Opt-in: auth uses it for its own key, the gateway and the
 * services through serviceTokenVerifier.
 */
export function rememberVerifiedTokens(verify: TokenVerifier, max = 10_000, now = () => Date.now()): TokenVerifier {
  const known = new Map<string, { principal: Principal; expiresAt: number }>();
  return async (token) => {
    const hit = known.get(token);
    if (hit) {
      if (now() < hit.expiresAt) return hit.principal;
      known.delete(token);
    }
    const principal = await verify(token);
    const exp = expiryOf(token);
    if (exp !== null && now() < exp) {
      if (known.size >= max) known.delete(known.keys().next().value!);
      known.set(token, { principal, expiresAt: exp });
    }
    return principal;
  };
}

/** `exp` of a token that has just verified (milliseconds), or null. */
function expiryOf(token: string): number | null {
  try {
    const exp = (decodeJwt(token) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * A service's verifier of access tokens: auth's published keys (JWKS at `authUrl`), each token
 * checked once and remembered until it expires (rememberVerifiedTokens: a page load or an upload
 * repeats the token the gateway has just checked, and an Ed25519 check costs far more than a look-up).
 */
export function serviceTokenVerifier(authUrl: string): TokenVerifier {
  return rememberVerifiedTokens(createTokenVerifier({ authUrl }));
}
