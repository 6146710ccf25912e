import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, createHash, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Long-lived secrets: the JWT signing key pair (published as JWKS under its kid), the key that
 * encrypts stored API keys, and the key that derives refresh-token secrets.
 * Production reads them from the environment and refuses to start without them; development
 * generates them once into KEYS_DIR (git-ignored) so they survive restarts and are shared by replicas.
 */
export interface PlatformKeys {
  signingKey: KeyObject;
  publicKey: KeyObject;
  kid: string;
  dataKey: Buffer;
  tokenKey: Buffer;
}

interface KeySource {
  NODE_ENV: string;
  KEYS_DIR: string;
}

const FILES = { signing: 'jwt-signing.pem', data: 'data-encryption.key', token: 'refresh-token.key' };

function readOrCreate(dir: string, file: string, create: () => string): string {
  const full = path.join(dir, file);
  try {
    return waitForContent(full);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written whole to a file of our own, then linked into place: a reader never sees it empty or
  // half written, and when several services start at once exactly one link wins, the others read its key.
  const tmp = `${full}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, create(), { mode: 0o600 });
  try {
    fs.linkSync(tmp, full);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return waitForContent(full);
}

/** The file's text; a key file left empty by an older version's interrupted write is waited for, then refused. */
function waitForContent(full: string): string {
  for (let i = 0; i < 50; i++) {
    const text = fs.readFileSync(full, 'utf8');
    if (text.length > 0) return text;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  throw new Error(`key file ${full} stayed empty`);
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set in production`);
  return value;
}

function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64url').slice(0, 16);
}

export function loadPlatformKeys(config: KeySource, env: NodeJS.ProcessEnv = process.env): PlatformKeys {
  let signingPem: string;
  let dataKey: string;
  let tokenKey: string;
  if (config.NODE_ENV === 'production') {
    signingPem = required(env, 'JWT_PRIVATE_KEY');
    dataKey = required(env, 'DATA_ENCRYPTION_KEY');
    tokenKey = required(env, 'TOKEN_HMAC_KEY');
  } else {
    signingPem = readOrCreate(config.KEYS_DIR, FILES.signing, () =>
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    dataKey = readOrCreate(config.KEYS_DIR, FILES.data, () => randomBytes(32).toString('base64'));
    tokenKey = readOrCreate(config.KEYS_DIR, FILES.token, () => randomBytes(32).toString('base64'));
  }
  let signingKey: KeyObject;
  try {
    signingKey = createPrivateKey(signingPem);
  } catch {
    throw new Error('JWT_PRIVATE_KEY is not a PEM private key');
  }
  const publicKey = createPublicKey(signingKey);
  const data = Buffer.from(dataKey.trim(), 'base64');
  if (data.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  const token = Buffer.from(tokenKey.trim(), 'base64');
  if (token.length < 32) throw new Error('TOKEN_HMAC_KEY must be at least 32 bytes, base64-encoded');
  return {
    signingKey,
    publicKey,
    kid: env.JWT_KEY_ID || keyIdOf(publicKey),
    dataKey: data,
    tokenKey: token,
  };
}
