import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Codes } from '@corestone/contracts';
import { Manifest } from '../domain/remotes';
import type { RemoteConfig } from '../store/remote-config';

export interface Frontends {
  /** `<dir>/shell/dist` when it holds an index.html, else null (not built yet). */
  shellDist: string | null;
  /** The shell's prerendered `/` (`landing.html`) when the build wrote one: served for `/` instead of index.html. */
  landing: string | null;
  /** Holds `<folder>/dist` of every remote served from this origin. */
  dir: string;
  remotes: RemoteConfig;
}

/** Looks once, at start-up, whether the shell is built; the remotes come from configuration. */
export function findFrontends(dir: string, remotes: RemoteConfig): Frontends {
  const shell = path.join(dir, 'shell', 'dist');
  const shellDist = fs.existsSync(path.join(shell, 'index.html')) ? shell : null;
  const landing = shellDist && fs.existsSync(path.join(shell, LANDING)) ? LANDING : null;
  return { shellDist, landing, dir, remotes };
}

const LANDING = 'landing.html';
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Webpack names chunks `[name].[contenthash:8].js`: only such files may be cached for good. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Precompressed copies (`x.js.br`, `x.js.gz`) are cached as the file they compress. */
const COMPRESSED = /\.(br|gz)$/;

export const cacheControlFor = (file: string) => (HASHED.test(path.basename(file).replace(COMPRESSED, '')) ? IMMUTABLE : NO_CACHE);

const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Corestone · not built yet</title>
<style>body{font-family:system-ui,sans-serif;margin:4rem auto;max-width:36rem;color:#1e3a8a}</style></head>
<body><h1>The web app is not built yet</h1>
<p>The gateway found no <code>shell/dist/index.html</code> in its frontends folder. Build the frontends
(<code>npm run build</code>) and restart the gateway. The API at <code>/api/v1</code> works meanwhile.</p></body></html>`;

/** An HTML page load: GET/HEAD, accepts text/html, outside /api and /mf, no file extension. */
function isPageLoad(req: FastifyRequest, urlPath: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!String(req.headers.accept ?? '').includes('text/html')) return false;
  if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath === '/mf' || urlPath.startsWith('/mf/')) return false;
  return !path.posix.basename(urlPath).includes('.');
}

/**
 * Single-origin serving: the shell at `/`, each locally served remote at `/mf/<folder>/`, the
 * runtime manifest from configuration,
 * cache headers (no-cache for entry points, immutable for hashed chunks) and the SPA fallback
 * to the shell's index.html for page loads only — missing files and /api paths stay 404.
 */
export function registerFrontends(app: FastifyInstance, frontends: Frontends): void {
  const { remotes } = frontends;
  const hidden = { hide: true } as Record<string, unknown>;

  void app.register(fastifyStatic, {
    serve: false,
    root: frontends.shellDist ?? process.cwd(),
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    // The build writes .br and .gz beside each text asset; the one the browser accepts is sent (with Vary).
    preCompressed: true,
    setHeaders: (res: FastifyReply | { setHeader(n: string, v: string): void }, file: string) => {
      const value = cacheControlFor(file);
      if ('header' in res) res.header('cache-control', value);
      else res.setHeader('cache-control', value);
    },
  } as never);

  app.get('/mf/manifest.json', { schema: { ...hidden, response: { 200: Manifest } } }, async (_req, reply) => {
    await remotes.refresh();
    reply.header('cache-control', NO_CACHE);
    return { remotes: remotes.current() };
  });

  const notFound = (reply: FastifyReply) => reply.callNotFound();

  app.get<{ Params: { name: string; '*': string } }>('/mf/:name/*', { schema: hidden }, (req, reply) => {
    const { name, '*': file } = req.params;
    if (!file || !remotes.servesFolder(name)) return notFound(reply);
    return reply.sendFile(file, path.join(frontends.dir, name, 'dist'));
  });

  const page = (req: FastifyRequest, reply: FastifyReply) => {
    if (!frontends.shellDist) {
      reply.code(503).header('cache-control', 'no-store');
      if (String(req.headers.accept ?? '').includes('text/html')) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_HTML);
      return reply.send({ detail: 'The web app is not built yet: build the frontends and restart the gateway', code: Codes.UNAVAILABLE });
    }
    return reply.sendFile('index.html', frontends.shellDist);
  };

  app.get('/', { schema: hidden }, (req, reply) =>
    frontends.shellDist && frontends.landing ? reply.sendFile(frontends.landing, frontends.shellDist) : page(req, reply),
  );
  app.get<{ Params: { '*': string } }>('/*', { schema: hidden }, (req, reply) => {
    const urlPath = req.url.split('?')[0];
    const file = req.params['*'];
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/mf/')) return notFound(reply);
    if (isPageLoad(req, urlPath)) return page(req, reply);
    if (!frontends.shellDist || !path.posix.basename(urlPath).includes('.')) return notFound(reply);
    return reply.sendFile(file, frontends.shellDist);
  });
}
