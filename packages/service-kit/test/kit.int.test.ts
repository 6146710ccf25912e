import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, exportJWK } from 'jose';
import { Type } from '@sinclair/typebox';
import { Events, Rpc, streamName } from '@corestone/contracts';
import {
  HttpError,
  badRequest,
  callRpc,
  connectBus,
  createServiceApp,
  createTokenVerifier,
  enqueueEvent,
  markProcessed,
  newId,
  openDatabase,
  serveRpc,
  startConsumer,
  startOutboxRelay,
  withTransaction,
  type Bus,
  type Database,
} from '@corestone/service-kit';
import { createTestRun } from '../src/testing';

const run = createTestRun('kit');
let db: Database;
let bus: Bus;
const log = createServiceApp({ name: 'kit-test', logLevel: 'silent' }).log;

beforeAll(async () => {
  db = await openDatabase({
    url: run.env.DATABASE_URL,
    schema: `${run.id}_kit`,
    migrations: [{ id: '001', sql: 'CREATE TABLE things (id uuid primary key)' }],
  });
  bus = await connectBus({ url: run.env.NATS_URL, prefix: run.env.NATS_PREFIX, name: 'kit-test' });
});
afterAll(async () => {
  await bus.close();
  await db.close();
  await run.cleanup();
});

describe('app envelope', () => {
  const app = createServiceApp({ name: 't', logLevel: 'silent' });
  app.post('/v', { schema: { body: Type.Object({ email: Type.String({ format: 'email' }) }) } }, async (req) => req.body);
  app.get('/boom', async () => {
    throw new Error('secret internals');
  });
  app.get('/refuse', async () => {
    throw badRequest('nope', 'NOPE');
  });

  it('answers validation errors, 404s, refusals and crashes with {detail, code}', async () => {
    const v = await app.inject({ method: 'POST', url: '/v', payload: { email: 'x' } });
    expect(v.statusCode).toBe(400);
    expect(v.json()).toEqual({ detail: expect.stringContaining('email'), code: 'VALIDATION_ERROR' });
    const bad = await app.inject({ method: 'POST', url: '/v', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeDefined();
    expect((await app.inject('/nope')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await app.inject('/refuse')).json()).toEqual({ detail: 'nope', code: 'NOPE' });
    const boom = await app.inject('/boom');
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret');
  });

  it('strips unknown fields', async () => {
    const r = await app.inject({ method: 'POST', url: '/v', payload: { email: 'a@b.co', extra: 1 } });
    expect(r.json()).toEqual({ email: 'a@b.co' });
  });
});

describe('token verifier', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519');
  let verify: ReturnType<typeof createTokenVerifier>;
  beforeAll(async () => {
    verify = createTokenVerifier({ jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' }] } });
  });
  const sign = (key = privateKey, exp = '5m') =>
    new SignJWT({ role: 'student', sid: 's1' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setSubject('u1')
      .setIssuer('corestone-auth')
      .setAudience('corestone')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key);

  it('accepts our tokens and refuses forged, none-alg and expired ones', async () => {
    await expect(verify(await sign())).resolves.toEqual({ id: 'u1', role: 'student', sessionId: 's1' });
    await expect(verify(await sign(other.privateKey))).rejects.toBeInstanceOf(HttpError);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 'u1', role: 'admin', sid: 's', iss: 'corestone-auth', aud: 'corestone', exp: 9999999999 }),
    ).toString('base64url')}.`;
    await expect(verify(none)).rejects.toMatchObject({ statusCode: 401 });
    await expect(verify(await sign(privateKey, '-1m'))).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});

describe('outbox, consumer and rpc against real NATS and Postgres', () => {
  it('relays an outbox event once and a consumer handles it idempotently', async () => {
    const seen: string[] = [];
    const consumer = await startConsumer({
      bus,
      stream: 'users',
      durable: 'kit-test',
      subjects: [Events.usersDeleted.subject],
      logger: log,
      handler: async (event) => {
        if (await markProcessed(db.pool, 'kit-test', event.id)) seen.push((event.data as { user_id: string }).user_id);
      },
    });
    const { ensureStream } = await import('@corestone/service-kit');
    await ensureStream(bus, 'users');
    const relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger: log });
    const id = newId();
    await withTransaction(db.pool, (c) => enqueueEvent(c, Events.usersDeleted, { user_id: 'u-42' }, id));
    await relay.flush();
    for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual(['u-42']);
    const left = await db.pool.query('SELECT count(*)::int AS n FROM outbox');
    expect(left.rows[0].n).toBe(0);
    await relay.stop();
    await consumer.stop();
  });

  it('dead-letters a message that keeps failing, after maxDeliver tries', async () => {
    const tries: number[] = [];
    const dead: string[] = [];
    const consumer = await startConsumer({
      bus,
      stream: 'users',
      durable: 'kit-poison',
      subjects: [Events.usersCreated.subject],
      logger: log,
      maxDeliver: 3,
      backoffMs: () => 50,
      handler: async (_e, msg) => {
        tries.push(msg.info.deliveryCount);
        throw new Error('always fails');
      },
      onDeadLetter: async (event, error) => void dead.push(`${event?.type}:${error}`),
    });
    const { publishEvent } = await import('@corestone/service-kit');
    await publishEvent(bus, Events.usersCreated, { user_id: 'u', email: 'e@x.io', role: 'student', first_name: 'a', last_name: 'b' });
    for (let i = 0; i < 100 && dead.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(tries).toEqual([1, 2, 3]);
    expect(dead).toEqual(['users.created.v1:always fails']);
    // Terminated, not left pending (it would be redelivered after ack_wait).
    let pending = -1;
    for (let i = 0; i < 50 && pending !== 0; i++) {
      pending = (await bus.jsm.consumers.info(streamName(bus.prefix, 'users'), 'kit-poison')).num_ack_pending;
      if (pending !== 0) await new Promise((r) => setTimeout(r, 50));
    }
    await consumer.stop();
    expect(pending).toBe(0);
  });

  it('rpc answers results and carries refusals as HttpError', async () => {
    const sub = serveRpc(
      bus,
      Rpc.billingGetAccount,
      async ({ user_id }) => {
        if (user_id === 'missing') throw new HttpError(404, 'NOT_FOUND', 'no such account');
        return {
          account: {
            user_id,
            essay_credits: 1,
            max_essay_credits: 1,
            subscription_plan: 'free',
            subscription_status: 'active',
            version: 1,
          },
        };
      },
      log,
    );
    await expect(callRpc(bus, Rpc.billingGetAccount, { user_id: 'u1' })).resolves.toMatchObject({ account: { user_id: 'u1' } });
    await expect(callRpc(bus, Rpc.billingGetAccount, { user_id: 'missing' })).rejects.toMatchObject({
      statusCode: 404,
      detail: 'no such account',
    });
    sub.unsubscribe();
    await expect(callRpc(bus, Rpc.billingGetAccount, { user_id: 'u1' }, { timeoutMs: 300 })).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('database input errors', () => {
  it('answers a Postgres data exception (a NUL byte in text) with 400, not 500', async () => {
    const app = createServiceApp({ name: 't', logLevel: 'silent' });
    app.post('/store', async (req) => {
      await db.pool.query('SELECT $1::text AS v', [(req.body as { v: string }).v]);
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/store', payload: { v: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});
