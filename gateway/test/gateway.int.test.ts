import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MAX_PASSWORD_LENGTH, ROUTE_POLICY, type ServiceRoutes } from '@corestone/contracts';
import { newId } from '@corestone/service-kit';
import { createTestTokens } from '@corestone/service-kit/testing';
import { COLLECT_BODY_LIMIT } from '../src/routes/bodies';
import { NOT_PROCESSES, deadUrl, startHarness, type Harness } from './helpers';

let h: Harness;
let gw: FastifyInstance;
let token: string;
const bearer = () => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  h = await startHarness('gw');
  gw = await h.gateway({ CORS_ORIGINS: 'https://app.example.org, http://localhost:3000', UPLOAD_BODY_LIMIT_BYTES: String(64 * 1024) });
  token = await h.keys.sign(newId(), 'student');
});
afterAll(async () => {
  await h.close();
});

const lastCall = (service: keyof Harness['services']) => h.services[service].calls.at(-1)!;

describe('routing', () => {
  it.each([
    ['/api/v1/auth/me', 'auth', '/auth/me'],
    ['/api/v1/users/me', 'users', '/users/me'],
    ['/api/v1/users/update-password', 'auth', '/users/update-password'],
    ['/api/v1/users/admin/create-user', 'auth', '/users/admin/create-user'],
    ['/api/v1/users/admin/users/42', 'users', '/users/admin/users/42'],
    ['/api/v1/evaluation/my-evaluations?status=completed', 'evaluation', '/evaluation/my-evaluations?status=completed'],
    ['/api/v1/dashboard/stats', 'evaluation', '/dashboard/stats'],
    ['/api/v1/rubrics/active?rubric_type=ee', 'rubric', '/rubrics/active?rubric_type=ee'],
    ['/api/v1/plans/plans', 'billing', '/plans/plans'],
    ['/api/v1/subscription/current', 'billing', '/subscription/current'],
    ['/api/v1/subscribe/use-credit', 'billing', '/subscribe/use-credit'],
    ['/api/v1/billing/webhooks/stripe', 'billing', '/billing/webhooks/stripe'],
  ])('%s goes to %s as %s', async (url, service, upstreamUrl) => {
    const method = url.includes('update-password')
      ? 'PUT'
      : url.includes('create-user') || url.includes('use-credit') || url.includes('webhook')
        ? 'POST'
        : 'GET';
    const res = await gw.inject({
      method,
      url,
      headers: { ...bearer(), 'content-type': 'application/json' },
      payload: method === 'GET' ? undefined : { a: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service, url: upstreamUrl });
  });

  it('passes the Authorization header, the request id and trace context, and drops Expect', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const res = await gw.inject({
      method: 'POST',
      url: '/api/v1/evaluation/anything',
      headers: {
        ...bearer(),
        'x-request-id': 'req-123',
        traceparent,
        expect: '100-continue',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        'content-type': 'application/json',
      },
      payload: { hello: 'world' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-123');
    const call = lastCall('evaluation');
    expect(call.headers.authorization).toBe(`Bearer ${token}`);
    expect(call.headers['x-request-id']).toBe('req-123');
    expect(call.headers.traceparent).toBe(traceparent);
    expect(call.headers.expect).toBeUndefined();
    expect(call.headers['x-forwarded-for']).toBe('127.0.0.1'); // the client's claims are replaced, not added to
    expect(call.headers['x-forwarded-proto']).toBe('http');
    expect(call.headers['x-forwarded-host']).not.toContain('evil.example');
    expect(call.body).toEqual({ hello: 'world' });
  });

  it('keeps upstream redirects as they are', async () => {
    const res = await gw.inject({ url: '/api/v1/plans/redirect' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/somewhere-else');
  });

  it('answers unknown /api paths with a real 404 envelope', async () => {
    for (const url of ['/api/v1/nothing/here', '/api/v2/auth/me', '/api/unknown', '/api/v1', '/api/v1/usersx/me']) {
      const res = await gw.inject({ url, headers: { ...bearer(), accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'NOT_FOUND' });
    }
    const post = await gw.inject({ method: 'POST', url: '/api/v1/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('refuses a path that escapes its prefix', async () => {
    const res = await gw.inject({ url: '/api/v1/plans/..%2f..%2fusers/me' });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().code).toBeDefined();
  });
});

describe('tokens at the gateway', () => {
  it('lets public routes through without a token', async () => {
    const publicCalls: Array<[string, string]> = [
      ['POST', '/auth/signup'],
      ['POST', '/auth/refresh'],
      ['POST', '/auth/forgot-password'],
      ['POST', '/auth/reset-password'],
      ['GET', '/auth/providers'],
      ['GET', '/auth/google/login'],
      ['GET', '/auth/google/callback?code=abc&state=xyz'],
      ['GET', '/auth/setup-status'],
      ['POST', '/auth/setup-admin'],
      ['GET', '/auth/.well-known/jwks.json'],
      ['GET', '/plans/plans'],
      ['GET', '/users/avatars/abc.png'],
      ['POST', '/billing/webhooks/stripe'],
    ];
    for (const [method, path] of publicCalls) {
      const res = await gw.inject({
        method,
        url: `/api/v1${path}`,
        payload: method === 'POST' ? { email: 'a@b.c', password: 'x'.repeat(8) } : undefined,
      });
      expect([method, path, res.statusCode]).toEqual([method, path, 200]);
    }
  });

  it('refuses protected routes without a valid token (401 envelope) and never forwards them', async () => {
    const expired = await h.keys.sign(newId(), 'student', { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const forged = await h.keys.sign(newId(), 'admin', { forged: true });
    const otherIssuerKey = await (await createTestTokens()).sign(newId(), 'admin');
    const none = h.keys.unsigned(newId(), 'super_admin');
    const cases: Array<[string, Record<string, string>, string]> = [
      ['anonymous', {}, 'UNAUTHENTICATED'],
      ['garbage', { authorization: 'Bearer not.a.token' }, 'UNAUTHENTICATED'],
      ['not bearer', { authorization: `Basic ${token}` }, 'UNAUTHENTICATED'],
      ['expired', { authorization: `Bearer ${expired}` }, 'TOKEN_EXPIRED'],
      ['forged', { authorization: `Bearer ${forged}` }, 'UNAUTHENTICATED'],
      ['unknown key', { authorization: `Bearer ${otherIssuerKey}` }, 'UNAUTHENTICATED'],
      ['alg none', { authorization: `Bearer ${none}` }, 'UNAUTHENTICATED'],
    ];
    const before = h.services.users.calls.length;
    for (const [label, headers, code] of cases) {
      for (const url of ['/api/v1/users/me', '/api/v1/auth/me', '/api/v1/general/privacy-x'.replace('general', 'users')]) {
        const res = await gw.inject({ url, headers });
        expect([label, url, res.statusCode, res.json().code]).toEqual([label, url, 401, code]);
      }
      const put = await gw.inject({
        method: 'PUT',
        url: '/api/v1/users/update-password',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: { current_password: 'a', new_password: 'b' },
      });
      expect([label, put.statusCode]).toEqual([label, 401]);
    }
    expect(h.services.users.calls.length).toBe(before);
  });

  it('does not treat protected methods of partly public paths as public', async () => {
    expect((await gw.inject({ method: 'POST', url: '/api/v1/users/avatars/x.png' })).statusCode).toBe(401);
    expect((await gw.inject({ method: 'GET', url: '/api/v1/billing/webhooks/stripe' })).statusCode).toBe(401);
    expect((await gw.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(401);
    expect((await gw.inject({ method: 'GET', url: '/api/v1/auth/login' })).statusCode).toBe(401);
  });

  it('accepts a valid token and refuses tokens in the query string', async () => {
    expect((await gw.inject({ url: '/api/v1/users/me', headers: bearer() })).statusCode).toBe(200);
    const inQuery = await gw.inject({ url: `/api/v1/users/me?access_token=${token}` });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().detail).toMatch(/Authorization header/);
    const both = await gw.inject({ url: `/api/v1/users/me?token=${token}`, headers: bearer() });
    expect(both.statusCode).toBe(400);
    const publicToo = await gw.inject({ url: `/api/v1/plans/plans?refresh_token=abc` });
    expect(publicToo.statusCode).toBe(400);
  });
});

describe('bodies', () => {
  it('answers 413 from Content-Length before reading the body (and without 100 Continue)', async () => {
    const url = await listenUrl(gw);
    for (const expect100 of [false, true]) {
      const answer = await rawExchange(
        url,
        `POST /api/v1/evaluation/evaluate-async HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${50 * 1024 * 1024}\r\n` +
          (expect100 ? 'Expect: 100-continue\r\n' : '') +
          '\r\n', // no body is sent at all: the answer must come anyway
      );
      expect(answer).toMatch(/^HTTP\/1.1 413/);
      expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
      expect(answer.toLowerCase()).toContain('connection: close');
    }
  });

  it('lets a client that keeps sending its oversized body read the 413 (lingering close, no reset)', async () => {
    // fetch sends the whole body before it reads: without a lingering close some of these end in
    // "fetch failed" (the socket is reset under the unread body) instead of the 413.
    const url = await listenUrl(gw);
    const body = JSON.stringify({ blob: 'x'.repeat(6 * 1024 * 1024) });
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${url}/api/v1/rubrics/validate-criteria`, {
          method: 'POST',
          headers: { ...bearer(), 'content-type': 'application/json' },
          body,
        }).then(
          async (res) => `${res.status} ${((await res.json()) as { code: string }).code}`,
          (err: Error) => `${err.message}: ${(err.cause as NodeJS.ErrnoException | undefined)?.code}`,
        ),
      ),
    );
    expect(outcomes).toEqual(Array(12).fill('413 PAYLOAD_TOO_LARGE'));
  });

  it('applies the small limit to other routes and the upload limit to uploads', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const small = await gw.inject({
      method: 'POST',
      url: '/api/v1/rubrics/validate-criteria',
      headers: { ...bearer(), 'content-type': 'text/plain' },
      payload: big,
    });
    expect(small.statusCode).toBe(413);
    expect(small.json().code).toBe('PAYLOAD_TOO_LARGE');
    const upload = await gw.inject({
      method: 'POST',
      url: '/api/v1/evaluation/evaluate-async',
      headers: { ...bearer(), 'content-type': 'application/octet-stream' },
      payload: 'y'.repeat(60 * 1024),
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().body).toMatchObject({ bytes: 60 * 1024 });
  });

  it('forwards bodies byte for byte: short ones read whole, long ones streamed', async () => {
    const roomy = await h.gateway({ UPLOAD_BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
    const url = await listenUrl(roomy);
    for (const size of [1, 30 * 1024, COLLECT_BODY_LIMIT, COLLECT_BODY_LIMIT + 1, 1024 * 1024]) {
      const body = randomBytes(size);
      const res = await fetch(`${url}/api/v1/evaluation/evaluate-async`, {
        method: 'POST',
        headers: { ...bearer(), 'content-type': 'application/octet-stream' },
        body,
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { body: unknown }).body).toEqual({
        bytes: size,
        sha256: createHash('sha256').update(body).digest('hex'),
      });
    }
  });

  it('forwards nothing of a short body the client stops sending, and goes on answering', async () => {
    const url = await listenUrl(gw);
    const before = h.services.evaluation.calls.length;
    const head =
      `POST /api/v1/evaluation/evaluate-async HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/octet-stream\r\nContent-Length: ${30 * 1024}\r\n\r\n`;
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(new URL(url).port), '127.0.0.1', () => socket.end(head + 'z'.repeat(10 * 1024)));
      socket.on('error', reject);
      socket.on('close', () => resolve());
      socket.resume();
    });
    const after = await fetch(`${url}/api/v1/evaluation/after-a-cut`, { method: 'POST', headers: bearer(), body: 'ok' });
    expect(after.status).toBe(200);
    expect(h.services.evaluation.calls.slice(before).map((c) => c.url)).toEqual(['/evaluation/after-a-cut']);
  });

  it('stops a chunked upload without Content-Length once it passes the limit', async () => {
    const url = await listenUrl(gw);
    const before = h.services.evaluation.calls.length;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${url}/api/v1/evaluation/evaluate-async`,
        { method: 'POST', headers: { ...bearer(), 'content-type': 'application/octet-stream' } },
        (r) => {
          let body = '';
          r.on('data', (c) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode!, body }));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const chunk = Buffer.alloc(16 * 1024, 1);
      const pump = () => {
        while (sent < 256 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).code).toBe('PAYLOAD_TOO_LARGE');
    expect(h.services.evaluation.calls.slice(before).some((c) => (c.body as { bytes?: number })?.bytes === 256 * 1024)).toBe(false);
  });

  it('caps passwords on the routes that carry them, JSON or form', async () => {
    const long = 'p'.repeat(MAX_PASSWORD_LENGTH + 1);
    const json = await gw.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'a@b.c', password: long } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ detail: `password: must be at most ${MAX_PASSWORD_LENGTH} characters`, code: 'VALIDATION_ERROR' });
    const form = await gw.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: 't', new_password: long }).toString(),
    });
    expect(form.statusCode).toBe(400);
    const ok = await gw.inject({
      method: 'PUT',
      url: '/api/v1/users/update-password',
      headers: bearer(),
      payload: { current_password: 'a', new_password: 'p'.repeat(MAX_PASSWORD_LENGTH) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ service: 'auth', url: '/users/update-password' });
    expect(lastCall('auth').headers.authorization).toBe(`Bearer ${token}`);
    const odd = await gw.inject({ method: 'POST', url: '/api/v1/auth/signup', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(odd.statusCode).toBe(415);
    expect(odd.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await gw.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('browser-facing headers', () => {
  it('allows exactly the configured origins', async () => {
    const allowed = await gw.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/me',
      headers: {
        origin: 'https://app.example.org',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.org');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    const get = await gw.inject({ url: '/api/v1/users/me', headers: { ...bearer(), origin: 'http://localhost:3000' } });
    expect(get.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    for (const origin of ['https://evil.example.org', 'https://app.example.org.evil.com', 'http://app.example.org', 'null']) {
      const res = await gw.inject({
        method: 'OPTIONS',
        url: '/api/v1/users/me',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect([origin, res.headers['access-control-allow-origin']]).toEqual([origin, undefined]);
    }
  });

  it('answers CORS only to requests with an Origin, says Vary: Origin on every answer, and answers preflights before any token check', async () => {
    const plain = await gw.inject({ url: '/api/v1/plans/plans' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.vary).toBe('Origin');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers['access-control-allow-credentials']).toBeUndefined();

    const cross = await gw.inject({ url: '/api/v1/plans/plans', headers: { origin: 'https://app.example.org' } });
    expect(cross.headers['access-control-allow-origin']).toBe('https://app.example.org');
    expect(cross.headers['access-control-allow-credentials']).toBe('true');
    expect(cross.headers['access-control-expose-headers']).toBe('x-request-id, retry-after, content-disposition');
    const other = await gw.inject({ url: '/api/v1/plans/plans', headers: { origin: 'https://evil.example.org' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    // A protected route: the preflight carries no token and is answered here, not forwarded.
    const preflight = await gw.inject({
      method: 'OPTIONS',
      url: '/api/v1/evaluation/evaluate-async',
      headers: {
        origin: 'https://app.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.body).toBe('');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization, content-type, x-request-id');
    expect(preflight.headers['access-control-max-age']).toBe('600');
    expect(preflight.headers.vary).toBe('Origin');

    for (const headers of [{}, { origin: 'https://app.example.org' }, { 'access-control-request-method': 'GET' }]) {
      const bad = await gw.inject({ method: 'OPTIONS', url: '/api/v1/users/me', headers });
      expect([headers, bad.statusCode, bad.json().code]).toEqual([headers, 400, 'VALIDATION_ERROR']);
      expect(bad.json().detail).toMatch(/preflight/);
    }
  });

  it('sends Referrer-Policy no-referrer and the CSP on API and page responses', async () => {
    for (const url of ['/api/v1/plans/plans', '/', '/livez']) {
      const res = await gw.inject({ url });
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const csp = String(res.headers['content-security-policy']);
      for (const part of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
      ]) {
        expect(csp).toContain(part);
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('lets the registered LMS origins frame the app and receive its forms (LTI_PLATFORM_ORIGINS, issue 32)', async () => {
    const framed = await h.gateway({ LTI_PLATFORM_ORIGINS: 'https://school.instructure.com, https://moodle.example.org' });
    for (const url of ['/', '/api/v1/lti/jwks']) {
      const res = await framed.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self' https://school.instructure.com https://moodle.example.org");
      expect(csp).toContain("form-action 'self' https://school.instructure.com https://moodle.example.org");
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    await framed.close();
  });
});

describe('health', () => {
  it('has its own livez and readyz', async () => {
    expect((await gw.inject({ url: '/livez' })).statusCode).toBe(200);
    const ready = await gw.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toHaveProperty('redis', null);
  });

  it('answers 200 when every service is ready and 503 naming those that are not', async () => {
    const ok = await gw.inject({ url: '/api/v1/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: 'ok',
      services: {
        auth: { ready: true },
        users: { ready: true },
        evaluation: { ready: true },
        grading: { ready: true },
        rubric: { ready: true },
        billing: { ready: true },
        content: { ready: true },
        links: { ready: true },
        schools: { ready: true },
      },
      not_ready: [],
    });
    h.services.grading.state.ready = false;
    try {
      const down = await gw.inject({ url: '/api/v1/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json().not_ready).toEqual(['grading']);
      expect(down.json().status).toBe('degraded');
      expect(down.json().services.grading).toEqual({ ready: false, detail: expect.stringContaining('database down') });
    } finally {
      h.services.grading.state.ready = true;
    }
  });
});

describe('a service that is down', () => {
  let broken: FastifyInstance;
  beforeAll(async () => {
    broken = await h.gateway({ BILLING_URL: await deadUrl() });
  });

  it('turns into 503 envelopes, not 500', async () => {
    const res = await broken.inject({ url: '/api/v1/plans/plans' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'The billing service is unavailable. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
    const post = await broken.inject({
      method: 'POST',
      url: '/api/v1/subscription/cancel-subscription',
      headers: bearer(),
      payload: { a: 1 },
    });
    expect(post.statusCode).toBe(503);
  });

  it('is named by the platform health', async () => {
    const res = await broken.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().not_ready).toEqual(['billing']);
    expect(res.json().services.billing.detail).toMatch(/unreachable/);
  });

  it('is skipped by the docs, which say so', async () => {
    const doc = (await broken.inject({ url: '/api/docs/json' })).json();
    expect(doc.info.description).toContain('billing');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/v1/plans'))).toBe(false);
    expect(doc.paths['/api/v1/users/documented']).toBeDefined();
  });
});

describe('docs', () => {
  it('merges every service document under /api/v1, tagged by service', async () => {
    const res = await gw.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/documented'].get.tags).toEqual(['auth']);
    expect(doc.paths['/api/v1/users/documented'].get.tags).toEqual(['users']);
    expect(doc.paths['/api/v1/rubrics/documented'].get.tags).toEqual(['rubric']);
    expect(doc.paths['/api/v1/plans/documented'].get).toMatchObject({ tags: ['billing'], security: [] });
    expect(doc.paths['/api/v1/evaluation/documented'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/health'].get.tags).toEqual(['gateway']);
    expect(Object.keys(doc.paths).some((p) => p.includes('readyz') || p.includes('openapi'))).toBe(false);
    expect(doc.info.description).toContain('All services answered');
    const page = await gw.inject({ url: '/api/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('services that declare routes before they are platform processes (content, links)', () => {
  it('are not routed while their address is not set', async () => {
    // Once a service becomes a platform process (in SERVICES) it always has an address; the
    // mechanism itself is covered by the route-table unit test ("leaves out the services …").
    for (const name of NOT_PROCESSES) {
      const url = `/api/v1${(ROUTE_POLICY as Record<string, ServiceRoutes>)[name].prefixes[0]}/x`;
      const res = await gw.inject({ url, headers: bearer() });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('are forwarded with their declared policies once CONTENT_URL and LINKS_URL are set', async () => {
    const both = await h.gateway({ REDIS_PREFIX: `${h.run.env.REDIS_PREFIX}extras:` }, undefined, true);
    const call = (method: string, url: string, headers: Record<string, string> = {}) =>
      both.inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: method === 'GET' ? undefined : {},
      });
    expect((await call('GET', '/general/privacy')).json()).toMatchObject({ service: 'content', url: '/general/privacy' });
    expect((await call('PUT', '/general/privacy')).statusCode).toBe(401);
    expect((await call('PUT', '/general/privacy', bearer())).json()).toMatchObject({ service: 'content' });
    expect((await call('GET', '/external_links/public')).json()).toMatchObject({ service: 'links', url: '/external_links/public' });
    expect((await call('POST', '/external_links/0190/click')).json()).toMatchObject({ service: 'links' });
    for (const [method, url] of [
      ['GET', '/external_links'],
      ['GET', '/external_links/0190'],
      ['DELETE', '/external_links/0190'],
      ['GET', '/external_links/export'],
    ]) {
      expect([method, url, (await call(method, url)).statusCode]).toEqual([method, url, 401]);
    }
    const health = (await both.inject({ url: '/api/v1/health' })).json();
    expect(Object.keys(health.services)).toEqual(expect.arrayContaining(['content', 'links']));
  });
});

/** Writes a raw HTTP request head and reads until the server has answered with a JSON body. */
function rawExchange(url: string, head: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(head));
    let data = '';
    socket.on('data', (c) => {
      data += c.toString();
      if (data.includes('\r\n\r\n') && data.trimEnd().endsWith('}')) socket.end();
    });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

async function listenUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
