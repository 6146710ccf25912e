import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { startHarness, type Harness } from './helpers';

let h: Harness;
let gw: FastifyInstance;
let dir: string;
const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>';

function write(rel: string, content: string) {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function writeCompressed(rel: string, content: string) {
  fs.writeFileSync(path.join(dir, `${rel}.br`), zlib.brotliCompressSync(content));
  fs.writeFileSync(path.join(dir, `${rel}.gz`), zlib.gzipSync(content));
}

beforeAll(async () => {
  h = await startHarness('gwfe');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-frontends-'));
  write('shell/dist/index.html', INDEX);
  write('shell/dist/main.js', 'console.log("shell")');
  write('shell/dist/217.0a1b2c3d.js', 'console.log("chunk")');
  write('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('shell/dist/.env', 'SECRET=1');
  write('student/dist/remoteEntry.js', 'var student;');
  write('student/dist/451.deadbeef.js', 'console.log("student chunk")');
  // what the build's compression step writes beside the assets
  writeCompressed('shell/dist/217.0a1b2c3d.js', 'console.log("chunk")');
  writeCompressed('student/dist/451.deadbeef.js', 'console.log("student chunk")');
  write('admin/dist/remoteEntry.js', 'var admin;');
  write('half-built/dist/index.js', '');
  write('not-built/src/index.ts', '');
  gw = await h.gateway({ FRONTENDS_DIR: dir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const page = (url: string) => gw.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

const DEFAULT_MANIFEST = { remotes: { student: { url: '/mf/student/remoteEntry.js' }, admin: { url: '/mf/admin/remoteEntry.js' } } };

it('answers the manifest from configuration (default: student and admin served here), not cached', async () => {
  const res = await gw.inject({ url: '/mf/manifest.json' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(DEFAULT_MANIFEST);
  expect(res.headers['cache-control']).toBe('no-cache');
});

describe('precompressed assets', () => {
  const get = (url: string, acceptEncoding?: string) =>
    gw.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, decompress: false } as never);

  it.each([
    ['/217.0a1b2c3d.js', 'console.log("chunk")'],
    ['/mf/student/451.deadbeef.js', 'console.log("student chunk")'],
  ])("sends %s as brotli, gzip or plain as the browser accepts, with Vary and the file's own type and caching", async (url, text) => {
    const br = await get(url, 'gzip, deflate, br');
    expect([br.statusCode, br.headers['content-encoding'], zlib.brotliDecompressSync(br.rawPayload).toString()]).toEqual([200, 'br', text]);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    const gz = await get(url, 'gzip');
    expect([gz.headers['content-encoding'], zlib.gunzipSync(gz.rawPayload).toString()]).toEqual(['gzip', text]);
    const plain = await get(url);
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, text]);
  });

  it('sends the plain file when no compressed copy exists', async () => {
    const res = await get('/main.js', 'br');
    expect([res.statusCode, res.headers['content-encoding'], res.body]).toEqual([200, undefined, 'console.log("shell")']);
  });
});

describe('remotes from configuration', () => {
  const cdn = 'https://cdn.example.org/admin/2.1.0/remoteEntry.js';
  const configured = {
    remotes: { student: { url: '/mf/student-next/remoteEntry.js', version: '1.4.0' }, admin: { url: cdn, version: '2.1.0' } },
  };

  it('takes MF_REMOTES: names, URLs here or elsewhere, versions; serves only the folders it names; allows the other origins in the CSP', async () => {
    write('student-next/dist/remoteEntry.js', 'var next;');
    const app = await h.gateway({ FRONTENDS_DIR: dir, MF_REMOTES: JSON.stringify(configured) });
    expect((await app.inject({ url: '/mf/manifest.json' })).json()).toEqual(configured);
    const entry = await app.inject({ url: '/mf/student-next/remoteEntry.js' });
    expect([entry.statusCode, entry.body, entry.headers['cache-control']]).toEqual([200, 'var next;', 'no-cache']);
    expect((await app.inject({ url: '/mf/student/remoteEntry.js' })).statusCode).toBe(404); // built, but no longer configured
    const csp = String((await app.inject({ url: '/api/v1/plans/plans' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://cdn.example.org;");
    expect(csp).toContain("connect-src 'self' https://cdn.example.org");
  });

  it('reads MF_REMOTES_FILE again when it changes (a release needs no restart) and keeps the last good one when it turns bad', async () => {
    const file = path.join(dir, 'remotes.json');
    fs.writeFileSync(file, JSON.stringify(DEFAULT_MANIFEST));
    const app = await h.gateway({ FRONTENDS_DIR: dir, MF_REMOTES_FILE: file, MF_REMOTES: JSON.stringify(configured) });
    expect((await app.inject({ url: '/mf/manifest.json' })).json()).toEqual(DEFAULT_MANIFEST); // the file wins
    expect(String((await app.inject({ url: '/' })).headers['content-security-policy'])).toContain("script-src 'self';");

    const touch = (content: string, secondsLater: number) => {
      fs.writeFileSync(file, content);
      const t = new Date(Date.now() + secondsLater * 1000);
      fs.utimesSync(file, t, t);
    };
    touch(JSON.stringify(configured), 10);
    expect((await app.inject({ url: '/mf/manifest.json' })).json()).toEqual(configured);
    expect((await app.inject({ url: '/mf/student-next/remoteEntry.js' })).statusCode).toBe(200);
    expect(String((await app.inject({ url: '/' })).headers['content-security-policy'])).toContain(
      "script-src 'self' https://cdn.example.org;",
    );

    touch('{"remotes": {"admin": {"url": "javascript:alert(1)"}}}', 20);
    expect((await app.inject({ url: '/mf/manifest.json' })).json()).toEqual(configured);
    touch('not json', 30);
    expect((await app.inject({ url: '/mf/manifest.json' })).json()).toEqual(configured);
  });

  it('refuses to start on a bad configuration, naming it', async () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ MF_REMOTES: 'student=/mf/student/remoteEntry.js' }, /MF_REMOTES: not JSON/],
      [{ MF_REMOTES: '{"remotes": {"student": "/mf/student/remoteEntry.js"}}' }, /MF_REMOTES: expected/],
      [{ MF_REMOTES: '{"remotes": {"bad name": {"url": "/mf/x/remoteEntry.js"}}}' }, /not a valid remote name/],
      [{ MF_REMOTES: '{"remotes": {"x": {"url": "/mf/../etc/remoteEntry.js"}}}' }, /must be \/mf\/<folder>\/<file> or an http\(s\) URL/],
      [{ MF_REMOTES: '{"remotes": {"x": {"url": "ftp://cdn/remoteEntry.js"}}}' }, /http\(s\) URL/],
      [{ MF_REMOTES_FILE: path.join(dir, 'missing.json') }, /MF_REMOTES_FILE: cannot read/],
    ];
    for (const [env, message] of bad) await expect(h.gateway({ FRONTENDS_DIR: dir, ...env })).rejects.toThrow(message);
  });
});

it('serves the shell at / and remotes under /mf/<name>/ with the right cache headers', async () => {
  const root = await page('/');
  expect(root.statusCode).toBe(200);
  expect(root.body).toBe(INDEX);
  expect(root.headers['cache-control']).toBe('no-cache');
  expect(root.headers['content-type']).toContain('text/html');

  const entry = await gw.inject({ url: '/mf/student/remoteEntry.js' });
  expect(entry.statusCode).toBe(200);
  expect(entry.body).toBe('var student;');
  expect(entry.headers['cache-control']).toBe('no-cache');

  const chunk = await gw.inject({ url: '/mf/student/451.deadbeef.js' });
  expect(chunk.statusCode).toBe(200);
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await gw.inject({ url: '/217.0a1b2c3d.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');

  const main = await gw.inject({ url: '/main.js' }); // not content-hashed: must be revalidated
  expect(main.statusCode).toBe(200);
  expect(main.headers['cache-control']).toBe('no-cache');
  expect((await gw.inject({ url: '/index.html' })).headers['cache-control']).toBe('no-cache');
});

it('falls back to the shell only for HTML page loads', async () => {
  for (const url of ['/dashboard', '/auth/google/callback?access_token=a&refresh_token=b&oauth=success', '/admin/users/42']) {
    const res = await page(url);
    expect([url, res.statusCode, res.body]).toEqual([url, 200, INDEX]);
    expect(res.headers['cache-control']).toBe('no-cache');
  }
  // not a page load: a fetch, a missing file, an API or /mf path
  expect((await gw.inject({ url: '/dashboard', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  expect((await page('/missing.js')).statusCode).toBe(404);
  const asset = await gw.inject({ url: '/static/missing.css' });
  expect(asset.statusCode).toBe(404);
  expect(asset.json().code).toBe('NOT_FOUND');
  for (const url of [
    '/api/v1/nothing',
    '/api/whatever',
    '/mf/student/missing.js',
    '/mf/unknown/remoteEntry.js',
    '/mf/not-built/remoteEntry.js',
    '/mf/half-built/index.js',
  ]) {
    const res = await page(url);
    expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'NOT_FOUND']);
  }
});

it('serves the prerendered landing.html for / only (precompressed, revalidated), when the build wrote one', async () => {
  const withLanding = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-landing-'));
  const LANDING = '<!doctype html><html><body><div id="root" data-prerendered="/"><h1>Rubric-based feedback</h1></div></body></html>';
  fs.cpSync(path.join(dir, 'shell'), path.join(withLanding, 'shell'), { recursive: true });
  fs.writeFileSync(path.join(withLanding, 'shell/dist/landing.html'), LANDING);
  fs.writeFileSync(path.join(withLanding, 'shell/dist/landing.html.br'), zlib.brotliCompressSync(LANDING));
  try {
    const app = await h.gateway({ FRONTENDS_DIR: withLanding });
    for (const query of ['', '?oauth=success&access_token=a&refresh_token=b']) {
      const root = await app.inject({
        url: `/${query}`,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
        decompress: false,
      } as never);
      expect([root.statusCode, root.headers['content-encoding'], zlib.brotliDecompressSync(root.rawPayload).toString()]).toEqual([
        200,
        'br',
        LANDING,
      ]);
      expect([root.headers['cache-control'], root.headers['content-type']]).toEqual(['no-cache', expect.stringContaining('text/html')]);
      expect(String(root.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
    // every other page load is rendered in the browser
    for (const url of ['/dashboard', '/auth', '/contact']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, INDEX]);
    }
  } finally {
    fs.rmSync(withLanding, { recursive: true, force: true });
  }
});

it('never serves dotfiles or anything outside the dist folders', async () => {
  expect((await gw.inject({ url: '/.env' })).statusCode).not.toBe(200);
  for (const url of ['/..%2f..%2fetc%2fpasswd', '/mf/student/..%2f..%2fshell%2fdist%2fmain.js', '/%2e%2e/%2e%2e/etc/passwd.txt']) {
    const res = await gw.inject({ url });
    expect([url, res.statusCode < 500, res.statusCode === 200]).toEqual([url, true, false]);
  }
});

it('still starts without built frontends and says so', async () => {
  const empty = await h.gateway(); // the harness gives an empty FRONTENDS_DIR
  const root = await empty.inject({ url: '/', headers: { accept: 'text/html' } });
  expect(root.statusCode).toBe(503);
  expect(root.headers['content-type']).toContain('text/html');
  expect(root.body).toContain('not built');
  const deep = await empty.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
  expect(deep.statusCode).toBe(503);
  const json = await empty.inject({ url: '/' });
  expect(json.statusCode).toBe(503);
  expect(json.json().code).toBe('SERVICE_UNAVAILABLE');
  // the remotes are still listed (configuration), their files are missing: the shell shows its fallback
  expect((await empty.inject({ url: '/mf/manifest.json' })).json()).toEqual(DEFAULT_MANIFEST);
  expect((await empty.inject({ url: '/mf/student/remoteEntry.js' })).statusCode).toBe(404);
  expect((await empty.inject({ url: '/api/v1/plans/plans' })).statusCode).toBe(200); // the API works meanwhile
});
