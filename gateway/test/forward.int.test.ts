import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { newId } from '@corestone/service-kit';
import { COLLECT_LIMIT, escapesPrefix } from '../src/routes/forward';
import { startHarness, type Harness } from './helpers';

/**
 * The forwarding itself (routes/forward.ts) against a plain Node upstream standing in for billing
 * (`/api/v1/plans/*` is public, so no token is needed): streamed and collected answers, HEAD,
 * hop-by-hop headers, the one retry, timeouts, a client leaving early, escaping paths.
 */
let h: Harness;
let gw: FastifyInstance;
let slow: FastifyInstance;
let upstream: http.Server;
let gwUrl: string;
const logLines: string[] = [];
/** What the upstream saw, per path. */
const seen: Record<string, { headers: http.IncomingHttpHeaders; aborted?: boolean; attempts: number }> = {};
const big = Buffer.alloc(COLLECT_LIMIT * 4 + 123, 'b');
/** Streams of /plans/events still open (ended by the test). */
const openStreams: http.ServerResponse[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const entry = (seen[path] ??= { headers: req.headers, attempts: 0 });
    entry.headers = req.headers;
    entry.attempts++;
    req.resume();
    switch (path) {
      case '/plans/events': // server-sent events: no Content-Length, open until the test ends it
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('data: first\n\n');
        openStreams.push(res);
        res.on('close', () => (entry.aborted = !res.writableEnded));
        return;
      case '/plans/big':
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(big.length) });
        return void res.end(big);
      case '/plans/hop':
        res.writeHead(200, [
          ['content-type', 'application/json'],
          ['connection', 'keep-alive, x-upstream-private'],
          ['x-upstream-private', 'hop'],
          ['keep-alive', 'timeout=5'],
          ['set-cookie', 'a=1; Path=/'],
          ['set-cookie', 'b=2; Path=/'],
        ]);
        return void res.end('{"ok":true}');
      case '/plans/flaky': // the first attempt loses its connection before any answer
        if (entry.attempts === 1) return void req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(`{"attempts":${entry.attempts}}`);
      case '/plans/slow':
        return void setTimeout(() => res.end('late'), 1500).unref();
      case '/plans/no-content':
        res.writeHead(204);
        return void res.end();
      default:
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' });
        return void res.end(req.method === 'HEAD' ? undefined : '{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  h = await startHarness('gwfwd');
  const sink = new Writable({ write: (chunk, _enc, done) => (logLines.push(chunk.toString()), done()) });
  gw = await h.gateway({ BILLING_URL: upstreamUrl, LOG_LEVEL: 'info' }, sink);
  slow = await h.gateway({ BILLING_URL: upstreamUrl, UPSTREAM_HEADERS_TIMEOUT_MS: '300' });
  await gw.listen({ port: 0, host: '127.0.0.1' });
  gwUrl = `http://127.0.0.1:${(gw.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of openStreams) res.end();
  await h.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

/** A GET through the gateway's socket, resolving at the first body chunk, with a function to read the rest. */
function firstChunk(path: string): Promise<{ res: http.IncomingMessage; chunk: string; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${gwUrl}${path}`, (res) => res.once('data', (c: Buffer) => resolve({ res, chunk: c.toString(), req })));
    req.on('error', reject);
  });
}

describe('forwarding', () => {
  it('streams an answer without Content-Length as it comes (server-sent events)', async () => {
    const { res, chunk, req } = await firstChunk('/api/v1/plans/events');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(chunk).toBe('data: first\n\n'); // arrived while the upstream answer is still open
    expect(res.headers['referrer-policy']).toBe('no-referrer'); // the gateway's own headers too
    req.destroy();
  });

  it('passes a long answer through whole, with its Content-Length', async () => {
    const res = await fetch(`${gwUrl}/api/v1/plans/big`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(big.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
  });

  it('answers HEAD with the upstream Content-Length and no body, and 204 with neither', async () => {
    const head = await gw.inject({ method: 'HEAD', url: '/api/v1/plans/plans' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('11');
    expect(head.body).toBe('');
    expect(seen['/plans/plans'].headers).toBeDefined();
    const none = await gw.inject({ url: '/api/v1/plans/no-content' });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
  });

  it('drops hop-by-hop headers both ways, and keeps every Set-Cookie', async () => {
    // (fetch refuses to send a Connection header: a plain request does)
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(
        `${gwUrl}/api/v1/plans/hop`,
        { headers: { connection: 'keep-alive, x-client-private', 'x-client-private': 'hop', 'x-kept': 'yes' } },
        (r) => r.resume().on('end', () => resolve(r)),
      );
      req.on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-upstream-private']).toBeUndefined();
    expect(res.headers['keep-alive']).not.toBe('timeout=5');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const sent = seen['/plans/hop'].headers;
    expect(sent['x-client-private']).toBeUndefined();
    expect(sent['x-kept']).toBe('yes');
    expect(sent['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('sends a GET again once when its connection is closed under it, and never a POST', async () => {
    const res = await gw.inject({ url: '/api/v1/plans/flaky?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ attempts: 2 });
    delete seen['/plans/flaky'];
    const post = await gw.inject({ method: 'POST', url: '/api/v1/plans/flaky', payload: { a: 1 } });
    expect(post.statusCode).toBe(503);
    expect(post.json()).toEqual({ detail: 'The billing service is unavailable. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
    expect(seen['/plans/flaky'].attempts).toBe(1);
  });

  it('answers 504 when the service does not start answering in time', async () => {
    const res = await slow.inject({ url: '/api/v1/plans/slow' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ detail: 'The billing service did not answer in time. Please try again.', code: 'SERVICE_UNAVAILABLE' });
  });

  it('ends the upstream call when the client leaves a stream early, and logs no error', async () => {
    delete seen['/plans/events'];
    const { req } = await firstChunk('/api/v1/plans/events');
    req.destroy();
    for (let i = 0; i < 50 && seen['/plans/events'].aborted === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen['/plans/events'].aborted).toBe(true);
    const errors = logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
  });

  it('refuses paths that would leave their prefix at the service', async () => {
    const token = await h.keys.sign(newId(), 'student');
    const before = Object.keys(seen).length;
    for (const path of ['/plans/..%2f..%2fusers/me', '/plans/%2e%2e/users/me', '/plans/..\\users']) {
      // Signed in (a path the route table cannot read is protected), and sent as is: a URL
      // object (inject, fetch) would resolve the dot segments before sending.
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(gwUrl);
        const req = http.get({ hostname, port, path: `/api/v1${path}`, headers: { authorization: `Bearer ${token}` } }, (r) => {
          let body = '';
          r.on('data', (c) => (body += c)).on('end', () => resolve({ status: r.statusCode!, body }));
        });
        req.on('error', reject);
      });
      expect([path, res.status]).toEqual([path, 400]);
      expect(JSON.parse(res.body).code).toBe('VALIDATION_ERROR');
    }
    expect(Object.keys(seen).length).toBe(before); // nothing reached the service
    expect(escapesPrefix('/plans/a..b/c.d')).toBe(false);
    expect(escapesPrefix('//evil.example/x')).toBe(true);
    expect(escapesPrefix('/plans/%zz')).toBe(true);
  });
});
