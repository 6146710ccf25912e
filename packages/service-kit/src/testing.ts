import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createClient } from 'redis';
import { streamName, type EventEnvelope, type User } from '@corestone/contracts';
import type { Bus } from './nats';

/**
 * Isolation for integration tests against the real servers: each run gets its own schema
 * prefix, NATS subject/stream prefix and Redis key prefix, and removes them afterwards.
 */
export interface TestRun {
  id: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/corestone_test';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function createTestRun(label = 't'): TestRun {
  const id = `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: TEST_DATABASE_URL,
    PG_SCHEMA_PREFIX: `${id}_`,
    NATS_URL: TEST_NATS_URL,
    NATS_PREFIX: id,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `${id}:`,
    KEYS_DIR: path.join(os.tmpdir(), `corestone-keys-${id}`),
  };
  return { id, env, cleanup: () => cleanupTestRun(id) };
}

async function cleanupTestRun(id: string): Promise<void> {
  fs.rmSync(path.join(os.tmpdir(), `corestone-keys-${id}`), { recursive: true, force: true });
  const pg = new Client({ connectionString: TEST_DATABASE_URL });
  await pg.connect().then(
    async () => {
      const { rows } = await pg.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`${id}\\_%`]);
      for (const r of rows) await pg.query(`DROP SCHEMA "${r.nspname}" CASCADE`);
      await pg.end();
    },
    () => undefined,
  );
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const mine = streamName(id, '');
    for await (const s of jsm.streams.list()) if (s.config.name.startsWith(mine)) await jsm.streams.delete(s.config.name);
  } finally {
    await nc.close();
  }
  const redis = createClient({ url: TEST_REDIS_URL });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `${id}:*`, COUNT: 500 })) {
      const list = Array.isArray(keys) ? keys : [keys];
      if (list.length) await redis.del(list);
    }
  } finally {
    await redis.quit();
  }
}

import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, exportJWK } from 'jose';
import type { Role } from '@corestone/contracts';
import { createTokenVerifier, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenVerifier } from './auth';
import { newId } from './ids';

/** A key pair of the test's own: mints access tokens like auth does, and a verifier for them. */
export async function createTestTokens(): Promise<{ verify: TokenVerifier; sign(sub: string, role: Role, sid?: string): Promise<string> }> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'EdDSA', use: 'sig' };
  return {
    verify: createTokenVerifier({ jwks: { keys: [jwk] } }),
    sign: (sub, role, sid = newId()) =>
      new SignJWT({ role, sid })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
        .setSubject(sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
  };
}
/**
 * A users-service view of an account (`User` from the contracts), for stand-ins of the users
 * service in other services' tests: defaults of a new free account, `name` from the names.
 */
export function testUserView(fields: Pick<User, 'id' | 'email' | 'role'> & Partial<User>): User {
  const now = new Date().toISOString();
  const first_name = fields.first_name ?? 'Test';
  const last_name = fields.last_name ?? 'User';
  return {
    user_id: fields.id,
    name: `${first_name} ${last_name}`.trim(),
    first_name,
    last_name,
    display_name: null,
    user_type: fields.role,
    is_active: true,
    is_anonymous: false,
    avatar: null,
    subscription_plan: 'free',
    subscription_status: 'active',
    essay_credits: 1,
    max_essay_credits: 1,
    chatbot_count: 0,
    max_chatbot: 10,
    assigned_personas: [],
    openai_api_key: null,
    school: null,
    createdAt: now,
    created_at: now,
    ...fields,
  };
}

/** Every event stored in one service's stream of the run, in order, with the subject it went out on. */
export async function storedEvents<T = unknown>(bus: Bus, service: string): Promise<Array<EventEnvelope<T> & { subject: string }>> {
  const name = streamName(bus.prefix, service);
  const info = await bus.jsm.streams.info(name).catch(() => null);
  if (!info) return [];
  const out: Array<EventEnvelope<T> & { subject: string }> = [];
  for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq++) {
    const msg = await bus.jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (msg) out.push({ ...msg.json<EventEnvelope<T>>(), subject: msg.subject });
  }
  return out;
}

export * from './own-servers';

/** A mail the kit's Mailer wrote to a MAIL_DIR folder (no SMTP_URL), read back for a test. */
export interface WrittenMail {
  file: string;
  /** The whole message, quoted-printable decoded (soft line breaks joined, =XX as UTF-8). */
  raw: string;
  /** Header values, unfolded, encoded words decoded. */
  to: string;
  subject: string;
}

/** =XX sequences as UTF-8 bytes; `underscores` (encoded words' Q) turns _ into a space. */
const decodeQuoted = (s: string, underscores = false) =>
  Buffer.from(
    (underscores ? s.replace(/_/g, ' ') : s).replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), adjacent ones joined. */
const decodeHeader = (v: string) =>
  v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuoted(text, true),
    );

/** The mails written to a MAIL_DIR folder, oldest file name first (file names are UUIDv7s). */
export function writtenMails(dir: string): WrittenMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const headers = text.slice(0, text.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1]?.trim() ?? '');
      return { file, raw: decodeQuoted(text.replace(/=\r?\n/g, '')), to: header('To'), subject: header('Subject') };
    });
}
export * from './nats-cluster';
