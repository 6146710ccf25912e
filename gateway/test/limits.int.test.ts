import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@corestone/contracts';
import { newId } from '@corestone/service-kit';
import { GOOD_PASSWORD, GOOD_USER, LOCKED_USER, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('gwrl');
});
afterAll(async () => {
  await h.close();
});

const login = (gw: FastifyInstance, username: string, password: string, extra: { headers?: Record<string, string>; form?: boolean } = {}) =>
  gw.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { ...(extra.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...extra.headers },
    payload: extra.form ? new URLSearchParams({ username, password }).toString() : { username, password },
  });

describe('sign-in', () => {
  let gw: FastifyInstance;
  beforeAll(async () => {
    gw = await h.gateway();
  });

  it('forwards JSON and form bodies to auth unchanged', async () => {
    const json = await login(gw, GOOD_USER, GOOD_PASSWORD);
    expect(json.statusCode).toBe(200);
    expect(json.json().echoed).toEqual({ username: GOOD_USER, password: GOOD_PASSWORD });
    const form = await login(gw, GOOD_USER, GOOD_PASSWORD, { form: true });
    expect(form.statusCode).toBe(200);
    expect(form.json().echoed).toEqual({ username: GOOD_USER, password: GOOD_PASSWORD });
    expect(h.services.auth.calls.at(-1)!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('answers bad credential bodies itself at once: malformed JSON, an over-long password', async () => {
    const malformed = await gw.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    const long = await login(gw, GOOD_USER, 'x'.repeat(5000));
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/password/);
  });

  it('answers them over a real connection too (a body the gateway parsed is not read again)', async () => {
    const real = await h.gateway();
    const url = await real.listen({ port: 0, host: '127.0.0.1' });
    try {
      const post = (body: string) =>
        fetch(`${url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(5000),
        });
      expect((await post('{"username": ')).status).toBe(400);
      expect((await post(JSON.stringify({ username: GOOD_USER, password: 'x'.repeat(5000) }))).status).toBe(400);
      expect((await post(JSON.stringify({ unexpected: true }))).status).toBeLessThan(500);
      expect((await post(JSON.stringify({ username: GOOD_USER, password: GOOD_PASSWORD }))).status).toBe(200);
    } finally {
      await real.close();
    }
  });

  it("passes auth's lock-out answer (429 with Retry-After) through unchanged", async () => {
    // The per-account lock-out of failed sign-ins is auth's (services/auth); the gateway only relays it.
    const locked = await login(gw, LOCKED_USER, 'whatever');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: 'Too many failed sign-in attempts', code: 'RATE_LIMITED' });
    expect(locked.headers['retry-after']).toBe('120');
  });

  it('keeps its counters in Redis under REDIS_PREFIX without e-mail addresses in the keys', async () => {
    const keys = await h.redis.keys(`${h.run.env.REDIS_PREFIX}*`);
    expect(keys.some((k) => k.startsWith(`${h.run.env.REDIS_PREFIX}gw:rl:login:`))).toBe(true);
    expect(keys.some((k) => k.toLowerCase().includes('example.com'))).toBe(false);
    const other = await h.redis.keys('gw:rl:*');
    expect(other).toEqual([]);
  });

  it('lets a class of 60 behind one address sign in within a minute', async () => {
    const school = await h.gateway({ REDIS_PREFIX: `${h.run.env.REDIS_PREFIX}school:` });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await login(school, GOOD_USER, GOOD_PASSWORD, { headers: { 'x-forwarded-for': '' } })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
  });

  it('has a per-address budget for sign-in attempts', async () => {
    const small = await h.gateway({ RATE_LOGIN_ADDRESS_MAX: '5', REDIS_PREFIX: `${h.run.env.REDIS_PREFIX}small:` });
    for (let i = 0; i < 5; i++) expect((await login(small, `u${i}@example.com`, 'wrong')).statusCode).toBe(401);
    const refused = await login(small, 'u9@example.com', 'wrong');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: Messages.RATE_LIMITED, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never logs passwords, tokens in URLs or the Authorization header', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(chunk.toString()), done()) });
    const logged = await h.gateway({ LOG_LEVEL: 'trace', REDIS_PREFIX: `${h.run.env.REDIS_PREFIX}log:` }, sink);
    const token = await h.keys.sign(newId(), 'student');
    await login(logged, GOOD_USER, 'Secret-Password-123');
    await login(logged, GOOD_USER, 'Form-Secret-456', { form: true });
    await logged.inject({ url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
    await logged.inject({ url: '/api/v1/auth/google/callback?code=google-code-xyz&state=s' });
    await logged.inject({
      url: '/auth/google/callback?access_token=at-secret-1&refresh_token=rt-secret-2&oauth=success',
      headers: { accept: 'text/html' },
    });
    await logged.inject({ url: `/api/v1/users/me?access_token=${token}` });
    const all = lines.join('');
    expect(all).toContain('/api/v1/users/me'); // requests are logged …
    for (const secret of ['Secret-Password-123', 'Form-Secret-456', token, 'google-code-xyz', 'at-secret-1', 'rt-secret-2']) {
      expect(all).not.toContain(secret); // … without their secrets
    }
  });
});

describe('per-address budgets and X-Forwarded-For', () => {
  const signup = (gw: FastifyInstance, xff: string) =>
    gw.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'x-forwarded-for': xff },
      payload: { email: `${newId()}@example.com`, password: 'long-enough' },
    });

  it('ignores X-Forwarded-For by default: one socket address, one budget', async () => {
    const gw = await h.gateway({ RATE_SIGNUP_ADDRESS_MAX: '2', REDIS_PREFIX: `${h.run.env.REDIS_PREFIX}xff1:` });
    expect((await signup(gw, '198.51.100.1')).statusCode).toBe(200);
    expect((await signup(gw, '198.51.100.2')).statusCode).toBe(200);
    const third = await signup(gw, '198.51.100.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
  });

  it('uses X-Forwarded-For when the proxy is trusted', async () => {
    const gw = await h.gateway({ RATE_SIGNUP_ADDRESS_MAX: '2', TRUST_PROXY: '127.0.0.1', REDIS_PREFIX: `${h.run.env.REDIS_PREFIX}xff2:` });
    for (let i = 1; i <= 4; i++) expect((await signup(gw, `198.51.100.${i}`)).statusCode).toBe(200);
    expect((await signup(gw, '198.51.100.9')).statusCode).toBe(200);
    expect((await signup(gw, '198.51.100.9')).statusCode).toBe(200);
    expect((await signup(gw, '198.51.100.9')).statusCode).toBe(429);
    // what the services are told is the address the gateway believes
    expect(h.services.auth.calls.at(-1)!.headers['x-forwarded-for']).toBe('198.51.100.9');
  });

  it('budgets forgot-password and setup-admin per address', async () => {
    const gw = await h.gateway({
      RATE_FORGOT_PASSWORD_ADDRESS_MAX: '1',
      RATE_SETUP_ADMIN_ADDRESS_MAX: '1',
      REDIS_PREFIX: `${h.run.env.REDIS_PREFIX}fp:`,
    });
    const forgot = () => gw.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: 'a@example.com' } });
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(429);
    const setup = () =>
      gw.inject({ method: 'POST', url: '/api/v1/auth/setup-admin', payload: { email: 'a@example.com', password: 'long-enough' } });
    expect((await setup()).statusCode).toBe(200);
    expect((await setup()).statusCode).toBe(429);
  });
});
