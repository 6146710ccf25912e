/** Shared first steps of npm start / npm test / npm run bench: install when needed, build. */
const { execSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** npm install when node_modules is missing or older than package-lock.json (after a pull). */
function installIfNeeded() {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  if (installed === 0 || mtime(path.join(root, 'package-lock.json')) > installed) {
    console.log('Installing dependencies (npm install)…');
    // --include=dev: with NODE_ENV=production (a production start) npm would leave out the build tools.
    execSync('npm install --no-audit --no-fund --include=dev', { cwd: root, stdio: 'inherit' });
  }
}

/** Builds every package, service and frontend (turbo skips what has not changed). SKIP_BUILD=1 skips. */
function build() {
  if (process.env.SKIP_BUILD === '1') return;
  execSync('npx turbo run build --output-logs=errors-only', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
}

/**
 * Installs a missing Debian package a script needs (as root with apt-get), else says how.
 * `present()` tells whether the tool is there; `override` is the environment variable that points
 * at another binary instead.
 */
function ensureDebianPackage({ pkg, what, present, override, without }) {
  if (present()) return;
  const aptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!(override && process.env[override]) && process.getuid?.() === 0 && aptGet) {
    console.log(`${what} is missing: apt-get install -y ${pkg}`);
    let install = spawnSync('apt-get', ['install', '-y', pkg], { stdio: 'inherit' });
    if (install.status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit' });
      install = spawnSync('apt-get', ['install', '-y', pkg], { stdio: 'inherit' });
    }
    if (install.status === 0 && present()) return;
  }
  if (override && process.env[override]) {
    console.error(`\n${override}=${process.env[override]} is not usable; ${without}.\n`);
    return;
  }
  console.error(
    `\n${what} is not installed, and this script cannot install it (it needs root and apt-get).\n` +
      `Install it with \`sudo apt-get install -y ${pkg}\` (Debian/Ubuntu)${override ? `, or set ${override} to its binary` : ''}.\n` +
      `The rest still runs; ${without}.\n`,
  );
}

/**
 * Poppler's pdftotext and pdfinfo (Debian package poppler-utils): @corestone/documents reads
 * uploaded PDFs with them, in a subprocess (npm start, the tests and the benchmarks need them).
 */
function ensurePdfReader() {
  ensureDebianPackage({
    pkg: 'poppler-utils',
    what: "Poppler's pdftotext (reads uploaded PDFs)",
    present: () => spawnSync('sh', ['-c', 'command -v pdftotext && command -v pdfinfo && command -v prlimit']).status === 0,
    without: 'PDF uploads are answered 500 until it is installed',
  });
}

module.exports = { root, installIfNeeded, build, ensureDebianPackage, ensurePdfReader };
