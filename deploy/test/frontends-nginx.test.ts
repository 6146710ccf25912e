/**
 * The frontends image's nginx configuration, served for real by Debian's nginx from a temporary
 * folder: the assembled site, cache headers, the SPA fallback for page loads only, the security
 * headers, /api never answered by the app — and, with the compose file's api-proxy.conf, /api and
 * /mf/manifest.json proxied to a gateway (a loopback stand-in here).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '@corestone/devstack';
import { exampleValueFiles, helmTemplate, parseManifests, repoRoot } from './support';

const dockerDir = path.join(repoRoot, 'deploy', 'docker');
const nginxBin = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

interface Served {
  url: string;
  stop(): Promise<void>;
}

/** Runs nginx with the image's nginx.conf, its paths moved into `dir`, and `apiConf` as the /api part. */
async function serve(dir: string, apiConf: string, gatewayAddress?: string, framing?: string): Promise<Served> {
  const port = await freePort();
  const confDir = path.join(dir, 'conf.d');
  const framingDir = path.join(dir, 'framing');
  fs.mkdirSync(confDir, { recursive: true });
  fs.mkdirSync(framingDir, { recursive: true });
  fs.writeFileSync(path.join(framingDir, 'framing.conf'), framing ?? fs.readFileSync(path.join(dockerDir, 'framing.conf'), 'utf8'));
  let api = fs.readFileSync(path.join(dockerDir, apiConf), 'utf8');
  if (gatewayAddress) api = api.replaceAll('http://gateway:8080', `http://${gatewayAddress}`);
  fs.writeFileSync(path.join(confDir, 'api.conf'), api);
  const conf = fs
    .readFileSync(path.join(dockerDir, 'nginx.conf'), 'utf8')
    .replaceAll('/tmp/', `${dir}/`) // first: dir itself lies under /tmp
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('/etc/nginx/corestone.d/', `${confDir}/`)
    .replace('/etc/nginx/framing/', `${framingDir}/`)
    .replace('root /usr/share/nginx/html;', `root ${path.join(dir, 'site')};`);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  execFileSync('chmod', ['-R', 'a+rX', dir]); // workers may run as another user when started as root
  const child: ChildProcess = spawn(
    nginxBin,
    ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/livez`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

function assembleSite(dir: string) {
  const src = path.join(dir, 'src');
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(src, rel)), { recursive: true });
    fs.writeFileSync(path.join(src, rel), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title>');
  write('shell/dist/landing.html', '<!doctype html><title>landing</title>');
  write('shell/dist/main.js', '// shell entry');
  write('student/dist/remoteEntry.js', '// student entry');
  write('student/dist/421.0123abcd.js', '// hashed chunk');
  fs.writeFileSync(path.join(src, 'student/dist/421.0123abcd.js.gz'), zlib.gzipSync('// hashed chunk'));
  execFileSync(path.join(dockerDir, 'assemble-frontends.sh'), [src, path.join(dir, 'site')]);
}

const html = { accept: 'text/html' };

describe('the image as built (api-404.conf)', () => {
  let dir: string;
  let server: Served;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-nginx-'));
    assembleSite(dir);
    server = await serve(dir, 'api-404.conf');
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers its probes', async () => {
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
  });

  it('serves the prerendered landing at / with the security headers and no-cache, without its version', async () => {
    const res = await fetch(`${server.url}/`, { headers: html });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>landing</title>');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' ;");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('server')).toBe('nginx');
  });

  it('falls back to the shell for page loads only; missing files stay 404', async () => {
    const page = await fetch(`${server.url}/dashboard/submissions`, { headers: html });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
    expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/mf/student/missing.js`)).status).toBe(404);
  });

  it('caches content-hashed chunks for good and entry points never', async () => {
    const chunk = await fetch(`${server.url}/mf/student/421.0123abcd.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const entry = await fetch(`${server.url}/mf/student/remoteEntry.js`);
    expect(await entry.text()).toBe('// student entry');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(await (await fetch(`${server.url}/mf/manifest.json`)).json()).toEqual({ remotes: { student: '/mf/student/remoteEntry.js' } });
  });

  it("sends the build's gzip copy to browsers that accept it, the plain file to others", async () => {
    const get = (encoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.get(
          `${server.url}/mf/student/421.0123abcd.js`,
          { headers: encoding ? { 'accept-encoding': encoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
      });
    const gz = await get('gzip, br');
    expect([gz.headers['content-encoding'], zlib.gunzipSync(gz.body).toString()]).toEqual(['gzip', '// hashed chunk']);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get();
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, '// hashed chunk']);
  });

  it('never answers /api with the app, even for paths that look like files', async () => {
    for (const p of ['/api/v1/auth/me', '/api/v1/users/avatars/a.png']) {
      const res = await fetch(`${server.url}${p}`, { headers: html });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

describe('on one host (compose: api-proxy.conf)', () => {
  let dir: string;
  let server: Served;
  let gateway: http.Server;
  const seen: string[] = [];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-nginx-'));
    assembleSite(dir);
    gateway = http.createServer((req, res) => {
      seen.push(`${req.url} xff=${req.headers['x-forwarded-for']}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ from: 'gateway', url: req.url }));
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const { port } = gateway.address() as { port: number };
    server = await serve(dir, 'api-proxy.conf', `127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => gateway?.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('proxies /api and the remotes manifest to the gateway, and serves the rest itself', async () => {
    expect(await (await fetch(`${server.url}/api/v1/users/avatars/a.png`)).json()).toEqual({
      from: 'gateway',
      url: '/api/v1/users/avatars/a.png',
    });
    expect(await (await fetch(`${server.url}/mf/manifest.json`)).json()).toEqual({ from: 'gateway', url: '/mf/manifest.json' });
    expect(await (await fetch(`${server.url}/mf/student/remoteEntry.js`)).text()).toBe('// student entry');
    expect(seen).toEqual(['/api/v1/users/avatars/a.png xff=127.0.0.1', '/mf/manifest.json xff=127.0.0.1']);
  });
});

describe("framed by registered LMSs (LTI: the chart's framing.conf from lti.platformOrigins)", () => {
  const lms = 'https://district.instructure.com https://moodle.example.org'; // examples/production.values.yaml
  let dir: string;
  let server: Served;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-nginx-'));
    assembleSite(dir);
    const production = exampleValueFiles().find((e) => e.name === 'production')!;
    const framing = parseManifests(helmTemplate(production.file)).find(
      (m) => m.kind === 'ConfigMap' && m.metadata.name === 'corestone-frontends-framing',
    )!;
    server = await serve(dir, 'api-404.conf', undefined, framing.data!['framing.conf'] as string);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets those LMSs frame every page and receive its forms, and sends no X-Frame-Options', async () => {
    for (const page of ['/', '/upload/ee']) {
      const res = await fetch(`${server.url}${page}`, { headers: html });
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain(`frame-ancestors 'self' ${lms};`);
      expect(csp).toContain(`form-action 'self' ${lms};`);
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
  });
});
