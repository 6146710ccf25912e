import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@corestone/service-kit';

/**
 * Refresh tokens are `<id>.<secret>` where secret = HMAC-SHA256(tokenKey, id), base64url.
 * Only the id is stored; the secret proves the token came from us.
 */
export function refreshSecret(tokenKey: Buffer, id: string): string {
  return createHmac('sha256', tokenKey).update(`refresh:${id}`).digest('base64url');
}

export function formatRefreshToken(tokenKey: Buffer, id: string): string {
  return `${id}.${refreshSecret(tokenKey, id)}`;
}

/** The token's id when its secret matches, else null (constant-time comparison). */
export function parseRefreshToken(tokenKey: Buffer, token: string): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  if (!isUuid(id)) return null;
  const expected = Buffer.from(refreshSecret(tokenKey, id));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return id;
}

/** Password-reset tokens: random, sent by mail, stored only as a SHA-256 hash. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time string comparison (setup token). */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y) && a.length === b.length;
}
