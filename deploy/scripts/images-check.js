#!/usr/bin/env node
/**
 * npm run images:check — builds the gateway and the rubric service images from deploy/docker/Dockerfile
 * with buildah (chroot isolation, nothing pulled), on a Node base image made locally, then starts each
 * image and asks its /livez, and prints the image sizes.
 *
 * No container engine or registry is reachable here, so the base is made on this machine: a
 * debootstrap'ed Debian bookworm (minbase) plus this machine's Node.js and npm and its CA bundle,
 * imported as localhost/corestone-node-base:local. It is made once and reused (IMAGES_REBUILD_BASE=1
 * makes it again). Needs root (buildah, debootstrap); installs both with apt-get when missing.
 */
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const BASE = 'localhost/corestone-node-base:local';
const IMAGES = [
  { app: 'gateway', port: 8080, tag: 'localhost/corestone/gateway:check' },
  { app: 'services/rubric', port: 8105, tag: 'localhost/corestone/rubric:check' },
];

const sh = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', ...opts });
const out = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8' }).trim();
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const step = (text) => console.log(`\n== ${text}`);

function ensureTools() {
  const missing = ['buildah', 'debootstrap'].filter((t) => !has(t));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`images:check needs ${missing.join(', ')} (apt-get install -y ${missing.join(' ')}) and root`);
  step(`installing ${missing.join(', ')} (apt-get)`);
  sh('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function makeBase() {
  const exists = spawnSync('buildah', ['inspect', '--type', 'image', BASE], { stdio: 'ignore' }).status === 0;
  if (exists && process.env.IMAGES_REBUILD_BASE !== '1') return;
  step(`making the base image ${BASE} (debootstrap bookworm minbase + this machine's Node ${process.version})`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-base-'));
  const rootfs = path.join(work, 'rootfs');
  try {
    sh('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian']);
    const nodeBin = process.execPath;
    const npmDir = path.resolve(path.dirname(fs.realpathSync(path.join(path.dirname(nodeBin), 'npm'))), '..');
    sh('cp', [nodeBin, path.join(rootfs, 'usr/bin/node')]);
    fs.mkdirSync(path.join(rootfs, 'usr/lib/node_modules'), { recursive: true });
    sh('cp', ['-a', npmDir, path.join(rootfs, 'usr/lib/node_modules/npm')]);
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/bin/npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/bin/npx'));
    // This machine reaches the npm registry through its own CA: npm inside the build needs it.
    fs.mkdirSync(path.join(rootfs, 'etc/ssl/certs'), { recursive: true });
    sh('cp', ['/etc/ssl/certs/ca-certificates.crt', path.join(rootfs, 'etc/ssl/certs/ca-certificates.crt')]);
    fs.writeFileSync(path.join(rootfs, 'etc/npmrc'), 'cafile=/etc/ssl/certs/ca-certificates.crt\nupdate-notifier=false\n');
    sh('rm', ['-rf', path.join(rootfs, 'var/cache/apt/archives'), path.join(rootfs, 'var/lib/apt/lists')]);
    sh('tar', ['-C', rootfs, '-cf', path.join(work, 'rootfs.tar'), '.']);
    const ctr = out('buildah', ['from', 'scratch']);
    try {
      sh('buildah', ['add', ctr, path.join(work, 'rootfs.tar'), '/']);
      sh('buildah', [
        'config',
        '--env',
        'NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
        '--env',
        'PATH=/usr/local/bin:/usr/bin:/bin',
        '--cmd',
        'node',
        ctr,
      ]);
      sh('buildah', ['commit', '--rm', ctr, BASE]);
    } catch (err) {
      spawnSync('buildah', ['rm', ctr]);
      throw err;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function build({ app, port, tag }) {
  step(`building ${tag} (APP=${app})`);
  const revision = out('git', ['-C', root, 'rev-parse', 'HEAD']);
  const version = require(path.join(root, app, 'package.json')).version;
  const started = Date.now();
  sh(
    'buildah',
    [
      'bud',
      '--isolation',
      'chroot',
      '--pull=never',
      '--layers',
      '--format',
      'docker',
      '-f',
      'deploy/docker/Dockerfile',
      '--build-arg',
      `NODE_IMAGE=${BASE}`,
      '--build-arg',
      `APP=${app}`,
      '--build-arg',
      `PORT=${port}`,
      '--build-arg',
      `VERSION=${version}`,
      '--build-arg',
      `REVISION=${revision}`,
      '-t',
      tag,
      '.',
    ],
    { cwd: root },
  );
  return Math.round((Date.now() - started) / 1000);
}

async function freePort() {
  const net = require('node:net');
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the image (chroot isolation shares this machine's network) and asks /livez. */
async function runLivez({ tag }, env) {
  const port = await freePort();
  const ctr = out('buildah', ['from', '--pull=never', tag]);
  const envArgs = Object.entries({ ...env, PORT: String(port) }).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
  const child = spawn('buildah', ['run', '--isolation', 'chroot', ...envArgs, ctr, '--', 'node', 'dist/server.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  try {
    for (let i = 0; i < 150; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/livez`).catch(() => null);
      if (res)
        return { status: res.status, body: await res.text(), user: out('buildah', ['inspect', '--format', '{{.OCIv1.Config.User}}', tag]) };
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${tag} did not answer /livez:\n${log.slice(-2000)}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    spawnSync('buildah', ['rm', ctr]);
  }
}

/** What NODE_ENV=production requires before it starts (it fails closed), with throwaway keys. */
function productionEnv() {
  const crypto = require('node:crypto');
  return {
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: 'https://corestone.example.org',
    JWT_PRIVATE_KEY: crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    TOKEN_HMAC_KEY: crypto.randomBytes(32).toString('base64'),
    SETUP_TOKEN: crypto.randomBytes(16).toString('hex'),
    MAIL_DISABLED: 'true',
  };
}

async function main() {
  ensureTools();
  makeBase();
  const seconds = IMAGES.map(build);
  const { createTestRun } = require('@corestone/service-kit/testing');
  const run = createTestRun('img');
  const rows = [];
  try {
    for (const [i, image] of IMAGES.entries()) {
      const live = await runLivez(image, { ...run.env, ...productionEnv(), LOG_LEVEL: 'warn' });
      const size = out('buildah', ['images', '--format', '{{.Size}}', image.tag]);
      rows.push({ image: image.tag, size, build_s: seconds[i], user: live.user, livez: `${live.status} ${live.body}` });
    }
  } finally {
    await run.cleanup();
  }
  rows.push({ image: BASE, size: out('buildah', ['images', '--format', '{{.Size}}', BASE]), build_s: '-', user: '-', livez: '-' });
  console.table(rows);
  const failed = rows.filter((r) => r.livez !== '-' && !r.livez.startsWith('200'));
  console.log(failed.length ? `FAIL: ${failed.map((r) => r.image).join(', ')}` : 'PASS: both images built and answered /livez');
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
