import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { ROUTE_POLICY, SERVICES, type Role } from '@corestone/contracts';
import { Type } from '@sinclair/typebox';
import { connectRedis, createServiceApp, loadConfig, newId, TOKEN_AUDIENCE, TOKEN_ISSUER, type Redis } from '@corestone/service-kit';
import { createTestRun, type TestRun } from '@corestone/service-kit/testing';
import { GatewayConfig } from '../src/config';
import { buildApp } from '../src/app';

export interface Call {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface FakeService {
  name: string;
  url: string;
  app: FastifyInstance;
  calls: Call[];
  state: { ready: boolean };
}

/** Keys of the test's own "auth": a JWKS to serve and tokens signed like auth signs them. */
export async function createKeys() {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const kid = 'gw-test';
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' }] };
  const sign = (sub: string, role: Role, opts: { expiresAt?: number; forged?: boolean } = {}) =>
    new SignJWT({ role, sid: newId() })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(opts.expiresAt ? opts.expiresAt - 900 : undefined)
      .setExpirationTime(opts.expiresAt ?? '10m')
      .sign(opts.forged ? other.privateKey : privateKey);
  /** A token claiming `alg: none` with no signature. */
  const unsigned = (sub: string, role: Role) => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    return `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64({ sub, role, sid: newId(), iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 600 })}.`;
  };
  return { jwks, sign, unsigned };
}

export const GOOD_USER = 'Good@Example.com';
export const GOOD_PASSWORD = 'right-password';
/** The fake auth answers this account's sign-ins as auth does for a locked-out account. */
export const LOCKED_USER = 'locked@example.com';
/** Services that declare routes but are not platform processes yet: gateways get their fakes' addresses only with `withExtras`. */
export const NOT_PROCESSES = Object.keys(ROUTE_POLICY).filter((name) => !(name in SERVICES));

/**
 * A stand-in service: answers every path with what it received (path, headers, body size);
 * has the kit's /readyz (switchable) and /openapi.json with one documented route.
 * The fake auth also serves the JWKS and a sign-in that knows one account.
 */
export async function startFakeService(name: string, jwks?: object): Promise<FakeService> {
  const app = createServiceApp({ name: `fake-${name}`, logLevel: 'silent' });
  const calls: Call[] = [];
  const state = { ready: true };
  app.readiness.add('database', async () => {
    if (!state.ready) throw new Error('database down');
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser('*', (_req, payload, done) => {
    let bytes = 0;
    const hash = createHash('sha256');
    payload.on('data', (c: Buffer) => {
      bytes += c.length;
      hash.update(c);
    });
    payload.on('end', () => done(null, { bytes, sha256: hash.digest('hex') }));
    payload.on('error', done);
  });
  const prefix = (ROUTE_POLICY as Record<string, { prefixes: readonly string[] }>)[name]?.prefixes[0] ?? `/${name}`;
  await app.register(async (scope) => {
    scope.get(
      `${prefix}/documented`,
      { schema: { summary: `a documented ${name} route`, response: { 200: Type.Object({ ok: Type.Boolean() }) } } },
      async () => ({ ok: true }),
    );
  });
  if (jwks) {
    app.get('/auth/.well-known/jwks.json', async () => jwks);
    app.post('/auth/login', async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, string>;
      calls.push({ service: name, method: 'POST', url: req.url, headers: req.headers, body });
      if (body.username?.toLowerCase() === GOOD_USER.toLowerCase() && body.password === GOOD_PASSWORD) {
        return { access_token: 'a', refresh_token: 'r', echoed: body };
      }
      if (body.username === LOCKED_USER) {
        return reply.code(429).header('retry-after', '120').send({ detail: 'Too many failed sign-in attempts', code: 'RATE_LIMITED' });
      }
      return reply.code(401).send({ detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' });
    });
  }
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (req, reply) => {
      calls.push({ service: name, method: req.method, url: req.url, headers: req.headers, body: req.body });
      if (req.url.endsWith('/redirect')) return reply.redirect('/somewhere-else', 302);
      return { service: name, method: req.method, url: req.url, body: req.body ?? null };
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { name, url, app, calls, state };
}

/** A URL where nothing listens. */
export async function deadUrl(): Promise<string> {
  const app = createServiceApp({ name: 'dead', logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await app.close();
  return url;
}

export interface Harness {
  run: TestRun;
  redis: Redis;
  services: Record<string, FakeService>;
  keys: Awaited<ReturnType<typeof createKeys>>;
  gateway(env?: Record<string, string>, logStream?: NodeJS.WritableStream, withExtras?: boolean): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * Fake services for every entry of SERVICES and of ROUTE_POLICY, Redis, and a factory of
 * gateways pointing at them (services that are not processes yet only when asked: `withExtras`).
 */
export async function startHarness(label: string): Promise<Harness> {
  const run = createTestRun(label);
  const keys = await createKeys();
  const redis = await connectRedis(run.env.REDIS_URL);
  const services: Record<string, FakeService> = {};
  for (const name of [...Object.keys(SERVICES), ...NOT_PROCESSES])
    services[name] = await startFakeService(name, name === 'auth' ? keys.jwks : undefined);
  const gateways: FastifyInstance[] = [];
  const tmp: string[] = [];
  return {
    run,
    redis,
    services,
    keys,
    async gateway(env = {}, logStream?: NodeJS.WritableStream, withExtras = false) {
      const urls = Object.fromEntries(
        Object.values(services)
          .filter((s) => withExtras || !NOT_PROCESSES.includes(s.name))
          .map((s) => [`${s.name.toUpperCase()}_URL`, s.url]),
      );
      const emptyFrontends = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-fe-'));
      tmp.push(emptyFrontends);
      const config = loadConfig(GatewayConfig, { ...run.env, ...urls, FRONTENDS_DIR: emptyFrontends, ...env });
      const { app } = buildApp({ config, redis, logStream });
      gateways.push(app);
      await app.ready();
      return app;
    },
    async close() {
      for (const g of gateways) await g.close();
      for (const s of Object.values(services)) await s.app.close();
      await redis.quit();
      for (const dir of tmp) fs.rmSync(dir, { recursive: true, force: true });
      await run.cleanup();
    },
  };
}
